// SPDX-License-Identifier: GPL-2.0
/*
 * The schedule: every unit (a job of a variant, a bare pair, a chain
 * length) runs in SLICES slices, and each round runs one slice of every
 * unit in an order shuffled from the seed, so each unit's time is spread
 * over the process's whole life.  A drift of the machine during the
 * process (another tenant, a frequency step) then lands on every variant
 * alike instead of on whichever ran at that moment.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schedule.h"
#include "stubs.h"
#include "tsc.h"

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
		snprintf(buf, len, "%s %s %s", u->v->name, u->j->kind, u->j->mode);
	return buf;
}

static int slice(const struct lbn_env *e, struct lbn_unit *u, unsigned int s,
		 unsigned int slices)
{
	uint64_t ticks = u->budget / slices;
	int last = s + 1 == slices;

	if (u->type != LBN_U_JOB || !strcmp(u->j->mode, "hot"))
		return lbn_slice_hot(e, u, ticks, last);
	if (!strcmp(u->j->mode, "cold"))
		return u->timeout ? 0 : lbn_slice_cold(e, u, ticks, last);
	return lbn_slice_contended(e, u, ticks);
}

int lbn_sched_run(const struct lbn_env *e, struct lbn_unit *u, unsigned int n,
		  unsigned int slices, uint64_t seed, FILE *trace)
{
	unsigned int *order = malloc(n * sizeof(*order)), i, s;
	char name[256];

	if (!order)
		return 3;
	for (i = 0; i < n; i++) {
		if (lbn_unit_init(e, &u[i])) {
			fprintf(stderr, "lb-native: error: %s: out of memory\n", unit_name(&u[i], name, sizeof(name)));
			return 3;
		}
		order[i] = i;
	}
	for (s = 0; s < slices; s++) {
		shuffle(order, n, &seed);
		for (i = 0; i < n; i++) {
			struct lbn_unit *x = &u[order[i]];

			if (trace)
				fprintf(trace, "%u %s\n", s + 1, unit_name(x, name, sizeof(name)));
			/* A stub the slice reaches names it (stubs.h). */
			unit_name(x, lbn_stub_where, sizeof(lbn_stub_where));
			if (slice(e, x, s, slices)) {
				fprintf(stderr, "lb-native: error: %s: out of memory or threads\n", unit_name(x, name, sizeof(name)));
				return 3;
			}
		}
	}
	free(order);
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
