// SPDX-License-Identifier: GPL-2.0
/*
 * contended: the module's lb_contend() on threads pinned one to a CPU.
 * They leave a start barrier together and each runs duration_ms of TSC
 * time; every iteration is the kind's lbn_cs_KIND() (acquire, timed; the
 * critical section with hold_ns of work and the exclusion check; release)
 * and parallel_ns of work outside.  The summary is lb_contended_summary().
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "modes.h"
#include "threads.h"
#include "tsc.h"

/* The module's histogram: 8 linear sub-buckets per power of two. */
#define HSUB_BITS	3
#define HSUB		(1u << HSUB_BITS)
#define HBUCKETS	((64 - HSUB_BITS + 1) * HSUB)

struct cthread {
	struct crun *run;
	unsigned int cpu;
	uint64_t ops, elapsed, wait_max;
	unsigned long long excl, bad_reads;	/* the ABI's type */
	uint32_t rnd;
	uint64_t hist[HBUCKETS];
} __attribute__((aligned(64)));

struct crun {
	const struct lbn_kind_fns *k;
	const struct lb_kind *kd;
	const struct lbn_job *j;
	void *l;
	uint64_t hold, par, dur;
	struct lbn_barrier bar;
};

static unsigned int hist_index(uint64_t v)
{
	unsigned int e;

	if (v < HSUB)
		return v;
	e = 63 - __builtin_clzll(v);
	return ((e - HSUB_BITS + 1) << HSUB_BITS) + ((v >> (e - HSUB_BITS)) & (HSUB - 1));
}

static uint64_t hist_value(unsigned int idx)
{
	unsigned int e, m;

	if (idx < HSUB)
		return idx;
	e = (idx >> HSUB_BITS) + HSUB_BITS - 1;
	m = idx & (HSUB - 1);
	return ((uint64_t)(HSUB + m) << (e - HSUB_BITS)) + (1ull << (e - HSUB_BITS)) / 2;
}

static uint64_t hist_pct(const uint64_t *h, uint64_t total, unsigned int pct)
{
	uint64_t rank, seen = 0;
	unsigned int i;

	if (!total)
		return 0;
	rank = (total * pct + 99) / 100;
	if (!rank)
		rank = 1;
	for (i = 0; i < HBUCKETS; i++) {
		seen += h[i];
		if (seen >= rank)
			return hist_value(i);
	}
	return hist_value(HBUCKETS - 1);
}

static uint32_t xorshift(uint32_t *s)
{
	uint32_t x = *s;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	*s = x;
	return x;
}

static void *cthread_main(void *arg)
{
	struct cthread *t = arg;
	struct crun *run = t->run;
	int shared = !strcmp(run->kd->side, "shared");
	int mix = !strcmp(run->kd->side, "mix");
	uint64_t start, end, now, w;
	_Bool read;

	lbn_barrier_wait(&run->bar);
	start = lbn_rdtsc();
	end = start + run->dur;
	do {
		read = shared || (mix && xorshift(&t->rnd) % 100 < run->j->read_pct);
		w = run->k->cs(run->l, read, run->hold, &t->excl, &t->bad_reads);
		t->hist[hist_index(w)]++;
		if (w > t->wait_max)
			t->wait_max = w;
		t->ops++;
		lbn_work(run->par);
		now = lbn_rdtsc();
	} while ((int64_t)(now - end) < 0);
	t->elapsed = now - start;
	return NULL;
}

static void summary(struct lb_record *r, struct crun *run, struct cthread *th,
		    unsigned int n, uint64_t khz)
{
	uint64_t total = 0, lo = UINT64_MAX, hi = 0, excl = 0, bad = 0;
	uint64_t elapsed = 0, wmax = 0, mean, *hist = calloc(HBUCKETS, 8);
	double var = 0;
	unsigned int i, b;

	for (i = 0; i < n; i++) {
		total += th[i].ops;
		lo = th[i].ops < lo ? th[i].ops : lo;
		hi = th[i].ops > hi ? th[i].ops : hi;
		excl += th[i].excl;
		bad += th[i].bad_reads;
		elapsed = th[i].elapsed > elapsed ? th[i].elapsed : elapsed;
		wmax = th[i].wait_max > wmax ? th[i].wait_max : wmax;
		for (b = 0; b < HBUCKETS; b++)
			hist[b] += th[i].hist[b];
	}
	mean = total / n;
	for (i = 0; i < n; i++)
		var += ((double)th[i].ops - mean) * ((double)th[i].ops - mean);
	var /= n;
	r->total_ops = total;
	r->ops_per_s = elapsed ? (uint64_t)((unsigned __int128)total * khz * 1000 / elapsed) : 0;
	r->thread_ops_mean = mean;
	r->fair_cv = mean ? (uint64_t)(sqrt(var) * LB_DEC_SCALE / mean) : 0;
	r->share_min = total ? lo * 100 * LB_DEC_SCALE / total : 0;
	r->share_max = total ? hi * 100 * LB_DEC_SCALE / total : 0;
	r->wait_p50_ns = lbn_cyc_to_ns(hist_pct(hist, total, 50), khz);
	r->wait_p90_ns = lbn_cyc_to_ns(hist_pct(hist, total, 90), khz);
	r->wait_p99_ns = lbn_cyc_to_ns(hist_pct(hist, total, 99), khz);
	r->wait_max_ns = lbn_cyc_to_ns(wmax, khz);
	r->cs_count = lbn_lock_cs(run->l);
	r->cs_expected = excl;
	if (r->cs_count != r->cs_expected || bad) {
		fprintf(stderr, "lb-native: MUTUAL EXCLUSION FAILED: %s with %u threads: %llu critical sections counted, %llu expected, %llu reads saw a writer\n",
			r->kind, n, (unsigned long long)r->cs_count,
			(unsigned long long)r->cs_expected, (unsigned long long)bad);
		strcpy(r->status, "mismatch");
	}
	free(hist);
}

int lbn_run_contended(const struct lbn_env *e, const struct lbn_job *j,
		      const struct lbn_kind_fns *k, struct lb_record *r)
{
	unsigned int i, n = j->threads;
	struct cthread *th = aligned_alloc(64, n * sizeof(*th));
	pthread_t *tid = calloc(n, sizeof(*tid));
	struct crun run = {
		.k = k, .kd = lb_kind_by_name(j->kind), .j = j, .l = lbn_lock_new(),
		.hold = j->hold_ns * e->work_per_ms / 1000000,
		.par = j->parallel_ns * e->work_per_ms / 1000000,
		.dur = lbn_ns_to_cyc(j->duration_ms * 1000000ull, e->tsc_khz),
		.bar = { .n = n },
	};

	if (!th || !tid || !run.l || !run.kd)
		return -1;
	memset(th, 0, n * sizeof(*th));
	for (i = 0; i < n; i++) {
		th[i].run = &run;
		th[i].rnd = 0x9e3779b9u * (i + 1);
		if (lbn_thread_start(&tid[i], e->cpus[i], cthread_main, &th[i]))
			return -1;
	}
	for (i = 0; i < n; i++)
		pthread_join(tid[i], NULL);
	summary(r, &run, th, n, e->tsc_khz);
	free(th);
	free(tid);
	free(run.l);
	return 0;
}
