// SPDX-License-Identifier: GPL-2.0
/*
 * Calibrated work for contended mode's hold and parallel sections.
 *
 * The work is a register-only loop of two instructions per turn, with no
 * clock read inside: under TCG every rdtsc takes a QEMU-wide lock, so a
 * clock-polled delay couples the vCPUs through the timer instead of the
 * lock under test.  The loop's speed is measured once, at module load,
 * and hold_ns/parallel_ns are turned into loop counts with it.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/math64.h>
#include <linux/preempt.h>

#include "lockbench.h"

/* Turns per calibration try, and tries (the fastest one is kept). */
#define LB_WORK_CAL_TURNS	BIT(20)
#define LB_WORK_CAL_TRIES	5

static u64 lb_work_turns_per_ms;

u64 lb_work_rate(void)
{
	return lb_work_turns_per_ms;
}

u64 lb_ns_to_work(u64 ns)
{
	return div_u64(ns * lb_work_turns_per_ms, NSEC_PER_MSEC);
}

int lb_work_calibrate(void)
{
	u64 t0, cyc, best = U64_MAX;
	unsigned int i;

	if (!tsc_khz)
		return -ENODEV;
	for (i = 0; i < LB_WORK_CAL_TRIES; i++) {
		preempt_disable();
		t0 = rdtsc_ordered();
		lb_work(LB_WORK_CAL_TURNS);
		cyc = rdtsc_ordered() - t0;
		preempt_enable();
		/* The fastest try is the one nothing interrupted. */
		best = min(best, cyc);
	}
	if (!best)
		return -ERANGE;
	lb_work_turns_per_ms = div64_u64((u64)LB_WORK_CAL_TURNS * tsc_khz, best);
	if (!lb_work_turns_per_ms)
		return -ERANGE;
	pr_info("work loop: %llu turns per ms (%lu turns in %llu cycles)\n",
		lb_work_turns_per_ms, LB_WORK_CAL_TURNS, best);
	return 0;
}
