/* SPDX-License-Identifier: GPL-2.0 */
/*
 * blocks: whether a change holds in two blocks of replicates run apart
 * in time (lb-stat compare --blocks 2; a native run's processes in two
 * blocks of at least 10).  Each block's change is the row's own estimator
 * on that block's replicates alone; the difference between the blocks,
 * in percentage points, gets a bootstrap CI that resamples each block's
 * replicates within the block.  Nothing in one block's CI can show what
 * a second run would give; a difference between blocks can.
 */
#ifndef BLOCKS_H
#define BLOCKS_H

#include <stddef.h>
#include <gsl/gsl_rng.h>

/* One block's replicates: paired, Q[n] holds the per-replicate ratios
 * (the change is their median); else X[nx] and Y[ny] are the two sides
 * (the change is the ratio of their medians). */
struct lbs_block {
	const double *q, *x, *y;
	size_t n, nx, ny;
	int paired;
};

struct lbs_block_diff {
	double pct[2];		/* each block's change, in percent */
	double diff;		/* pct[1] - pct[0], in points */
	double lo, hi;		/* its bootstrap CI at the level asked */
};

/* B[0] against B[1], from R resamples.  -1 with NaNs when a block has
 * fewer than LBS_MIN_BOOTS replicates a side or no ratio (a median of 0),
 * or when out of memory. */
int lbs_block_diff(gsl_rng *rng, const struct lbs_block *b, size_t r, double level,
		   struct lbs_block_diff *out);

#endif
