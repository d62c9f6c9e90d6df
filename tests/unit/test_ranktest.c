// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of ranktest, the rank-sum test behind lb-stat's p-values.
 * Reference values come from tests/unit/ref_ranktest.py, which lists every
 * relabelling with itertools and writes the normal approximation out from
 * its formula; the 3 + 3 case is also worked by hand below.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include "ranktest.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static double p_of(const double *x, size_t nx, const double *y, size_t ny, int exact)
{
	struct lbs_rank r;

	assert_int_equal(lbs_rank_test(x, nx, y, ny, &r), 0);
	assert_int_equal(r.exact, exact);
	return r.p;
}

/* Fully separated 4 + 4: 2 of the 70 splits are as extreme. */
static void test_separated_small(void **state)
{
	const double x[] = { 1, 2, 3, 4 }, y[] = { 5, 6, 7, 8 };

	(void)state;
	assert_float_equal(p_of(x, 4, y, 4, 1), 2.0 / 70, 1e-12);
	assert_float_equal(p_of(y, 4, x, 4, 1), 2.0 / 70, 1e-12);
	assert_float_equal(lbs_rank_p_min(4, 4), 2.0 / 70, 1e-12);
}

/*
 * By hand: x = {1, 2, 2}, y = {2, 3, 4} pool to 1 2 2 2 3 4, mid-ranks
 * 1 3 3 3 5 6.  y's sum is 14, its mean 10.5.  Of the 20 ways to pick 3,
 * those 3.5 or more from 10.5 are {3,5,6} (three ways, sum 14) and
 * {1,3,3} (three ways, sum 7): p = 6/20.
 */
static void test_ties_by_hand(void **state)
{
	const double x[] = { 1, 2, 2 }, y[] = { 2, 3, 4 };
	struct lbs_rank r;

	(void)state;
	assert_float_equal(p_of(x, 3, y, 3, 1), 0.3, 1e-12);
	assert_int_equal(lbs_rank_test(x, 3, y, 3, &r), 0);
	/* U of y: 2 beats 1 and ties two 2s; 3 and 4 beat all three. */
	assert_float_equal(r.u, 2 + 3 + 3, 1e-12);
}

/* ref_ranktest.py: 14/126 with ties across the groups, 24/252 without. */
static void test_reference(void **state)
{
	const double x[] = { 10, 11, 11, 12 }, y[] = { 11, 12, 12, 13, 14 };
	const double a[] = { 20, 21, 23, 26, 30 }, b[] = { 24, 27, 28, 33, 41 };

	(void)state;
	assert_float_equal(p_of(x, 4, y, 5, 1), 14.0 / 126, 1e-12);
	assert_float_equal(p_of(a, 5, b, 5, 1), 24.0 / 252, 1e-12);
}

/* 10 + 10 fully separated: 2 / 184756, whatever the values or steps. */
static void test_separated_10(void **state)
{
	double x[10], y[10];

	(void)state;
	for (int i = 0; i < 10; i++) {
		x[i] = 17.43 + 0.02 * (i % 3);	/* stepped, tied, as TCG's times */
		y[i] = 18.64 + 0.01 * i;
	}
	assert_float_equal(p_of(x, 10, y, 10, 1), 2.0 / 184756, 1e-15);
	assert_float_equal(lbs_rank_p_min(10, 10), 2.0 / 184756, 1e-15);
}

/* 30 + 30 is 1.2e17 splits: the normal approximation, with and without
 * ties (ref_ranktest.py: 0.003670893 and 1.6523623e-7). */
static void test_normal(void **state)
{
	double x[30], y[30], x2[30], y2[30];
	const double a[] = { 1, 1, 2, 2, 3 }, b[] = { 2, 3, 3, 4, 4 };

	(void)state;
	for (int i = 0; i < 30; i++) {
		x[i] = i;
		y[i] = i + 7.5;
		x2[i] = a[i % 5];
		y2[i] = b[i % 5];
	}
	assert_float_equal(p_of(x, 30, y, 30, 0), 0.003670893392450747, 1e-9);
	assert_float_equal(p_of(x2, 30, y2, 30, 0), 1.6523622514696967e-07, 1e-12);
}

/* Identical samples: p = 1; an empty sample: no test. */
static void test_degenerate(void **state)
{
	const double x[] = { 5, 5, 5 };
	struct lbs_rank r;

	(void)state;
	assert_float_equal(p_of(x, 3, x, 3, 1), 1, 1e-12);
	assert_int_equal(lbs_rank_test(x, 0, x, 3, &r), -1);
	assert_true(isnan(r.p));
	assert_true(isnan(lbs_rank_p_min(0, 3)));
}

/*
 * The MDE is the test's own: at a level below the smallest reachable p
 * nothing is detectable; otherwise a change of the MDE is detected in
 * about 80% of fresh samples, checked with lbs_rank_test itself.
 */
static void test_mde(void **state)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	double x[10], a[10], b[10], mde;
	int hits = 0;

	(void)state;
	gsl_rng_set(r, 3);
	/* Normal scores: a sample of 10 shaped like N(100, 1). */
	for (int i = 0; i < 10; i++)
		x[i] = 100 + gsl_cdf_ugaussian_Pinv((i + 0.5) / 10);
	assert_true(isnan(lbs_rank_mde_pct(r, x, 4, 4, 0.01, 0.8, 200)));
	mde = lbs_rank_mde_pct(r, x, 10, 10, 0.05 / 15, 0.8, 400);
	assert_true(mde > 0.5 && mde < 5);
	for (int s = 0; s < 400; s++) {
		struct lbs_rank t;

		for (int i = 0; i < 10; i++) {
			a[i] = 100 + gsl_ran_gaussian(r, 1);
			b[i] = (100 + gsl_ran_gaussian(r, 1)) * (1 + mde / 100);
		}
		assert_int_equal(lbs_rank_test(a, 10, b, 10, &t), 0);
		hits += t.p <= 0.05 / 15;
	}
	/* 400 draws: SE of a rate near 0.8 is 0.02; allow 4 SE. */
	assert_true(hits >= 0.72 * 400 && hits <= 0.88 * 400);
	gsl_rng_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_separated_small),
		cmocka_unit_test(test_ties_by_hand),
		cmocka_unit_test(test_reference),
		cmocka_unit_test(test_separated_10),
		cmocka_unit_test(test_normal),
		cmocka_unit_test(test_degenerate),
		cmocka_unit_test(test_mde),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
