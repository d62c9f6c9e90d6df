// SPDX-License-Identifier: GPL-2.0
/* Unit tests of lbrec: the schema parser, validator and writer. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "lbrec.h"

/* A good record, one value per field, field by field. */
static const char *good_value(const struct lb_field *f)
{
	if (!strcmp(f->name, "kind"))
		return "spin_lock";
	if (!strcmp(f->name, "mode"))
		return "hot";
	if (!strcmp(f->name, "status"))
		return "ok";
	if (f->type == LB_TYPE_STR)
		return "word";
	return f->type == LB_TYPE_DEC ? "12.345" : "42";
}

/* The good record with FIELD set to VALUE (FIELD NULL: unchanged). */
static char *record_with(const char *field, const char *value)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	for (size_t i = 0; i < lb_nfields; i++) {
		const char *v = field && !strcmp(lb_fields[i].name, field) ? value :
				good_value(&lb_fields[i]);
		fprintf(f, "%s%s", i ? "," : "", v);
	}
	fclose(f);
	return buf;
}

/* A file: magic, header, then LINES (each gets a newline). */
static char *file_of(const char *first, ...)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	va_list ap;

	fprintf(f, "%s\n%s\n", LB_SCHEMA_MAGIC, lb_header());
	va_start(ap, first);
	for (const char *l = first; l; l = va_arg(ap, const char *))
		fprintf(f, "%s\n", l);
	va_end(ap);
	fclose(f);
	return buf;
}

/* Parse BUF; expect failure with ERR containing WANT. */
static void expect_error(const char *buf, size_t len, const char *want)
{
	struct lb_set s = { 0 };
	char err[LB_ERR_MAX] = "";
	int rc = lb_parse_buf("t.csv", buf, len, &s, err, sizeof(err));

	if (rc == 0 || !strstr(err, want))
		print_error("rc=%d err='%s' want '%s'\n", rc, err, want);
	assert_int_equal(rc, -1);
	assert_non_null(strstr(err, want));
	lb_set_free(&s);
}

static void expect_field_error(const char *field, const char *value, const char *want)
{
	char *rec = record_with(field, value), *buf = file_of(rec, NULL);

	expect_error(buf, strlen(buf), want);
	free(rec);
	free(buf);
}

static void test_fixture_parses(void **state)
{
	struct lb_set s = { 0 };
	char err[LB_ERR_MAX];
	double d;

	(void)state;
	assert_int_equal(lb_parse_file(LB_FIXTURES "/pre.csv", &s, err, sizeof(err)), 0);
	assert_int_equal(s.n, 15);
	assert_string_equal(s.rec[0].variant, "pre");
	assert_string_equal(s.rec[0].accel, "kvm");
	assert_string_equal(s.rec[0].kind, "spin_lock");
	assert_int_equal(s.rec[0].ns_op, 19800);	/* 19.800 in thousandths */
	assert_int_equal(s.rec[0].vcpus, 2);
	assert_int_equal(lb_get_double(&s.rec[0], "ns_op", &d), 0);
	assert_true(d == 19.8);
	assert_int_equal(lb_get_double(&s.rec[14], "ops_per_s", &d), 0);
	assert_true(d == 995000);
	assert_int_equal(lb_get_double(&s.rec[0], "kind", &d), -1);	/* STR */
	assert_int_equal(lb_get_double(&s.rec[0], "nosuch", &d), -1);
	lb_set_free(&s);
}

static void test_header_generated(void **state)
{
	(void)state;
	/* The schema's first context and first module columns, in order. */
	assert_true(!strncmp(lb_header(), "variant,accel,host,host_cpus,vcpus,oversub,boot,seq,kind,", 57));
	assert_true(!strncmp(lb_module_header(), "kind,mode,threads,", 18));
	assert_non_null(strstr(lb_header(), lb_module_header()));
	assert_int_equal(lb_ncontext, 8);
}

