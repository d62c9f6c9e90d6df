// SPDX-License-Identifier: GPL-2.0
/* bootstat: see bootstat.h. */
#include "bootstat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

/* Median of BUF[N], which it sorts. */
static double median_sorting(double *buf, size_t n)
{
	gsl_sort(buf, 1, n);
	return gsl_stats_median_from_sorted_data(buf, 1, n);
}

double lbs_median(const double *x, size_t n)
{
	double *buf, m;

	if (!n)
		return NAN;
	buf = malloc(n * sizeof(*buf));
	if (!buf)
		return NAN;
	memcpy(buf, x, n * sizeof(*buf));
	m = median_sorting(buf, n);
	free(buf);
	return m;
}

/* Median of N draws with replacement from X, using BUF[N]. */
static double resample_median(gsl_rng *rng, const double *x, size_t n, double *buf)
{
	for (size_t i = 0; i < n; i++)
		buf[i] = x[gsl_rng_uniform_int(rng, n)];
	return median_sorting(buf, n);
}

int lbs_median_ci(gsl_rng *rng, const double *x, size_t n, size_t b, double level,
		  double *lo, double *hi)
{
	double *m, *buf;

	*lo = *hi = NAN;
	if (n < LBS_MIN_BOOTS || b < 2)
		return -1;
	m = malloc(b * sizeof(*m));
	buf = malloc(n * sizeof(*buf));
	if (!m || !buf) {
		free(m);
		free(buf);
		return -1;
	}
	for (size_t i = 0; i < b; i++)
		m[i] = resample_median(rng, x, n, buf);
	gsl_sort(m, 1, b);
	*lo = gsl_stats_quantile_from_sorted_data(m, 1, b, (1 - level) / 2);
	*hi = gsl_stats_quantile_from_sorted_data(m, 1, b, (1 + level) / 2);
	free(m);
	free(buf);
	return 0;
}

int lbs_ratio_ci(gsl_rng *rng, const double *x, size_t nx, const double *y, size_t ny,
		 size_t b, double level, struct lbs_ratio *out)
{
	double mx, my, *r, *lg, *buf;
	size_t i, nr = 0, nl = 0;

	out->ratio = out->lo = out->hi = out->se_log = NAN;
	if (nx < LBS_MIN_BOOTS || ny < LBS_MIN_BOOTS || b < 2)
		return -1;
	mx = lbs_median(x, nx);
	my = lbs_median(y, ny);
	if (mx != 0)
		out->ratio = my / mx;
	r = malloc(b * sizeof(*r));
	lg = malloc(b * sizeof(*lg));
	buf = malloc((nx > ny ? nx : ny) * sizeof(*buf));
	if (!r || !lg || !buf) {
		free(r);
		free(lg);
		free(buf);
		return -1;
	}
	for (i = 0; i < b; i++) {
		double bx = resample_median(rng, x, nx, buf);
		double by = resample_median(rng, y, ny, buf);

		if (bx != 0)
			r[nr++] = by / bx;
		if (bx > 0 && by > 0)
			lg[nl++] = log(by / bx);
	}
	/* A resample whose base median is 0 has no ratio; more than a few
	 * such and the interval would describe a different population. */
	if (nr == b) {
		gsl_sort(r, 1, nr);
		out->lo = gsl_stats_quantile_from_sorted_data(r, 1, nr, (1 - level) / 2);
		out->hi = gsl_stats_quantile_from_sorted_data(r, 1, nr, (1 + level) / 2);
	}
	if (nl == b)
		out->se_log = gsl_stats_sd(lg, 1, nl);
	free(r);
	free(lg);
	free(buf);
	return 0;
}

double lbs_perm_p(gsl_rng *rng, const double *x, size_t nx, const double *y, size_t ny,
		  size_t r)
{
	size_t n = nx + ny, i, hits = 0;
	double *z, *buf, t;

	if (nx < LBS_MIN_BOOTS || ny < LBS_MIN_BOOTS || !r)
		return NAN;
	z = malloc(n * sizeof(*z));
	buf = malloc(n * sizeof(*buf));
	if (!z || !buf) {
		free(z);
		free(buf);
		return NAN;
	}
	memcpy(z, x, nx * sizeof(*z));
	memcpy(z + nx, y, ny * sizeof(*z));
	t = fabs(lbs_median(y, ny) - lbs_median(x, nx));
	for (i = 0; i < r; i++) {
		double mx, my;

		gsl_ran_shuffle(rng, z, n, sizeof(*z));
		memcpy(buf, z, n * sizeof(*buf));
		mx = median_sorting(buf, nx);
		my = median_sorting(buf + nx, ny);
		/* The tolerance keeps ties of equal medians (quantised data)
		 * from depending on rounding. */
		if (fabs(my - mx) >= t * (1 - 1e-12))
			hits++;
	}
	free(z);
	free(buf);
	return (1.0 + hits) / (1.0 + r);
}

struct ranked { double p; size_t i; };

static int by_p(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;

	return x->p < y->p ? -1 : x->p > y->p ? 1 : (x->i > y->i) - (x->i < y->i);
}

void lbs_holm(const double *p, double *adj, size_t n)
{
	struct ranked *v = malloc((n ? n : 1) * sizeof(*v));
	size_t m = 0, k;
	double run = 0;

	if (!v) {
		for (k = 0; k < n; k++)
			adj[k] = NAN;
		return;
	}
	for (k = 0; k < n; k++)
		if (!isnan(p[k]))
			v[m++] = (struct ranked){ p[k], k };
	qsort(v, m, sizeof(*v), by_p);
	for (k = 0; k < n; k++)
		if (isnan(p[k]))
			adj[k] = NAN;
	/* Step-down: the k-th smallest is scaled by (m - k), and adjusted
	 * values never decrease along the order. */
	for (k = 0; k < m; k++) {
		double a = (m - k) * v[k].p;

		if (a > 1)
			a = 1;
		if (a < run)
			a = run;
		run = a;
		adj[v[k].i] = a;
	}
	free(v);
}

double lbs_mde_pct(double se_log, double alpha, double power)
{
	if (isnan(se_log))
		return NAN;
	return 100.0 * (exp((gsl_cdf_ugaussian_Pinv(1 - alpha / 2) +
			     gsl_cdf_ugaussian_Pinv(power)) * se_log) - 1);
}

double lbs_power(double se_log, double alpha, double pct)
{
	double d, z;

	if (isnan(se_log) || se_log <= 0 || pct <= -100)
		return NAN;
	d = fabs(log1p(pct / 100.0)) / se_log;
	z = gsl_cdf_ugaussian_Pinv(1 - alpha / 2);
	return gsl_cdf_ugaussian_P(d - z) + gsl_cdf_ugaussian_P(-d - z);
}
