// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of bootstat (the statistics of lb-stat) and of cells' boot
 * aggregation.  Reference values come from tests/unit/ref_bootstat.py,
 * which enumerates exactly (every relabelling, every bootstrap resample)
 * with Python's standard library; the simulations check the error rates
 * the tool promises.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <gsl/gsl_randist.h>
#include "bootstat.h"
#include "ranktest.h"
#include "cells.h"
#include "stat.h"

static gsl_rng *rng_seeded(unsigned long seed)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);

	assert_non_null(r);
	gsl_rng_set(r, seed);
	return r;
}

/* Exact bootstrap quantiles 24/26 and 41/23, each inside an atom of
 * probability > 0.01 (ref_bootstat.py), so the percentile interval from
 * enough draws is that atom's value. */
static void test_ratio_ci_exact(void **state)
{
	const double x[] = { 20, 21, 23, 26, 30 }, y[] = { 24, 27, 28, 33, 41 };
	struct lbs_ratio rt;
	gsl_rng *r = rng_seeded(11);

	(void)state;
	assert_int_equal(lbs_ratio_ci(r, x, 5, y, 5, 40000, 0.95, &rt), 0);
	assert_float_equal(rt.ratio, 28.0 / 23.0, 1e-12);
	assert_float_equal(rt.lo, 24.0 / 26.0, 1e-9);
	assert_float_equal(rt.hi, 41.0 / 23.0, 1e-9);
	assert_true(rt.se_log > 0);
	gsl_rng_free(r);
}

static void test_ratio_ci_constant(void **state)
{
	const double x[] = { 10, 10, 10 }, y[] = { 12, 12, 12, 12 };
	struct lbs_ratio rt;
	gsl_rng *r = rng_seeded(1);

	(void)state;
	assert_int_equal(lbs_ratio_ci(r, x, 3, y, 4, 1000, 0.95, &rt), 0);
	assert_float_equal(rt.lo, 1.2, 1e-12);
	assert_float_equal(rt.hi, 1.2, 1e-12);
	assert_float_equal(rt.se_log, 0, 1e-12);
	gsl_rng_free(r);
}

/* Fewer than 3 boots: no p, no CI. */
static void test_n_too_small(void **state)
{
	const double x[] = { 10, 11 }, y[] = { 12, 13, 14 };
	struct lbs_ratio rt;
	double lo, hi;
	gsl_rng *r = rng_seeded(1);

	(void)state;
	assert_int_equal(lbs_ratio_ci(r, x, 2, y, 3, 1000, 0.95, &rt), -1);
	assert_true(isnan(rt.lo) && isnan(rt.hi) && isnan(rt.ratio));
	assert_int_equal(lbs_median_ci(r, x, 2, 1000, 0.95, &lo, &hi), -1);
	assert_true(isnan(lo) && isnan(hi));
	gsl_rng_free(r);
}

/* A seed gives one answer. */
static void test_seeded(void **state)
{
	const double x[] = { 20, 21, 23, 26, 30 }, y[] = { 24, 27, 28, 33, 41 };
	gsl_rng *a = rng_seeded(5), *b = rng_seeded(5);
	struct lbs_ratio ra, rb;

	(void)state;
	lbs_ratio_ci(a, x, 5, y, 5, 500, 0.95, &ra);
	lbs_ratio_ci(b, x, 5, y, 5, 500, 0.95, &rb);
	assert_true(ra.lo == rb.lo && ra.hi == rb.hi);
	gsl_rng_free(a);
	gsl_rng_free(b);
}

/*
 * Modes: the shape of pre spin_lock (8 boots near 26.5 ns, two near 39) is
 * two modes, each with its median; ten boots spread evenly are one; so are
 * ten identical ones, and a tight group with one straggler (a group needs
 * two members).
 */
static void test_modes(void **state)
{
	const double two[] = { 25.95, 26.1, 26.3, 26.5, 26.6, 26.7, 26.9, 27.05, 38.57, 40.1 };
	const double even[] = { 10, 11, 12, 13, 14, 15, 16, 17, 18, 19 };
	const double same[] = { 5, 5, 5, 5 };
	const double one_out[] = { 10, 10.1, 10.2, 10.1, 10, 10.2, 10.1, 10, 10.1, 30 };
	struct lbs_modes m;

	(void)state;
	lbs_modes(two, 10, &m);
	assert_int_equal(m.modes, 2);
	assert_string_equal(m.sizes, "8+2");
	assert_float_equal(m.med_low, 26.55, 1e-9);
	assert_float_equal(m.med_high, (38.57 + 40.1) / 2, 1e-9);
	lbs_modes(even, 10, &m);
	assert_int_equal(m.modes, 1);
	assert_string_equal(m.sizes, "10");
	assert_float_equal(m.med_low, 14.5, 1e-9);
	assert_true(isnan(m.med_high));
	lbs_modes(same, 4, &m);
	assert_int_equal(m.modes, 1);
	lbs_modes(one_out, 10, &m);
	assert_int_equal(m.modes, 1);
	lbs_modes(same, 0, &m);
	assert_int_equal(m.modes, 0);
	assert_string_equal(m.sizes, "");
}

