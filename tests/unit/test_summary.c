// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the measurement core that the module and the native
 * harness both compile (bench-module/lockbench_summary.h and
 * lockbench_hist.h).  The expected figures were computed with the two
 * sides' own copies from before they were merged (native lock.c, tsc.c
 * and contended.c; the module's lockbench_stats.c), on the same inputs:
 * a change to a formula on either side fails here.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "lockbench_hist.h"
#include "lockbench_summary.h"

static void test_unc_figures(void **state)
{
	uint64_t samp[] = { 15230, 14980, 16010, 15500, 90000, 15020,
			    14890, 15110, 15300, 15000, 14700 };
	uint64_t emp[] = { 3010, 2990, 3005, 3100, 2980, 3000,
			   3020, 9000, 2995, 3001, 3003 };
	struct lb_unc_figures f;

	(void)state;
	lb_unc_figures(samp, emp, 11, &f);
	assert_int_equal(f.overhead, 3003);
	assert_int_equal(f.p25, 11977);
	assert_int_equal(f.p50, 12107);
	assert_int_equal(f.p75, 12297);
	/* Clamped at zero, sorted: the outlier is last. */
	assert_int_equal(samp[10], 90000 - 3003);
	assert_int_equal(lb_cyc_to_ns_at(f.p50, 2994000), 4043);
	assert_int_equal(lb_cyc_to_ns_at(f.p50, 0), 0);
	assert_int_equal(lb_ns_to_cyc_at(1000000, 2994000), 2994000);
}

static void test_cont_figures(void **state)
{
	const uint64_t ops[] = { 1234567, 1200001, 1300003 };
	struct lb_cont_figures f;

	(void)state;
	lb_cont_figures(ops, 3, 598800000, 2994000, &f);
	assert_int_equal(f.total, 3734571);
	assert_int_equal(f.mean, 1244857);
	assert_int_equal(f.ops_per_s, 18672855);
	assert_int_equal(f.fair_cv, 33);
	assert_int_equal(f.share_min, 32132);
	assert_int_equal(f.share_max, 34809);
	lb_cont_figures(ops, 3, 0, 2994000, &f);
	assert_int_equal(f.ops_per_s, 0);
}

/* The module's int_sqrt64() is floor(sqrt(x)); so must the core's be. */
static void test_isqrt(void **state)
{
	const uint64_t edge[] = { 0, 1, 2, 3, 4, 15, 16, 17, 99, 100,
				  (1ULL << 32) - 1, 1ULL << 32,
				  4294967295ULL * 4294967295ULL,
				  ~(uint64_t)0 };
	uint64_t x = 0x9e3779b97f4a7c15ULL, r;
	unsigned int i;

	(void)state;
	for (i = 0; i < sizeof(edge) / sizeof(edge[0]) + 10000; i++) {
		uint64_t v = i < sizeof(edge) / sizeof(edge[0]) ? edge[i] : (x = x * 6364136223846793005ULL + 1) >> (i % 64);

		r = lb_isqrt(v);
		assert_true((unsigned __int128)r * r <= v);
		assert_true((unsigned __int128)(r + 1) * (r + 1) > v);
	}
}

static void test_hist(void **state)
{
	const uint64_t w[] = { 3, 7, 8, 9, 15, 16, 100, 1000, 1001, 5000,
			       123456, 1ULL << 40 };
	const unsigned int idx[] = { 3, 7, 8, 9, 15, 16, 36, 63, 63, 81, 119, 304 };
	const uint64_t val[] = { 3, 7, 8, 9, 15, 17, 100, 992, 992, 4864,
				 126976, 1168231104512ULL };
	uint64_t h[LB_HIST_BUCKETS] = { 0 }, total = 0;
	unsigned int i;

	(void)state;
	for (i = 0; i < sizeof(w) / sizeof(w[0]); i++) {
		assert_int_equal(lb_hist_index(w[i]), idx[i]);
		assert_int_equal(lb_hist_value(idx[i]), val[i]);
		h[idx[i]] += i + 1;
		total += i + 1;
	}
	assert_int_equal(lb_hist_pct(h, total, 50), 992);
	assert_int_equal(lb_hist_pct(h, total, 90), 1168231104512ULL);
	assert_int_equal(lb_hist_pct(h, 0, 50), 0);
	assert_int_equal(lb_hist_index(~(uint64_t)0), LB_HIST_BUCKETS - 1);
	/* Every bucket's value lies in that bucket. */
	for (i = 0; i < LB_HIST_BUCKETS; i++)
		assert_int_equal(lb_hist_index(lb_hist_value(i)), i);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unc_figures),
		cmocka_unit_test(test_cont_figures),
		cmocka_unit_test(test_isqrt),
		cmocka_unit_test(test_hist),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
