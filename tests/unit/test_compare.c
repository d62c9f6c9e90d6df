// SPDX-License-Identifier: GPL-2.0
/* Unit tests of lb-compare through its real entry point, lbc_main(). */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "compare.h"

#define F(name) LB_FIXTURES "/" name

static char *out, *err;

/* Run lb-compare with the NULL-terminated arguments; keep stdout/stderr. */
static int run(const char *first, ...)
{
	char *argv[32] = { "lb-compare" };
	size_t olen, elen;
	int argc = 1, rc;
	FILE *o, *e;
	va_list ap;

	free(out);
	free(err);
	out = err = NULL;
	o = open_memstream(&out, &olen);
	e = open_memstream(&err, &elen);
	va_start(ap, first);
	for (const char *a = first; a && argc < 31; a = va_arg(ap, const char *))
		argv[argc++] = (char *)a;
	va_end(ap);
	argv[argc] = NULL;
	rc = lbc_main(argc, argv, o, e);
	fclose(o);
	fclose(e);
	return rc;
}

#define assert_has(hay, needle) do {					\
	if (!strstr((hay), (needle)))					\
		print_error("missing '%s' in:\n%s\n", (needle), (hay));	\
	assert_non_null(strstr((hay), (needle)));			\
} while (0)
#define assert_lacks(hay, needle) assert_null(strstr((hay), (needle)))

static void test_refuse_accel(void **state)
{
	(void)state;
	assert_int_equal(run(F("pre.csv"), F("post-tcg.csv"), NULL), LBC_REFUSED);
	assert_has(err, "refusing to compare: field 'accel' differs: " F("pre.csv") " has 'kvm', "
		   F("post-tcg.csv") " has 'tcg'; --force overrides");
	assert_string_equal(out, "");
}

static void test_refuse_units(void **state)
{
	(void)state;
	/* Instructions and cycles: refused even with --force, both named. */
	assert_int_equal(run("--force", F("pre.csv"), F("post-icount.csv"), NULL), LBC_REFUSED);
	assert_has(err, "refusing to compare " F("pre.csv") " with " F("post-icount.csv")
		   ": kvm records count cycles, icount records count instructions: the units do not mix");
	assert_string_equal(out, "");
}

static void test_refuse_vcpus_host(void **state)
{
	(void)state;
	assert_int_equal(run(F("pre.csv"), F("post-vcpus4.csv"), NULL), LBC_REFUSED);
	assert_has(err, "field 'vcpus' differs: " F("pre.csv") " has '2', " F("post-vcpus4.csv") " has '4'");
	assert_int_equal(run(F("pre.csv"), F("post.csv"), F("post-otherhost.csv"), NULL), LBC_REFUSED);
	assert_has(err, "field 'host' differs: " F("pre.csv") " has 'Test_CPU_x4', "
		   F("post-otherhost.csv") " has 'Other_CPU_x8'");
	assert_lacks(err, "'accel'");
}

static void test_refuse_mixed_within_set(void **state)
{
	(void)state;
	assert_int_equal(run(F("pre-mixed.csv"), F("post.csv"), NULL), LBC_REFUSED);
	assert_has(err, "field 'accel' differs within " F("pre-mixed.csv")
		   ": record 1 has 'kvm', record 16 has 'tcg'");
}

static void test_force_overrides(void **state)
{
	(void)state;
	assert_int_equal(run("--force", F("pre.csv"), F("post-tcg.csv"), NULL), LBC_OK);
	assert_has(err, "warning: field 'accel' differs");
	assert_has(out, "# forced: field 'accel' differs");
	assert_has(out, "+11.46");
}

static void test_text_table(void **state)
{
	(void)state;
	assert_int_equal(run(F("pre.csv"), F("post.csv"), NULL), LBC_OK);
	assert_string_equal(err, "");
	/* Welch example data as ns_op: values checked in test_lbstats. */
	assert_has(out, "# lb-compare: base pre; metric auto");
	assert_has(out, "19.200       19.370     1.204     0.861        base        -       -  -\n");
	assert_has(out, "20       0       21.850       21.590     4.123     1.930      +11.46   0.0355  0.0528  *\n");
	/* The contended cell uses ops_per_s; 10% fewer ops, very significant. */
	assert_has(out, "spin_lock  contended  2        100       100      200          ops_per_s  post");
	assert_has(out, "900000.000   900000.000  7905.694  9816.216      -10.00  4.1e-08  0.0122  **\n");
	assert_has(out, "# flags: * Welch p < 0.05, ** p < 0.005\n");
	assert_lacks(out, "oversubscribed");
}

