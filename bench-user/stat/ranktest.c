// SPDX-License-Identifier: GPL-2.0
/* ranktest: see ranktest.h. */
#include "ranktest.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

static double log_choose(size_t n, size_t k)
{
	return lgamma((double)n + 1) - lgamma((double)k + 1) - lgamma((double)(n - k) + 1);
}

static int exact_ok(size_t nx, size_t ny)
{
	return log_choose(nx + ny, nx) <= log(LBS_RANK_EXACT_SPLITS);
}

double lbs_rank_p_min(size_t nx, size_t ny)
{
	double p;

	if (!nx || !ny)
		return NAN;
	p = 2 * exp(-log_choose(nx + ny, nx));
	return p > 1 ? 1 : p;
}

/*
 * The null distribution of the sum of M of the doubled ranks R2[N] (all
 * integers): COUNT[s] is how many M-subsets sum to s, s = 0..N(N+1).  A
 * subset-sum count, N x M x N(N+1) additions, so 10 + 10 boots cost 84k.
 * NULL when out of memory; the caller frees.
 */
static double *subset_sums(const long *r2, size_t n, size_t m)
{
	size_t smax = n * (n + 1), k, i;
	double *cnt = calloc((m + 1) * (smax + 1), sizeof(*cnt));

	if (!cnt)
		return NULL;
	cnt[0] = 1;
	for (i = 0; i < n; i++) {
		size_t top = i + 1 < m ? i + 1 : m;

		for (k = top; k >= 1; k--) {
			double *to = cnt + k * (smax + 1), *from = cnt + (k - 1) * (smax + 1);

			for (size_t s = smax; s >= (size_t)r2[i]; s--)
				to[s] += from[s - r2[i]];
		}
	}
	memmove(cnt, cnt + m * (smax + 1), (smax + 1) * sizeof(*cnt));
	return cnt;
}

/* P(|S - MU2| >= D) under COUNT (doubled units). */
static double tail(const double *cnt, size_t smax, long mu2, long d)
{
	double hit = 0, all = 0;

	for (size_t s = 0; s <= smax; s++) {
		all += cnt[s];
		if (labs((long)s - mu2) >= d)
			hit += cnt[s];
	}
	return hit / all;
}

struct labelled { double v; int in_y; };

static int by_v(const void *a, const void *b)
{
	double x = ((const struct labelled *)a)->v, y = ((const struct labelled *)b)->v;

	return (x > y) - (x < y);
}

int lbs_rank_test(const double *x, size_t nx, const double *y, size_t ny, struct lbs_rank *out)
{
	size_t n = nx + ny, i, j, m = nx < ny ? nx : ny;
	struct labelled *z;
	long *r2, w2 = 0;
	double ties = 0;
	int small_is_y = ny <= nx;

	out->u = out->p = NAN;
	out->exact = 0;
	if (!nx || !ny)
		return -1;
	z = malloc(n * sizeof(*z));
	r2 = malloc(n * sizeof(*r2));
	if (!z || !r2) {
		free(z);
		free(r2);
		return -1;
	}
	for (i = 0; i < nx; i++)
		z[i] = (struct labelled){ x[i], 0 };
	for (i = 0; i < ny; i++)
		z[nx + i] = (struct labelled){ y[i], 1 };
	qsort(z, n, sizeof(*z), by_v);
	/* A tie group at 1-based positions a..b shares the mid-rank (a+b)/2:
	 * doubled, a+b, an integer. */
	for (i = 0; i < n; i = j) {
		double t;

		for (j = i + 1; j < n && z[j].v == z[i].v; j++)
			;
		for (size_t k = i; k < j; k++)
			r2[k] = (long)(i + 1 + j);
		t = (double)(j - i);
		ties += t * t * t - t;
	}
	for (i = 0; i < n; i++)
		if (z[i].in_y == small_is_y)
			w2 += r2[i];
	/* U of y from y's rank sum, whichever group was summed. */
	out->u = (small_is_y ? w2 : (long)(n * (n + 1)) - w2) / 2.0 - ny * (ny + 1) / 2.0;
	if (exact_ok(nx, ny)) {
		double *cnt = subset_sums(r2, n, m);

		if (!cnt) {
			free(z);
			free(r2);
			return -1;
		}
		out->p = tail(cnt, n * (n + 1), (long)(m * (n + 1)), labs(w2 - (long)(m * (n + 1))));
		out->exact = 1;
		free(cnt);
	} else {
		double mu = nx * ny / 2.0;
		double var = nx * ny / 12.0 * ((n + 1) - ties / ((double)n * (n - 1)));
		double dev = fabs(out->u - mu) - 0.5;

		if (var <= 0)
			out->p = 1;
		else
			out->p = dev <= 0 ? 1 : 2 * gsl_cdf_ugaussian_Q(dev / sqrt(var));
		if (out->p > 1)
			out->p = 1;
	}
	free(z);
	free(r2);
	return 0;
}

/*
 * The test's rejection rule for samples without ties, as a bound on
 * 2|U - nx ny / 2| (the doubled deviation of the rank sum): reject when
 * it is at least the returned value.  -1 when out of memory.
 */
