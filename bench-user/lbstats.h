/* SPDX-License-Identifier: GPL-2.0 */
/* lbstats: the statistics lb-compare reports, computed with GSL. */
#ifndef LBSTATS_H
#define LBSTATS_H

#include <stddef.h>

/* Summary of one sample.  With n < 2, sd and the CI are NaN (no spread
 * can be estimated from one value); with n == 0 everything is NaN. */
struct lb_summary {
	size_t n;
	double median, mean, sd;
	double ci_half;		/* half-width of the CI of the mean */
	double ci_lo, ci_hi;
};

struct lb_test {
	double stat;	/* Welch: t; Mann-Whitney: U of the first sample */
	double df;	/* Welch: Welch-Satterthwaite df; Mann-Whitney: z */
	double p;	/* two-sided; NaN when it cannot be computed */
};

/* Sorts a copy; X is not modified. LEVEL is e.g. 0.95. */
void lb_summarize(const double *x, size_t n, double level, struct lb_summary *s);

double lb_median(const double *x, size_t n);

/* Welch's unequal-variance t-test of mean(x) - mean(y).  Returns -1 (all
 * NaN) when either sample has n < 2. */
int lb_welch(const double *x, size_t nx, const double *y, size_t ny, struct lb_test *t);

/* Mann-Whitney U (Wilcoxon rank-sum): normal approximation with tie
 * correction and continuity correction, as R's wilcox.test(exact=FALSE,
 * correct=TRUE).  Returns -1 (all NaN) when a sample is empty. */
int lb_mannwhitney(const double *x, size_t nx, const double *y, size_t ny, struct lb_test *t);

/* 100 * (other - base) / base; NaN when base is 0 or either is NaN. */
double lb_pct_change(double base, double other);

#endif
