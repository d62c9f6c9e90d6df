// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of two things lb-native decides before it times anything
 * (bench-user/native): the Williams order its schedule runs a job's
 * variants in, checked for every block size a run can have, and the
 * TSC's step, found from simulated reads of a clock that steps by 26
 * (a Zen 4 VM's), by 27 (a Zen 5 VM's) and by 1 behind a read latency
 * of about 40 ticks (an Intel VM's).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "tsc.h"
#include "williams.h"

#define MAXN 16

/* Every row a permutation; every ordered pair side by side equally often. */
static void test_williams_balance(void **state)
{
	unsigned int n, r, k, a, b, order[MAXN], follows[MAXN][MAXN], checked = 0;

	(void)state;
	for (n = 1; n <= MAXN; n++) {
		unsigned int rows = lbn_williams_rows(n), want = n % 2 && n > 1 ? 2 : 1;

		memset(follows, 0, sizeof(follows));
		assert_int_equal(rows, n > 1 && n % 2 ? 2 * n : n);
		for (r = 0; r < rows; r++) {
			unsigned int seen[MAXN] = { 0 };

			lbn_williams_row(n, r, order);
			for (k = 0; k < n; k++) {
				assert_true(order[k] < n);
				assert_int_equal(seen[order[k]]++, 0);
				if (k)
					follows[order[k - 1]][order[k]]++;
			}
		}
		for (a = 0; a < n; a++)
			for (b = 0; b < n; b++)
				assert_int_equal(follows[a][b], a == b ? 0 : want);
		checked++;
	}
	assert_int_equal(checked, MAXN);
}

/* Row R and row R + rows are the same: the schedule takes rounds modulo. */
static void test_williams_wraps(void **state)
{
	unsigned int x[7], y[7];

	(void)state;
	lbn_williams_row(7, 3, x);
	lbn_williams_row(7, 3 + lbn_williams_rows(7), y);
	assert_memory_equal(x, y, sizeof(x));
}

static uint64_t next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/*
 * N differences between two reads of a clock that counts true ticks but
 * shows them in steps of STEP, read LATENCY (plus up to 4) ticks apart
 * with a random spin of up to 511 ticks between, as lbn_tsc_step() does.
 */
static void simulate(uint64_t *d, size_t n, uint64_t step, uint64_t latency, uint64_t seed)
{
	uint64_t t = 1000003, s = seed;

	for (size_t i = 0; i < n; i++) {
		uint64_t t0 = t - t % step, t1;

		t += latency + next(&s) % 5 + next(&s) % 512;
		t1 = t - t % step;
		d[i] = t1 - t0;
		t += next(&s) % 97;
	}
}

static void test_step_found(void **state)
{
	static uint64_t d[4000];
	static const uint64_t steps[] = { 1, 2, 21, 26, 27, 100 };
	size_t i, checked = 0;

	(void)state;
	for (i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
		simulate(d, 4000, steps[i], 40, 7 + i);
		assert_int_equal(lbn_step_of(d, 4000), steps[i]);
		checked++;
	}
	assert_int_equal(checked, 6);
}

/* Back-to-back reads 40 or 42 ticks apart would pass for a step of 2:
 * what the random spin is there to prevent. */
static void test_step_latency_alone(void **state)
{
	uint64_t d[1000];

	(void)state;
	for (size_t i = 0; i < 1000; i++)
		d[i] = i % 3 ? 40 : 42;
	assert_int_equal(lbn_step_of(d, 1000), 2);
}

/* A few reads off the step (an interrupt's, a migration's) are allowed:
 * 99% must agree, not all. */
static void test_step_tolerates_outliers(void **state)
{
	static uint64_t d[4000];

	(void)state;
	simulate(d, 4000, 26, 40, 11);
	for (size_t i = 0; i < 4000; i += 200)
		d[i] += 7;
	assert_int_equal(lbn_step_of(d, 4000), 26);
	for (size_t i = 0; i < 4000; i += 50)
		d[i] += 7;
	assert_int_equal(lbn_step_of(d, 4000), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_williams_balance),
		cmocka_unit_test(test_williams_wraps),
		cmocka_unit_test(test_step_found),
		cmocka_unit_test(test_step_latency_alone),
		cmocka_unit_test(test_step_tolerates_outliers),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
