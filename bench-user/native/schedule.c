// SPDX-License-Identifier: GPL-2.0
/*
 * The schedule: every unit (a job of a variant, a bare pair, a chain
 * length) runs in SLICES slices, one a round, so each unit's time is
 * spread over the process's whole life.  Within a round the units form
 * blocks: the variants' units of one job (or the bare pairs, or one
 * chain length), run back to back, so that the slices a pair of
 * variants compares are neighbours in time and share whatever state the
 * machine is in.  The blocks' order is shuffled from the seed each
 * round; inside a block the order is a row of a Williams design
 * (williams.h), so that each variant follows each other equally often
 * and what a slice inherits from the one before it cancels out of a
 * comparison.  Before each slice the probes run (probe.h) and after it
 * the slice log takes its row (slicelog.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "physlimit.h"
#include "probe.h"
#include "schedule.h"
#include "slicelog.h"
#include "stubs.h"
#include "tsc.h"
#include "williams.h"

/* splitmix64: a seeded stream, the same on every host. */
uint64_t lbn_rand(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static void shuffle(unsigned int *a, unsigned int n, uint64_t *seed)
{
	unsigned int i, j, t;

	for (i = n; i > 1; i--) {
		j = lbn_rand(seed) % i;
		t = a[i - 1];
		a[i - 1] = a[j];
		a[j] = t;
	}
}

static const char *unit_name(const struct lbn_unit *u, char *buf, size_t len)
{
	if (u->type == LBN_U_PAIR)
		snprintf(buf, len, "bare pair %s", u->k.name);
	else if (u->type == LBN_U_CHAIN)
		snprintf(buf, len, "%s chain %llu", u->v->name, (unsigned long long)u->steps);
	else
		snprintf(buf, len, "%s %s %s", u->name, u->j->kind, u->j->mode);
	return buf;
}

static int slice(const struct lbn_env *e, struct lbn_unit *u, unsigned int s,
		 unsigned int slices)
{
	uint64_t ticks = u->budget / slices;
	int last = s + 1 == slices;

	/* A slice is at least a thousand of the TSC's steps long. */
	if (ticks < 1000 * e->tsc_step)
		ticks = 1000 * e->tsc_step;
	if (u->type != LBN_U_JOB || !strcmp(u->j->mode, "hot"))
		return lbn_slice_hot(e, u, ticks, last);
	if (!strcmp(u->j->mode, "cold"))
		return u->timeout ? 0 : lbn_slice_cold(e, u, ticks, last);
	return lbn_slice_contended(e, u, ticks);
}

/* The units run side by side in a round: one job's variants, the bare
 * pairs, or one chain length's variants. */
struct block {
	unsigned int *member;	/* unit indices, in a drawn order */
	unsigned int n, offset;	/* offset: the Williams row of round 0 */
};

static int same_block(const struct lbn_unit *a, const struct lbn_unit *b)
{
	if (a->type != b->type)
		return 0;
	if (a->type == LBN_U_JOB)
		return a->j == b->j;
	if (a->type == LBN_U_CHAIN)
		return a->steps == b->steps;
	return 1;
}

/* The units' blocks; NULL when out of memory. */
static struct block *make_blocks(const struct lbn_unit *u, unsigned int n,
				 unsigned int *nblocks, uint64_t *seed)
{
	struct block *b = calloc(n ? n : 1, sizeof(*b));
	unsigned int *member = malloc((n ? n : 1) * sizeof(*member)), i, k, at = 0, nb = 0;
	char *done = calloc(n ? n : 1, 1);

	if (!b || !member || !done) {
		free(b);
		free(member);
		free(done);
		return NULL;
	}
	for (i = 0; i < n; i++) {
		if (done[i])
			continue;
		b[nb].member = member + at;
		for (k = i; k < n; k++) {
			if (!done[k] && same_block(&u[i], &u[k])) {
				done[k] = 1;
				member[at++] = k;
				b[nb].n++;
			}
		}
		/* Which unit takes which place in the design is drawn, so
		 * that no variant is always the first of its block. */
		shuffle(b[nb].member, b[nb].n, seed);
		b[nb].offset = lbn_rand(seed) % lbn_williams_rows(b[nb].n);
		nb++;
	}
	free(done);
	*nblocks = nb;
	return b;
}

/* Run unit X's slice S of SLICES with the probes before it and its row
 * in LOG after it. */
static int logged_slice(const struct lbn_env *e, struct lbn_unit *x, unsigned int s,
			unsigned int slices, struct lbn_slicelog *log, void *probe_lock)
{
	struct lbn_slice row = { .u = x, .prev = log->last, .seq = log->n + 1, .round = s + 1 };
	uint64_t ops0, el0, ops1, el1, steal0, csw0, end;
	size_t from = x->samp.n;
	int contended = x->type == LBN_U_JOB && !strcmp(x->j->mode, "contended");

	row.probe_pair = lbn_probe_pair(probe_lock);
	row.probe_chain = lbn_probe_chain();
	steal0 = lbn_steal_us(e->cpus[0]);
	csw0 = lbn_nivcsw();
	if (contended)
		lbn_contended_progress(x, &ops0, &el0);
	row.start = lbn_rdtsc();
	if (slice(e, x, s, slices))
		return -1;
	end = lbn_rdtsc();
	row.ticks = end - row.start;
	row.steal_us = lbn_steal_us(e->cpus[0]) - steal0;
	row.nivcsw = lbn_nivcsw() - csw0;
	if (contended) {
		lbn_contended_progress(x, &ops1, &el1);
		row.q[2] = el1 > el0 ? (ops1 - ops0) * e->tsc_khz * 1000 / (el1 - el0) : 0;
	} else {
		row.batches = x->samp.n - from;
		lbn_slice_quantiles(x, from, row.q);
	}
	log->last = x;
	/* The chains calibrate; their slices are no variant's cost. */
	if (x->type == LBN_U_CHAIN)
		return 0;
	return lbn_slicelog_add(log, &row);
}

int lbn_sched_run(const struct lbn_env *e, struct lbn_unit *u, unsigned int n,
		  unsigned int slices, uint64_t seed, FILE *trace, struct lbn_slicelog *log)
{
	unsigned int *order = malloc(n * sizeof(*order)), *row = malloc(n * sizeof(*row));
	unsigned int i, k, s, nb;
	struct block *b = NULL;
	void *probe_lock = lbn_pair_lock();
	char name[256];

	if (!order || !row || !probe_lock || !(b = make_blocks(u, n, &nb, &seed)))
		return 3;
	for (i = 0; i < n; i++) {
		if (lbn_unit_init(e, &u[i])) {
			fprintf(stderr, "lb-native: error: %s: out of memory\n", unit_name(&u[i], name, sizeof(name)));
			return 3;
		}
	}
	for (i = 0; i < nb; i++)
		order[i] = i;
	for (s = 0; s < slices; s++) {
		shuffle(order, nb, &seed);
		for (i = 0; i < nb; i++) {
			struct block *bl = &b[order[i]];

			lbn_williams_row(bl->n, bl->offset + s, row);
			for (k = 0; k < bl->n; k++) {
				struct lbn_unit *x = &u[bl->member[row[k]]];

				if (trace)
					fprintf(trace, "%u %s\n", s + 1, unit_name(x, name, sizeof(name)));
				/* A stub the slice reaches names it (stubs.h). */
				unit_name(x, lbn_stub_where, sizeof(lbn_stub_where));
				if (logged_slice(e, x, s, slices, log, probe_lock)) {
					fprintf(stderr, "lb-native: error: %s: out of memory or threads\n", unit_name(x, name, sizeof(name)));
					return 3;
				}
			}
		}
	}
	free(order);
	free(row);
	free(b->member);
	free(b);
	free(probe_lock);
	for (i = 0; i < n; i++) {
		struct lbn_unit *x = &u[i];

		if (x->type == LBN_U_JOB && !strcmp(x->j->mode, "contended")) {
			lbn_finish_contended(e, x);
			continue;
		}
		if (x->timeout)
			strcpy(x->r.status, "timeout");
		if (x->samp.n && x->turns_par) {
			/* Each batch is already less its empty one: the
			 * overhead column keeps the median empty batch. */
			uint64_t *zero = calloc(x->samp.n, sizeof(*zero));

			if (!zero)
				return 3;
			lbn_unc_summary(&x->r, x->samp.v, zero, x->samp.n, e->tsc_khz);
			lb_sort_u64(x->emp.v, x->emp.n);
			x->r.overhead_cyc = lb_pct_sorted(x->emp.v, x->emp.n, 50);
			free(zero);
		} else if (x->samp.n) {
			lbn_unc_summary(&x->r, x->samp.v, x->emp.v, x->samp.n, e->tsc_khz);
		}
		x->r.batches = x->samp.n;
	}
	return 0;
}