/*
 * The split the MAD rule missed: TCG boots at 30-34 ns and at 47-53 ns,
 * five and five.  The MAD grows with the split (it measures the distance
 * between the groups), so 6 robust SDs put the threshold above the gap;
 * the spread inside each group does not grow.  Two groups of 30% apart but
 * each as wide as the gap are not two modes.
 */
static void test_modes_split_grows_mad(void **state)
{
	const double split[] = { 30.2, 31.1, 32.0, 33.2, 34.0, 47.3, 48.9, 50.1, 51.6, 53.0 };
	const double wide[] = { 30, 33, 36, 39, 42, 45, 48, 51, 54, 57 };
	struct lbs_modes m;

	(void)state;
	lbs_modes(split, 10, &m);
	assert_int_equal(m.modes, 2);
	assert_string_equal(m.sizes, "5+5");
	assert_float_equal(m.med_low, 32.0, 1e-9);
	assert_float_equal(m.med_high, 50.1, 1e-9);
	/* The means 18.08 apart, the pooled within-group SD 1.915. */
	assert_float_equal(m.gap_ratio, 9.44, 0.01);
	lbs_modes(wide, 10, &m);
	assert_int_equal(m.modes, 1);
}

/*
 * The published TCG run's shapes the gap rule missed (issue #46): a few
 * fast boots close together and the rest spread wide, so that one SD
 * pooled over both groups hides the split.  pre spin_lock (the A/A base)
 * and post-debug spin_lock, ns per pair, boots in round order: 3+7 each,
 * and each group's median.  Values that differ by one TSC tick in two
 * groups of no spread at all are one mode (the groups' medians must be
 * LBS_MODE_GAP_PCT apart); two such groups 20% apart are two.
 */
static void test_modes_tight_and_wide(void **state)
{
	const double pre[] = { 57.913, 62.617, 45.391, 58.391, 57.452, 31.173, 61.096, 31.596,
			       49.279, 31.498 };
	const double post_debug[] = { 143.002, 126.126, 71.799, 139.102, 143.912, 71.93, 127.253,
				      98.269, 71.886, 111.138 };
	const double tick[] = { 20.70, 20.73, 20.70, 20.73, 20.70, 20.73, 20.70, 20.73, 20.70, 20.73 };
	const double apart[] = { 20.70, 24.84, 20.70, 24.84, 20.70, 24.84, 20.70, 24.84, 20.70, 24.84 };
	struct lbs_modes m;

	(void)state;
	lbs_modes(pre, 10, &m);
	assert_int_equal(m.modes, 2);
	assert_string_equal(m.sizes, "3+7");
	assert_float_equal(m.med_low, 31.498, 1e-9);
	assert_float_equal(m.med_high, 57.913, 1e-9);
	lbs_modes(post_debug, 10, &m);
	assert_int_equal(m.modes, 2);
	assert_string_equal(m.sizes, "3+7");
	assert_float_equal(m.med_low, 71.886, 1e-9);
	assert_float_equal(m.med_high, 127.253, 1e-9);
	lbs_modes(tick, 10, &m);
	assert_int_equal(m.modes, 1);
	lbs_modes(apart, 10, &m);
	assert_int_equal(m.modes, 2);
	assert_string_equal(m.sizes, "5+5");
}

/* The share of DRAWS samples of 10 that lbs_modes splits, and in *EXACT
 * the share split as sizes "LOW+(10-LOW)": LOW values from DRAW plus 0,
 * the rest from DRAW plus SHIFT (LOW 0: one group). */
static double modes_rate(gsl_rng *r, double (*draw)(gsl_rng *), int low, double shift, int draws,
			 double *exact)
{
	char want[16];
	double x[10];
	struct lbs_modes m;
	int split = 0, right = 0;

	snprintf(want, sizeof(want), "%d+%d", low, 10 - low);
	for (int k = 0; k < draws; k++) {
		for (int i = 0; i < 10; i++)
			x[i] = 10 + draw(r) + (i < low ? 0 : shift);
		lbs_modes(x, 10, &m);
		split += m.modes == 2;
		right += !strcmp(m.sizes, want);
	}
	if (exact)
		*exact = (double)right / draws;
	return (double)split / draws;
}

static double draw_normal(gsl_rng *r)
{
	return gsl_ran_gaussian(r, 1);
}

/* The heavier tail the native run's one-mode cells show: over their 10
 * processes a mean sample excess kurtosis of -0.70, as samples of 10
 * from Student's t with 5 degrees of freedom have (normal ones: -0.99). */
static double draw_t5(gsl_rng *r)
{
	return gsl_ran_tdist(r, 5);
}

