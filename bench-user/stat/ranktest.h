/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ranktest: the Wilcoxon-Mann-Whitney rank-sum test on boot medians, the
 * test behind every p that lb-stat and lb-resolution report.
 *
 * Ties get mid-ranks.  Up to LBS_RANK_EXACT_SPLITS relabellings the null
 * distribution of the rank sum is enumerated exactly (by counting, not by
 * listing: 10 + 10 boots is 184,756 splits and costs microseconds);
 * beyond it the normal approximation with tie and continuity corrections
 * is used.  Two-sided p = P(|W - E W| >= |w - E W|) under relabelling.
 */
#ifndef RANKTEST_H
#define RANKTEST_H

#include <stddef.h>
#include <gsl/gsl_rng.h>

/* Above this many relabellings C(nx + ny, nx), the normal approximation:
 * below it every count is an exact integer in a double (< 2^53). */
#define LBS_RANK_EXACT_SPLITS 1e14

struct lbs_rank {
	double u;	/* Mann-Whitney U of y: #{y > x} + #{y = x} / 2 */
	double p;	/* two-sided; NaN when a sample is empty */
	int exact;	/* 1: enumerated; 0: normal approximation */
};

/* 0, or -1 (p NaN) when a sample is empty or out of memory. */
int lbs_rank_test(const double *x, size_t nx, const double *y, size_t ny, struct lbs_rank *out);

/* The smallest two-sided p the test can give at these sizes, reached by
 * fully separated samples without ties: 2 / C(nx + ny, nx), at most 1.
 * NaN when a size is 0. */
double lbs_rank_p_min(size_t nx, size_t ny);

/*
 * Minimum detectable change, in percent, of this test at per-test level
 * LEVEL and POWER, for NY boots against NX boots like X: the smallest
 * factor 1 + d such that, in SIMS simulated pairs of samples drawn from a
 * smoothed bootstrap of X (one multiplied by 1 + d), the test rejects at
 * LEVEL in at least POWER of them.  NaN when LEVEL is below
 * lbs_rank_p_min() (no change can be detected) or no d up to +1000% is.
 */
double lbs_rank_mde_pct(gsl_rng *rng, const double *x, size_t nx, size_t ny, double level,
			double power, size_t sims);

#endif
