// SPDX-License-Identifier: GPL-2.0
/*
 * hot: the module's lb_hot_thread() on the pinned main thread, a slice at
 * a time.  Each batch times the empty kind's loop and then the kind's,
 * both batch_ops long (or the slope from n to 2n); the median empty batch
 * is subtracted at the end.  The bare pairs and the chain calibration run
 * the same way, with their own loops.
 *
 * Two loop shapes: back to back (parallel_ns=0: each release is followed
 * at once by the next acquire, so a store-forwarding stall between them
 * is part of the figure), and with parallel_ns of work after each release
 * (ploop).  That parallel section's turns are calibrated in the empty
 * kind's own ploop before the first slice, and its length is what that
 * loop measures: the empty batches, per op.
 */
#include <stdlib.h>
#include <string.h>

#include "modes.h"
#include "physlimit.h"
#include "tsc.h"

static uint64_t time_loop(const struct lbn_kind_fns *k, void *l, uint64_t n,
			  unsigned int rp, uint64_t par, int slope)
{
	uint64_t t0, t1, t2;

	t0 = lbn_rdtsc();
	if (par)
		k->ploop(l, n, rp, par);
	else
		k->loop(l, n, rp);
	t1 = lbn_rdtsc();
	if (!slope)
		return t1 - t0;
	if (par)
		k->ploop(l, 2 * n, rp, par);
	else
		k->loop(l, 2 * n, rp);
	t2 = lbn_rdtsc();
	return t2 - t1 > t1 - t0 ? (t2 - t1) - (t1 - t0) : 0;
}

/* Turns of lbn_work() that make the empty ploop's op last PAR_NS. */
static uint64_t calibrate_par(const struct lbn_env *e, struct lbn_unit *u, uint64_t par_ns)
{
	uint64_t want = lbn_ns_to_cyc(par_ns, e->tsc_khz), turns, got, n = 1000;
	int i;

	turns = par_ns * e->work_per_ms / 1000000;
	if (!turns)
		turns = 1;
	/* Three corrections: the loop around the work costs a few ticks. */
	for (i = 0; i < 3; i++) {
		uint64_t best = UINT64_MAX, b;

		for (b = 0; b < 5; b++) {
			got = time_loop(u->empty, u->lock, n, 0, turns, 0);
			best = got < best ? got : best;
		}
		got = best / n;
		turns = lbn_turns_correct(e, turns, want, got);
	}
	return turns;
}

uint64_t lbn_turns_correct(const struct lbn_env *e, uint64_t turns, uint64_t want,
			   uint64_t got)
{
	int64_t t = (int64_t)turns + ((int64_t)want - (int64_t)got) *
		    (int64_t)e->work_per_ms / (int64_t)e->tsc_khz;

	return t > 0 ? (uint64_t)t : 1;
}

int lbn_unit_init(const struct lbn_env *e, struct lbn_unit *u)
{
	const struct lbn_job *j = u->j;

	u->lock = u->v ? lbn_lock_new(u->v, u->k.name) : lbn_pair_lock();
	if (!u->lock)
		return -1;
	if (u->type == LBN_U_JOB && !strcmp(j->mode, "hot") && j->parallel_ns)
		u->turns_par = calibrate_par(e, u, j->parallel_ns);
	else if (u->type == LBN_U_JOB && !strcmp(j->mode, "contended")) {
		u->turns_hold = j->hold_ns * e->work_per_ms / 1000000;
		u->turns_par = j->parallel_ns * e->work_per_ms / 1000000;
		if ((j->hold_ns || j->parallel_ns) && lbn_warmup_contended(e, u))
			return -1;
	}
	return 0;
}

/* The median of a slice's empty batches (thousandths of a tick per op). */
static uint64_t slice_median(const struct lbn_samples *s, size_t from)
{
	size_t n = s->n - from;
	uint64_t *v = malloc(n * sizeof(*v)), m;

	if (!v || !n) {
		free(v);
		return 0;
	}
	memcpy(v, s->v + from, n * sizeof(*v));
	lb_sort_u64(v, n);
	m = lb_pct_sorted(v, n, 50);
	free(v);
	return m;
}

int lbn_slice_hot(const struct lbn_env *e, struct lbn_unit *u, uint64_t ticks, int last)
{
	const struct lbn_job *j = u->j;
	uint64_t n = j->batch_ops, start = lbn_rdtsc(), now, emp, smp, med;
	unsigned int rp = u->type == LBN_U_JOB ? j->read_pct : 0;
	size_t from = u->emp.n;
	int warm;

	for (warm = 0; warm < LBN_WARM_BATCHES; warm++) {
		time_loop(u->empty, u->lock, n, rp, u->turns_par, j->slope);
		time_loop(&u->k, u->lock, n, rp, u->turns_par, j->slope);
	}
	do {
		emp = time_loop(u->empty, u->lock, n, rp, u->turns_par, j->slope);
		smp = time_loop(&u->k, u->lock, n, rp, u->turns_par, j->slope);
		/* With a parallel section each batch is less its own empty
		 * batch: the section's turns change between slices. */
		if (u->turns_par)
			smp = smp > emp ? smp - emp : 0;
		if (lbn_samples_add(&u->emp, emp * LB_DEC_SCALE / n) ||
		    lbn_samples_add(&u->samp, smp * LB_DEC_SCALE / n))
			return -1;
		now = lbn_rdtsc();
	} while (now - start < ticks || (last && u->samp.n < j->batches));
	u->spent += now - start;
	/* The parallel section as this slice's empty loop ran it corrects
	 * the next slice's turns. */
	if (u->turns_par && (med = slice_median(&u->emp, from)))
		u->turns_par = lbn_turns_correct(e, u->turns_par,
						 lbn_ns_to_cyc(j->parallel_ns, e->tsc_khz),
						 med / LB_DEC_SCALE);
	return 0;
}