/* A heavier tail still: infinite kurtosis. */
static double draw_t3(gsl_rng *r)
{
	return gsl_ran_tdist(r, 3);
}

/*
 * What bootstat.h promises, by simulation (20,000 samples of 10 each, so
 * a rate's SE is at most 0.35 points; every bound below holds with 2 SE
 * to spare): at most 5% of one normal group, and of one group with a
 * heavier tail (t with 5 and 3 degrees of freedom), split; groups 6
 * within-group SDs apart are found in at least 74% of samples whether
 * they are 2+8, 3+7 or 5+5, nearly always as the planted sizes; a 3+7
 * split 8 SDs apart in at least 97%.  The measured rates are printed.
 */
#define MODE_DRAWS	20000
static void test_modes_rates(void **state)
{
	gsl_rng *r = rng_seeded(46);
	double f_norm, f_t5, f_t3, p28, p37, p55, p37_8, e28, e37, e55;

	(void)state;
	f_norm = modes_rate(r, draw_normal, 0, 0, MODE_DRAWS, NULL);
	f_t5 = modes_rate(r, draw_t5, 0, 0, MODE_DRAWS, NULL);
	f_t3 = modes_rate(r, draw_t3, 0, 0, MODE_DRAWS, NULL);
	p28 = modes_rate(r, draw_normal, 2, 6, MODE_DRAWS, &e28);
	p37 = modes_rate(r, draw_normal, 3, 6, MODE_DRAWS, &e37);
	p55 = modes_rate(r, draw_normal, 5, 6, MODE_DRAWS, &e55);
	p37_8 = modes_rate(r, draw_normal, 3, 8, MODE_DRAWS, NULL);
	print_message("# modes, one group split: normal %.2f%%, t5 %.2f%%, t3 %.2f%%\n",
		      100 * f_norm, 100 * f_t5, 100 * f_t3);
	print_message("# modes, 6 SDs apart found (as planted): 2+8 %.1f%% (%.1f%%), 3+7 %.1f%% (%.1f%%), 5+5 %.1f%% (%.1f%%); 3+7 8 SDs apart %.1f%%\n",
		      100 * p28, 100 * e28, 100 * p37, 100 * e37, 100 * p55, 100 * e55, 100 * p37_8);
	assert_true(f_norm <= 0.045);
	assert_true(f_t5 <= 0.045);
	assert_true(f_t3 <= 0.047);
	assert_true(p28 >= 0.74 && p37 >= 0.74 && p55 >= 0.74);
	assert_true(e28 >= 0.95 * p28 && e37 >= 0.95 * p37 && e55 >= 0.9 * p55);
	assert_true(p37_8 >= 0.97);
	gsl_rng_free(r);
}

/* The false rate holds at every n, not only at 10: 20,000 normal
 * samples of 4, 6 and 20 values each. */
static void test_modes_false_rate_by_n(void **state)
{
	gsl_rng *r = rng_seeded(47);
	const size_t ns[] = { 4, 6, 20 };
	double x[20];
	struct lbs_modes m;

	(void)state;
	for (size_t j = 0; j < sizeof(ns) / sizeof(ns[0]); j++) {
		int split = 0;

		for (int k = 0; k < MODE_DRAWS; k++) {
			for (size_t i = 0; i < ns[j]; i++)
				x[i] = 10 + gsl_ran_gaussian(r, 1);
			lbs_modes(x, ns[j], &m);
			split += m.modes == 2;
		}
		print_message("# modes: %zu values, %.2f%% of one normal group split\n", ns[j],
			      100.0 * split / MODE_DRAWS);
		assert_true(split <= 0.045 * MODE_DRAWS);
		assert_true(split >= 0.03 * MODE_DRAWS);
	}
	gsl_rng_free(r);
}

/*
 * Paired: every replicate shares a factor (a process 10% slow, another
 * 10% fast) and y is x + 5% in each.  The per-replicate ratios are all
 * 1.05, so the CI has zero width; unpaired, the shared factor widens it
 * to include 0.
 */
static void test_paired_ratio(void **state)
{
	const double x[] = { 90, 100, 110, 95, 105, 100 };
	double y[6];
	struct lbs_ratio pr, ur;
	gsl_rng *r = rng_seeded(3);

	(void)state;
	for (int i = 0; i < 6; i++)
		y[i] = 1.05 * x[i];
	assert_int_equal(lbs_paired_ratio_ci(r, x, y, 6, 2000, 0.95, &pr), 0);
	assert_float_equal(pr.ratio, 1.05, 1e-12);
	assert_float_equal(pr.lo, 1.05, 1e-12);
	assert_float_equal(pr.hi, 1.05, 1e-12);
	assert_int_equal(lbs_ratio_ci(r, x, 6, y, 6, 2000, 0.95, &ur), 0);
	assert_true(ur.lo < 1 && ur.hi > 1.05);
	/* A zero base has no ratio; two replicates are too few. */
	assert_int_equal(lbs_paired_ratio_ci(r, (const double[]){ 0, 1, 2 }, y, 3, 100, 0.95, &pr), -1);
	assert_int_equal(lbs_paired_ratio_ci(r, x, y, 2, 100, 0.95, &pr), -1);
	gsl_rng_free(r);
}

