// SPDX-License-Identifier: GPL-2.0
/* Unit tests of pmu: perf stat per job, as the guest runner uses it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "pmu.h"

/* perf 6.1's own output (perf stat -x, -a -e ... -o FILE), on a host with
 * no hardware PMU: a software pair that counts, and the hardware pair. */
static const char SOFT[] =
	"# started on Fri Dec  4 23:57:48 2026\n"
	"\n"
	"47.31,msec,task-clock,47308295,100.00,1.883,CPUs utilized\n"
	"29,,context-switches,47298306,100.00,613.000,/sec\n";
static const char NO_PMU[] =
	"# started on Fri Dec  4 23:57:48 2026\n"
	"\n"
	"<not supported>,,cycles,0,100.00,,\n"
	"<not supported>,,instructions,0,100.00,,\n";
/* The same fields from a machine with a PMU, multiplexed, and a hybrid
 * CPU's per-core-type name. */
static const char PMU[] =
	"123456789,,cycles,2000000,100.00,,\n"
	"234567890,,instructions,1500000,75.00,1.90,insn per cycle\n"
	"<not counted>,,cpu_atom/cycles/,0,0.00,,\r\n";

static void test_events(void **state)
{
	char ev[LB_PMU_EVENTS_MAX], err[256], long_name[80];

	(void)state;
	assert_int_equal(lb_pmu_events("auto", 1, ev, sizeof(ev), err, sizeof(err)), 0);
	assert_string_equal(ev, "cycles,instructions");
	assert_int_equal(lb_pmu_events("", 1, ev, sizeof(ev), err, sizeof(err)), 0);
	assert_string_equal(ev, "cycles,instructions");
	/* TCG: no PMU, so auto counts nothing, and says nothing is wrong. */
	assert_int_equal(lb_pmu_events("auto", 0, ev, sizeof(ev), err, sizeof(err)), 0);
	assert_string_equal(ev, "");
	assert_string_equal(err, "");
	assert_int_equal(lb_pmu_events("off", 1, ev, sizeof(ev), err, sizeof(err)), 0);
	assert_string_equal(ev, "");
	assert_int_equal(lb_pmu_events("task-clock,context-switches", 0, ev, sizeof(ev), err,
				       sizeof(err)), 0);
	assert_string_equal(ev, "task-clock,context-switches");

	assert_int_equal(lb_pmu_events("cycles,,instructions", 1, ev, sizeof(ev), err, sizeof(err)), -1);
	assert_non_null(strstr(err, "empty event name"));
	assert_string_equal(ev, "");
	assert_int_equal(lb_pmu_events("cycles,", 1, ev, sizeof(ev), err, sizeof(err)), -1);
	/* A raw event holds commas that perf stat -x, would split. */
	assert_int_equal(lb_pmu_events("cpu/event=0x3c/", 1, ev, sizeof(ev), err, sizeof(err)), -1);
	assert_non_null(strstr(err, "'/' is not in a perf event name"));
	assert_int_equal(lb_pmu_events("a,b,c,d,e,f,g,h,i", 1, ev, sizeof(ev), err, sizeof(err)), -1);
	assert_non_null(strstr(err, "9 events, at most 8"));
	memset(long_name, 'x', sizeof(long_name) - 1);
	long_name[sizeof(long_name) - 1] = '\0';
	assert_int_equal(lb_pmu_events(long_name, 1, ev, sizeof(ev), err, sizeof(err)), -1);
	assert_non_null(strstr(err, "longer than 47 bytes"));
}

static void test_argv(void **state)
{
	char *job[] = { "/bin/lb-guest", "--run-job", "kind=spin_lock mode=hot", "/tmp/r", NULL };
	char *argv[16];
	const char *want[] = { "/usr/bin/perf", "stat", "-x", ",", "-a", "-e", "cycles,instructions",
			       "-o", "/tmp/s", "--", "/bin/lb-guest", "--run-job",
			       "kind=spin_lock mode=hot", "/tmp/r" };
	size_t n;

	(void)state;
	n = lb_pmu_argv(argv, 16, "/usr/bin/perf", "cycles,instructions", "/tmp/s", job);
	assert_int_equal(n, 14);
	for (size_t i = 0; i < n; i++)
		assert_string_equal(argv[i], want[i]);
	assert_null(argv[n]);
	/* No room for the NULL: refused, nothing overrun. */
	assert_int_equal(lb_pmu_argv(argv, 14, "/usr/bin/perf", "cycles", "/tmp/s", job), 0);
}

