// SPDX-License-Identifier: GPL-2.0
/*
 * Contended mode: threads kthreads, each pinned to its own online CPU,
 * hammer one lock for duration_ms of wall time.  They leave a start
 * barrier together and each runs for the full duration (no early
 * finishers), timing every acquire into a per-thread histogram.  The
 * hold and parallel work are lb_work() loops sized at module load and
 * corrected as the loop runs from what the sections measured, so no clock
 * is read inside them.  An iteration is lockbench_ops.h's
 * LB_CONTEND_CS, what it measured is added up by lockbench_contend.h's
 * lb_cacc_add(), and a mix kind draws read or write with
 * lockbench_prng.h's lb_xorshift(): the native harness runs the same three
 * (bench-user/native/contended.c), so that the two instruments' loops
 * cannot drift apart.
 *
 * Mutual exclusion is checked inside the bench: exclusive sections bump a
 * shared counter with a non-atomic read-modify-write, which must equal the
 * sum of the per-thread counts afterwards; shared (read) sections check no
 * writer is inside.  broken_lock exists to prove the check fires.  The
 * empty and irqsave_only baselines exclude nothing, so they only run the
 * harness (timing, hold and parallel work) and count nothing.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/kthread.h>
#include <linux/math64.h>
#include <linux/sched.h>
#include <linux/slab.h>

#include "lockbench_ops.h"
#include "lockbench_prng.h"

/* Yield at least every this many acquisitions. */
#define LB_RESCHED_MASK		1023

struct lb_crun;

struct lb_cthread {
	struct lb_crun *run;
	struct lb_cacc a;	/* what the loop measured (lockbench_contend.h) */
	u64 *hist;		/* LB_HIST_BUCKETS, acquire wait in cycles */
	unsigned int self;
	u32 rnd;
	struct completion done;
} ____cacheline_aligned_in_smp;

struct lb_crun {
	const struct lb_job *job;
	struct lb_lock lock;
	struct lb_kthreads set;		/* th[i] runs as set.k[i] */
	u64 hold_work, par_work;	/* lb_work() turns to start from */
	u64 dur_cyc, timer_cyc;		/* timer_cyc: one rdtsc_ordered() */
	unsigned int nthreads;
	struct lb_cthread *th;
};

/* One iteration of every kind, the native harness's text too. */
#define LB_CS_FUNC(name, rw, sd, irq, base, hot, cont, is_test)	\
	LB_CONTEND_CS(lb, name, sd, is_test, rdtsc_ordered)
LB_KINDS(LB_CS_FUNC)

/*
 * The thread of every kind, always inlined into one function per kind
 * (below) with that kind's iteration, so nothing dispatches on the kind
 * inside the loop.
 */
static __always_inline int
lb_contend(void *arg,
	   void (*cs)(struct lb_lock *l, bool read, u64 hold, unsigned int self,
		      struct lb_citer *it),
	   enum lb_side side)
{
	struct lb_cthread *t = arg;
	struct lb_crun *run = t->run;
	struct lb_lock *l = &run->lock;
	unsigned int read_pct = run->job->read_pct;
	struct lb_citer it;
	bool read;
	u64 end, cpu0;

	if (!lb_kthreads_barrier(&run->set))
		goto out;
	cpu0 = current->se.sum_exec_runtime;
	end = rdtsc_ordered() + run->dur_cyc;
	do {
		read = side == LB_SIDE_shared ||
		       (side == LB_SIDE_mix &&
			lb_xorshift(&t->rnd) % 100 < read_pct);
		cs(l, read, t->a.hold_turns, t->self, &it);
		t->hist[lb_hist_index(lb_cacc_add(&t->a, &it, t->self))]++;
		lb_work(t->a.par_turns);
		/* Every iteration: a starved thread must still see a stop. */
		if (lb_should_stop())
			break;
		if (!(t->a.ops & LB_RESCHED_MASK) || need_resched())
			cond_resched();
	} while ((s64)(it.ts[3] - end) < 0);
	/*
	 * The scheduler's count, brought up to date at the last tick or
	 * switch: within a tick of the loop's CPU time.
	 */
	t->a.cpu_ns = current->se.sum_exec_runtime - cpu0;
out:
	complete(&t->done);
	lb_park_until_stopped();
	return 0;
}

