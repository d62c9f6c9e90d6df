// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the one job file expander (bench-user/jobfile.c) and the
 * job line parser it shares with the module and lb-native
 * (bench-module/lockbench_jobline.h): comments, blank lines,
 * continuations, threads=SWEEP, and the checks every side applies.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "jobfile.h"
#include "lockbench_jobline.h"

static struct lb_joblist l;
static char err[256];

static int expand(const char *text, const char *sweep)
{
	err[0] = '\0';
	return lb_jobfile_expand(text, "t.jobs", sweep, 64, 0, &l, err, sizeof(err));
}

static void want_lines(const char *const *want, size_t n)
{
	assert_int_equal(l.n, n);
	for (size_t i = 0; i < n; i++)
		assert_string_equal(l.line[i], want[i]);
	lb_joblist_free(&l);
}

static void test_comments_and_blanks(void **state)
{
	static const char *const want[] = {
		"kind=spin_lock mode=hot",
		"kind=read_lock mode=hot batches=10",
	};

	(void)state;
	assert_int_equal(expand("# a comment\n"
				"\n"
				"   \t\n"
				"    # an indented comment\n"
				"kind=spin_lock   mode=hot\t# a trailing one\n"
				"  kind=read_lock mode=hot batches=10  \r\n", NULL), 0);
	want_lines(want, 2);
}

static void test_continuation(void **state)
{
	static const char *const want[] = {
		"kind=spin_lock mode=hot batches=10",
		"kind=read_lock mode=cold",
	};

	(void)state;
	assert_int_equal(expand("kind=spin_lock \\\n"
				"  mode=hot \\  # the comment after the backslash\n"
				"  batches=10\n"
				"kind=read_lock\\\n"
				"mode=cold\\\n", NULL), 0);
	/* Each job is numbered by the line it starts on. */
	assert_int_equal(l.lineno[0], 1);
	assert_int_equal(l.lineno[1], 4);
	want_lines(want, 2);
}

static void test_sweep(void **state)
{
	static const char *const want[] = {
		"kind=spin_lock mode=contended threads=1 duration_ms=10",
		"kind=spin_lock mode=contended threads=2 duration_ms=10",
		"kind=spin_lock mode=contended threads=4 duration_ms=10",
	};

	(void)state;
	assert_int_equal(expand("kind=spin_lock mode=contended threads=SWEEP duration_ms=10\n", "1,2,4"), 0);
	want_lines(want, 3);
	/* Kept for the guest to expand: checked at each count, put out once. */
	assert_int_equal(lb_jobfile_expand("kind=spin_lock mode=contended threads=SWEEP # c\n", "t.jobs",
					   "1,2", 64, LB_JOBS_KEEP_SWEEP, &l, err, sizeof(err)), 0);
	want_lines((const char *const[]){ "kind=spin_lock mode=contended threads=SWEEP" }, 1);
	assert_int_equal(lb_jobfile_expand("kind=spin_lock mode=contended threads=SWEEP\n", "t.jobs",
					   "1,65", 64, LB_JOBS_KEEP_SWEEP, &l, err, sizeof(err)), -1);
	assert_int_equal(expand("kind=spin_lock mode=contended threads=SWEEP\n", NULL), -1);
	assert_non_null(strstr(err, "t.jobs:1: "));
	assert_non_null(strstr(err, "no thread list"));
	assert_null(l.line);
}