static void test_csv_and_md(void **state)
{
	(void)state;
	assert_int_equal(run("--format", "csv", F("pre.csv"), F("post.csv"), NULL), LBC_OK);
	assert_has(out, "\nkind,mode,threads,read_pct,hold_ns,parallel_ns,metric,set,n,failed,median,mean,"
		   "stddev,ci95,pct_change,p_welch,p_mw,flags\n");
	assert_has(out, "\nspin_lock,hot,1,100,0,0,ns_op,pre,10,0,19.200,19.370,1.204,0.861,base,-,-,-\n");
	assert_has(out, "\nspin_lock,hot,1,100,0,0,ns_op,post,20,0,21.850,21.590,4.123,1.930,+11.46,0.0355,0.0528,*\n");
	assert_int_equal(run("--format", "md", F("pre.csv"), F("post.csv"), NULL), LBC_OK);
	assert_has(out, "| kind | mode | threads |");
	assert_has(out, "|---|---|---|---|---|---|---|---|---:|");
	assert_has(out, "| spin_lock | hot | 1 | 100 | 0 | 0 | ns_op | post | 20 | 0 | 21.850 | 21.590 | 4.123 | "
		   "1.930 | +11.46 | 0.0355 | 0.0528 | * |\n");
	assert_has(out, "- flags: * Welch p < 0.05");
}

static void test_alpha(void **state)
{
	(void)state;
	/* p = 0.0355 is not significant at 0.01; the contended cell still is. */
	assert_int_equal(run("--alpha", "0.01", "--format", "csv", F("pre.csv"), F("post.csv"), NULL), LBC_OK);
	assert_has(out, ",+11.46,0.0355,0.0528,-\n");
	assert_has(out, ",-10.00,4.1e-08,0.0122,**\n");
	/* alpha 0.5: p = 0.0355 < alpha / 10 = 0.05, so "**". */
	assert_int_equal(run("--alpha", "0.5", "--format", "csv", F("pre.csv"), F("post.csv"), NULL), LBC_OK);
	assert_has(out, ",+11.46,0.0355,0.0528,**\n");
	assert_has(out, "# flags: * Welch p < 0.5, ** p < 0.05\n");
	assert_int_equal(run("--alpha", "2", F("pre.csv"), F("post.csv"), NULL), LBC_ERR);
	assert_has(err, "--alpha 2");
}

static void test_failed_records(void **state)
{
	(void)state;
	assert_int_equal(run("--format", "csv", F("pre.csv"), F("post-failed.csv"), NULL), LBC_OK);
	assert_has(err, "warning: " F("post-failed.csv") ": 2 of 27 records have status != ok; excluded");
	/* Same statistics as post.csv: the failed ones are only counted. */
	assert_has(out, "\nspin_lock,hot,1,100,0,0,ns_op,post,20,2,21.850,21.590,4.123,1.930,+11.46,0.0355,0.0528,*\n");
	assert_has(out, "# set post: " F("post-failed.csv") ", 27 records, 2 failed\n");
}

static void test_oversub(void **state)
{
	(void)state;
	assert_int_equal(run("--format", "csv", F("pre-oversub.csv"), F("post-oversub.csv"), NULL), LBC_OK);
	assert_has(out, ",base,-,-,os\n");
	assert_has(out, ",0.0355,0.0528,* os\n");
	assert_has(out, "# flags: os = oversubscribed cell");
}

static void test_small_n_and_missing_cell(void **state)
{
	(void)state;
	assert_int_equal(run("--format", "csv", F("pre-one.csv"), F("post-one.csv"), NULL), LBC_OK);
	assert_has(out, "\nspin_lock,hot,1,100,0,0,ns_op,post,1,0,12.000,12.000,nan,nan,+20.00,nan,1.0000,-\n");
	assert_has(out, "# nan: fewer than 2 ok records");
	/* A cell only the other set has: the base row is empty. */
	assert_int_equal(run("--force", "--format", "csv", F("pre-one.csv"), F("post.csv"), NULL), LBC_OK);
	assert_has(out, "\nspin_lock,contended,2,100,100,200,ops_per_s,pre,0,0,nan,nan,nan,nan,base,-,-,-\n");
	assert_has(out, "\nspin_lock,contended,2,100,100,200,ops_per_s,post,5,0,900000.000,");
}

