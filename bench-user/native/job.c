// SPDX-License-Identifier: GPL-2.0
/*
 * Native job lines: the parser the module shares (lockbench_jobline.h),
 * and what a user process cannot run.
 */
#include <stdio.h>
#include <string.h>

#include "job.h"
#include "lbrec.h"
#include "lockbench_jobline.h"

/*
 * Where each integer key lives in a native job and in its record: a row
 * per key in LB_JOB_INT_KEYS' order, the order of the job line's own
 * table (lb_jobline_keys).  The copies below move a uint64_t: a member
 * of another type matches no _Generic association and fails the build.
 */
#define LBN_U64_OFF(type, n)	_Generic(((type *)0)->n, uint64_t: offsetof(type, n))
#define LBN_INT_KEY(n, min, max, def)	\
	{ LBN_U64_OFF(struct lbn_job, n), LBN_U64_OFF(struct lb_record, n) },
static const struct { size_t job, rec; } int_keys[] = { LB_JOB_INT_KEYS(LBN_INT_KEY) };

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

int lbn_job_parse(const char *line, unsigned int ncpus, struct lbn_job *job,
		  char *err, size_t len)
{
	struct lb_jobline jl;
	char buf[512];
	const char *why;
	size_t i;

	memset(job, 0, sizeof(*job));
	if (strlen(line) >= sizeof(buf)) {
		snprintf(err, len, "job line too long");
		return -1;
	}
	strcpy(buf, line);
	if (lb_jobline_parse(buf, ncpus, &jl, err, len))
		return -1;
	strcpy(job->kind, lb_jobline_kind_name(jl.kind));
	strcpy(job->mode, lb_jobline_mode_name(jl.mode));
	strcpy(job->placement, lb_jobline_placement_name(jl.placement));
	for (i = 0; i < ARRAY_SIZE(int_keys); i++)
		memcpy((char *)job + int_keys[i].job, lb_jobline_value(&jl, &lb_jobline_keys[i]),
		       sizeof(uint64_t));
	why = lbn_kind_refusal(job->kind);
	if (why) {
		snprintf(err, len, "kind %s needs ring 0 and is refused natively: %s", job->kind, why);
		return -1;
	}
	return 0;
}

void lbn_job_record(const struct lbn_job *job, struct lb_record *r)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(int_keys); i++)
		memcpy((char *)r + int_keys[i].rec, (const char *)job + int_keys[i].job,
		       sizeof(uint64_t));
}
