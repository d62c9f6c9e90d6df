// SPDX-License-Identifier: GPL-2.0
/* lbjob: command line, job lines and records for the guest runner. */
#define _GNU_SOURCE
#include "lbjob.h"

#include <ctype.h>
#include <errno.h>
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
	ctx->repeat = 1;
	for (size_t i = 0; i < 4; i++) {
		uint64_t x, *dst = i == 0 ? &ctx->host_cpus : i == 1 ? &ctx->vcpus :
				   i == 2 ? &ctx->boot : &ctx->repeat;

		if (lb_cmdline_get(cmdline, nums[i], v, sizeof(v)))
			warnf(warn, wlen, &bad, "lb.%s= missing from the command line%s\n", nums[i], "");
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
	char buf[512], *save = NULL, *w;

	memset(r, 0, sizeof(*r));
	apply_ctx(ctx, seq, r);
	/* The module's defaults, so the record says what the job would be. */
#define LB_DEFAULT(key, min, max, def) r->key = def;
	LB_JOB_INT_KEYS(LB_DEFAULT)
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
#define LB_SETKEY(key, min, max, def) \
		else if (!strcmp(w, #key) && !get_u64(eq, &x)) r->key = x;
		LB_JOB_INT_KEYS(LB_SETKEY)
	}
	lb_word(r->kind, sizeof(r->kind));
	lb_word(r->mode, sizeof(r->mode));
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
