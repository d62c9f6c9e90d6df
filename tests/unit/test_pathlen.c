// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the path-length table and the icount calibration check. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "pathlen.h"

static struct lb_record mk(const char *variant, const char *kind, uint64_t pad, uint64_t milli,
			   uint64_t boot)
{
	struct lb_record r;

	memset(&r, 0, sizeof(r));
	snprintf(r.variant, sizeof(r.variant), "%s", variant);
	snprintf(r.kind, sizeof(r.kind), "%s", kind);
	strcpy(r.accel, "icount");
	strcpy(r.mode, "hot");
	strcpy(r.status, "ok");
	r.read_pct = 100;
	r.slope = 1;
	r.pad = pad;
	r.boot = boot;
	r.cyc_op = r.cyc_p25 = r.cyc_p75 = milli;
	return r;
}

static struct lb_set set_of(size_t n, const struct lb_record *r)
{
	struct lb_set s = { 0 };

	for (size_t i = 0; i < n; i++)
		lb_set_add(&s, &r[i]);
	return s;
}

static int add(struct pl_table *t, size_t n, const struct lb_record *r, char *err)
{
	struct lb_set s = set_of(n, r);
	int rc = pl_add(t, "t.csv", &s, err, LB_ERR_MAX);

	lb_set_free(&s);
	return rc;
}

static char *csv_of(const struct pl_table *t)
{
	char *buf = NULL;
	size_t len;
	FILE *f = open_memstream(&buf, &len);

	pl_write_csv(f, t);
	fclose(f);
	return buf;
}

static void test_table(void **state)
{
	static struct pl_table t;
	char err[LB_ERR_MAX], *csv;
	struct lb_record r[] = {
		mk("pre", "spin_lock", 0, 6000, 1), mk("pre", "spin_lock", 0, 6000, 2),
		mk("post-debug", "spin_lock", 0, 50000, 1), mk("pre", "read_lock", 0, 7000, 1),
	};

	(void)state;
	memset(&t, 0, sizeof(t));
	assert_int_equal(add(&t, 4, r, err), 0);
	assert_int_equal(t.nv, 2);
	assert_int_equal(t.n[0][0], 2);
	csv = csv_of(&t);
	/* Two boots of pre's spin_lock are one cell with 2 records; read_lock
	 * did not run on post-debug, so it has no row there. */
	assert_string_equal(csv, "variant,kind,read_pct,pad,instructions,records\n"
				 "pre,spin_lock,100,0,6.000,2\n"
				 "pre,read_lock,100,0,7.000,1\n"
				 "post-debug,spin_lock,100,0,50.000,1\n");
	free(csv);
}

static void test_refusals(void **state)
{
	static struct pl_table t;
	char err[LB_ERR_MAX];
	struct lb_record two[] = { mk("pre", "spin_lock", 0, 6000, 1), mk("pre", "spin_lock", 0, 6010, 2) };
	struct lb_record r;

	(void)state;
	memset(&t, 0, sizeof(t));
	assert_int_equal(add(&t, 2, two, err), -1);
	assert_non_null(strstr(err, "t.csv: record 2 (pre spin_lock, boot 2, seq 0): 6.010 instructions, "
				    "an earlier record of the cell had 6.000: the counts are not reproducible"));
	memset(&t, 0, sizeof(t));
	r = mk("pre", "spin_lock", 0, 6000, 1);
	strcpy(r.accel, "tcg");
	assert_int_equal(add(&t, 1, &r, err), -1);
	assert_non_null(strstr(err, "not an icount record"));
	r = mk("pre", "spin_lock", 0, 6000, 1);
	r.cyc_p75 = 7000;
	assert_int_equal(add(&t, 1, &r, err), -1);
	assert_non_null(strstr(err, "not exact"));
	r = mk("pre", "spin_lock", 0, 6000, 1);
	r.slope = 0;
	assert_int_equal(add(&t, 1, &r, err), -1);
	assert_non_null(strstr(err, "slope=0"));
	r = mk("pre", "spin_lock", 0, 6000, 1);
	strcpy(r.mode, "cold");
	assert_int_equal(add(&t, 1, &r, err), -1);
	assert_non_null(strstr(err, "only hot jobs"));
}

static int calibrate(const struct lb_record *padded, size_t np, const struct lb_record *plain,
		     size_t nq)
{
	static struct pl_table a, b;
	char err[LB_ERR_MAX];
	FILE *f = fopen("/dev/null", "w");
	int rc;

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	assert_int_equal(add(&a, np, padded, err), 0);
	assert_int_equal(add(&b, nq, plain, err), 0);
	rc = pl_calibrate(f, &a, &b, err, sizeof(err));
	fclose(f);
	return rc;
}

static void test_calibrate(void **state)
{
	struct lb_record plain[] = { mk("pre", "spin_lock", 0, 6000, 1), mk("pre", "read_lock", 0, 7000, 1) };
	struct lb_record padded[] = {
		mk("pre", "spin_lock", 0, 6000, 2), mk("pre", "spin_lock", 1, 7000, 2),
		mk("pre", "spin_lock", 64, 70000, 2), mk("pre", "read_lock", 0, 7000, 2),
	};

	(void)state;
	assert_int_equal(calibrate(padded, 4, plain, 2), 0);
	/* A pad off by one instruction is caught ... */
	padded[2].cyc_op = padded[2].cyc_p25 = padded[2].cyc_p75 = 71000;
	assert_int_equal(calibrate(padded, 4, plain, 2), 1);
	/* ... and so is another kind that moved beside the pads. */
	padded[2].cyc_op = padded[2].cyc_p25 = padded[2].cyc_p75 = 70000;
	padded[3].cyc_op = padded[3].cyc_p25 = padded[3].cyc_p75 = 8000;
	assert_int_equal(calibrate(padded, 4, plain, 2), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_calibrate),
	};

	return cmocka_run_group_tests_name("pathlen", tests, NULL, NULL);
}
