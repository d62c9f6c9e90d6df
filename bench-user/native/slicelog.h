/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The slice log: a row a timed slice, kept while the process runs and
 * written at its end as slices.csv (the contract's LB_SLICES_COLUMNS).
 * A process's record keeps one median a unit; the log keeps how the
 * unit's cost moved through the process, and beside each slice what
 * could have moved it: the unit just before it, its time, the probes,
 * the CPU's steal time and the thread's involuntary context switches.
 */
#ifndef LBN_SLICELOG_H
#define LBN_SLICELOG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "modes.h"

struct lbn_slice {
	const struct lbn_unit *u, *prev;	/* prev: NULL for the first */
	unsigned int seq, round;		/* from 1 */
	uint64_t start, ticks, batches;		/* TSC ticks; timed batches */
	/* p10, p25, p50, p75, p90 in thousandths of a cycle per op;
	 * contended: q[2] is the slice's ops per second, the rest unused. */
	uint64_t q[5];
	uint64_t probe_pair, probe_chain;	/* thousandths (probe.h) */
	uint64_t steal_us, nivcsw;
};

struct lbn_slicelog {
	struct lbn_slice *s;
	size_t n, cap;
	const struct lbn_unit *last;	/* the unit run last, logged or not */
};

/* Append S; -1 when out of memory. */
int lbn_slicelog_add(struct lbn_slicelog *l, const struct lbn_slice *s);

/*
 * The quantiles of U's batches from FROM on (its slice), each less the
 * slice's median empty batch (a batch already less its own, with a
 * parallel section, as it is), into Q as struct lbn_slice's.
 */
void lbn_slice_quantiles(const struct lbn_unit *u, size_t from, uint64_t q[5]);

/* CPU's steal time so far in microseconds (/proc/stat), 0 if unreadable. */
uint64_t lbn_steal_us(unsigned int cpu);

/* The calling thread's involuntary context switches so far. */
uint64_t lbn_nivcsw(void);

/* The log as slices.csv, header first; BOOT names the process. */
void lbn_slicelog_write(FILE *f, const struct lbn_slicelog *l, uint64_t boot, uint64_t khz);

#endif
