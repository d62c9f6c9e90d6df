/* SPDX-License-Identifier: GPL-2.0 */
/* The timer: the host check, the TSC's rate and the timer's own cost. */
#ifndef LBN_TSC_H
#define LBN_TSC_H

#include <stddef.h>
#include <stdint.h>

#include "lockbench_summary.h"

/*
 * 0 when CPUINFO (the text of /proc/cpuinfo) shows a TSC that user space
 * can time with (the constant_tsc flag); else -1 with the reason and the
 * fix in WHY.  HV is set to 1 when the hypervisor flag is there.
 */
int lbn_tsc_usable(const char *cpuinfo, int *hv, char *why, size_t len);

/* The TSC's rate in kHz, measured against CLOCK_MONOTONIC_RAW over MS. */
uint64_t lbn_tsc_khz(unsigned int ms);

/* Median ticks of two back-to-back timer reads (lfence;rdtsc each). */
uint64_t lbn_timer_overhead(void);

/*
 * The TSC's step: the largest K that divides at least 99% of the N
 * differences D between raw reads (those of 0 aside), 1 when none does.
 * Some TSCs (a VM's on AMD) advance by tens of ticks at a time: no
 * figure from them is finer than that, whatever one tick would allow.
 */
uint64_t lbn_step_of(const uint64_t *d, size_t n);

/* This CPU's TSC step, from reads a random amount of work apart. */
uint64_t lbn_tsc_step(void);

/* Cycles <-> ns at KHZ, for the records' ns columns (the core's). */
uint64_t lbn_cyc_to_ns(uint64_t cyc, uint64_t khz);
uint64_t lbn_ns_to_cyc(uint64_t ns, uint64_t khz);

#endif
