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
#define LBN_COPY(name, min, max, def) job->name = jl.name;
	LB_JOB_INT_KEYS(LBN_COPY)
#undef LBN_COPY
	why = lbn_kind_refusal(job->kind);
	if (why) {
		snprintf(err, len, "kind %s needs ring 0 and is refused natively: %s", job->kind, why);
		return -1;
	}
	return 0;
}
