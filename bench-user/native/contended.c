// SPDX-License-Identifier: GPL-2.0
/*
 * contended: the module's lb_contend() on threads pinned one to a CPU, a
 * slice at a time.  In a slice the threads leave a start barrier together
 * and each runs the slice's TSC time; every iteration is the kind's
 * lbn_cs_KIND() (lockbench_ops.h's LB_CONTEND_CS: acquire; the critical
 * section with hold_ns of work and the exclusion check; release) and
 * parallel_ns of work outside, added up by lockbench_contend.h's
 * lb_cacc_add() as the module adds its own.  The slices add up per
 * thread; the summary is lb_contended_summary()'s.
 *
 * The sections are timed where they run: lbn_cs_KIND() stamps the TSC
 * around the acquire and the release, so each iteration gives its hold
 * (after the acquire to before the release) and its parallel section
 * (after the release to the next acquire), each less one timer read.
 * Each thread corrects its sections' work every LB_CWIN iterations from
 * what they measured (lb_cacc_correct), so the sections follow the CPU's
 * speed as it moves within a slice; the next slice starts where the last
 * left off.  What they measured over the whole unit is reported, and the
 * four timer reads an iteration makes are reported beside them, not
 * folded in.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "modes.h"
#include "threads.h"
#include "tsc.h"
/* After tsc.h's stdint types, as the core wants. */
#include "lockbench_hist.h"
#include "lockbench_prng.h"

/* A warm-up slice: long enough for thousands of sections. */
#define LBN_WARMUP_NS	1000000

struct cthread {
	struct crun *run;
	unsigned int self;
	struct lb_cacc a;		/* this slice */
	uint32_t rnd;
	uint64_t hist[LB_HIST_BUCKETS];
} __attribute__((aligned(64)));

struct crun {
	const struct lbn_kind_fns *k;
	const struct lb_kind *kd;
	const struct lbn_job *j;
	void *l;
	uint64_t hold, par, dur, cap_hold, cap_par, cap_ho;	/* hold, par: turns to start from */
	uint64_t want_hold, want_par, timer, turns_per_tick;	/* lb_cacc's */
	struct lbn_barrier bar;
};

/* A unit's sums over its slices, per thread. */
struct lbn_cthread_sum {
	uint64_t ops, excl, bad_reads, wait_max, ho_sum, ho_n;
	unsigned long long cpu_ns;
	uint64_t hist[LB_HIST_BUCKETS];
};

struct lbn_cstate {
	struct lbn_cthread_sum th[LBN_NR_CPUS];
	uint64_t elapsed;	/* the slices' longest thread, summed */
	unsigned long long all, span;	/* every thread in its loop, of the slices' spans */
};

static void *cthread_main(void *arg)
{
	struct cthread *t = arg;
	struct crun *run = t->run;
	int shared = !strcmp(run->kd->side, "shared");
	int mix = !strcmp(run->kd->side, "mix");
	struct lb_citer it;
	struct timespec c0, c1;
	uint64_t end;
	_Bool read;

	t->a.cap_hold = run->cap_hold;
	t->a.cap_par = run->cap_par;
	t->a.cap_ho = run->cap_ho;
	t->a.hold_turns = run->hold;
	t->a.par_turns = run->par;
	t->a.want_hold = run->want_hold;
	t->a.want_par = run->want_par;
	t->a.timer = run->timer;
	t->a.turns_per_tick = run->turns_per_tick;
	lbn_barrier_wait(&run->bar);
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c0);
	end = lbn_rdtsc() + run->dur;
	do {
		read = shared || (mix && lb_xorshift(&t->rnd) % 100 < run->j->read_pct);
		run->k->cs(run->l, read, t->a.hold_turns, t->self, &it);
		t->hist[lb_hist_index(lb_cacc_add(&t->a, &it, t->self))]++;
		lbn_work(t->a.par_turns);
	} while ((int64_t)(it.ts[3] - end) < 0);
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c1);
	t->a.cpu_ns = (c1.tv_sec - c0.tv_sec) * 1000000000ull + c1.tv_nsec - c0.tv_nsec;
	return NULL;
}

