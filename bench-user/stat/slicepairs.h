/* SPDX-License-Identifier: GPL-2.0 */
/*
 * slicepairs: a native change from adjacent slices (lb-stat compare
 * --slices).  In a round, lb-native runs one slice of every variant copy
 * of a job back to back (schedule.c), so A's and B's slices of one round
 * share the machine's state; their ratio cancels it.
 *
 * For a pair (A, B) and a cell, in each process p, each round where both
 * A and B have a slice of the cell (with a state named, both in it) gives
 * the ratio p50_B / p50_A (the median of each side's slices of that round
 * where a round has several); q_p is the median of the process's ratios.
 * x_p and y_p are the medians of A's and B's p50 over those same slices.
 * The processes are the independent units: lb-stat's change is the median
 * over processes of q_p, resampled over processes.
 */
#ifndef SLICEPAIRS_H
#define SLICEPAIRS_H

#include <stddef.h>
#include <stdint.h>
#include "cells.h"
#include "slices.h"

struct lbs_slice_index {
	const struct lbs_slices *set;
	char **key;		/* key[i]: slice i's cell as text (lbc_cell_key) */
	size_t *order;		/* slices by variant, cell, boot, round, seq */
	uint64_t *khz_boot;	/* the records' boots, ascending ... */
	uint64_t *khz;		/* ... and each one's tsc_khz */
	size_t nkhz;
};

/* 0, or -1 when out of memory.  SET and RECS (the records, for each
 * process's TSC rate) must outlive X. */
int lbs_slice_index_init(struct lbs_slice_index *x, const struct lbs_slices *set,
			 const struct lb_set *recs);
void lbs_slice_index_free(struct lbs_slice_index *x);

/* Whether slices give METRIC of CELL: cyc_op and ns_op of hot and cold
 * cells, ops_per_s of contended ones; the rest come from the records. */
int lbs_slice_metric(const struct lb_record *cell, const char *metric);

/*
 * The adjacent pairs of BASE and OTHER in CELL, in METRIC (ns from each
 * process's tsc_khz), only slices in STATE unless it is 0: per process
 * with a pair, x_p into X, y_p into Y, q_p into Q and its boot into BOOT
 * (room for the set's processes each).  Returns the number of processes;
 * 0 when none has a pair or a base slice reads 0 (no ratio: the records
 * answer); -1 when out of memory.  *PAIRS gets the pairs used in all.
 */
long lbs_slice_pairs(const struct lbs_slice_index *x, const char *base, const char *other,
		     const struct lb_record *cell, const char *metric, unsigned int state,
		     double *xs, double *ys, double *q, uint64_t *boot, size_t *pairs);

#endif