/* Errors name the file and the first line of the job they are in. */
static void test_refusals(void **state)
{
	static const struct { const char *text, *why; } bad[] = {
		{ "# c\nkind=spin_lock \\\n mode=warm\n", "t.jobs:2: kind=spin_lock mode=warm: unknown mode 'warm'" },
		{ "kind=mutex mode=hot\n", "unknown kind 'mutex'" },
		{ "kind=spin_lock mode=hot mode=hot\n", "mode given twice" },
		{ "kind=spin_lock mode=hot batches=1x\n", "batches=1x: want an integer from 1 to 100000" },
		{ "kind=spin_lock mode=hot batches=+1\n", "want an integer" },
		{ "kind=spin_lock mode=hot batches=99999999999999999999999\n", "want an integer" },
		{ "kind=spin_lock mode=hot verbose\n", "'verbose' is not key=value" },
		{ "kind=spin_lock mode=hot color=red\n", "unknown job key 'color'" },
		{ "mode=hot\n", "kind= missing" },
		{ "kind=spin_lock mode=contended threads=65\n", "threads=65: want an integer from 1 to 64" },
		{ "kind=spin_lock mode=cold slope=1\n", "only mode=hot has batches of two lengths" },
		{ "kind=read_lock mode=hot pad=4\n", "only kind=spin_lock mode=hot is padded" },
		{ "kind=spin_lock mode=hot pad=3\n", "pad=3: not one of 1 2 4" },
		{ "kind=broken_lock mode=contended threads=1\n", "broken_lock needs mode=contended and threads>=2" },
		{ "# only a comment\n\n", "no jobs" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(expand(bad[i].text, NULL), -1);
		if (!strstr(err, bad[i].why))
			fail_msg("'%s': want '%s' in '%s'", bad[i].text, bad[i].why, err);
	}
}

/* The parser alone, as the module and lb-native call it. */
static void test_jobline(void **state)
{
	char line[] = "kind=rwlock_mix mode=contended threads=2 read_pct=90";
	char cold[] = "kind=spin_lock mode=cold";
	struct lb_jobline j;

	(void)state;
	assert_int_equal(lb_jobline_parse(line, 2, &j, err, sizeof(err)), 0);
	assert_string_equal(lb_jobline_kind_name(j.kind), "rwlock_mix");
	assert_string_equal(lb_jobline_mode_name(j.mode), "contended");
	assert_int_equal(j.threads, 2);
	assert_int_equal(j.read_pct, 90);
	assert_int_equal(j.batches, 200);	/* the schema's default */
	assert_int_equal(lb_jobline_parse(cold, 1, &j, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "mode cold needs 2 online CPUs"));
}

/* placement=: a name of the contract's, default its first, not for hot. */
static void test_placement(void **state)
{
	char none[] = "kind=spin_lock mode=cold";
	char placed[] = "kind=spin_lock mode=contended threads=2 placement=cross-llc";
	char unknown[] = "kind=spin_lock mode=cold placement=near";
	char hot[] = "kind=spin_lock mode=hot placement=llc";
	char twice[] = "kind=spin_lock mode=cold placement=llc placement=smt";
	struct lb_jobline j;

	(void)state;
	assert_int_equal(lb_jobline_parse(none, 2, &j, err, sizeof(err)), 0);
	assert_string_equal(lb_jobline_placement_name(j.placement), "any");
	assert_int_equal(lb_jobline_parse(placed, 2, &j, err, sizeof(err)), 0);
	assert_string_equal(lb_jobline_placement_name(j.placement), "cross-llc");
	assert_int_equal(lb_jobline_placement("cross-node"), 4);
	assert_int_equal(lb_jobline_placement("near"), -1);
	assert_int_equal(lb_jobline_parse(unknown, 2, &j, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "unknown placement 'near': one of any smt llc cross-llc cross-node"));
	assert_int_equal(lb_jobline_parse(hot, 2, &j, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "placement=llc: a hot job runs on one CPU"));
	assert_int_equal(lb_jobline_parse(twice, 2, &j, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "placement given twice"));
}

/*
 * The rules the parser applies to a word, each refusal checked byte for
 * byte: an unknown key, a key given twice, a value outside the schema's
 * limits and a missing or empty value, for every integer key of
 * LB_JOB_INT_KEYS (with its default and both limits taken) and for kind,
 * mode and placement.
 */
struct int_key {
	const char *name;
	size_t off;
	uint64_t min, max, def;
};

#define INT_KEY(n, lo, hi, d)	{ #n, offsetof(struct lb_jobline, n), lo, hi, d },
static const struct int_key int_keys[] = { LB_JOB_INT_KEYS(INT_KEY) };
#undef INT_KEY

/* LINE parsed for 64 CPUs: 0, or -1 with the message in err. */
static int parse(const char *line, struct lb_jobline *j)
{
	char buf[256];

	snprintf(buf, sizeof(buf), "%s", line);
	err[0] = '\0';
	return lb_jobline_parse(buf, 64, j, err, sizeof(err));
}

static void refused(const char *line, const char *why)
{
	struct lb_jobline j;

	if (parse(line, &j) != -1)
		fail_msg("'%s' was taken", line);
	if (strcmp(err, why))
		fail_msg("'%s': want '%s', got '%s'", line, why, err);
}

static uint64_t value(const struct lb_jobline *j, const struct int_key *k)
{
	return *(const uint64_t *)((const char *)j + k->off);
}

static void test_int_keys(void **state)
{
	const char *hot = "kind=spin_lock mode=hot";
	char line[256], why[256];
	struct lb_jobline j;
	size_t n = 0;

	(void)state;
	for (const struct int_key *k = int_keys; k < int_keys + sizeof(int_keys) / sizeof(int_keys[0]); k++, n++) {
		assert_int_equal(parse(hot, &j), 0);
		if (value(&j, k) != k->def)
			fail_msg("%s: default %llu, the schema says %llu", k->name,
				 (unsigned long long)value(&j, k), (unsigned long long)k->def);
		/* Both limits taken, the value stored. */
		for (int hi = 0; hi < 2; hi++) {
			uint64_t v = hi ? k->max : k->min;

			snprintf(line, sizeof(line), "%s %s=%llu", hot, k->name, (unsigned long long)v);
			if (parse(line, &j) || value(&j, k) != v)
				fail_msg("'%s': refused or not stored (%s)", line, err);
		}
		/* Range: one past each limit. */
		snprintf(why, sizeof(why), "%s=%llu: want an integer from %llu to %llu", k->name,
			 (unsigned long long)k->max + 1, (unsigned long long)k->min, (unsigned long long)k->max);
		snprintf(line, sizeof(line), "%s %s=%llu", hot, k->name, (unsigned long long)k->max + 1);
		refused(line, why);
		if (k->min) {
			snprintf(why, sizeof(why), "%s=%llu: want an integer from %llu to %llu", k->name,
				 (unsigned long long)k->min - 1, (unsigned long long)k->min,
				 (unsigned long long)k->max);
			snprintf(line, sizeof(line), "%s %s=%llu", hot, k->name, (unsigned long long)k->min - 1);
			refused(line, why);
		}
		/* Twice, even with the same value. */
		snprintf(why, sizeof(why), "%s given twice", k->name);
		snprintf(line, sizeof(line), "%s %s=%llu %s=%llu", hot, k->name, (unsigned long long)k->def,
			 k->name, (unsigned long long)k->def);
		refused(line, why);
		/* Empty. */
		snprintf(why, sizeof(why), "'%s=' is not key=value", k->name);
		snprintf(line, sizeof(line), "%s %s=", hot, k->name);
		refused(line, why);
	}
	/* A loop that checked no key checked nothing. */
	assert_true(n > 0);
}

static void test_word_rules(void **state)
{
	(void)state;
	/* Unknown: an exact name only, not a prefix or an extension of one. */
	refused("kind=spin_lock mode=hot colour=red", "unknown job key 'colour'");
	refused("kind=spin_lock mode=hot thread=1", "unknown job key 'thread'");
	refused("kind=spin_lock mode=hot threadsx=1", "unknown job key 'threadsx'");
	refused("kind=spin_lock mode=hot Threads=1", "unknown job key 'Threads'");
	/* Twice, the name lookups too. */
	refused("kind=spin_lock mode=hot kind=spin_lock", "kind given twice");
	refused("kind=spin_lock mode=hot mode=cold", "mode given twice");
	refused("kind=spin_lock mode=cold placement=llc placement=llc", "placement given twice");
	/* Range: no sign, no space, no overflow. */
	refused("kind=spin_lock mode=hot batches=-1", "batches=-1: want an integer from 1 to 100000");
	refused("kind=spin_lock mode=hot batches=18446744073709551616",
		"batches=18446744073709551616: want an integer from 1 to 100000");
	/* Missing or empty: no '=', no key, no value. */
	refused("kind=spin_lock mode=hot batches", "'batches' is not key=value");
	refused("kind=spin_lock mode=hot =5", "'=5' is not key=value");
	refused("kind= mode=hot", "'kind=' is not key=value");
	refused("kind=spin_lock mode=", "'mode=' is not key=value");
	refused("kind=spin_lock mode=cold placement=", "'placement=' is not key=value");
	/* The name lookups' own refusals. */
	refused("kind=spin_lok mode=hot", "unknown kind 'spin_lok' (lb-validate --describe kinds lists them)");
	refused("kind=spin_lock mode=warm", "unknown mode 'warm': one of hot cold contended");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_comments_and_blanks),
		cmocka_unit_test(test_continuation),
		cmocka_unit_test(test_sweep),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_jobline),
		cmocka_unit_test(test_placement),
		cmocka_unit_test(test_int_keys),
		cmocka_unit_test(test_word_rules),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