static void test_parse(void **state)
{
	struct lb_pmu_count c[4];
	char err[256];
	size_t n;

	(void)state;
	assert_int_equal(lb_pmu_parse(SOFT, c, 4, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 2);
	assert_string_equal(c[0].event, "task-clock");
	assert_string_equal(c[0].unit, "msec");
	assert_int_equal(c[0].count, 47310);
	assert_int_equal(c[0].running, 100000);
	assert_string_equal(c[0].state, "counted");
	assert_string_equal(c[1].event, "context-switches");
	assert_string_equal(c[1].unit, "none");
	assert_int_equal(c[1].count, 29000);

	assert_int_equal(lb_pmu_parse(NO_PMU, c, 4, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 2);
	assert_string_equal(c[0].state, "not-supported");
	assert_string_equal(c[1].event, "instructions");
	assert_int_equal(c[1].count, 0);

	assert_int_equal(lb_pmu_parse(PMU, c, 4, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 3);
	assert_int_equal(c[0].count, 123456789000ULL);
	assert_int_equal(c[1].count, 234567890000ULL);
	assert_int_equal(c[1].running, 75000);
	assert_string_equal(c[2].event, "cpu_atom/cycles/");
	assert_string_equal(c[2].state, "not-counted");
	assert_int_equal(c[2].running, 0);

	/* Room for fewer counters than perf printed: refused, not cut. */
	assert_int_equal(lb_pmu_parse(PMU, c, 2, &n, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "more than 2 counters"));
}

static void test_parse_bad(void **state)
{
	struct lb_pmu_count c[4];
	char err[256];
	size_t n;

	(void)state;
	assert_int_equal(lb_pmu_parse("12,,cycles\n", c, 4, &n, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "line 1 '12,,cycles': fewer than 5 fields"));
	assert_int_equal(lb_pmu_parse("# x\n1x2,,cycles,0,100.00,,\n", c, 4, &n, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "line 2"));
	assert_non_null(strstr(err, "count '1x2' is not a number"));
	assert_int_equal(lb_pmu_parse("12.,,cycles,0,100.00,,\n", c, 4, &n, err, sizeof(err)), -1);
	assert_int_equal(lb_pmu_parse("12,,,0,100.00,,\n", c, 4, &n, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "no event name"));
	assert_int_equal(lb_pmu_parse("12,,cy cles,0,100.00,,\n", c, 4, &n, err, sizeof(err)), -1);
	assert_int_equal(lb_pmu_parse("12,,cycles,0,ten,,\n", c, 4, &n, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "running share 'ten'"));
	/* perf 6.1 always prints the share (print_running_csv). */
	assert_int_equal(lb_pmu_parse("12,,cycles,0,,,\n", c, 4, &n, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "running share '' is not a number"));
	/* Larger than a u64 of thousandths holds. */
	assert_int_equal(lb_pmu_parse("99999999999999999999,,cycles,0,100.00,,\n", c, 4, &n, err,
				      sizeof(err)), -1);
	/* Nothing to count is no error: an empty file is zero counters. */
	assert_int_equal(lb_pmu_parse("", c, 4, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 0);
}

static void test_write_and_ktap(void **state)
{
	struct lb_pmu_count c[4];
	struct lb_record r;
	char err[256], buf[512], *text = NULL;
	size_t n, len = 0;
	FILE *f;

	(void)state;
	assert_string_equal(lb_pmu_header(),
			    "variant,accel,boot,seq,kind,mode,threads,read_pct,event,count,unit,running_pct,state");
	memset(&r, 0, sizeof(r));
	strcpy(r.variant, "post");
	strcpy(r.accel, "kvm");
	strcpy(r.kind, "read_lock");
	strcpy(r.mode, "contended");
	r.boot = 3;
	r.seq = 7;
	r.threads = 4;
	r.read_pct = 90;
	assert_int_equal(lb_pmu_parse(PMU, c, 4, &n, err, sizeof(err)), 0);
	f = open_memstream(&text, &len);
	assert_non_null(f);
	for (size_t i = 0; i < n; i++)
		assert_int_equal(lb_pmu_write(f, &r, &c[i]), 0);
	fclose(f);
	assert_string_equal(text,
			    "post,kvm,3,7,read_lock,contended,4,90,cycles,123456789.000,none,100.000,counted\n"
			    "post,kvm,3,7,read_lock,contended,4,90,instructions,234567890.000,none,75.000,counted\n"
			    "post,kvm,3,7,read_lock,contended,4,90,cpu_atom/cycles/,0.000,none,0.000,not-counted\n");
	free(text);

	n = lb_pmu_ktap(c, 3, buf, sizeof(buf));
	assert_string_equal(buf, "# perf_stat cycles: 123456789.000\n"
				 "# perf_stat instructions: 234567890.000\n"
				 "# perf_stat cpu_atom/cycles/: not-counted\n");
	assert_int_equal(n, strlen(buf));
	/* A short buffer keeps whole lines only. */
	n = lb_pmu_ktap(c, 3, buf, 50);
	assert_string_equal(buf, "# perf_stat cycles: 123456789.000\n");
	/* A unit perf gives is kept. */
	assert_int_equal(lb_pmu_parse(SOFT, c, 4, &n, err, sizeof(err)), 0);
	lb_pmu_ktap(c, 1, buf, sizeof(buf));
	assert_string_equal(buf, "# perf_stat task-clock: 47.310 msec\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_events),
		cmocka_unit_test(test_argv),
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_parse_bad),
		cmocka_unit_test(test_write_and_ktap),
	};

	return cmocka_run_group_tests_name("pmu", tests, NULL, NULL);
}