static double critical_dev2(size_t nx, size_t ny, double level)
{
	size_t n = nx + ny, m = nx < ny ? nx : ny, smax = n * (n + 1);
	long mu2 = (long)(m * (n + 1)), d;
	double *cnt, sd;
	long *r2;

	if (!exact_ok(nx, ny)) {
		sd = sqrt(nx * ny * (n + 1) / 12.0);
		return 2 * (0.5 + sd * gsl_cdf_ugaussian_Qinv(level / 2));
	}
	r2 = calloc(n, sizeof(*r2));
	if (!r2)
		return -1;
	for (size_t i = 0; i < n; i++)
		r2[i] = (long)(2 * (i + 1));
	cnt = subset_sums(r2, n, m);
	free(r2);
	if (!cnt)
		return -1;
	/* The smallest deviation whose tail is within LEVEL. */
	for (d = 0; d <= (long)smax && tail(cnt, smax, mu2, d) > level; d++)
		;
	free(cnt);
	return (double)d;
}

/*
 * Draws for the smoothed bootstrap of X[N] into B[K]: a boot median picked
 * at random plus Gaussian noise of Silverman's bandwidth, shrunk towards
 * the mean so that the draws keep X's variance (Silverman 1986, 6.4.1).
 * The noise is never 0, so the simulated samples have no ties; a constant
 * sample stays all but constant, and any shift then separates it.
 */
static int smoothed_draws(gsl_rng *rng, const double *x, size_t n, double *b, size_t k)
{
	double *s = malloc(n * sizeof(*s)), mean, sd, iqr, h, shrink = 1;

	if (!s)
		return -1;
	memcpy(s, x, n * sizeof(*s));
	gsl_sort(s, 1, n);
	mean = gsl_stats_mean(s, 1, n);
	sd = n > 1 ? gsl_stats_sd(s, 1, n) : 0;
	iqr = gsl_stats_quantile_from_sorted_data(s, 1, n, 0.75) -
	      gsl_stats_quantile_from_sorted_data(s, 1, n, 0.25);
	h = 1.06 * pow((double)n, -0.2) * (iqr > 0 && iqr / 1.34 < sd ? iqr / 1.34 : sd);
	if (h > 0)
		shrink = 1 / sqrt(1 + h * h / (sd * sd));
	else
		h = fabs(mean) > 0 ? 1e-9 * fabs(mean) : 1e-12;
	free(s);
	for (size_t i = 0; i < k; i++)
		b[i] = mean + (x[gsl_rng_uniform_int(rng, n)] - mean +
			       gsl_ran_gaussian_ziggurat(rng, h)) * shrink;
	return 0;
}

/* U of BY scaled by F over BX, both sorted ascending: one merge walk,
 * since scaling by a positive factor keeps BY's order. */
static double u_sorted(const double *bx, size_t nx, const double *by, size_t ny, double f)
{
	size_t below = 0, tied;
	double u = 0;

	for (size_t j = 0; j < ny; j++) {
		double v = by[j] * f;

		while (below < nx && bx[below] < v)
			below++;
		for (tied = below; tied < nx && bx[tied] == v; tied++)
			;
		u += (double)below + 0.5 * (double)(tied - below);
	}
	return u;
}

/* Rejections among SIMS drawn pairs when the second sample is scaled by
 * 1 + D; B holds each pair's nx + ny draws, each sample sorted. */
static size_t rejections(const double *b, size_t sims, size_t nx, size_t ny, double d,
			 double crit2)
{
	size_t hits = 0;

	for (size_t s = 0; s < sims; s++) {
		const double *bx = b + s * (nx + ny);

		hits += 2 * fabs(u_sorted(bx, nx, bx + nx, ny, 1 + d) - nx * ny / 2.0) >= crit2;
	}
	return hits;
}

double lbs_rank_mde_pct(gsl_rng *rng, const double *x, size_t nx, size_t ny, double level,
			double power, size_t sims)
{
	const double dmax = 10;
	double crit2, lo = 0, hi = dmax, *b;
	size_t need = (size_t)ceil(power * (double)sims);

	if (!nx || !ny || !sims || !(level >= lbs_rank_p_min(nx, ny)))
		return NAN;
	crit2 = critical_dev2(nx, ny, level);
	b = malloc(sims * (nx + ny) * sizeof(*b));
	/* One set of draws for every d (common random numbers), so power
	 * grows smoothly with d and the search converges. */
	if (crit2 < 0 || !b || smoothed_draws(rng, x, nx, b, sims * (nx + ny))) {
		free(b);
		return NAN;
	}
	for (size_t s = 0; s < sims; s++) {
		gsl_sort(b + s * (nx + ny), 1, nx);
		gsl_sort(b + s * (nx + ny) + nx, 1, ny);
	}
	if (rejections(b, sims, nx, ny, dmax, crit2) < need) {
		free(b);
		return NAN;
	}
	/* To 0.1 percentage points: 14 steps. */
	while (hi - lo > 1e-3) {
		double mid = (lo + hi) / 2;

		if (rejections(b, sims, nx, ny, mid, crit2) >= need)
			hi = mid;
		else
			lo = mid;
	}
	free(b);
	return 100 * hi;
}