#define LB_CONTEND_FUNC(name, rw, sd, irq, base, hot, cont, is_test)	\
int lb_contend_##name(void *arg)					\
{									\
	return lb_contend(arg, lb_cs_##name, LB_SIDE_##sd);		\
}

LB_KINDS(LB_CONTEND_FUNC)

/* The cost of one rdtsc_ordered(): the least of many back to back. */
static u64 lb_timer_cyc(void)
{
	u64 best = U64_MAX, t0, t1;
	unsigned int i;

	for (i = 0; i < 1000; i++) {
		t0 = rdtsc_ordered();
		t1 = rdtsc_ordered();
		best = min(best, t1 - t0);
	}
	return best;
}

/* A mean of SUM/N cycles less one timer read, in thousandths of a ns. */
static u64 lb_section_milli_ns(u64 sum, u64 n, u64 timer)
{
	u64 c = n ? div64_u64(sum * LB_DEC_SCALE, n) : 0;

	c = c > timer * LB_DEC_SCALE ? c - timer * LB_DEC_SCALE : 0;
	return lb_cyc_to_ns(c);
}

/* Sums what the threads counted; the statistics are lockbench_stats.c's. */
static void lb_contended_result(struct lb_crun *run, struct lb_result *res,
				u64 *hist, u64 *ops, struct lb_cacc *cacc)
{
	struct lb_ctotals tot = { .hist = hist, .cs_count = run->lock.cs };
	unsigned int i, j;
	u64 hold = 0, hn = 0, par = 0, pn = 0, ho = 0, hon = 0, cpu = 0, all = 0, span = 0;

	for (i = 0; i < run->nthreads; i++) {
		const struct lb_cacc *a = &run->th[i].a;

		ops[i] = a->ops;
		tot.excl += a->excl;
		tot.bad_reads += a->bad_reads;
		tot.elapsed = max(tot.elapsed, a->last - a->first);
		tot.wait_max = max(tot.wait_max, a->wait_max);
		for (j = 0; j < LB_HIST_BUCKETS; j++)
			hist[j] += run->th[i].hist[j];
		hold += a->hold_sum;
		hn += a->hold_n;
		par += a->par_sum;
		pn += a->par_n;
		ho += a->ho_sum;
		hon += a->ho_n;
		cpu += a->cpu_ns;
		cacc[i] = *a;
	}
	lb_contended_summary(res, ops, run->nthreads, &tot);
	/* What the run measured besides its throughput (schema v3). */
	res->jain = lb_jain_milli(ops, run->nthreads);
	res->handoffs = hon;
	res->handoff_ns = hon ? lb_cyc_to_ns(div64_u64(ho * LB_DEC_SCALE, hon)) : 0;
	res->hold_meas_ns = lb_section_milli_ns(hold, hn, run->timer_cyc);
	res->par_meas_ns = lb_section_milli_ns(par, pn, run->timer_cyc);
	res->timer_ns = lb_cyc_to_ns(4 * run->timer_cyc * LB_DEC_SCALE);
	res->lock_ovh_ns = lb_overhead_milli(cpu, res->total_ops, res->hold_meas_ns +
					     res->par_meas_ns + res->timer_ns);
	lb_overlap_add(cacc, run->nthreads, &all, &span);
	res->all_run_pct = span ? div64_u64(all * 100 * LB_DEC_SCALE, span) : 0;
}

int lb_run_contended(const struct lb_job *job, struct lb_result *res)
{
	unsigned int i, n = job->threads;
	struct lb_crun *run;
	u64 *hist = NULL, *ops = NULL;
	struct lb_cacc *cacc = NULL;
	int ret = 0;

	run = kzalloc(sizeof(*run), GFP_KERNEL);
	if (!run)
		return -ENOMEM;
	run->th = kcalloc(n, sizeof(*run->th), GFP_KERNEL);
	run->set.k = kcalloc(n, sizeof(*run->set.k), GFP_KERNEL);
	hist = kcalloc(LB_HIST_BUCKETS, sizeof(*hist), GFP_KERNEL);
	ops = kcalloc(n, sizeof(*ops), GFP_KERNEL);
	cacc = kcalloc(n, sizeof(*cacc), GFP_KERNEL);
	if (!run->th || !run->set.k || !hist || !ops || !cacc) {
		ret = -ENOMEM;
		goto out_free;
	}
	run->job = job;
	run->nthreads = n;
	run->hold_work = lb_ns_to_work(job->hold_ns);
	run->par_work = lb_ns_to_work(job->parallel_ns);
	run->dur_cyc = lb_ns_to_cyc(job->duration_ms * NSEC_PER_MSEC);
	run->timer_cyc = lb_timer_cyc();
	lb_lock_init(&run->lock, job->kind);

	for (i = 0; i < n; i++) {
		struct lb_cthread *t = &run->th[i];

		t->hist = kcalloc(LB_HIST_BUCKETS, sizeof(*t->hist), GFP_KERNEL);
		if (!t->hist) {
			ret = -ENOMEM;
			goto out_free;
		}
		t->run = run;
		t->self = i;
		t->rnd = 0x9e3779b9U * (i + 1);
		/*
		 * Sections and hand-offs the kernel evidently preempted (eight
		 * times asked, or 1 ms) are left out of their means.
		 */
		t->a.cap_hold = 8 * lb_ns_to_cyc(job->hold_ns) + 2000;
		t->a.cap_par = 8 * lb_ns_to_cyc(job->parallel_ns) + 2000;
		t->a.cap_ho = lb_ns_to_cyc(NSEC_PER_MSEC);
		/*
		 * The sections start from the load-time rate and follow what
		 * they measure (lb_cacc_correct).
		 */
		t->a.hold_turns = run->hold_work;
		t->a.par_turns = run->par_work;
		t->a.want_hold = lb_ns_to_cyc(job->hold_ns);
		t->a.want_par = lb_ns_to_cyc(job->parallel_ns);
		t->a.timer = run->timer_cyc;
		t->a.turns_per_tick = div64_u64(lb_work_rate() * 1000, tsc_khz);
		init_completion(&t->done);
		run->set.k[i].fn = lb_kinds[job->kind].contend;
		run->set.k[i].arg = t;
	}
	run->set.n = n;
	ret = lb_kthreads_start(&run->set);
	if (ret)
		goto out_free;
	for (i = 0; i < n; i++)
		wait_for_completion(&run->th[i].done);

	lb_contended_result(run, res, hist, ops, cacc);
	if (lb_should_stop() && !strcmp(res->status, "ok"))
		lb_set_status(res, "aborted");
	lb_kthreads_stop(&run->set);
out_free:
	if (run->th)
		for (i = 0; i < n; i++)
			kfree(run->th[i].hist);
	kfree(run->th);
	kfree(run->set.k);
	kfree(hist);
	kfree(ops);
	kfree(cacc);
	kfree(run);
	return ret;
}
