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
 * Modes of X[N]: whether the values fall into two groups.  Sorted, a
 * split after c of them is tested twice, each time as the likelihood
 * ratio of two normal groups over one: with one spread for both groups
 * (c and N - c at least LBS_MODE_MIN), and with each group's own spread
 * (at least LBS_MODE_MIN_OWN: a spread needs three values), which finds
 * the TCG shape of a few fast boots close together beside slow ones
 * spread wide.  Every statistic at every split is held to one level,
 * set so that LBS_MODE_FALSE of samples of N normal values split
 * (LBS_MODE_SIMS of them, simulated once per N with LBS_MODE_SEED): a
 * split of 2 is found as one of 5 is, and the false rate holds at every
 * N.  The values are two modes when some split is beyond its threshold
 * and the groups' medians differ by more than LBS_MODE_GAP_PCT percent
 * of the median (so one TSC tick does not split a quantised cell); the
 * split reported is the one with the smallest simulated p.  The spread
 * is measured inside the groups, so it does not grow with the split it
 * should find.
 *
 * On 10 values, by simulation (test_bootstat.c): 4.2% of normal samples
 * split, 3.7% from Student's t with 5 degrees of freedom (the tail the
 * native run's one-mode cells show) and 4.3% with 3.  Groups 6 within-
 * group SDs apart are found in 76-78% of samples whether they are 2+8,
 * 3+7 or 5+5; a 3+7 split in 95% from 7.5 SDs, 98% at 8.  No rule can
 * find a 3+7 split 6 SDs apart in 95% of samples at a 5% false rate:
 * the most powerful test that knows the split is 3+7 or 7+3 finds it in
 * 96% (Neyman-Pearson, location and scale unknown), and finding other
 * splits too costs part of that.
 */
#define LBS_MODE_FALSE		0.04
#define LBS_MODE_SIMS		50000
#define LBS_MODE_SEED		46
#define LBS_MODE_GAP_PCT	2.0
#define LBS_MODE_MIN		2
#define LBS_MODE_MIN_OWN	3
struct lbs_modes {
	size_t modes;		/* 1, 2 when split, 0 when N is 0 */
	size_t n_low, n_high;	/* values in each group; n_high 0 with one mode */
	double med_low, med_high; /* each group's median; med_high NaN with one mode */
	double gap_ratio;	/* the reported split's means apart, in pooled
				 * within-group SDs; NaN below 4 values or all equal */
	char sizes[32];		/* "8+2", low to high ("10" for one mode) */
};
void lbs_modes(const double *x, size_t n, struct lbs_modes *out);

/*
 * The paired ratio: where x[i] and y[i] share a replicate (one process
 * timed both), the median of the per-replicate ratios y[i] / x[i], with a
 * bootstrap percentile CI at LEVEL from B resamples of the replicates.  A
 * factor shared by both sides of a replicate cancels in its ratio.  -1
 * with NaNs when N < LBS_MIN_BOOTS or an x[i] is 0.
 */
int lbs_paired_ratio_ci(gsl_rng *rng, const double *x, const double *y, size_t n,
			size_t b, double level, struct lbs_ratio *out);

/*
 * The A/A floor: one row per cell of the A/A pair (identical code),
 * each resampled as lbs_ratio_ci (or lbs_paired_ratio_ci when PAIRED)
 * does; per resample the largest |change| over the rows, in percent;
 * the floor is that maximum's Q quantile (0.95) over B resamples: a bound
 * the A/A differences stay below, not one draw of them.  A row whose base
 * holds a 0 (a resample could have no ratio) is left out.  NaN without a
 * row left.
 */
#define LBS_FLOOR_Q	0.95
struct lbs_aa_row {
	const double *x, *y;
	size_t nx, ny;
	int paired;		/* x[i] and y[i] share a replicate; nx == ny */
};
double lbs_aa_floor(gsl_rng *rng, const struct lbs_aa_row *rows, size_t k, size_t b, double q);

/*
 * The verdict of a change of PCT percent with CI [LO, HI] over a floor
 * of FLOOR percent (NaN: no A/A pair), an LB_VERDICTS name.  "changed"
 * needs the whole CI beyond the floor on one side and Holm p < ALPHA; a
 * CI that reaches inside the floor is "within-noise", whatever its p.
 */
const char *lbs_verdict(size_t nx, size_t ny, int is_aa, double pct, double lo, double hi,
			double floor, double p_holm, double alpha);

/* Holm-Bonferroni step-down adjusted p-values of P[N] into ADJ[N] (may be
 * P).  NaN entries are not tests: they stay NaN and do not count in N. */
void lbs_holm(const double *p, double *adj, size_t n);

#endif
