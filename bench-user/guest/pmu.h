/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pmu: each job counted by Debian's perf stat in the guest, when lb.pmu=
 * asks for it.  lb.pmu=auto (the default) counts cycles and instructions
 * when the guest has a hardware PMU (KVM with -cpu host, bare metal) and
 * nothing otherwise (TCG has none); lb.pmu=off never counts; lb.pmu=A,B
 * names the events (software ones, task-clock or context-switches, work
 * under TCG too: the tests use them).  Rows go to pmu.csv, whose columns
 * are LB_PMU_COLUMNS of the schema.
 */
#ifndef LB_PMU_H
#define LB_PMU_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "lbrec.h"

#define LB_PMU_AUTO_EVENTS	"cycles,instructions"
#define LB_PMU_MAX_EVENTS	8
#define LB_PMU_EVENTS_MAX	256

struct lb_pmu_count {
	char event[LB_STR_MAX];
	char unit[LB_STR_MAX];		/* "none" when perf gives none */
	uint64_t count;			/* thousandths */
	uint64_t running;		/* percent, thousandths */
	const char *state;		/* counted, not-counted, not-supported */
};

/*
 * The events to count for lb.pmu=WANT ("" is auto) on a guest that has
 * (HAS_PMU) a hardware PMU, into EVENTS ("" for none).  Event names are
 * perf's named events only: letters, digits and "_.:-" (a raw cpu/.../
 * spec could hold commas, which perf stat -x, would split).  0, or -1
 * with the reason in ERR.
 */
int lb_pmu_events(const char *want, int has_pmu, char *events, size_t len,
		  char *err, size_t errlen);

/*
 * perf stat's command line for one job into ARGV (MAX slots, NULL-ended):
 * PERF stat -x , -a -e EVENTS -o OUT -- JOB...  Returns the count of
 * words, 0 when MAX is too small.
 */
size_t lb_pmu_argv(char **argv, size_t max, const char *perf, const char *events,
		   const char *out, char *const job[]);

/*
 * perf stat -x, output (TEXT) into C[MAX]: one per counter line, in
 * perf's order; '#' lines and blank lines are skipped.  0 with *N set, or
 * -1 with the reason (the line and what is wrong with it) in ERR.
 */
int lb_pmu_parse(const char *text, struct lb_pmu_count *c, size_t max, size_t *n,
		 char *err, size_t errlen);

/* pmu.csv's header (no newline), from LB_PMU_COLUMNS. */
const char *lb_pmu_header(void);

/* One pmu.csv row: the job of record R, counted as C. */
int lb_pmu_write(FILE *out, const struct lb_record *r, const struct lb_pmu_count *c);

/* The KTAP diagnostic lines of N counts into BUF ("# perf_stat EVENT:
 * COUNT UNIT"), for the console before the job's test case.  Returns
 * the length written. */
size_t lb_pmu_ktap(const struct lb_pmu_count *c, size_t n, char *buf, size_t len);

#endif