static void test_valid_and_comments(void **state)
{
	char *r = record_with(NULL, NULL), *buf = file_of(r, "# comment", r, NULL);
	struct lb_set s = { 0 };
	char err[LB_ERR_MAX];

	(void)state;
	assert_int_equal(lb_parse_buf("t.csv", buf, strlen(buf), &s, err, sizeof(err)), 0);
	assert_int_equal(s.n, 2);
	assert_int_equal(s.rec[1].cyc_op, 12345);
	assert_int_equal(s.rec[1].threads, 42);
	lb_set_free(&s);
	free(r);
	free(buf);
}

static void test_truncated(void **state)
{
	char *r = record_with(NULL, NULL), *buf = file_of(r, NULL);

	(void)state;
	expect_error(buf, strlen(buf) - 1, "t.csv:3: truncated");	/* drop the last '\n' */
	expect_error(buf, 10, "t.csv:1: truncated");
	expect_error("", 0, "empty file");
	expect_error(LB_SCHEMA_MAGIC "\n", strlen(LB_SCHEMA_MAGIC) + 1, "no header line");
	free(r);
	free(buf);
}

static void test_bad_magic_and_version(void **state)
{
	char *r = record_with(NULL, NULL), *buf = file_of(r, NULL), *b2;

	(void)state;
	b2 = strdup(buf);
	b2[0] = 'X';
	expect_error(b2, strlen(b2), "t.csv:1: not a lockbench results file");
	strcpy(b2, buf);
	b2[strlen(LB_SCHEMA_MAGIC) - 1] = '1';	/* "...v1" */
	expect_error(b2, strlen(b2), "t.csv:1: schema v1, this tool reads v4");
	expect_error("#lockbench-results v10\nx\n", 25, "schema v10, this tool reads v4");
	free(b2);
	free(r);
	free(buf);
}

/*
 * The good header (H nonzero) or record without the columns named in
 * DROP (" name name "): an older version's line.
 */
static char *line_without(int h, const char *drop)
{
	char *buf = NULL, key[64];
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int first = 1;

	for (size_t i = 0; i < lb_nfields; i++) {
		snprintf(key, sizeof(key), " %s ", lb_fields[i].name);
		if (strstr(drop, key))
			continue;
		fprintf(f, "%s%s", first ? "" : ",", h ? lb_fields[i].name : good_value(&lb_fields[i]));
		first = 0;
	}
	fclose(f);
	return buf;
}

/* Read MAGIC, HEADER and RECORD into S (0) or fail (-1). */
static int parse3(const char *magic, const char *header, const char *record, struct lb_set *s)
{
	char tmp[8192], err[LB_ERR_MAX] = "";

	snprintf(tmp, sizeof(tmp), "%s\n%s\n%s\n", magic, header, record);
	return lb_parse_buf("t.csv", tmp, strlen(tmp), s, err, sizeof(err));
}

/*
 * Older files are read: a v3 file (before placement) as placement "any",
 * a v2 one (before LB_MEASURE_V3_FIELDS too) also with its v3 columns 0.
 * Each version's header is refused under another's magic.
 */