int lbn_slice_contended(const struct lbn_env *e, struct lbn_unit *u, uint64_t ticks)
{
	const struct lbn_job *j = u->j;
	unsigned int i, b, n = j->threads;
	struct cthread *th = aligned_alloc(64, n * sizeof(*th));
	pthread_t tid[LBN_NR_CPUS];
	struct lb_cacc ca[LBN_NR_CPUS];
	uint64_t ht, pt;
	uint64_t hold = 0, hn = 0, par = 0, pn = 0, longest = 0, t0 = lbn_rdtsc();
	uint64_t want_hold = lbn_ns_to_cyc(j->hold_ns, e->tsc_khz);
	uint64_t want_par = lbn_ns_to_cyc(j->parallel_ns, e->tsc_khz);
	struct crun run = {
		.k = &u->k, .kd = lb_kind_by_name(j->kind), .j = j, .l = u->lock,
		.hold = u->turns_hold, .par = u->turns_par, .dur = ticks,
		.cap_hold = 8 * want_hold + 2000, .cap_par = 8 * want_par + 2000,
		/* A hand-off longer than 50 us: the waiter was preempted. */
		.cap_ho = lbn_ns_to_cyc(50000, e->tsc_khz),
		.want_hold = want_hold, .want_par = want_par, .timer = e->timer,
		.turns_per_tick = e->work_per_ms * 1000 / e->tsc_khz,
		.bar = { .n = n },
	};

	if (!th || !run.kd)
		return -1;
	if (!u->c && !(u->c = calloc(1, sizeof(*u->c))))
		return -1;
	memset(th, 0, n * sizeof(*th));
	for (i = 0; i < n; i++) {
		th[i].run = &run;
		th[i].self = i;
		th[i].rnd = 0x9e3779b9u * (i + 1) + u->c->th[i].ops;
		if (lbn_thread_start(&tid[i], j->cpus[i], cthread_main, &th[i]))
			return -1;
	}
	for (i = 0; i < n; i++)
		pthread_join(tid[i], NULL);
	for (i = 0; i < n; i++) {
		struct lbn_cthread_sum *s = &u->c->th[i];
		const struct lb_cacc *a = &th[i].a;

		s->ops += a->ops;
		s->excl += a->excl;
		s->bad_reads += a->bad_reads;
		s->wait_max = a->wait_max > s->wait_max ? a->wait_max : s->wait_max;
		s->ho_sum += a->ho_sum;
		s->ho_n += a->ho_n;
		s->cpu_ns += a->cpu_ns;
		for (b = 0; b < LB_HIST_BUCKETS; b++)
			s->hist[b] += th[i].hist[b];
		longest = a->last - a->first > longest ? a->last - a->first : longest;
		hold += a->hold_sum;
		hn += a->hold_n;
		par += a->par_sum;
		pn += a->par_n;
	}
	u->c->elapsed += longest;
	for (i = 0; i < n; i++)
		ca[i] = th[i].a;
	lb_overlap_add(ca, n, &u->c->all, &u->c->span);
	u->hold_sum += hold;
	u->hold_n += hn;
	u->par_sum += par;
	u->par_n += pn;
	/* The next slice starts from where the threads' corrections left
	 * the sections' work (lb_cacc_correct), averaged over the threads. */
	for (i = 0, ht = pt = 0; i < n; i++) {
		ht += th[i].a.hold_turns;
		pt += th[i].a.par_turns;
	}
	u->turns_hold = ht / n;
	u->turns_par = pt / n;
	u->spent += lbn_rdtsc() - t0;
	free(th);
	return 0;
}

int lbn_warmup_contended(const struct lbn_env *e, struct lbn_unit *u)
{
	int i;

	/* Three short slices set the sections' turns; what they counted is
	 * dropped, with their lock (its count goes with their sums). */
	for (i = 0; i < 3; i++)
		if (lbn_slice_contended(e, u, lbn_ns_to_cyc(LBN_WARMUP_NS, e->tsc_khz)))
			return -1;
	free(u->c);
	u->c = NULL;
	free(u->lock);
	u->lock = lbn_lock_new(u->v, u->k.name);
	u->hold_sum = u->hold_n = u->par_sum = u->par_n = u->spent = 0;
	return u->lock ? 0 : -1;
}

