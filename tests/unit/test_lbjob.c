// SPDX-License-Identifier: GPL-2.0
/* Unit tests of lbjob: the guest runner's logic, run on the host. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "lbjob.h"

static const char *CMD =
	"console=ttyS0 loglevel=5 panic=-1 lb.variant=post-debug lb.accel=kvm "
	"lb.host=Intel_R_Xeon_R_x16 lb.host_cpus=16 lb.vcpus=32 lb.boot=2 lb.repeat=5 "
	"lb.perf=3 lb.records=/dev/vdb\n";

static void test_cmdline(void **state)
{
	struct lb_ctx c;
	char warn[1024], v[16];

	(void)state;
	assert_int_equal(lb_ctx_parse(CMD, &c, warn, sizeof(warn)), 0);
	assert_string_equal(warn, "");
	assert_string_equal(c.variant, "post-debug");
	assert_string_equal(c.accel, "kvm");
	assert_string_equal(c.host, "Intel_R_Xeon_R_x16");
	assert_int_equal(c.host_cpus, 16);
	assert_int_equal(c.vcpus, 32);
	assert_int_equal(c.boot, 2);
	assert_int_equal(c.repeat, 5);
	assert_int_equal(c.perf, 3);
	assert_string_equal(c.records, "/dev/vdb");
	assert_string_equal(c.jobs, "/lb/jobs");		/* defaults */
	assert_string_equal(c.module, "/lb/lockbench.ko");
	/* Only whole words: "xlb.boot=" is not lb.boot=. */
	assert_int_equal(lb_cmdline_get("xlb.boot=9 lb.boot=1", "boot", v, sizeof(v)), 0);
	assert_string_equal(v, "1");
	assert_int_equal(lb_cmdline_get("xlb.boot=9", "boot", v, sizeof(v)), -1);
}

static void test_cmdline_missing(void **state)
{
	struct lb_ctx c;
	char warn[1024];

	(void)state;
	assert_int_equal(lb_ctx_parse("lb.variant=pre lb.vcpus=two lb.perf=x\n", &c, warn, sizeof(warn)), 7);
	assert_non_null(strstr(warn, "lb.accel= missing"));
	assert_non_null(strstr(warn, "lb.vcpus=two is not a number"));
	assert_non_null(strstr(warn, "lb.perf=x is not a job index"));
	assert_string_equal(c.accel, "unknown");	/* still a valid STR */
	assert_int_equal(c.repeat, 1);
	assert_int_equal(c.perf, -1);
	assert_string_equal(c.records, "");
}

static void test_fail_record(void **state)
{
	struct lb_ctx c;
	struct lb_record r;
	char warn[1024], err[LB_ERR_MAX], *buf = NULL;
	size_t len;
	FILE *f;
	struct lb_set s = { 0 };

	(void)state;
	lb_ctx_parse(CMD, &c, warn, sizeof(warn));
	lb_fail_record(&c, 7, "kind=spin_lock mode=contended threads=4 hold_ns=100 bogus", "err_EBUSY", &r);
	assert_string_equal(r.kind, "spin_lock");
	assert_string_equal(r.mode, "contended");
	assert_int_equal(r.threads, 4);
	assert_int_equal(r.hold_ns, 100);
	assert_int_equal(r.duration_ms, 200);	/* schema default */
	assert_int_equal(r.read_pct, 100);
	assert_int_equal(r.seq, 7);
	assert_int_equal(r.oversub, 1);		/* 32 vcpus on 16 host CPUs */
	assert_int_equal(r.ops_per_s, 0);
	assert_string_equal(r.status, "err_EBUSY");
	assert_string_equal(r.placement, "any");	/* the first placement */
	lb_fail_record(&c, 7, "kind=spin_lock mode=cold placement=cross-llc", "err_EINVAL", &r);
	assert_string_equal(r.placement, "cross-llc");
	/* An unparseable job line still yields a schema-valid record. */
	lb_fail_record(&c, 8, "kind= mode=a,b threads=x", "err_EINVAL", &r);
	assert_string_equal(r.kind, "unknown");
	assert_string_equal(r.mode, "a_b");
	assert_int_equal(r.threads, 1);
	f = open_memstream(&buf, &len);
	lb_write_header(f);
	lb_write_record(f, &r);
	fclose(f);
	assert_int_equal(lb_parse_buf("guest.csv", buf, len, &s, err, sizeof(err)), 0);
	assert_int_equal(s.n, 1);
	lb_set_free(&s);
	free(buf);
}