static void test_old_versions(void **state)
{
#define LBT_NAME(n, type, desc) " " #n
	static const char v3[] = " placement ";
	static const char v2[] = " placement" LB_MEASURE_V3_FIELDS(LBT_NAME) " ";
#undef LBT_NAME
	char *h3 = line_without(1, v3), *r3 = line_without(0, v3);
	char *h2 = line_without(1, v2), *r2 = line_without(0, v2);
	char *r4 = record_with("placement", "cross-llc");
	struct lb_set s = { 0 };

	(void)state;
	assert_int_equal(parse3(LB_SCHEMA_MAGIC_V3, h3, r3, &s), 0);
	assert_int_equal(parse3(LB_SCHEMA_MAGIC_V2, h2, r2, &s), 0);
	assert_int_equal(parse3(LB_SCHEMA_MAGIC, lb_header(), r4, &s), 0);
	assert_int_equal(s.n, 3);
	/* v3: every column its own, placement the default. */
	assert_string_equal(s.rec[0].placement, "any");
	assert_int_equal(s.rec[0].pad, 42);
	assert_string_equal(s.rec[0].status, "ok");
	assert_int_equal(s.rec[0].jain, 12345);
	assert_int_equal(s.rec[0].all_run_pct, 12345);
	/* v2: the v3 columns 0 as well. */
	assert_string_equal(s.rec[1].placement, "any");
	assert_int_equal(s.rec[1].jain, 0);
	assert_int_equal(s.rec[1].all_run_pct, 0);
	assert_int_equal(s.rec[1].cs_expected, 42);
	assert_string_equal(s.rec[1].status, "ok");
	/* v4: the placement as written. */
	assert_string_equal(s.rec[2].placement, "cross-llc");
	lb_set_free(&s);
	/* Headers under another version's magic, a v3 record one short. */
	assert_int_equal(parse3(LB_SCHEMA_MAGIC, h3, r3, &s), -1);
	assert_int_equal(parse3(LB_SCHEMA_MAGIC_V3, lb_header(), r4, &s), -1);
	assert_int_equal(parse3(LB_SCHEMA_MAGIC_V3, h2, r2, &s), -1);
	assert_int_equal(parse3(LB_SCHEMA_MAGIC_V2, h3, r3, &s), -1);
	*strrchr(r3, ',') = '\0';
	assert_int_equal(parse3(LB_SCHEMA_MAGIC_V3, h3, r3, &s), -1);
	assert_int_equal(s.n, 0);
	free(h3);
	free(r3);
	free(h2);
	free(r2);
	free(r4);
}

/* A placement written is read back: the record column round trip. */
static void test_placement_round_trip(void **state)
{
	struct lb_record r;
	struct lb_set s = { 0 };
	char err[LB_ERR_MAX], *buf = NULL;
	size_t len;
	FILE *f;

	(void)state;
	assert_int_equal(lb_parse_fields(record_with("placement", "cross-node"), 0, lb_nfields, &r, err,
					 sizeof(err)), 0);
	f = open_memstream(&buf, &len);
	lb_write_header(f);
	lb_write_record(f, &r);
	fclose(f);
	assert_non_null(strstr(buf, ",placement,"));
	assert_non_null(strstr(buf, ",cross-node,"));
	assert_int_equal(lb_parse_buf("t.csv", buf, len, &s, err, sizeof(err)), 0);
	assert_string_equal(s.rec[0].placement, "cross-node");
	assert_string_equal(lb_get_str(&s.rec[0], "placement"), "cross-node");
	lb_set_free(&s);
	free(buf);
}

static void test_wrong_header(void **state)
{
	char *r = record_with(NULL, NULL), *buf = NULL, *h = strdup(lb_header()), *p;
	char tmp[4096];

	(void)state;
	/* Renamed column. */
	p = strstr(h, "vcpus");
	memcpy(p, "vcpuX", 5);
	snprintf(tmp, sizeof(tmp), "%s\n%s\n%s\n", LB_SCHEMA_MAGIC, h, r);
	expect_error(tmp, strlen(tmp), "t.csv:2: header column 5 is 'vcpuX', schema has 'vcpus'");
	/* Last column missing. */
	strcpy(h, lb_header());
	*strrchr(h, ',') = '\0';
	snprintf(tmp, sizeof(tmp), "%s\n%s\n%s\n", LB_SCHEMA_MAGIC, h, r);
	expect_error(tmp, strlen(tmp), "first missing: 'all_run_pct'");
	/* Extra column. */
	snprintf(tmp, sizeof(tmp), "%s\n%s,extra\n%s\n", LB_SCHEMA_MAGIC, lb_header(), r);
	expect_error(tmp, strlen(tmp), "header has extra columns");
	free(h);
	free(buf);
	free(r);
}

