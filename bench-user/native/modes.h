/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The three modes, each the module's (lockbench_uncontended.c,
 * lockbench_contended.c) on pinned user threads, and the bare pairs and
 * the chain calibration, as units: one job of one variant (or one bare
 * pair, one chain length) that the scheduler (schedule.c) runs in slices,
 * interleaved with every other unit across the process's life.  A unit
 * accumulates its slices and fills one record at the end.
 */
#ifndef LBN_MODES_H
#define LBN_MODES_H

#include <stdint.h>

#include "job.h"
#include "percpu.h"
#include "lbn_abi.h"
#include "lbrec.h"
#include "variants.h"

struct lbn_env {
	uint64_t tsc_khz;
	uint64_t work_per_ms;		/* lbn_work() turns per ms */
	uint64_t timer;			/* ticks one lfence;rdtsc read costs */
	uint64_t tsc_step;		/* ticks the TSC advances by (tsc.h) */
	unsigned int cpus[LBN_NR_CPUS];
	unsigned int ncpus;
};

/* Per-batch figures, thousandths of a tick per op, grown as slices add. */
struct lbn_samples {
	uint64_t *v;
	size_t n, cap;
};

int lbn_samples_add(struct lbn_samples *s, uint64_t x);

enum lbn_unit_type { LBN_U_JOB, LBN_U_PAIR, LBN_U_CHAIN };

/*
 * Untimed batches at the start of each hot or cold slice: the slice
 * before it ran another variant's code on this core, and what that left
 * in the caches and predictors is not this unit's cost.
 */
#define LBN_WARM_BATCHES 2

struct lbn_cstate;

struct lbn_unit {
	enum lbn_unit_type type;
	const struct lbn_variant *v;	/* NULL for a bare pair */
	/* In the records and slices.csv: the variant, its same-code copy
	 * VARIANT~A, or all for a bare pair. */
	const char *name;
	const struct lbn_job *j;	/* LBN_U_JOB; hot's shape for the others */
	struct lbn_kind_fns k;		/* the kind's (a pad's or chain's loop in place) */
	const struct lbn_kind_fns *empty;	/* the variant's empty kind */
	unsigned int pair;		/* LBN_U_PAIR: lbn_pairs[] index */
	uint64_t steps;			/* LBN_U_CHAIN: its chain's length */
	void *lock;
	uint64_t budget, spent;		/* TSC ticks: the least to run, run so far */
	struct lbn_samples samp, emp;	/* hot, cold, pair, chain */
	/* The sections' work in lbn_work() turns, measured in the loops
	 * that run them; the measured lengths, ticks summed over count. */
	uint64_t turns_hold, turns_par;
	uint64_t hold_sum, hold_n, par_sum, par_n;
	struct lbn_cstate *c;		/* contended: the threads' sums */
	int timeout;
	struct lb_record r;
};

/* Set a unit up (its lock, the sections' work); -1 on a harness error. */
int lbn_unit_init(const struct lbn_env *e, struct lbn_unit *u);
/* Run one slice of at least TICKS (LAST: and up to the job's batches). */
int lbn_slice_hot(const struct lbn_env *e, struct lbn_unit *u, uint64_t ticks, int last);
int lbn_slice_cold(const struct lbn_env *e, struct lbn_unit *u, uint64_t ticks, int last);
int lbn_slice_contended(const struct lbn_env *e, struct lbn_unit *u, uint64_t ticks);
/* Untimed slices that set a contended unit's sections, then forgotten. */
int lbn_warmup_contended(const struct lbn_env *e, struct lbn_unit *u);
/* A contended unit's ops and elapsed TSC ticks so far, over its threads. */
void lbn_contended_progress(const struct lbn_unit *u, uint64_t *ops, uint64_t *elapsed);
/* The unit's record from all its slices. */
void lbn_finish_contended(const struct lbn_env *e, struct lbn_unit *u);

/*
 * TURNS of lbn_work() corrected so that a section measured at GOT ticks
 * lasts WANT: the difference at the work's own rate, so that what the
 * section does besides the work (a flag, a counter, the loop) is not
 * scaled with it.  At least 1.
 */
uint64_t lbn_turns_correct(const struct lbn_env *e, uint64_t turns, uint64_t want,
			   uint64_t got);

/* A fresh lock of variant V for kind KIND, cache-line aligned like the
 * module's; NULL if V has no such kind. */
void *lbn_lock_new(const struct lbn_variant *v, const char *kind);

/* The record's percentiles of n per-batch samples minus the median empty. */
void lbn_unc_summary(struct lb_record *r, uint64_t *samp, uint64_t *empty,
		     size_t n, uint64_t khz);

/* lbn_work() turns per ms on this CPU. */
uint64_t lbn_work_calibrate(uint64_t tsc_khz);

#endif