/*
 * The floor bounds: from A/A rows whose point changes are 0 and +2%, the
 * resampled 95th percentile of the largest |change| is at least the
 * largest point change and grows with the rows' spread.  Identical
 * values give a floor of exactly 0 (the quantum is added by lb-stat).
 */
static void test_aa_floor(void **state)
{
	const double x1[] = { 10, 10.2, 9.8, 10.1, 9.9, 10, 10.3, 9.7 };
	const double y1[] = { 10.1, 9.9, 10, 10.2, 9.8, 10, 9.7, 10.3 };
	const double x2[] = { 20, 20.1, 19.9, 20, 20.2, 19.8, 20, 20.1 };
	const double y2[] = { 20.4, 20.5, 20.3, 20.4, 20.6, 20.2, 20.4, 20.5 };
	const double same[] = { 5.564, 5.564, 5.564, 5.564 };
	double wide_y2[8], f, fw;
	struct lbs_aa_row rows[2] = {
		{ .x = x1, .y = y1, .nx = 8, .ny = 8 },
		{ .x = x2, .y = y2, .nx = 8, .ny = 8 },
	};
	struct lbs_aa_row flat = { .x = same, .y = same, .nx = 4, .ny = 4, .paired = 1 };
	gsl_rng *r = rng_seeded(7);

	(void)state;
	f = lbs_aa_floor(r, rows, 2, 4000, LBS_FLOOR_Q);
	print_message("# A/A floor of changes 0%% and +2%%: %.3f%%\n", f);
	assert_true(f > 2.0);
	assert_true(f < 5.0);
	for (int i = 0; i < 8; i++)
		wide_y2[i] = 20.4 + 4 * (y2[i] - 20.4);
	rows[1].y = wide_y2;
	fw = lbs_aa_floor(r, rows, 2, 4000, LBS_FLOOR_Q);
	assert_true(fw > f);
	assert_float_equal(lbs_aa_floor(r, &flat, 1, 1000, LBS_FLOOR_Q), 0, 1e-12);
	assert_true(isnan(lbs_aa_floor(r, rows, 0, 1000, LBS_FLOOR_Q)));
	gsl_rng_free(r);
}

/* The schema's verdict list holds every name lbs_verdict returns. */
#define VERDICT_NAME(v, desc) v,
static int in_schema(const char *v)
{
	static const char *const names[] = { LB_VERDICTS(VERDICT_NAME) NULL };

	for (const char *const *n = names; *n; n++)
		if (!strcmp(*n, v))
			return 1;
	return 0;
}

/*
 * Verdicts on intervals: with a floor of 3%, a +5% change whose CI
 * reaches down to +2% is within noise however small its p, one whose CI
 * starts at +3.5% is a change; the same below zero; without an A/A pair
 * a CI across 0 is not significant.
 */
static void test_verdict_ci(void **state)
{
	const char *v;

	(void)state;
	assert_string_equal(lbs_verdict(10, 10, 0, 5, 2, 8, 3, 1e-4, 0.05), "within-noise");
	assert_string_equal(lbs_verdict(10, 10, 0, 5, 3.5, 8, 3, 1e-4, 0.05), "changed");
	assert_string_equal(lbs_verdict(10, 10, 0, -5, -8, -2, 3, 1e-4, 0.05), "within-noise");
	assert_string_equal(lbs_verdict(10, 10, 0, -5, -8, -3.5, 3, 1e-4, 0.05), "changed");
	assert_string_equal(lbs_verdict(10, 10, 0, 5, 3.5, 8, 3, 0.2, 0.05), "not-significant");
	assert_string_equal(lbs_verdict(10, 10, 0, 5, 1, 8, NAN, 1e-4, 0.05), "changed-no-floor");
	assert_string_equal(lbs_verdict(10, 10, 0, 5, -1, 8, NAN, 1e-4, 0.05), "not-significant");
	assert_string_equal(lbs_verdict(10, 10, 0, 5, NAN, NAN, 3, 1e-4, 0.05), "within-noise");
	assert_string_equal(lbs_verdict(10, 10, 1, 5, 3.5, 8, 3, 1e-4, 0.05), "a-a");
	assert_string_equal(lbs_verdict(2, 10, 0, 5, 3.5, 8, 3, 1e-4, 0.05), "n-too-small");
	assert_string_equal(lbs_verdict(10, 10, 0, NAN, NAN, NAN, 3, NAN, 0.05), "no-ratio");
	v = lbs_verdict(10, 10, 0, 5, 3.5, 8, 3, 1e-4, 0.05);
	assert_true(in_schema(v));
	assert_true(in_schema("changed-no-floor") && in_schema("within-noise"));
}

