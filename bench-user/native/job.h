/* SPDX-License-Identifier: GPL-2.0 */
/* A native job: the shared "key=value" line, checked before any work. */
#ifndef LBN_JOB_H
#define LBN_JOB_H

#include <stddef.h>
#include <stdint.h>

#include "lockbench_schema.h"

#define LBN_JOB_MEMBER(name, min, max, def)	uint64_t name;
struct lbn_job {
	char kind[LB_STR_MAX], mode[LB_STR_MAX], placement[LB_STR_MAX];
	LB_JOB_INT_KEYS(LBN_JOB_MEMBER)
	/* Where its threads run: the placement's CPUs, the first the
	 * timer's (cold) or thread 0's (contended); main.c sets them. */
	const unsigned int *cpus;
	unsigned int ncpus;
};
#undef LBN_JOB_MEMBER

/*
 * Why KIND cannot run in a user process, or NULL when it can: the irq
 * kinds execute cli/sti (or pushf/popf's IF), which fault or do nothing in
 * ring 3, and _bh calls into softirq code that is not linked.
 */
const char *lbn_kind_refusal(const char *kind);

/*
 * Parse LINE into JOB with the module's parser (lockbench_jobline.h): the
 * schema's defaults and limits, more threads than NCPUS refused; then a
 * kind that needs ring 0 is refused too: -1 with the reason in ERR.
 */
int lbn_job_parse(const char *line, unsigned int ncpus, struct lbn_job *job,
		  char *err, size_t len);

struct lb_record;
/* JOB's integer keys into R, the record of a run of it. */
void lbn_job_record(const struct lbn_job *job, struct lb_record *r);

#endif
