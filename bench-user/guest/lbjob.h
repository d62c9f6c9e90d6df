/* SPDX-License-Identifier: GPL-2.0 */
/* lbjob: the guest runner's pure logic (command line, job lines, records),
 * apart from lb-guest.c so the unit tests can run it on the host. */
#ifndef LBJOB_H
#define LBJOB_H

#include <stddef.h>
#include <stdint.h>
#include "lbrec.h"

/* What the host passed on the kernel command line. */
struct lb_ctx {
	char variant[LB_STR_MAX], accel[LB_STR_MAX], host[LB_STR_MAX];
	uint64_t host_cpus, vcpus, boot;
	char jobs[256], module[256];
	char records[256];	/* lb.records: the journal device, "" for none */
	char out[256];		/* lb.out: the results disk, "" or "console" for none */
	unsigned auto_mask;	/* LB_AUTO_*: values the guest finds out itself */
	long perf;		/* job index to record with perf, -1 none */
	char pmu[256];		/* lb.pmu: auto, off or events (pmu.h) */
	uint64_t repeat;
};

/* lb.host=auto, lb.host_cpus=auto, lb.vcpus=auto: a lab machine (export.sh)
 * where the host that wrote the command line is not the one that runs it. */
#define LB_AUTO_HOST		1u
#define LB_AUTO_HOST_CPUS	2u
#define LB_AUTO_VCPUS		4u

/*
 * What this machine is, seen from inside: "metal" without the CPUID
 * hypervisor flag, "kvm" under KVM's hypervisor leaf ("KVMKVMKVM"), else
 * "tcg" (QEMU's emulator; icount is TCG too).  CPUINFO is /proc/cpuinfo's
 * text, HV_VENDOR CPUID leaf 0x40000000's 12 characters ("" if none).
 */
const char *lb_accel_detect(const char *cpuinfo, const char *hv_vendor);

/*
 * CTX's accel checked against the machine: lb.accel=auto (export.sh: the
 * lab's machine is not known when the bundle is made) becomes DETECTED.
 * A named accel is what the launcher ran and is kept; one that DETECTED
 * contradicts (icount and tcg agree) gets a line in WARN and returns 1.
 */
int lb_ctx_accel(struct lb_ctx *ctx, const char *detected, char *warn, size_t wlen);

/* Value of lb.KEY= in CMDLINE; 0 when found, -1 when absent. */
int lb_cmdline_get(const char *cmdline, const char *key, char *val, size_t len);

/* Fill CTX from CMDLINE with defaults; each missing or bad value appends a
 * line to WARN (so the runner can log it). Returns the number of problems. */
int lb_ctx_parse(const char *cmdline, struct lb_ctx *ctx, char *warn, size_t wlen);

/* Fill CTX's auto values from this machine: CPUINFO (the text of
 * /proc/cpuinfo) and NCPUS online CPUs.  The host becomes MODEL_xN-HASH
 * like the host's host_id (scripts/lib.sh), the hash over the vendor,
 * family, model and stepping seen here. */
void lb_ctx_auto(struct lb_ctx *ctx, const char *cpuinfo, uint64_t ncpus);

/* The KTAP v1 lines of one finished job, test number N (1-based), into
 * BUF: its key figures as "# name: value unit" lines, a LAVA test-case
 * signal with the main figure, then "ok N kind=... mode=... threads=...
 * seq=..." (or "not ok").  Every line ends in '\n'.  Returns the length written. */
size_t lb_ktap_case(const struct lb_record *r, uint64_t n, char *buf, size_t len);

/* Make S a schema STR word in place: bad bytes become '_', overlong is
 * cut, empty becomes "unknown". */
void lb_word(char *s, size_t size);

/* A record for a job that produced no result: the context, the job's
 * fields parsed from LINE (defaults where missing), measurements 0. */
void lb_fail_record(const struct lb_ctx *ctx, uint64_t seq, const char *line,
		    const char *status, struct lb_record *r);

/* A record from the module's result line (module columns). */
int lb_result_record(const struct lb_ctx *ctx, uint64_t seq, const char *result,
		     struct lb_record *r, char *err, size_t errlen);

/* Expand threads=SWEEP (1, 2, 4, ... up to VCPUS, always VCPUS) of LINE into
 * OUT[]; returns the count (1 when there is no SWEEP), at most MAX. */
size_t lb_expand_sweep(const char *line, uint64_t vcpus, char out[][512], size_t max);

/* "err_ENOENT" style status for errno E. */
void lb_errno_status(const char *prefix, int e, char *buf, size_t len);

#endif