void lbn_contended_progress(const struct lbn_unit *u, uint64_t *ops, uint64_t *elapsed)
{
	unsigned int i;

	*ops = *elapsed = 0;
	if (!u->c)
		return;
	for (i = 0; i < u->j->threads; i++)
		*ops += u->c->th[i].ops;
	*elapsed = u->c->elapsed;
}

void lbn_finish_contended(const struct lbn_env *e, struct lbn_unit *u)
{
	struct lb_record *r = &u->r;
	struct lbn_cthread_sum *th = u->c->th;
	unsigned int i, b, n = u->j->threads;
	uint64_t total, excl = 0, bad = 0, wmax = 0, ho = 0, hon = 0;
	unsigned long long cpu = 0;
	unsigned long long ops[LBN_NR_CPUS];	/* lb_jain_milli()'s type */
	uint64_t ops64[LBN_NR_CPUS];		/* lb_cont_figures()'s */
	struct lb_cont_figures f;
	uint64_t khz = e->tsc_khz, *hist = calloc(LB_HIST_BUCKETS, 8);
	double tns = (double)e->timer * 1e6 / khz, hold = 0, par = 0;

	for (i = 0; i < n; i++) {
		ops[i] = ops64[i] = th[i].ops;
		excl += th[i].excl;
		bad += th[i].bad_reads;
		wmax = th[i].wait_max > wmax ? th[i].wait_max : wmax;
		ho += th[i].ho_sum;
		hon += th[i].ho_n;
		cpu += th[i].cpu_ns;
		for (b = 0; hist && b < LB_HIST_BUCKETS; b++)
			hist[b] += th[i].hist[b];
	}
	/* Throughput and fairness as the module takes them. */
	lb_cont_figures(ops64, n, u->c->elapsed, khz, &f);
	total = f.total;
	r->total_ops = total;
	r->duration_ms = lbn_cyc_to_ns(u->c->elapsed, khz) / 1000000;
	r->ops_per_s = f.ops_per_s;
	r->thread_ops_mean = f.mean;
	r->fair_cv = f.fair_cv;
	r->share_min = f.share_min;
	r->share_max = f.share_max;
	if (hist) {
		r->wait_p50_ns = lbn_cyc_to_ns(lb_hist_pct(hist, total, 50), khz);
		r->wait_p90_ns = lbn_cyc_to_ns(lb_hist_pct(hist, total, 90), khz);
		r->wait_p99_ns = lbn_cyc_to_ns(lb_hist_pct(hist, total, 99), khz);
	}
	r->wait_max_ns = lbn_cyc_to_ns(wmax, khz);
	/* What the run measured besides its throughput (schema v3). */
	r->jain = lb_jain_milli(ops, n);
	r->handoffs = hon;
	r->handoff_ns = hon ? (uint64_t)((double)ho / hon * 1e9 / khz) : 0;
	if (u->hold_n)
		hold = (double)u->hold_sum / u->hold_n * 1e6 / khz - tns;
	if (u->par_n)
		par = (double)u->par_sum / u->par_n * 1e6 / khz - tns;
	r->hold_meas_ns = hold > 0 ? (uint64_t)(hold * LB_DEC_SCALE) : 0;
	r->par_meas_ns = par > 0 ? (uint64_t)(par * LB_DEC_SCALE) : 0;
	r->timer_ns = (uint64_t)(4 * tns * LB_DEC_SCALE);
	r->lock_ovh_ns = lb_overhead_milli(cpu, total, r->hold_meas_ns + r->par_meas_ns + r->timer_ns);
	r->all_run_pct = u->c->span ? u->c->all * 100 * LB_DEC_SCALE / u->c->span : 0;
	r->cs_count = u->v->lock_cs(u->lock);
	r->cs_expected = excl;
	if (r->cs_count != r->cs_expected || bad) {
		fprintf(stderr, "lb-native: MUTUAL EXCLUSION FAILED: %s %s with %u threads: %llu critical sections counted, %llu expected, %llu reads saw a writer\n",
			u->v->name, r->kind, n, (unsigned long long)r->cs_count,
			(unsigned long long)r->cs_expected, (unsigned long long)bad);
		strcpy(r->status, "mismatch");
	}
	free(hist);
}