/* R's p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm"); a NaN is not a test. */
static void test_holm(void **state)
{
	const double p[] = { 0.01, 0.04, 0.03, 0.005 };
	const double q[] = { 0.01, NAN, 0.04, 0.03, 0.005 };
	const double want[] = { 0.03, 0.06, 0.06, 0.02 };
	double adj[5];

	(void)state;
	lbs_holm(p, adj, 4);
	for (int i = 0; i < 4; i++)
		assert_float_equal(adj[i], want[i], 1e-12);
	lbs_holm(q, adj, 5);
	assert_true(isnan(adj[1]));
	assert_float_equal(adj[0], 0.03, 1e-12);
	assert_float_equal(adj[4], 0.02, 1e-12);
}

#define SIM_PAIRS	200
#define SIM_CELLS	15
#define SIM_BOOTS	10

static void draw(gsl_rng *r, double *x, size_t n, double scale, double sigma)
{
	for (size_t i = 0; i < n; i++)
		x[i] = scale * exp(gsl_ran_gaussian(r, sigma));
}

/*
 * 200 A/A fixture pairs, each a family of 15 cells of 10 boots drawn from
 * one lognormal distribution: after Holm, at most 5% of the families may
 * show any "significant" cell.
 */
static void test_aa_familywise(void **state)
{
	gsl_rng *data = rng_seeded(2005);
	double x[SIM_BOOTS], y[SIM_BOOTS], p[SIM_CELLS];
	struct lbs_rank rk;
	int families = 0, raw = 0;

	(void)state;
	for (int k = 0; k < SIM_PAIRS; k++) {
		int hit = 0;

		for (int c = 0; c < SIM_CELLS; c++) {
			draw(data, x, SIM_BOOTS, 25, 0.15);
			draw(data, y, SIM_BOOTS, 25, 0.15);
			assert_int_equal(lbs_rank_test(x, SIM_BOOTS, y, SIM_BOOTS, &rk), 0);
			p[c] = rk.p;
			raw += p[c] < 0.05;
		}
		lbs_holm(p, p, SIM_CELLS);
		for (int c = 0; c < SIM_CELLS; c++)
			hit |= p[c] < 0.05;
		families += hit;
	}
	print_message("# A/A: %d of %d families with a Holm-significant cell; %d of %d raw p < 0.05\n",
		      families, SIM_PAIRS, raw, SIM_PAIRS * SIM_CELLS);
	assert_true(families <= SIM_PAIRS / 20);
	/* Without correction the raw rate is near 5% per test, so the
	 * family-wise control is Holm's doing, not a dead test. */
	assert_true(raw > SIM_PAIRS * SIM_CELLS / 40);
}

static struct lb_record rec(const char *variant, uint64_t boot, double ns)
{
	struct lb_record r = { 0 };

	strcpy(r.variant, variant);
	strcpy(r.accel, "tcg");
	strcpy(r.kind, "spin_lock");
	strcpy(r.mode, "hot");
	strcpy(r.status, "ok");
	r.threads = 1;
	r.boot = boot;
	r.ns_op = (uint64_t)llround(ns * LB_DEC_SCALE);
	return r;
}

/* One value per boot, the median of its passes, in boot order; failed
 * records and other variants are left out. */
static void test_boot_medians(void **state)
{
	struct lb_set s = { 0 };
	struct lb_record bad = rec("pre", 0, 1000);
	struct lbc_index ix;
	double out[16];
	size_t nrec;
	int over = 0;

	(void)state;
	strcpy(bad.status, "timeout");
	{
		const double b1[] = { 30, 10, 20 }, b0[] = { 5, 7, 6, 100 };

		for (int i = 0; i < 3; i++) {
			struct lb_record r = rec("pre", 1, b1[i]);

			lb_set_add(&s, &r);
		}
		for (int i = 0; i < 4; i++) {
			struct lb_record r = rec("pre", 0, b0[i]);

			lb_set_add(&s, &r);
		}
	}
	lb_set_add(&s, &bad);
	{
		struct lb_record r = rec("post", 0, 500);

		lb_set_add(&s, &r);
	}
	assert_int_equal(lbc_index_init(&ix, &s), 0);
	assert_int_equal(lbc_boot_medians(&ix, "pre", &s.rec[0], "ns_op", out, &nrec, &over), 2);
	assert_int_equal(nrec, 7);
	assert_float_equal(out[0], 6.5, 1e-9);
	assert_float_equal(out[1], 20, 1e-9);
	/* Each value's boot, for pairing two variants' replicates. */
	{
		uint64_t boots[16] = { 9, 9 };

		assert_int_equal(lbc_boot_medians_ids(&ix, "pre", &s.rec[0], "ns_op", out, boots, &nrec,
						      &over), 2);
		assert_int_equal(boots[0], 0);
		assert_int_equal(boots[1], 1);
		assert_float_equal(out[1], 20, 1e-9);
	}
	lbc_index_free(&ix);
	lb_set_free(&s);
}

