// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the contended loop's shared measurement
 * (bench-module/lockbench_contend.h) and read-or-write draw
 * (lockbench_prng.h), which the module and the native harness both run:
 * Jain's index on known per-thread counts, which acquisitions count as
 * hand-offs, the all-running share, lockhammer's overhead, that the
 * in-loop correction brings a section to its asked length while the
 * work's speed moves, and the draw's sequence.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include "lockbench_contend.h"
#include "lockbench_prng.h"

static void test_jain(void **state)
{
	unsigned long long equal[4] = { 500, 500, 500, 500 }, one[4] = { 900, 0, 0, 0 };
	unsigned long long three_one[2] = { 3, 1 }, big[2] = { 3ull << 40, 1ull << 40 };
	unsigned long long skew[3] = { 100, 200, 300 };

	(void)state;
	assert_int_equal(lb_jain_milli(equal, 4), 1000);
	assert_int_equal(lb_jain_milli(one, 4), 250);		/* 1/n */
	assert_int_equal(lb_jain_milli(three_one, 2), 800);	/* 16 / (2 * 10) */
	/* Counts past 2^20 are scaled, not overflowed. */
	assert_int_equal(lb_jain_milli(big, 2), 800);
	/* 600^2 / (3 * 140000) = 0.857 */
	assert_int_equal(lb_jain_milli(skew, 3), 857);
	assert_int_equal(lb_jain_milli(one + 1, 3), 0);	/* nothing counted */
}

static struct lb_citer iter(unsigned long long t0, unsigned long long t1, unsigned long long rel,
			    unsigned int owner)
{
	struct lb_citer it = { { t0, t1, t1 + 100, t1 + 110 }, rel, owner, 1, 0 };

	return it;
}

static void test_handoff(void **state)
{
	struct lb_cacc a = { .cap_hold = ~0ull, .cap_par = ~0ull, .cap_ho = 1000 };
	struct lb_citer it;

	(void)state;
	/* Thread 0 (owner id 1) waited from 1000; thread 1 (id 2) released at 1050. */
	it = iter(1000, 1080, 1050, 2);
	lb_cacc_add(&a, &it, 0);
	assert_int_equal(a.ho_n, 1);
	assert_int_equal(a.ho_sum, 30);
	/* Its own release before: no hand-off. */
	it = iter(2000, 2080, 2050, 1);
	lb_cacc_add(&a, &it, 0);
	/* Another's release before this thread began to wait: the lock was free. */
	it = iter(3000, 3010, 2990, 2);
	lb_cacc_add(&a, &it, 0);
	/* No previous exclusive holder (a read kind, or the first acquisition). */
	it = iter(4000, 4080, 4050, 0);
	lb_cacc_add(&a, &it, 0);
	/* A stamp after the acquire: another CPU's TSC ahead, dropped. */
	it = iter(5000, 5080, 5090, 2);
	lb_cacc_add(&a, &it, 0);
	/* Preempted past the cap: left out. */
	it = iter(6000, 8000, 6050, 2);
	lb_cacc_add(&a, &it, 0);
	assert_int_equal(a.ho_n, 1);
	assert_int_equal(a.ops, 6);
	assert_int_equal(a.excl, 6);
}

static void test_overlap_and_overhead(void **state)
{
	struct lb_cacc a[2] = { { .first = 100, .last = 1100 }, { .first = 300, .last = 1200 } };
	unsigned long long all = 0, span = 0;

	(void)state;
	lb_overlap_add(a, 2, &all, &span);
	assert_int_equal(all, 800);	/* 300 to 1100 */
	assert_int_equal(span, 1100);	/* 100 to 1200 */
	/* Disjoint: nothing in common. */
	a[1].first = 1150;
	lb_overlap_add(a, 2, &all, &span);
	assert_int_equal(all, 800);
	/* 1000 ops in 500 us of CPU: 500 ns an op, less 380 ns of sections. */
	assert_int_equal(lb_overhead_milli(500000, 1000, 380000), 120000);
	assert_int_equal(lb_overhead_milli(300000, 1000, 380000), 0);
	assert_int_equal(lb_overhead_milli(1, 0, 0), 0);
}

/*
 * The section check, in the loop's own terms: a section whose work runs
 * at SPEED ticks per 1000 turns, plus 30 ticks of its own and one timer
 * read of 40, asked to last 210 ticks.  The speed halves a third of the
 * way through; the mean the loop measures stays within 3% of what was
 * asked, where uncorrected turns would miss it by half.
 */
static void test_correction(void **state)
{
	struct lb_cacc a = { .cap_hold = ~0ull, .cap_par = ~0ull, .want_hold = 210, .timer = 40,
			     .hold_turns = 180, .turns_per_tick = 1000 };
	unsigned long long t = 1000, speed = 1000, held;
	struct lb_citer it = { .excl = 1 };
	double mean;
	int i;

	(void)state;
	for (i = 0; i < 30000; i++) {
		if (i == 10000)
			speed = 2000;
		held = 30 + 40 + a.hold_turns * speed / 1000;
		it.ts[0] = t;
		it.ts[1] = t + 10;
		it.ts[2] = it.ts[1] + held;
		it.ts[3] = it.ts[2] + 10;
		t = it.ts[3] + 50;
		lb_cacc_add(&a, &it, 0);
	}
	mean = (double)a.hold_sum / a.hold_n - a.timer;
	assert_true(mean > 0.97 * 210 && mean < 1.03 * 210);
	/* After the change, the turns settled at half. */
	assert_int_equal(a.hold_turns, 90);
}

/*
 * Marsaglia's xorshift32 (13, 17, 5) from his paper's seed, and from the
 * module's first thread's: a change to lb_xorshift() moves every mix
 * kind's read/write draws on both instruments, so it must be seen here.
 */
static void test_xorshift(void **state)
{
	uint32_t s = 2463534242u, t = 0x9e3779b9u;

	(void)state;
	assert_int_equal(lb_xorshift(&s), 723471715u);
	assert_int_equal(s, 723471715u);	/* the state is the output */
	assert_int_equal(lb_xorshift(&s), 2497366906u);
	assert_int_equal(lb_xorshift(&s), 2064144800u);
	assert_int_equal(lb_xorshift(&t), 1359758873u);
	assert_int_equal(lb_xorshift(&t), 3761132862u);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_jain),
		cmocka_unit_test(test_handoff),
		cmocka_unit_test(test_overlap_and_overhead),
		cmocka_unit_test(test_correction),
		cmocka_unit_test(test_xorshift),
	};

	return cmocka_run_group_tests_name("contend", tests, NULL, NULL);
}
