/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bootstat: statistics on one value per boot (the unit of replication),
 * seeded through GSL's RNG so that every figure can be regenerated.
 *
 * All functions take two samples, BASE x[nx] and OTHER y[ny], whose
 * elements are per-boot medians.  None modifies its inputs.
 */
#ifndef BOOTSTAT_H
#define BOOTSTAT_H

#include <stddef.h>
#include <gsl/gsl_rng.h>

/* Fewer boots than this in either sample: no p, CI or MDE ("n too small"). */
#define LBS_MIN_BOOTS	3

struct lbs_ratio {
	double ratio;		/* median(y) / median(x); NaN when median(x) is 0 */
	double lo, hi;		/* bootstrap percentile CI of the ratio */
	double se_log;		/* bootstrap SD of log(ratio); NaN if any median <= 0 */
};

/* Median of a copy of X[N]; NaN when N is 0. */
double lbs_median(const double *x, size_t n);

/* Bootstrap percentile CI at LEVEL of the median of X[N], B resamples.
 * -1 with NaNs when N < LBS_MIN_BOOTS. */
int lbs_median_ci(gsl_rng *rng, const double *x, size_t n, size_t b, double level,
		  double *lo, double *hi);

/* Bootstrap the ratio of medians: B resamples of each sample with
 * replacement, percentile interval at LEVEL (e.g. 0.95).  Returns -1 with
 * everything NaN when a sample has fewer than LBS_MIN_BOOTS values. */
int lbs_ratio_ci(gsl_rng *rng, const double *x, size_t nx, const double *y, size_t ny,
		 size_t b, double level, struct lbs_ratio *out);

/*
 * Modes of X[N]: sorted, the values split wherever two neighbours lie
 * further apart than LBS_MODE_GAP_SD robust SDs (1.4826 x the median
 * absolute deviation) and LBS_MODE_GAP_PCT percent of the median.  Returns
 * the number of modes (0 when N is 0) and writes the boots in each, low to
 * high, into SIZES as "8+2" (just "10" for one mode).
 */
#define LBS_MODE_GAP_SD		6.0
#define LBS_MODE_GAP_PCT	2.0
size_t lbs_modes(const double *x, size_t n, char *sizes, size_t len);

/* Holm-Bonferroni step-down adjusted p-values of P[N] into ADJ[N] (may be
 * P).  NaN entries are not tests: they stay NaN and do not count in N. */
void lbs_holm(const double *p, double *adj, size_t n);

#endif