/*
 * The index finds a cell's records wherever they sit in the input, and a
 * cell is enumerated at its first ok record: a failed first pass must not
 * hide the cell.
 */
static void test_index_first_ok(void **state)
{
	struct lb_set s = { 0 };
	struct lb_record r;
	struct lbc_index ix;
	double out[4];
	size_t nrec;
	int over = 0;

	(void)state;
	r = rec("pre", 0, 10);
	strcpy(r.status, "timeout");
	lb_set_add(&s, &r);
	r = rec("post", 0, 30);
	lb_set_add(&s, &r);
	r = rec("pre", 1, 12);
	lb_set_add(&s, &r);
	r = rec("pre", 0, 11);
	lb_set_add(&s, &r);
	assert_int_equal(lbc_index_init(&ix, &s), 0);
	assert_false(lbc_first_of_cell(&ix, 0));
	assert_true(lbc_first_of_cell(&ix, 1));
	assert_true(lbc_first_of_cell(&ix, 2));
	assert_false(lbc_first_of_cell(&ix, 3));
	assert_int_equal(lbc_boot_medians(&ix, "pre", &s.rec[1], "ns_op", out, &nrec, &over), 2);
	assert_int_equal(nrec, 2);
	assert_float_equal(out[0], 11, 1e-9);
	assert_float_equal(out[1], 12, 1e-9);
	/* pad is part of the cell though not a written column. */
	r = rec("pre", 0, 0);
	r.pad = 8;
	assert_int_equal(lbc_boot_medians(&ix, "pre", &r, "ns_op", out, &nrec, &over), 0);
	/* A cell no record has: no boots. */
	r = rec("pre", 0, 0);
	strcpy(r.kind, "empty");
	assert_int_equal(lbc_boot_medians(&ix, "pre", &r, "ns_op", out, &nrec, &over), 0);
	lbc_index_free(&ix);
	lb_set_free(&s);
}

/* Fairness as one figure: share_max / share_min, per boot; a record where
 * a thread never got in has none, and one thread reports no fair_ratio. */
static void test_fair_ratio(void **state)
{
	struct lb_set s = { 0 };
	const double lo[] = { 40, 25, 0 }, hi[] = { 60, 75, 100 };
	struct lbc_index ix;
	const char *const *m;
	double out[4], v;
	size_t nrec;
	int over = 0, seen = 0;

	(void)state;
	for (int i = 0; i < 3; i++) {
		struct lb_record r = rec("pre", (uint64_t)i, 0);

		strcpy(r.mode, "contended");
		r.threads = 2;
		r.share_min = (uint64_t)llround(lo[i] * LB_DEC_SCALE);
		r.share_max = (uint64_t)llround(hi[i] * LB_DEC_SCALE);
		lb_set_add(&s, &r);
	}
	assert_int_equal(lbc_value(&s.rec[0], "fair_ratio", &v), 0);
	assert_float_equal(v, 1.5, 1e-9);
	assert_int_equal(lbc_value(&s.rec[2], "fair_ratio", &v), -1);
	assert_int_equal(lbc_index_init(&ix, &s), 0);
	assert_int_equal(lbc_boot_medians(&ix, "pre", &s.rec[0], "fair_ratio", out, &nrec, &over), 2);
	assert_float_equal(out[0], 1.5, 1e-9);
	assert_float_equal(out[1], 3, 1e-9);
	assert_string_equal(lbc_unit(&s.rec[0], "fair_ratio"), "ratio");
	for (m = lbc_metrics(&s.rec[0]); *m; m++)
		seen += !strcmp(*m, "fair_ratio");
	assert_int_equal(seen, 1);
	s.rec[0].threads = 1;
	for (m = lbc_metrics(&s.rec[0]); *m; m++)
		assert_string_not_equal(*m, "fair_ratio");
	lbc_index_free(&ix);
	lb_set_free(&s);
}

/* A contended record of 2 threads (or T) that measured the v3 columns:
 * jain in thousandths, handoff_ns over H hand-offs. */
static struct lb_record cont(const char *variant, uint64_t boot, uint64_t t, uint64_t jain,
			     double handoff, uint64_t h)
{
	struct lb_record r = rec(variant, boot, 0);

	strcpy(r.accel, "native");
	strcpy(r.mode, "contended");
	/* As lbrec reads every record: a placement, here the default. */
	strcpy(r.placement, "any");
	r.threads = t;
	r.hold_ns = 100;
	r.parallel_ns = 200;
	r.ops_per_s = 1000000 + boot;
	r.share_min = 45 * LB_DEC_SCALE;
	r.share_max = 55 * LB_DEC_SCALE;
	r.jain = jain;
	r.handoff_ns = (uint64_t)llround(handoff * LB_DEC_SCALE);
	r.handoffs = h;
	r.hold_meas_ns = 99900 + boot;
	r.par_meas_ns = 200100;
	r.lock_ovh_ns = 30 * LB_DEC_SCALE;
	r.all_run_pct = 99 * LB_DEC_SCALE;
	return r;
}

