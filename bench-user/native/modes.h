/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The three modes, each the module's (lockbench_uncontended.c,
 * lockbench_contended.c) on pinned user threads, filling a record's
 * measured columns.
 */
#ifndef LBN_MODES_H
#define LBN_MODES_H

#include <stdint.h>

#include "job.h"
#include "percpu.h"
#include "lbn_abi.h"
#include "lbrec.h"

struct lbn_env {
	uint64_t tsc_khz;
	uint64_t work_per_ms;		/* lbn_work() turns per ms */
	unsigned int cpus[LBN_NR_CPUS];
	unsigned int ncpus;
};

/* Fills R's measured columns (status included); -1 on a harness error. */
int lbn_run_hot(const struct lbn_env *e, const struct lbn_job *j,
		const struct lbn_kind_fns *k, struct lb_record *r);
int lbn_run_cold(const struct lbn_env *e, const struct lbn_job *j,
		 const struct lbn_kind_fns *k, struct lb_record *r);
int lbn_run_contended(const struct lbn_env *e, const struct lbn_job *j,
		      const struct lbn_kind_fns *k, struct lb_record *r);

/* A fresh lock of this variant, cache-line aligned like the module's. */
void *lbn_lock_new(void);

/* The record's percentiles of n per-batch samples minus the median empty. */
void lbn_unc_summary(struct lb_record *r, uint64_t *samp, uint64_t *empty,
		     size_t n, uint64_t khz);

/* lbn_work() turns per ms on this CPU. */
uint64_t lbn_work_calibrate(uint64_t tsc_khz);

#endif