static void test_result_record(void **state)
{
	struct lb_ctx c;
	struct lb_record r;
	char warn[1024], err[LB_ERR_MAX];
	const char *res = "spin_lock,hot,1,100,0,0,200,200,100,0,0,any,ok,2400000,1.500,20.250,19.000,21.000,"
			  "8.438,0,0,0,0.000,0.000,0.000,0,0,0,0,0,0,"
			  "0.000,0.000,0,0.000,0.000,0.000,0.000,0.000\n";

	(void)state;
	lb_ctx_parse(CMD, &c, warn, sizeof(warn));
	assert_int_equal(lb_result_record(&c, 3, res, &r, err, sizeof(err)), 0);
	assert_string_equal(r.variant, "post-debug");
	assert_int_equal(r.seq, 3);
	assert_int_equal(r.cyc_op, 20250);
	assert_int_equal(r.ns_op, 8438);
	assert_string_equal(r.status, "ok");
	/* A module that printed one column less: caught, with the name. */
	assert_int_equal(lb_result_record(&c, 3, "spin_lock,hot,1\n", &r, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "missing field 'read_pct'"));
}

static void test_sweep(void **state)
{
	char out[16][512];

	(void)state;
	assert_int_equal(lb_expand_sweep("kind=a mode=contended threads=SWEEP hold_ns=1", 6, out, 16), 4);
	assert_string_equal(out[0], "kind=a mode=contended threads=1 hold_ns=1");
	assert_string_equal(out[2], "kind=a mode=contended threads=4 hold_ns=1");
	assert_string_equal(out[3], "kind=a mode=contended threads=6 hold_ns=1");
	assert_int_equal(lb_expand_sweep("kind=a threads=SWEEP", 4, out, 16), 3);
	assert_string_equal(out[2], "kind=a threads=4");
	assert_int_equal(lb_expand_sweep("kind=a threads=SWEEP", 1, out, 16), 1);
	assert_int_equal(lb_expand_sweep("kind=a mode=hot", 8, out, 16), 1);
	assert_string_equal(out[0], "kind=a mode=hot");
}

static void test_errno_status_and_word(void **state)
{
	char b[LB_STR_MAX], w[64] = "a b,c";

	(void)state;
	lb_errno_status("err", EBUSY, b, sizeof(b));
	assert_string_equal(b, "err_EBUSY");
	lb_errno_status("err_module", ENOENT, b, sizeof(b));
	assert_string_equal(b, "err_module_ENOENT");
	lb_word(w, sizeof(w));
	assert_string_equal(w, "a_b_c");
}

/* A lab's command line (export.sh): the machine names itself. */
static void test_cmdline_auto(void **state)
{
	static const char *cpuinfo =
		"processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 85\n"
		"model name\t: Intel(R) Xeon(R) Gold 6130 CPU @ 2.10GHz\nstepping\t: 4\n";
	struct lb_ctx c;
	char warn[1024];

	(void)state;
	assert_int_equal(lb_ctx_parse("lb.variant=pre lb.accel=kvm lb.host=auto lb.host_cpus=auto "
				      "lb.vcpus=auto lb.boot=1 lb.repeat=1 lb.out=console",
				      &c, warn, sizeof(warn)), 0);
	assert_int_equal(c.auto_mask, LB_AUTO_HOST | LB_AUTO_HOST_CPUS | LB_AUTO_VCPUS);
	assert_string_equal(c.out, "console");
	lb_ctx_auto(&c, cpuinfo, 16);
	assert_int_equal(c.host_cpus, 16);
	assert_int_equal(c.vcpus, 16);
	/* host_id's shape: the name cut at 28, _xN, 8 hex digits. */
	assert_int_equal(strncmp(c.host, "Intel_R_Xeon_R_Gold_6130_CPU_x16-", 33), 0);
	assert_int_equal(strlen(c.host), 33 + 8);
	/* Given values stay. */
	lb_ctx_parse(CMD, &c, warn, sizeof(warn));
	assert_int_equal(c.auto_mask, 0);
	lb_ctx_auto(&c, cpuinfo, 2);
	assert_string_equal(c.host, "Intel_R_Xeon_R_x16");
	assert_int_equal(c.vcpus, 32);
	assert_string_equal(c.out, "");
}

