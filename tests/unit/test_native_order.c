// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of what lb-native decides before it times anything
 * (bench-user/native): the Williams order its schedule runs a job's
 * variants in, checked for every block size a run can have.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_williams_balance),
		cmocka_unit_test(test_williams_wraps),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