/* summary.csv's row of VARIANT, THREADS and METRIC in BUF: its unit, n and
 * median, the columns found by the header's names.  0 when found. */
static int summary_row(const char *buf, const char *variant, unsigned threads, const char *metric,
		       char *unit, size_t *n, double *median)
{
	char *copy = strdup(buf), *save = NULL, *line, *hdr;
	int col[5] = { -1, -1, -1, -1, -1 }, found = -1;	/* variant threads metric unit n */
	int cm = -1;
	const char *want[] = { "variant", "threads", "metric", "unit", "n" };

	assert_non_null(copy);
	hdr = strtok_r(copy, "\n", &save);
	{
		char *hs = NULL, *h = strtok_r(hdr, ",", &hs);

		for (int i = 0; h; h = strtok_r(NULL, ",", &hs), i++) {
			for (int k = 0; k < 5; k++)
				if (!strcmp(h, want[k]))
					col[k] = i;
			if (!strcmp(h, "median"))
				cm = i;
		}
	}
	for (int k = 0; k < 5; k++)
		assert_true(col[k] >= 0);
	assert_true(cm >= 0);
	while (found && (line = strtok_r(NULL, "\n", &save))) {
		char *f[64], *fs = NULL, *x = strtok_r(line, ",", &fs);
		int nf = 0;

		while (x && nf < 64) {
			f[nf++] = x;
			x = strtok_r(NULL, ",", &fs);
		}
		if (strcmp(f[col[0]], variant) || strtoul(f[col[1]], NULL, 10) != threads ||
		    strcmp(f[col[2]], metric))
			continue;
		strcpy(unit, f[col[3]]);
		*n = strtoul(f[col[4]], NULL, 10);
		*median = strtod(f[cm], NULL);
		found = 0;
	}
	free(copy);
	return found;
}

/*
 * What a contended record measured besides its throughput
 * (LB_SUMMARY_CONTENDED) is in the summary, per cell, as the other
 * metrics are: median of the boot medians.  Jain's index and the
 * hand-off only from 2 threads; a hand-off only where there was one; a
 * v2 record (jain 0) gives no such row; pairs never compare them.
 */
static void test_summary_contended(void **state)
{
	struct lbs_opts o = { .seed = 1, .resamples = 200, .alpha = 0.05, .power = 0.8 };
	struct lb_set s = { 0 };
	const uint64_t jain[] = { 900, 950, 990 };
	const double ho[] = { 200, 210, 0 };
	char *buf = NULL, unit[32];
	size_t len = 0, n;
	double med;
	const char *const *m;
	FILE *f;

	(void)state;
	for (uint64_t b = 0; b < 3; b++) {
		struct lb_record r2 = cont("pre", b, 2, jain[b], ho[b], ho[b] > 0 ? 1000 : 0);
		struct lb_record r1 = cont("pre", b, 1, 1000, 0, 0);
		struct lb_record old = cont("old", b, 2, 0, 0, 0);

		lb_set_add(&s, &r2);
		lb_set_add(&s, &r1);
		lb_set_add(&s, &old);
	}
	f = open_memstream(&buf, &len);
	assert_non_null(f);
	assert_int_equal(lbs_write_summary(f, &s, &o), 0);
	assert_int_equal(fclose(f), 0);

	assert_int_equal(summary_row(buf, "pre", 2, "jain", unit, &n, &med), 0);
	assert_string_equal(unit, "index");
	assert_int_equal(n, 3);
	assert_float_equal(med, 0.95, 1e-9);
	/* The third boot had no hand-off: two boots' values. */
	assert_int_equal(summary_row(buf, "pre", 2, "handoff_ns", unit, &n, &med), 0);
	assert_string_equal(unit, "ns");
	assert_int_equal(n, 2);
	assert_float_equal(med, 205, 1e-9);
	assert_int_equal(summary_row(buf, "pre", 2, "hold_meas_ns", unit, &n, &med), 0);
	assert_float_equal(med, 99.901, 1e-9);
	assert_int_equal(summary_row(buf, "pre", 2, "par_meas_ns", unit, &n, &med), 0);
	assert_float_equal(med, 200.1, 1e-9);
	assert_int_equal(summary_row(buf, "pre", 2, "lock_ovh_ns", unit, &n, &med), 0);
	assert_float_equal(med, 30, 1e-9);
	assert_int_equal(summary_row(buf, "pre", 2, "all_run_pct", unit, &n, &med), 0);
	assert_string_equal(unit, "percent");
	/* One thread: its sections and overhead, no fairness, no hand-off. */
	assert_int_equal(summary_row(buf, "pre", 1, "lock_ovh_ns", unit, &n, &med), 0);
	assert_int_equal(n, 3);
	assert_int_not_equal(summary_row(buf, "pre", 1, "jain", unit, &n, &med), 0);
	assert_int_not_equal(summary_row(buf, "pre", 1, "handoff_ns", unit, &n, &med), 0);
	/* A v2 record: its throughput, none of the v3 columns' rows. */
	assert_int_equal(summary_row(buf, "old", 2, "ops_per_s", unit, &n, &med), 0);
	for (size_t k = 0; lbc_summary_extra(&s.rec[0], k); k++)
		assert_int_not_equal(summary_row(buf, "old", 2, lbc_summary_extra(&s.rec[0], k), unit, &n,
						 &med), 0);
	/* Described, not compared. */
	for (m = lbc_metrics(&s.rec[0]); *m; m++)
		for (size_t k = 0; lbc_summary_extra(&s.rec[0], k); k++)
			assert_string_not_equal(*m, lbc_summary_extra(&s.rec[0], k));
	{
		struct lb_record hot = rec("pre", 0, 10);

		assert_null(lbc_summary_extra(&hot, 0));
	}
	free(buf);
	lb_set_free(&s);
}

