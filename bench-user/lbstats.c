// SPDX-License-Identifier: GPL-2.0
/* lbstats: summaries and two-sample tests on top of GSL. */
#include "lbstats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

static double *sorted_copy(const double *x, size_t n)
{
	double *c = malloc((n ? n : 1) * sizeof(*c));

	if (!c)
		abort();
	memcpy(c, x, n * sizeof(*c));
	gsl_sort(c, 1, n);
	return c;
}

double lb_median(const double *x, size_t n)
{
	double *c, m;

	if (!n)
		return NAN;
	c = sorted_copy(x, n);
	m = gsl_stats_median_from_sorted_data(c, 1, n);
	free(c);
	return m;
}

void lb_summarize(const double *x, size_t n, double level, struct lb_summary *s)
{
	s->n = n;
	s->median = lb_median(x, n);
	s->mean = n ? gsl_stats_mean(x, 1, n) : NAN;
	s->sd = s->ci_half = s->ci_lo = s->ci_hi = NAN;
	if (n < 2)
		return;
	s->sd = gsl_stats_sd_m(x, 1, n, s->mean);	/* n - 1 denominator */
	s->ci_half = gsl_cdf_tdist_Pinv(1 - (1 - level) / 2, (double)(n - 1)) *
		     s->sd / sqrt((double)n);
	s->ci_lo = s->mean - s->ci_half;
	s->ci_hi = s->mean + s->ci_half;
}

static double two_sided_t(double t, double df)
{
	/* Q of |t| doubled; computing the tail directly keeps small p exact. */
	return 2 * gsl_cdf_tdist_Q(fabs(t), df);
}

int lb_welch(const double *x, size_t nx, const double *y, size_t ny, struct lb_test *t)
{
	double mx, my, vx, vy, se2;

	t->stat = t->df = t->p = NAN;
	if (nx < 2 || ny < 2)
		return -1;
	mx = gsl_stats_mean(x, 1, nx);
	my = gsl_stats_mean(y, 1, ny);
	vx = gsl_stats_variance_m(x, 1, nx, mx) / (double)nx;
	vy = gsl_stats_variance_m(y, 1, ny, my) / (double)ny;
	se2 = vx + vy;
	if (se2 == 0) {
		/* Both samples constant: the means are equal or differ surely. */
		t->df = (double)(nx + ny - 2);
		t->stat = mx == my ? 0 : (mx > my ? INFINITY : -INFINITY);
		t->p = mx == my ? 1 : 0;
		return 0;
	}
	t->stat = (mx - my) / sqrt(se2);
	t->df = se2 * se2 / (vx * vx / (double)(nx - 1) + vy * vy / (double)(ny - 1));
	t->p = two_sided_t(t->stat, t->df);
	return 0;
}

struct ranked {
	double v;
	int from_x;
};

static int cmp_ranked(const void *a, const void *b)
{
	double x = ((const struct ranked *)a)->v, y = ((const struct ranked *)b)->v;

	return (x > y) - (x < y);
}

int lb_mannwhitney(const double *x, size_t nx, const double *y, size_t ny, struct lb_test *t)
{
	size_t n = nx + ny, i, j;
	double rx = 0, ties = 0, n1 = (double)nx, n2 = (double)ny, mu, sigma, d;
	struct ranked *a;

	t->stat = t->df = t->p = NAN;
	if (!nx || !ny)
		return -1;
	a = malloc(n * sizeof(*a));
	if (!a)
		abort();
	for (i = 0; i < nx; i++)
		a[i] = (struct ranked){ x[i], 1 };
	for (i = 0; i < ny; i++)
		a[nx + i] = (struct ranked){ y[i], 0 };
	qsort(a, n, sizeof(*a), cmp_ranked);
	/* Midranks: a run of equal values i..j-1 all get the mean rank. */
	for (i = 0; i < n; i = j) {
		double rank, tn;

		for (j = i + 1; j < n && a[j].v == a[i].v; j++)
			;
		rank = ((double)i + 1 + (double)j) / 2;
		tn = (double)(j - i);
		ties += tn * tn * tn - tn;
		for (size_t k = i; k < j; k++)
			if (a[k].from_x)
				rx += rank;
	}
	free(a);
	t->stat = rx - n1 * (n1 + 1) / 2;
	mu = n1 * n2 / 2;
	sigma = sqrt(n1 * n2 / 12 * ((double)n + 1 - ties / ((double)n * ((double)n - 1))));
	if (!(sigma > 0)) {
		t->df = 0;
		t->p = 1;	/* every value tied: no evidence of a shift */
		return 0;
	}
	d = t->stat - mu;
	d -= d > 0 ? 0.5 : (d < 0 ? -0.5 : 0);	/* continuity correction */
	t->df = d / sigma;
	t->p = 2 * gsl_cdf_ugaussian_Q(fabs(t->df));
	if (t->p > 1)
		t->p = 1;
	return 0;
}

double lb_pct_change(double base, double other)
{
	if (base == 0 || isnan(base) || isnan(other))
		return NAN;
	return 100 * (other - base) / base;
}