/* What ran, from inside: CPUID's hypervisor flag and leaf. */
static void test_accel_detect(void **state)
{
	static const char *vm = "processor\t: 0\nflags\t\t: fpu vme hypervisor lahf_lm\n";
	static const char *bare = "processor\t: 0\nflags\t\t: fpu vme de pse tsc msr\n";
	struct lb_ctx c;
	char warn[256];

	(void)state;
	assert_string_equal(lb_accel_detect(bare, ""), "metal");
	assert_string_equal(lb_accel_detect(vm, "KVMKVMKVM"), "kvm");
	assert_string_equal(lb_accel_detect(vm, "TCGTCGTCGTCG"), "tcg");
	assert_string_equal(lb_accel_detect(vm, ""), "tcg");
	/* lb.accel=auto (a bundle): the machine's answer. */
	lb_ctx_parse("lb.variant=pre lb.accel=auto lb.host=h lb.host_cpus=1 lb.vcpus=1 lb.boot=1 lb.repeat=1",
		     &c, warn, sizeof(warn));
	assert_int_equal(lb_ctx_accel(&c, "metal", warn, sizeof(warn)), 0);
	assert_string_equal(c.accel, "metal");
	/* A named accel is kept; a contradiction is reported. */
	lb_ctx_parse(CMD, &c, warn, sizeof(warn));	/* lb.accel=kvm */
	assert_int_equal(lb_ctx_accel(&c, "kvm", warn, sizeof(warn)), 0);
	assert_int_equal(lb_ctx_accel(&c, "metal", warn, sizeof(warn)), 1);
	assert_string_equal(c.accel, "kvm");
	assert_non_null(strstr(warn, "looks like metal"));
	strcpy(c.accel, "icount");
	assert_int_equal(lb_ctx_accel(&c, "tcg", warn, sizeof(warn)), 0);
}

static void test_ktap_case(void **state)
{
	struct lb_ctx c;
	struct lb_record r;
	char warn[1024], buf[2048];
	size_t n;

	(void)state;
	lb_ctx_parse(CMD, &c, warn, sizeof(warn));
	lb_fail_record(&c, 7, "kind=spin_lock mode=hot", "ok", &r);
	r.cyc_op = 67680;
	r.ns_op = 28200;
	n = lb_ktap_case(&r, 8, buf, sizeof(buf));
	assert_int_equal(n, strlen(buf));
	assert_non_null(strstr(buf, "# cyc_op: 67.680 cycles\n"));
	assert_non_null(strstr(buf, "# ns_op: 28.200 ns\n"));
	assert_non_null(strstr(buf, "<LAVA_SIGNAL_TESTCASE TEST_CASE_ID=job7_spin_lock_hot RESULT=pass "
				    "MEASUREMENT=67.680 UNITS=cycles>\n"));
	/* The result line comes last, after its diagnostics. */
	assert_non_null(strstr(buf, ">\nok 8 kind=spin_lock mode=hot threads=1 seq=7\n"));
	assert_int_equal(buf[n - 1], '\n');
	assert_null(strstr(buf, "not ok"));
	/* icount counts instructions. */
	snprintf(r.accel, sizeof(r.accel), "icount");
	lb_ktap_case(&r, 8, buf, sizeof(buf));
	assert_non_null(strstr(buf, "UNITS=instructions>"));
	/* A failed job: its status, no figures. */
	lb_fail_record(&c, 3, "kind=spin_lock mode=contended threads=2", "err_EBUSY", &r);
	lb_ktap_case(&r, 4, buf, sizeof(buf));
	assert_non_null(strstr(buf, "# status: err_EBUSY\n"));
	assert_non_null(strstr(buf, "RESULT=fail>\nnot ok 4 kind=spin_lock mode=contended threads=2"));
	assert_null(strstr(buf, "MEASUREMENT"));
	/* Contended: throughput first. */
	snprintf(r.status, sizeof(r.status), "ok");
	r.ops_per_s = 895000;
	lb_ktap_case(&r, 4, buf, sizeof(buf));
	assert_non_null(strstr(buf, "MEASUREMENT=895000 UNITS=ops/s>"));
	/* A short buffer is cut, never overrun. */
	n = lb_ktap_case(&r, 4, buf, 10);
	assert_true(n < 10);
	assert_int_equal(strlen(buf), n);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cmdline),
		cmocka_unit_test(test_cmdline_missing),
		cmocka_unit_test(test_fail_record),
		cmocka_unit_test(test_result_record),
		cmocka_unit_test(test_sweep),
		cmocka_unit_test(test_errno_status_and_word),
		cmocka_unit_test(test_cmdline_auto),
		cmocka_unit_test(test_accel_detect),
		cmocka_unit_test(test_ktap_case),
	};

	return cmocka_run_group_tests_name("lbjob", tests, NULL, NULL);
}
