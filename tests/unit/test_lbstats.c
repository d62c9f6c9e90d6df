// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of lbstats.  Reference values come from ref_stats.py (next to
 * this file), which computes them independently of GSL with mpmath from
 * the textbook formulas; the Mann-Whitney U of the R example is the
 * "W = 35" printed by R's own ?wilcox.test example.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include "lbstats.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define assert_near(a, b, tol) do {					\
	double a_ = (a), b_ = (b);					\
	if (!(fabs(a_ - b_) <= (tol)))					\
		print_error("%s = %.12g, expected %.12g\n", #a, a_, b_); \
	assert_true(fabs(a_ - b_) <= (tol));				\
} while (0)

static const double X[] = { 19.8, 20.4, 19.6, 17.8, 18.5, 18.9, 18.3, 18.9, 19.5, 22.0 };
static const double Y[] = { 28.2, 26.6, 20.1, 23.3, 25.2, 22.1, 17.7, 27.6, 20.6, 13.7,
			    23.2, 17.5, 20.6, 18.0, 23.9, 21.6, 24.3, 20.4, 23.9, 13.3 };

static void test_summary(void **state)
{
	struct lb_summary s;

	(void)state;
	lb_summarize(X, N(X), 0.95, &s);
	assert_int_equal(s.n, 10);
	assert_near(s.mean, 19.37, 1e-12);
	assert_near(s.median, 19.2, 1e-12);	/* (18.9 + 19.5) / 2 */
	assert_near(s.sd, 1.203744158864, 1e-10);
	assert_near(s.ci_half, 0.861106697065, 1e-9);
	assert_near(s.ci_lo, 19.37 - 0.861106697065, 1e-9);
	assert_near(s.ci_hi, 19.37 + 0.861106697065, 1e-9);
	lb_summarize(Y, N(Y), 0.95, &s);
	assert_near(s.mean, 21.59, 1e-12);
	assert_near(s.median, 21.85, 1e-12);
	assert_near(s.sd, 4.123475794955, 1e-10);
}

static void test_ci_known(void **state)
{
	static const double v[] = { 1, 2, 3, 4, 5 };
	struct lb_summary s;

	(void)state;
	/* t(0.975, 4) = 2.776445105198, sd = sqrt(2.5): half = 1.963243161478 */
	lb_summarize(v, N(v), 0.95, &s);
	assert_near(s.sd, sqrt(2.5), 1e-12);
	assert_near(s.ci_half, 1.963243161478, 1e-9);
	assert_near(s.median, 3, 0);
}

static void test_small_n(void **state)
{
	static const double one[] = { 7.5 };
	struct lb_summary s;
	struct lb_test t;

	(void)state;
	lb_summarize(one, 1, 0.95, &s);
	assert_int_equal(s.n, 1);
	assert_near(s.mean, 7.5, 0);
	assert_near(s.median, 7.5, 0);
	assert_true(isnan(s.sd) && isnan(s.ci_half) && isnan(s.ci_lo));
	lb_summarize(one, 0, 0.95, &s);
	assert_true(isnan(s.mean) && isnan(s.median));
	assert_int_equal(lb_welch(one, 1, X, N(X), &t), -1);
	assert_true(isnan(t.p) && isnan(t.stat));
	assert_int_equal(lb_mannwhitney(one, 0, X, N(X), &t), -1);
	assert_true(isnan(t.p));
}

static void test_welch(void **state)
{
	struct lb_test t;

	(void)state;
	assert_int_equal(lb_welch(X, N(X), Y, N(Y), &t), 0);
	assert_near(t.stat, -2.225512039970, 1e-9);
	assert_near(t.df, 24.524634944257, 1e-8);
	assert_near(t.p, 0.035484530830, 1e-9);
	/* Symmetric in the order of the samples, but for the sign of t. */
	assert_int_equal(lb_welch(Y, N(Y), X, N(X), &t), 0);
	assert_near(t.stat, 2.225512039970, 1e-9);
	assert_near(t.p, 0.035484530830, 1e-9);
}

static void test_welch_constant(void **state)
{
	static const double a[] = { 5, 5, 5 }, b[] = { 5, 5 }, c[] = { 6, 6 };
	struct lb_test t;

	(void)state;
	assert_int_equal(lb_welch(a, 3, b, 2, &t), 0);
	assert_near(t.p, 1, 0);
	assert_int_equal(lb_welch(a, 3, c, 2, &t), 0);
	assert_near(t.p, 0, 0);
}

static void test_mannwhitney(void **state)
{
	/* R ?wilcox.test: W = 35 for these; two-sided normal approximation. */
	static const double a[] = { 0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46 };
	static const double b[] = { 1.15, 0.88, 0.90, 0.74, 1.21 };
	static const double c[] = { 1, 2, 2, 3, 3, 3, 4 }, d[] = { 3, 4, 4, 5, 5, 6 };
	static const double e[] = { 2, 2 }, f[] = { 2, 2, 2 };
	struct lb_test t;

	(void)state;
	assert_int_equal(lb_mannwhitney(a, N(a), b, N(b), &t), 0);
	assert_near(t.stat, 35, 0);
	assert_near(t.df, 1.163507627822, 1e-9);	/* z */
	assert_near(t.p, 0.244623605127, 1e-9);
	assert_int_equal(lb_mannwhitney(X, N(X), Y, N(Y), &t), 0);
	assert_near(t.stat, 55.5, 0);
	assert_near(t.p, 0.052793795522, 1e-9);
	/* Heavy ties: the tie correction shrinks the variance. */
	assert_int_equal(lb_mannwhitney(c, N(c), d, N(d), &t), 0);
	assert_near(t.stat, 3.5, 0);
	assert_near(t.df, -2.483773282901, 1e-9);
	assert_near(t.p, 0.012999854364, 1e-9);
	/* All tied: no evidence either way. */
	assert_int_equal(lb_mannwhitney(e, N(e), f, N(f), &t), 0);
	assert_near(t.p, 1, 0);
}

static void test_pct_change(void **state)
{
	(void)state;
	assert_near(lb_pct_change(100, 110), 10, 1e-12);
	assert_near(lb_pct_change(19.37, 21.59), 11.461022199277, 1e-9);
	assert_near(lb_pct_change(200, 150), -25, 1e-12);
	assert_true(isnan(lb_pct_change(0, 5)));
	assert_true(isnan(lb_pct_change(NAN, 5)));
}

static void test_median_even_odd_unsorted(void **state)
{
	static const double v[] = { 9, 1, 5, 3 }, w[] = { 9, 1, 5 };

	(void)state;
	assert_near(lb_median(v, 4), 4, 0);
	assert_near(lb_median(w, 3), 5, 0);
	assert_near(v[0], 9, 0);	/* input untouched */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_summary),
		cmocka_unit_test(test_ci_known),
		cmocka_unit_test(test_small_n),
		cmocka_unit_test(test_welch),
		cmocka_unit_test(test_welch_constant),
		cmocka_unit_test(test_mannwhitney),
		cmocka_unit_test(test_pct_change),
		cmocka_unit_test(test_median_even_odd_unsorted),
	};

	return cmocka_run_group_tests_name("lbstats", tests, NULL, NULL);
}
