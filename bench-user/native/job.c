// SPDX-License-Identifier: GPL-2.0
/* Native job lines: the module's syntax and limits, the schema's lists. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "job.h"
#include "lbrec.h"

const char *lbn_kind_refusal(const char *kind)
{
	const struct lb_kind *k = lb_kind_by_name(kind);

	if (!k)
		return NULL;
	if (!strcmp(k->irq, "irq") || !strcmp(k->irq, "irqsave"))
		return "it masks interrupts (cli/sti, popf of IF), which ring 3 cannot do: cli/sti fault with #GP and popf leaves IF alone; measure it under ACCEL=tcg or icount";
	if (!strcmp(k->irq, "bh"))
		return "it disables softirqs through the preempt count and re-enables them in __local_bh_enable_ip(), kernel code that a user process cannot run faithfully; measure it under ACCEL=tcg or icount";
	return NULL;
}

static int is_mode(const char *m)
{
#define LBN_MODE_IS(name, extra, desc) if (!strcmp(m, #name)) return 1;
	LB_MODES(LBN_MODE_IS)
#undef LBN_MODE_IS
	return 0;
}

/* A function, so that a limit of 0 is no always-false comparison. */
static int out_of_range(unsigned long long v, unsigned long long lo,
			unsigned long long hi)
{
	return v < lo || v > hi;
}

static int set_int(struct lbn_job *job, const char *key, const char *val,
		   char *err, size_t len)
{
	unsigned long long v;
	char *end;

#define LBN_SET(name, min, max, def)					\
	if (!strcmp(key, #name)) {					\
		errno = 0;						\
		v = strtoull(val, &end, 10);				\
		if (!*val || *end || errno || *val == '-' ||		\
		    out_of_range(v, (min), (max))) {				\
			snprintf(err, len, "%s=%s: want an integer from %llu to %llu", \
				 key, val, (unsigned long long)(min),	\
				 (unsigned long long)(max));		\
			return -1;					\
		}							\
		job->name = v;						\
		return 0;						\
	}
	LB_JOB_INT_KEYS(LBN_SET)
#undef LBN_SET
	snprintf(err, len, "unknown job key '%s'", key);
	return -1;
}

int lbn_job_parse(const char *line, unsigned int ncpus, struct lbn_job *job,
		  char *err, size_t len)
{
	char buf[512], *tok, *save, *eq;
	const char *why;

	memset(job, 0, sizeof(*job));
#define LBN_DEF(name, min, max, def) job->name = (def);
	LB_JOB_INT_KEYS(LBN_DEF)
#undef LBN_DEF
	if (strlen(line) >= sizeof(buf)) {
		snprintf(err, len, "job line too long");
		return -1;
	}
	strcpy(buf, line);
	for (tok = strtok_r(buf, " \t\n", &save); tok;
	     tok = strtok_r(NULL, " \t\n", &save)) {
		eq = strchr(tok, '=');
		if (!eq) {
			snprintf(err, len, "'%s' is not key=value", tok);
			return -1;
		}
		*eq++ = '\0';
		if (!strcmp(tok, "kind") || !strcmp(tok, "mode")) {
			char *dst = tok[0] == 'k' ? job->kind : job->mode;

			if (strlen(eq) >= LB_STR_MAX) {
				snprintf(err, len, "%s=%s: too long", tok, eq);
				return -1;
			}
			strcpy(dst, eq);
		} else if (set_int(job, tok, eq, err, len)) {
			return -1;
		}
	}
	if (!lb_kind_by_name(job->kind)) {
		snprintf(err, len, "unknown kind '%s' (lb-validate --describe kinds lists them)", job->kind);
		return -1;
	}
	why = lbn_kind_refusal(job->kind);
	if (why) {
		snprintf(err, len, "kind %s needs ring 0 and is refused natively: %s", job->kind, why);
		return -1;
	}
	if (!is_mode(job->mode)) {
		snprintf(err, len, "unknown mode '%s': hot, cold or contended", job->mode);
		return -1;
	}
	if (!strcmp(job->mode, "cold") && ncpus < 2) {
		snprintf(err, len, "mode cold needs 2 online CPUs, this host has %u", ncpus);
		return -1;
	}
	if (!strcmp(job->mode, "contended") && job->threads > ncpus) {
		snprintf(err, len, "threads=%llu is above the %u CPUs this process may use: oversubscribed spinners measure the scheduler; use THREADS of at most %u",
			 (unsigned long long)job->threads, ncpus, ncpus);
		return -1;
	}
	if (job->pad && (strcmp(job->kind, "spin_lock") || strcmp(job->mode, "hot"))) {
		snprintf(err, len, "pad=%llu: only kind=spin_lock mode=hot is padded",
			 (unsigned long long)job->pad);
		return -1;
	}
	return 0;
}
