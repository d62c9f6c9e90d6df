// SPDX-License-Identifier: GPL-2.0
/*
 * cold: the module's lb_cold_thread() and lb_cold_toucher().  A toucher
 * pinned to the second CPU takes and releases the lock (and writes its
 * line) before every timed acquire on the first, handing over through a
 * turn flag on a line of its own, so each timed acquire+release finds the
 * lock's line last written by the other CPU.  Each timing is the pair
 * minus an empty timing of the same hand-off.  The two CPUs are the job's
 * placement's first two (main.c): the main thread moves to the first for
 * the slice and back after it.
 */
#include <stdlib.h>
#include <string.h>

#include "modes.h"
#include "threads.h"
#include "tsc.h"

/* Give up on the other CPU after this long without a handshake. */
#define LBN_HANDSHAKE_MS	1000

struct cold {
	const struct lbn_kind_fns *k;
	const struct lbn_job *j;
	void *l;
	uint64_t limit;			/* ticks */
	int turn __attribute__((aligned(64)));	/* 1: toucher's, 0: timer's */
	int stop __attribute__((aligned(64)));
	unsigned long long touch;	/* the toucher's write next to the lock */
};

static int wait_turn(struct cold *c, int want)
{
	uint64_t t0 = lbn_rdtsc();
	unsigned int spins = 0;

	while (__atomic_load_n(&c->turn, __ATOMIC_ACQUIRE) != want) {
		__builtin_ia32_pause();
		if (++spins & 0xfff)
			continue;
		if (__atomic_load_n(&c->stop, __ATOMIC_RELAXED) ||
		    lbn_rdtsc() - t0 > c->limit)
			return 0;
	}
	return 1;
}

static void *toucher(void *arg)
{
	struct cold *c = arg;
	unsigned int acc = 0;

	while (!__atomic_load_n(&c->stop, __ATOMIC_RELAXED)) {
		if (!wait_turn(c, 1))
			continue;
		acc += c->j->read_pct;
		c->k->op(c->l, acc >= 100 ? (acc -= 100, 1) : 0);
		/* The lock's line is written by this CPU last, as the module's. */
		__atomic_store_n(&c->touch, c->touch + 1, __ATOMIC_RELAXED);
		__atomic_store_n(&c->turn, 0, __ATOMIC_RELEASE);
	}
	return NULL;
}

/* One slice: a toucher on the second CPU for its length, batches until
 * TICKS have passed (LAST: and the job's batches are in). */
int lbn_slice_cold(const struct lbn_env *e, struct lbn_unit *u, uint64_t ticks, int last)
{
	const struct lbn_job *j = u->j;
	const struct lbn_kind_fns *empty = u->empty, *k = &u->k;
	struct cold *c = aligned_alloc(64, sizeof(*c));
	uint64_t i, t0, t1, t2, se, so, start = lbn_rdtsc(), now;
	unsigned int acc = 0;
	int read, ok = 1, warm = LBN_WARM_BATCHES;
	pthread_t t;

	if (!c)
		return -1;
	*c = (struct cold){ .k = k, .j = j, .l = u->lock,
			    .limit = lbn_ns_to_cyc(LBN_HANDSHAKE_MS * 1000000ull, e->tsc_khz) };
	if (j->cpus[0] != e->cpus[0] && lbn_pin_enter(j->cpus[0]))
		return -1;
	if (lbn_thread_start(&t, j->cpus[1], toucher, c))
		return -1;
	do {
		se = so = 0;
		for (i = 0; i < j->batch_ops; i++) {
			acc += j->read_pct;
			read = acc >= 100 ? (acc -= 100, 1) : 0;
			__atomic_store_n(&c->turn, 1, __ATOMIC_RELEASE);
			if (!wait_turn(c, 0)) {
				ok = 0;
				break;
			}
			t0 = lbn_rdtsc();
			empty->op(c->l, read);
			t1 = lbn_rdtsc();
			k->op(c->l, read);
			t2 = lbn_rdtsc();
			se += t1 - t0;
			so += t2 - t1;
		}
		if (!ok)
			break;
		if (warm)
			warm--;
		else if (lbn_samples_add(&u->emp, se * LB_DEC_SCALE / j->batch_ops) ||
			 lbn_samples_add(&u->samp, so * LB_DEC_SCALE / j->batch_ops))
			ok = -1;
		now = lbn_rdtsc();
	} while (ok > 0 && (now - start < ticks || (last && u->samp.n < j->batches)));
	__atomic_store_n(&c->stop, 1, __ATOMIC_RELAXED);
	pthread_join(t, NULL);
	free(c);
	if (j->cpus[0] != e->cpus[0] && lbn_pin_enter(e->cpus[0]))
		return -1;
	u->spent += lbn_rdtsc() - start;
	if (!ok)
		u->timeout = 1;
	return ok < 0 ? -1 : 0;
}
