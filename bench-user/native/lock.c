// SPDX-License-Identifier: GPL-2.0
/* Locks, samples, the uncontended summary and the work loop's rate. */
#include <stdlib.h>
#include <string.h>

#include "modes.h"
#include "tsc.h"

void *lbn_lock_new(const struct lbn_variant *v, const char *kind)
{
	size_t size = (*v->lock_size + 63) & ~(size_t)63;
	unsigned int i;
	void *l;

	/* The kinds' lock words share storage: only KIND's is readied. */
	for (i = 0; i < *v->nkinds && strcmp(v->kinds[i].name, kind); i++)
		;
	if (i == *v->nkinds)
		return NULL;
	l = aligned_alloc(64, size);
	if (l) {
		memset(l, 0, size);
		v->lock_init(l, i);
	}
	return l;
}

int lbn_samples_add(struct lbn_samples *s, uint64_t x)
{
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 1024;
		uint64_t *v = realloc(s->v, cap * sizeof(*v));

		if (!v)
			return -1;
		s->v = v;
		s->cap = cap;
	}
	s->v[s->n++] = x;
	return 0;
}

/* The shared core's figures (lockbench_summary.h), as the module's. */
void lbn_unc_summary(struct lb_record *r, uint64_t *samp, uint64_t *empty,
		     size_t n, uint64_t khz)
{
	struct lb_unc_figures f;

	lb_unc_figures(samp, empty, n, &f);
	r->overhead_cyc = f.overhead;
	r->cyc_op = f.p50;
	r->cyc_p25 = f.p25;
	r->cyc_p75 = f.p75;
	/* thousandths of a cycle to thousandths of a ns */
	r->ns_op = lbn_cyc_to_ns(r->cyc_op, khz);
}

uint64_t lbn_work_calibrate(uint64_t tsc_khz)
{
	const uint64_t turns = 1000000;
	uint64_t best = UINT64_MAX, t0, d;
	int i;

	/* The fastest of a few: a preempted try only looks slower. */
	for (i = 0; i < 5; i++) {
		t0 = lbn_rdtsc();
		lbn_work(turns);
		d = lbn_rdtsc() - t0;
		if (d < best)
			best = d;
	}
	return best ? turns * tsc_khz / best : 1;
}