/* What may share one analysis: one unit always; one accelerator, vCPU
 * count, host and TSC rate unless forced; 0.5% of TSC rate is the slack. */
static void test_comparable(void **state)
{
	struct lb_set s = { 0 };
	struct lb_record a = rec("pre", 1, 10), b = rec("post", 1, 11);

	(void)state;
	a.vcpus = b.vcpus = 2;
	strcpy(a.host, "H-1");
	strcpy(b.host, "H-1");
	a.tsc_khz = 2400000;
	b.tsc_khz = 2400000 + 2400000 / 1000;	/* 0.1%: jitter */
	lb_set_add(&s, &a);
	lb_set_add(&s, &b);
	assert_int_equal(lbc_comparable(&s, 0, "test"), 0);
	s.rec[1].tsc_khz = 2400000 + 2400000 / 100;	/* 1%: another machine */
	assert_int_equal(lbc_comparable(&s, 0, "test"), -1);
	assert_int_equal(lbc_comparable(&s, 1, "test"), 0);
	s.rec[1].tsc_khz = s.rec[0].tsc_khz;
	s.rec[1].vcpus = 4;
	assert_int_equal(lbc_comparable(&s, 0, "test"), -1);
	assert_int_equal(lbc_comparable(&s, 1, "test"), 0);
	s.rec[1].vcpus = 2;
	strcpy(s.rec[1].host, "H-2");
	assert_int_equal(lbc_comparable(&s, 0, "test"), -1);
	strcpy(s.rec[1].host, "H-1");
	strcpy(s.rec[1].accel, "kvm");
	assert_int_equal(lbc_comparable(&s, 0, "test"), -1);
	assert_int_equal(lbc_comparable(&s, 1, "test"), 0);
	/* Instructions and cycles: refused even when forced. */
	strcpy(s.rec[1].accel, "icount");
	assert_int_equal(lbc_comparable(&s, 1, "test"), -1);
	lb_set_free(&s);
}

/* The one writer never overwrites: an existing file is refused and kept. */
static void test_create_new(void **state)
{
	char dir[] = "/tmp/lbtest.XXXXXX", path[64];
	FILE *f;
	char buf[8] = { 0 };

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/out.csv", dir);
	f = lb_create_new("test", path);
	assert_non_null(f);
	fputs("keep", f);
	assert_int_equal(fclose(f), 0);
	assert_null(lb_create_new("test", path));
	f = fopen(path, "r");
	assert_non_null(f);
	assert_non_null(fgets(buf, sizeof(buf), f));
	fclose(f);
	assert_string_equal(buf, "keep");
	unlink(path);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ratio_ci_exact),
		cmocka_unit_test(test_ratio_ci_constant),
		cmocka_unit_test(test_n_too_small),
		cmocka_unit_test(test_seeded),
		cmocka_unit_test(test_holm),
		cmocka_unit_test(test_modes),
		cmocka_unit_test(test_modes_split_grows_mad),
		cmocka_unit_test(test_modes_tight_and_wide),
		cmocka_unit_test(test_modes_rates),
		cmocka_unit_test(test_modes_false_rate_by_n),
		cmocka_unit_test(test_paired_ratio),
		cmocka_unit_test(test_aa_floor),
		cmocka_unit_test(test_verdict_ci),
		cmocka_unit_test(test_aa_familywise),
		cmocka_unit_test(test_boot_medians),
		cmocka_unit_test(test_index_first_ok),
		cmocka_unit_test(test_fair_ratio),
		cmocka_unit_test(test_summary_contended),
		cmocka_unit_test(test_comparable),
		cmocka_unit_test(test_create_new),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
