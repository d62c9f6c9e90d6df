// SPDX-License-Identifier: GPL-2.0
/* lbjob: command line, job lines and records for the guest runner. */
#define _GNU_SOURCE
#include "lbjob.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int lb_cmdline_get(const char *cmdline, const char *key, char *val, size_t len)
{
	char pat[64];
	const char *p = cmdline;
	size_t pl, n;

	pl = (size_t)snprintf(pat, sizeof(pat), "lb.%s=", key);
	while ((p = strstr(p, pat))) {
		/* Match at a word start only: "xlb.vcpus=" is not ours. */
		if (p == cmdline || isspace((unsigned char)p[-1])) {
			p += pl;
			n = strcspn(p, " \t\n");
			if (n >= len)
				n = len - 1;
			memcpy(val, p, n);
			val[n] = '\0';
			return 0;
		}
		p += pl;
	}
	return -1;
}

void lb_word(char *s, size_t size)
{
	size_t n = strnlen(s, size);

	if (n >= LB_STR_MAX)
		n = LB_STR_MAX - 1;
	if (n >= size)
		n = size - 1;
	s[n] = '\0';
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && !strchr("._-+:@/=", s[i]))
			s[i] = '_';
	if (!n)
		snprintf(s, size, "unknown");
}

static int get_u64(const char *s, uint64_t *v)
{
	char *end;

	if (!*s || !isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	*v = strtoull(s, &end, 10);
	return *end || errno ? -1 : 0;
}

static void warnf(char *warn, size_t wlen, int *bad, const char *fmt, const char *a, const char *b)
{
	size_t used = strlen(warn);

	(*bad)++;
	if (used < wlen)
		snprintf(warn + used, wlen - used, fmt, a, b);
}

int lb_ctx_parse(const char *cmdline, struct lb_ctx *ctx, char *warn, size_t wlen)
{
	static const char *const strs[] = { "variant", "accel", "host" };
	static const char *const nums[] = { "host_cpus", "vcpus", "boot", "repeat" };
	char v[256], *end;
	int bad = 0;

	memset(ctx, 0, sizeof(*ctx));
	warn[0] = '\0';
	for (size_t i = 0; i < 3; i++) {
		char *dst = i == 0 ? ctx->variant : i == 1 ? ctx->accel : ctx->host;

		if (lb_cmdline_get(cmdline, strs[i], v, sizeof(v))) {
			warnf(warn, wlen, &bad, "lb.%s= missing from the command line%s\n", strs[i], "");
			v[0] = '\0';
		}
		snprintf(dst, LB_STR_MAX, "%.*s", LB_STR_MAX - 1, v);
		lb_word(dst, LB_STR_MAX);
	}
	if (!strcmp(ctx->host, "auto"))
		ctx->auto_mask |= LB_AUTO_HOST;
	ctx->repeat = 1;
	for (size_t i = 0; i < 4; i++) {
		uint64_t x, *dst = i == 0 ? &ctx->host_cpus : i == 1 ? &ctx->vcpus :
				   i == 2 ? &ctx->boot : &ctx->repeat;

		if (lb_cmdline_get(cmdline, nums[i], v, sizeof(v)))
			warnf(warn, wlen, &bad, "lb.%s= missing from the command line%s\n", nums[i], "");
		else if (!strcmp(v, "auto") && (i == 0 || i == 1))
			ctx->auto_mask |= i == 0 ? LB_AUTO_HOST_CPUS : LB_AUTO_VCPUS;
		else if (get_u64(v, &x))
			warnf(warn, wlen, &bad, "lb.%s=%s is not a number\n", nums[i], v);
		else
			*dst = x;
	}
	if (!ctx->repeat) {
		warnf(warn, wlen, &bad, "lb.repeat=0: running the jobs once%s%s\n", "", "");
		ctx->repeat = 1;
	}
	ctx->perf = -1;
	if (!lb_cmdline_get(cmdline, "perf", v, sizeof(v))) {
		ctx->perf = strtol(v, &end, 10);
		if (*end || end == v) {
			warnf(warn, wlen, &bad, "lb.perf=%s is not a job index%s\n", v, "");
			ctx->perf = -1;
		}
	}
	if (lb_cmdline_get(cmdline, "jobs", ctx->jobs, sizeof(ctx->jobs)))
		snprintf(ctx->jobs, sizeof(ctx->jobs), "/lb/jobs");
	if (lb_cmdline_get(cmdline, "module", ctx->module, sizeof(ctx->module)))
		snprintf(ctx->module, sizeof(ctx->module), "/lb/lockbench.ko");
	if (lb_cmdline_get(cmdline, "records", ctx->records, sizeof(ctx->records)))
		ctx->records[0] = '\0';
	if (lb_cmdline_get(cmdline, "out", ctx->out, sizeof(ctx->out)))
		ctx->out[0] = '\0';
	if (lb_cmdline_get(cmdline, "pmu", ctx->pmu, sizeof(ctx->pmu)))
		snprintf(ctx->pmu, sizeof(ctx->pmu), "auto");
	return bad;
}

static void apply_ctx(const struct lb_ctx *ctx, uint64_t seq, struct lb_record *r)
{
	memcpy(r->variant, ctx->variant, LB_STR_MAX);
	memcpy(r->accel, ctx->accel, LB_STR_MAX);
	memcpy(r->host, ctx->host, LB_STR_MAX);
	r->host_cpus = ctx->host_cpus;
	r->vcpus = ctx->vcpus;
	r->oversub = ctx->vcpus > ctx->host_cpus;
	r->boot = ctx->boot;
	r->seq = seq;
}

void lb_fail_record(const struct lb_ctx *ctx, uint64_t seq, const char *line,
		    const char *status, struct lb_record *r)
{
#define LB_PLACEMENT_NAME(name, desc) name,
	static const char *const placements[] = { LB_PLACEMENTS(LB_PLACEMENT_NAME) };
	char buf[512], *save = NULL, *w;

	memset(r, 0, sizeof(*r));
	apply_ctx(ctx, seq, r);
	/* The module's defaults, so the record says what the job would be. */
#define LB_DEFAULT(key, min, max, def) r->key = def;
	LB_JOB_INT_KEYS(LB_DEFAULT)
	snprintf(r->placement, sizeof(r->placement), "%s", placements[0]);
	snprintf(buf, sizeof(buf), "%s", line);
	for (w = strtok_r(buf, " \t\n", &save); w; w = strtok_r(NULL, " \t\n", &save)) {
		char *eq = strchr(w, '=');
		uint64_t x;

		if (!eq)
			continue;
		*eq++ = '\0';
		if (!strcmp(w, "kind"))
			snprintf(r->kind, sizeof(r->kind), "%.*s", LB_STR_MAX - 1, eq);
		else if (!strcmp(w, "mode"))
			snprintf(r->mode, sizeof(r->mode), "%.*s", LB_STR_MAX - 1, eq);
		else if (!strcmp(w, "placement"))
			snprintf(r->placement, sizeof(r->placement), "%.*s", LB_STR_MAX - 1, eq);
#define LB_SETKEY(key, min, max, def) \
		else if (!strcmp(w, #key) && !get_u64(eq, &x)) r->key = x;
		LB_JOB_INT_KEYS(LB_SETKEY)
	}
	lb_word(r->kind, sizeof(r->kind));
	lb_word(r->mode, sizeof(r->mode));
	lb_word(r->placement, sizeof(r->placement));
	snprintf(r->status, sizeof(r->status), "%.*s", LB_STR_MAX - 1, status);
	lb_word(r->status, sizeof(r->status));
}

int lb_result_record(const struct lb_ctx *ctx, uint64_t seq, const char *result,
		     struct lb_record *r, char *err, size_t errlen)
{
	char line[2048];
	size_t n;

	snprintf(line, sizeof(line), "%s", result);
	n = strcspn(line, "\r\n");
	line[n] = '\0';
	memset(r, 0, sizeof(*r));
	if (lb_parse_fields(line, lb_ncontext, lb_nfields - lb_ncontext, r, err, errlen))
		return -1;
	apply_ctx(ctx, seq, r);
	return 0;
}

size_t lb_expand_sweep(const char *line, uint64_t vcpus, char out[][512], size_t max)
{
	const char *s = strstr(line, "threads=SWEEP");
	size_t n = 0;

	if (!max)
		return 0;
	if (!s) {
		snprintf(out[0], 512, "%s", line);
		return 1;
	}
	if (!vcpus)
		vcpus = 1;
	for (uint64_t t = 1; n < max; t *= 2) {
		if (t > vcpus)
			t = vcpus;
		snprintf(out[n++], 512, "%.*sthreads=%llu%s", (int)(s - line), line,
			 (unsigned long long)t, s + strlen("threads=SWEEP"));
		if (t == vcpus)
			break;
	}
	return n;
}

void lb_errno_status(const char *prefix, int e, char *buf, size_t len)
{
	const char *name = strerrorname_np(e);

	if (name)
		snprintf(buf, len, "%s_%s", prefix, name);
	else
		snprintf(buf, len, "%s_errno%d", prefix, e);
}

/* First value of FIELD in /proc/cpuinfo's text, "" when absent. */
static void cpuinfo_get(const char *text, const char *field, char *val, size_t len)
{
	size_t fl = strlen(field);

	val[0] = '\0';
	for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		const char *p = l + fl;

		if (strncmp(l, field, fl))
			continue;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p != ':')
			continue;
		for (p++; *p == ' '; p++)
			;
		snprintf(val, len, "%.*s", (int)strcspn(p, "\n"), p);
		return;
	}
}

void lb_ctx_auto(struct lb_ctx *ctx, const char *cpuinfo, uint64_t ncpus)
{
	static const char *const ids[] = { "vendor_id", "cpu family", "model", "stepping" };
	char name[LB_STR_MAX], v[256];
	uint32_t h = 2166136261u;	/* FNV-1a: a label, not a checksum */
	size_t o = 0;

	if (ctx->auto_mask & LB_AUTO_HOST_CPUS)
		ctx->host_cpus = ncpus;
	if (ctx->auto_mask & LB_AUTO_VCPUS)
		ctx->vcpus = ncpus;
	if (!(ctx->auto_mask & LB_AUTO_HOST))
		return;
	for (size_t i = 0; i < 4; i++) {
		cpuinfo_get(cpuinfo, ids[i], v, sizeof(v));
		for (const char *c = v; *c; c++)
			h = (h ^ (unsigned char)*c) * 16777619u;
		h = (h ^ ' ') * 16777619u;
	}
	/* The model name as host_id writes it: [A-Za-z0-9.] kept, runs of
	 * anything else one '_', at most 28 characters, no trailing '_'. */
	cpuinfo_get(cpuinfo, "model name", v, sizeof(v));
	for (const char *c = v; *c && o < 28; c++) {
		int keep = isalnum((unsigned char)*c) || *c == '.';

		if (keep)
			name[o++] = *c;
		else if (o && name[o - 1] != '_')
			name[o++] = '_';
	}
	while (o && name[o - 1] == '_')
		o--;
	name[o] = '\0';
	snprintf(v, sizeof(v), "%s_x%llu-%08x", o ? name : "unknown", (unsigned long long)ncpus, h);
	snprintf(ctx->host, LB_STR_MAX, "%.*s", LB_STR_MAX - 1, v);
	lb_word(ctx->host, LB_STR_MAX);
}

const char *lb_accel_detect(const char *cpuinfo, const char *hv_vendor)
{
	char flags[4096];

	cpuinfo_get(cpuinfo, "flags", flags, sizeof(flags));
	if (!strstr(flags, " hypervisor") && strncmp(flags, "hypervisor", 10))
		return "metal";
	if (!strncmp(hv_vendor, "KVMKVMKVM", 9))
		return "kvm";
	return "tcg";
}

int lb_ctx_accel(struct lb_ctx *ctx, const char *detected, char *warn, size_t wlen)
{
	int dummy = 0;

	warn[0] = '\0';
	if (!strcmp(ctx->accel, "auto")) {
		snprintf(ctx->accel, LB_STR_MAX, "%s", detected);
		return 0;
	}
	if (!strcmp(ctx->accel, detected) || (!strcmp(ctx->accel, "icount") && !strcmp(detected, "tcg")))
		return 0;
	warnf(warn, wlen, &dummy, "lb.accel=%s, but this machine looks like %s from inside (CPUID)\n",
	      ctx->accel, detected);
	return 1;
}

/* Print into BUF at *O, never past LEN. */
static void bprintf(char *buf, size_t len, size_t *o, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void bprintf(char *buf, size_t len, size_t *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (*o >= len)
		return;
	va_start(ap, fmt);
	n = vsnprintf(buf + *o, len - *o, fmt, ap);
	va_end(ap);
	if (n > 0)
		*o = *o + (size_t)n < len ? *o + (size_t)n : len - 1;
}

/* A figure's value as the CSV writes it (three decimals for DEC). */
static int figure(const struct lb_record *r, const char *name, char *val, size_t len)
{
	const struct lb_field *f = lb_field_by_name(name);
	double d;

	if (!f || f->type == LB_TYPE_STR || lb_get_double(r, name, &d))
		return -1;
	if (f->type == LB_TYPE_DEC)
		snprintf(val, len, "%.3f", d);
	else
		snprintf(val, len, "%llu", (unsigned long long)lb_get_u64(r, name));
	return 0;
}

size_t lb_ktap_case(const struct lb_record *r, uint64_t n, char *buf, size_t len)
{
	/* The key figures of each mode; the first is the LAVA measurement.
	 * "@" is the unit of the cost columns under the record's accel.
	 * A name the schema does not have is left out. */
	static const char *const timed[][2] = {
		{ "cyc_op", "@" }, { "cyc_p25", "@" }, { "cyc_p75", "@" }, { "ns_op", "ns" }, { NULL, NULL } };
	static const char *const contended[][2] = {
		{ "ops_per_s", "ops/s" }, { "wait_p50_ns", "ns" }, { "wait_p99_ns", "ns" },
		{ "fair_ratio", "ratio" }, { "fair_cv", "cv" }, { NULL, NULL } };
	const char *const (*figs)[2] = strcmp(r->mode, "contended") ? timed : contended;
	const char *unit0 = NULL, *accel_unit = lb_accel_unit(r->accel);
	int ok = !strcmp(r->status, "ok");
	char val0[64] = "", val[64];
	size_t o = 0;

	if (!len)
		return 0;
	buf[0] = '\0';
	/* KTAP puts a test's diagnostic lines right before its result line. */
	if (!ok)
		bprintf(buf, len, &o, "# status: %s\n", r->status);
	for (size_t i = 0; ok && figs[i][0]; i++) {
		const char *unit = strcmp(figs[i][1], "@") ? figs[i][1] :
				   accel_unit ? accel_unit : "unknown";

		if (figure(r, figs[i][0], val, sizeof(val)))
			continue;
		bprintf(buf, len, &o, "# %s: %s %s\n", figs[i][0], val, unit);
		if (!unit0) {
			unit0 = unit;
			snprintf(val0, sizeof(val0), "%s", val);
		}
	}
	/* LAVA's test-case signal: one id per job, its main figure. */
	bprintf(buf, len, &o, "<LAVA_SIGNAL_TESTCASE TEST_CASE_ID=job%llu_%s_%s RESULT=%s",
		(unsigned long long)r->seq, r->kind, r->mode, ok ? "pass" : "fail");
	if (unit0)
		bprintf(buf, len, &o, " MEASUREMENT=%s UNITS=%s", val0, unit0);
	bprintf(buf, len, &o, ">\n");
	bprintf(buf, len, &o, "%s %llu kind=%s mode=%s threads=%llu seq=%llu\n", ok ? "ok" : "not ok",
		(unsigned long long)n, r->kind, r->mode, (unsigned long long)r->threads,
		(unsigned long long)r->seq);
	return o;
}
