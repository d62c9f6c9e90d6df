// SPDX-License-Identifier: GPL-2.0
/*
 * Per-CPU data for the variant's lock code in a user process.
 *
 * The kernel reaches per-CPU variables as %gs:SYM, with SYM an offset in
 * the per-CPU area and GS base that CPU's area, and takes their address as
 * &SYM + this_cpu_off (or + __per_cpu_offset[cpu]).  Here each thread gets
 * a zeroed area as large as the image (every link address is below _end),
 * and both ways agree for any symbol when this_cpu_off is the area's base:
 * the variables the objects leave undefined are placed at small offsets by
 * --defsym (scripts/native/link.sh), and one they define, such as
 * qspinlock's qnodes, at its link address Q lands at area + Q either way.
 * Pages of the area are only backed once touched.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <asm/prctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "percpu.h"

/* End of the image (the linker's); per-CPU link addresses lie below it. */
extern char _end[];

/* Absolute symbols from link.sh's --defsym: offsets in the area. */
extern char __preempt_count[], cpu_number[], current_task[], this_cpu_off[];

/* What the objects read as data; the kernel's own sets these up at boot. */
unsigned long __per_cpu_offset[LBN_NR_CPUS];
unsigned long loops_per_jiffy;

/* Room for the debug layers' reads of current (comm, pid) when they report. */
#define LBN_TASK_BYTES	(64 * 1024)

/* x86's PREEMPT_ENABLED: the inverted need-resched bit, nothing else. */
#define LBN_PREEMPT_ENABLED	0x80000000u

int lbn_cpu_enter(unsigned int cpu)
{
	size_t size = ((uintptr_t)_end + 4095) & ~(uintptr_t)4095;
	char *area;
	void *task;

	if (cpu >= LBN_NR_CPUS) {
		fprintf(stderr, "lb-native: CPU %u is beyond the kernel's NR_CPUS (%d)\n",
			cpu, LBN_NR_CPUS);
		return -1;
	}
	area = mmap(NULL, size, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	task = calloc(1, LBN_TASK_BYTES);
	if (area == MAP_FAILED || !task) {
		perror("lb-native: per-CPU area");
		return -1;
	}
	*(uint32_t *)(area + (uintptr_t)__preempt_count) = LBN_PREEMPT_ENABLED;
	*(uint32_t *)(area + (uintptr_t)cpu_number) = cpu;
	*(void **)(area + (uintptr_t)current_task) = task;
	*(unsigned long *)(area + (uintptr_t)this_cpu_off) = (uintptr_t)area;
	__per_cpu_offset[cpu] = (uintptr_t)area;
	if (syscall(SYS_arch_prctl, ARCH_SET_GS, (unsigned long)area)) {
		perror("lb-native: arch_prctl(ARCH_SET_GS)");
		return -1;
	}
	return 0;
}