static void test_missing_and_extra_field(void **state)
{
	char *r = record_with(NULL, NULL), *buf, *cut = strdup(r);

	(void)state;
	*strrchr(cut, ',') = '\0';
	buf = file_of(cut, NULL);
	expect_error(buf, strlen(buf), "t.csv:3: 46 fields, expected 47: missing field 'all_run_pct'");
	free(buf);
	cut = realloc(cut, strlen(r) + 8);
	sprintf(cut, "%s,7,8", r);
	buf = file_of(r, cut, NULL);
	expect_error(buf, strlen(buf), "t.csv:4: 49 fields, expected 47: 2 extra after 'all_run_pct'");
	free(buf);
	buf = file_of(r, "", NULL);
	expect_error(buf, strlen(buf), "t.csv:4: empty line");
	free(buf);
	free(cut);
	free(r);
}

static void test_bad_u64(void **state)
{
	(void)state;
	expect_field_error("vcpus", "2x", "t.csv:3: field 'vcpus': expected unsigned integer, got '2x'");
	expect_field_error("vcpus", "-1", "field 'vcpus': expected unsigned integer");
	expect_field_error("vcpus", "", "field 'vcpus': expected unsigned integer, got ''");
	expect_field_error("vcpus", "1.000", "field 'vcpus': expected unsigned integer");
	expect_field_error("total_ops", "18446744073709551616", "field 'total_ops': integer overflows 64 bits");
}

static void test_u64_max_ok(void **state)
{
	char *r = record_with("total_ops", "18446744073709551615"), *buf = file_of(r, NULL);
	struct lb_set s = { 0 };
	char err[LB_ERR_MAX];

	(void)state;
	assert_int_equal(lb_parse_buf("t.csv", buf, strlen(buf), &s, err, sizeof(err)), 0);
	assert_true(s.rec[0].total_ops == UINT64_MAX);
	lb_set_free(&s);
	free(r);
	free(buf);
}

static void test_bad_dec(void **state)
{
	(void)state;
	expect_field_error("cyc_op", "abc",
			   "t.csv:3: field 'cyc_op': expected fixed-point with 3 decimals, got 'abc'");
	expect_field_error("cyc_op", "1.5", "field 'cyc_op': expected fixed-point with 3 decimals, got '1.5'");
	expect_field_error("cyc_op", "1.2345", "expected fixed-point with 3 decimals");
	expect_field_error("cyc_op", ".500", "expected fixed-point with 3 decimals");
	expect_field_error("cyc_op", "12", "expected fixed-point with 3 decimals");
	expect_field_error("cyc_op", "1.2a4", "expected fixed-point with 3 decimals");
	expect_field_error("cyc_op", "-1.000", "expected fixed-point with 3 decimals");
	expect_field_error("cyc_op", "18446744073709552.000", "fixed-point value overflows 64 bits");
}

static void test_bad_str(void **state)
{
	char long47[48], long48[49];

	(void)state;
	memset(long47, 'a', 47);
	long47[47] = '\0';
	memset(long48, 'a', 48);
	long48[48] = '\0';
	expect_field_error("host", long48, "field 'host': 48 bytes, at most 47 allowed");
	expect_field_error("host", "", "field 'host': empty");
	expect_field_error("host", "two words", "field 'host': whitespace or quote in text");
	{
		char *r = record_with("host", long47), *buf = file_of(r, NULL);
		struct lb_set s = { 0 };
		char err[LB_ERR_MAX];

		assert_int_equal(lb_parse_buf("t.csv", buf, strlen(buf), &s, err, sizeof(err)), 0);
		assert_string_equal(s.rec[0].host, long47);
		lb_set_free(&s);
		free(r);
		free(buf);
	}
}

static void test_empty_set(void **state)
{
	char *buf = file_of("# only a comment", NULL);

	(void)state;
	expect_error(buf, strlen(buf), "t.csv: no records (empty set)");
	free(buf);
}