static void test_metric(void **state)
{
	(void)state;
	assert_int_equal(run("--metric", "cyc_op", "--format", "csv", F("pre.csv"), F("post.csv"), NULL), LBC_OK);
	assert_has(out, "\nspin_lock,hot,1,100,0,0,cyc_op,pre,10,0,46.080,46.488,");	/* 2.4 x ns_op */
	assert_int_equal(run("--metric", "kind", F("pre.csv"), F("post.csv"), NULL), LBC_ERR);
	assert_has(err, "--metric kind: not a numeric column");
}

static void test_output_never_overwrites(void **state)
{
	char path[] = "/tmp/lbc-test-XXXXXX", file[64], buf[64] = "";
	FILE *f;

	(void)state;
	assert_non_null(mkdtemp(path));
	snprintf(file, sizeof(file), "%s/cmp.txt", path);
	assert_int_equal(run("-o", file, F("pre.csv"), F("post.csv"), NULL), LBC_OK);
	assert_string_equal(out, "");
	f = fopen(file, "r");
	assert_non_null(f);
	assert_non_null(fgets(buf, sizeof(buf), f));
	fclose(f);
	assert_has(buf, "# lb-compare: base pre");
	f = fopen(file, "w");
	fputs("keep\n", f);
	fclose(f);
	assert_int_equal(run("--force", "-o", file, F("pre.csv"), F("post.csv"), NULL), LBC_ERR);
	assert_has(err, "never overwrites");
	f = fopen(file, "r");
	assert_non_null(fgets(buf, sizeof(buf), f));
	fclose(f);
	assert_string_equal(buf, "keep\n");
	/* A refused comparison creates no file. */
	unlink(file);
	assert_int_equal(run("-o", file, F("pre.csv"), F("post-tcg.csv"), NULL), LBC_REFUSED);
	assert_int_equal(access(file, F_OK), -1);
	rmdir(path);
}

static void test_bad_inputs(void **state)
{
	(void)state;
	assert_int_equal(run(F("pre.csv"), F("bad/v1.csv"), NULL), LBC_ERR);
	assert_has(err, "v1.csv:1: schema v1, this tool reads v2");
	assert_int_equal(run(F("pre.csv"), LB_FIXTURES, NULL), LBC_ERR);
	assert_has(err, "is a directory");
	assert_int_equal(run(F("pre.csv"), NULL), LBC_ERR);
	assert_has(err, "need a base set and at least one other");
	assert_int_equal(run("--format", "xml", F("pre.csv"), F("post.csv"), NULL), LBC_ERR);
	assert_int_equal(run("--bogus", F("pre.csv"), F("post.csv"), NULL), LBC_ERR);
}

static void test_same_file_twice(void **state)
{
	(void)state;
	/* Identical sets: 0% change, p = 1, distinct labels. */
	assert_int_equal(run("--format", "csv", F("pre.csv"), F("pre.csv"), NULL), LBC_OK);
	assert_has(out, ",ns_op,pre(2),10,0,19.200,19.370,1.204,0.861,+0.00,1.0000,1.0000,-\n");
}

static int teardown(void **state)
{
	(void)state;
	free(out);
	free(err);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_refuse_accel),
		cmocka_unit_test(test_refuse_units),
		cmocka_unit_test(test_refuse_vcpus_host),
		cmocka_unit_test(test_refuse_mixed_within_set),
		cmocka_unit_test(test_force_overrides),
		cmocka_unit_test(test_text_table),
		cmocka_unit_test(test_csv_and_md),
		cmocka_unit_test(test_alpha),
		cmocka_unit_test(test_failed_records),
		cmocka_unit_test(test_oversub),
		cmocka_unit_test(test_small_n_and_missing_cell),
		cmocka_unit_test(test_metric),
		cmocka_unit_test(test_output_never_overwrites),
		cmocka_unit_test(test_bad_inputs),
		cmocka_unit_test(test_same_file_twice),
	};

	return cmocka_run_group_tests_name("compare", tests, NULL, teardown);
}
