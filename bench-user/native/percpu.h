/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A thread's stand-in for one kernel CPU: the %gs-relative per-CPU data the
 * variant's lock code reads (percpu.c).
 */
#ifndef LBN_PERCPU_H
#define LBN_PERCPU_H

/* The kernel's NR_CPUS in vm-configs/base.config: qspinlock encodes CPUs. */
#define LBN_NR_CPUS	64

/* Make the calling thread kernel CPU CPU: 0 or -1 with a message. */
int lbn_cpu_enter(unsigned int cpu);

#endif