static void test_corrupt_bytes(void **state)
{
	char *r = record_with(NULL, NULL), *buf = file_of(r, r, NULL);
	size_t len = strlen(buf), at = len - 10;

	(void)state;
	buf[at] = '\0';
	expect_error(buf, len, "t.csv:4: corrupt byte 0x00");
	buf[at] = (char)0xc3;
	expect_error(buf, len, "t.csv:4: corrupt byte 0xc3");
	buf[at] = '\r';
	expect_error(buf, len, "t.csv:4: corrupt byte 0x0d");
	free(r);
	free(buf);
}

static void test_fixture_corruptions(void **state)
{
	static const struct { const char *file, *want; } cases[] = {
		{ "/bad/truncated.csv", "truncated.csv:4: truncated" },
		{ "/bad/v1.csv", "v1.csv:1: schema v1, this tool reads v4" },
		{ "/bad/nul.csv", "nul.csv:3: corrupt byte 0x00" },
		{ "/bad/empty-set.csv", "no records (empty set)" },
		{ "/nosuch.csv", "nosuch.csv: No such file or directory" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct lb_set s = { 0 };
		char err[LB_ERR_MAX] = "", path[512];

		snprintf(path, sizeof(path), "%s%s", LB_FIXTURES, cases[i].file);
		assert_int_equal(lb_parse_file(path, &s, err, sizeof(err)), -1);
		if (!strstr(err, cases[i].want))
			print_error("%s: got '%s'\n", cases[i].file, err);
		assert_non_null(strstr(err, cases[i].want));
		lb_set_free(&s);
	}
}

static void test_round_trip(void **state)
{
	struct lb_set a = { 0 }, b = { 0 };
	char err[LB_ERR_MAX], *buf = NULL, *buf2 = NULL;
	size_t len = 0, len2 = 0;
	FILE *f;

	(void)state;
	assert_int_equal(lb_parse_file(LB_FIXTURES "/post-failed.csv", &a, err, sizeof(err)), 0);
	f = open_memstream(&buf, &len);
	assert_int_equal(lb_write_set(f, &a), 0);
	fclose(f);
	assert_int_equal(lb_parse_buf("rt.csv", buf, len, &b, err, sizeof(err)), 0);
	assert_int_equal(a.n, b.n);
	assert_memory_equal(a.rec, b.rec, a.n * sizeof(*a.rec));
	f = open_memstream(&buf2, &len2);
	assert_int_equal(lb_write_set(f, &b), 0);
	fclose(f);
	assert_int_equal(len, len2);
	assert_memory_equal(buf, buf2, len);
	/* DEC values keep their three decimals, including leading zeros. */
	assert_non_null(strstr(buf, ",err_EBUSY,"));
	b.rec[0].cyc_op = 1005;
	f = open_memstream(&buf2, &len2);
	lb_write_record(f, &b.rec[0]);
	fclose(f);
	assert_non_null(strstr(buf2, ",1.005,"));
	free(buf);
	free(buf2);
	lb_set_free(&a);
	lb_set_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixture_parses),
		cmocka_unit_test(test_header_generated),
		cmocka_unit_test(test_valid_and_comments),
		cmocka_unit_test(test_truncated),
		cmocka_unit_test(test_bad_magic_and_version),
		cmocka_unit_test(test_wrong_header),
		cmocka_unit_test(test_old_versions),
		cmocka_unit_test(test_placement_round_trip),
		cmocka_unit_test(test_missing_and_extra_field),
		cmocka_unit_test(test_bad_u64),
		cmocka_unit_test(test_u64_max_ok),
		cmocka_unit_test(test_bad_dec),
		cmocka_unit_test(test_bad_str),
		cmocka_unit_test(test_empty_set),
		cmocka_unit_test(test_corrupt_bytes),
		cmocka_unit_test(test_fixture_corruptions),
		cmocka_unit_test(test_round_trip),
	};

	return cmocka_run_group_tests_name("lbrec", tests, NULL, NULL);
}
