// SPDX-License-Identifier: GPL-2.0
/*
 * Contended mode: threads kthreads, each pinned to its own online CPU,
 * hammer one lock for duration_ms of wall time.  They leave a start
 * barrier together and each runs for the full duration (no early
 * finishers), timing every acquire into a per-thread histogram.  The
 * hold and parallel work are lb_work() loops sized at module load, so no
 * clock is read inside them.
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

/* Yield at least every this many acquisitions. */
#define LB_RESCHED_MASK		1023

struct lb_crun;

struct lb_cthread {
	struct lb_crun *run;
	u64 ops;		/* all acquisitions */
	u64 excl;		/* exclusive acquisitions (counted in cs) */
	u64 bad_reads;		/* read sections that saw a writer inside */
	u64 elapsed;		/* cycles from go to the last release */
	u64 wait_max;		/* cycles */
	u64 *hist;		/* LB_HIST_BUCKETS, acquire wait in cycles */
	u32 rnd;
	struct completion done;
} ____cacheline_aligned_in_smp;

struct lb_crun {
	const struct lb_job *job;
	struct lb_lock lock;
	struct lb_kthreads set;		/* th[i] runs as set.k[i] */
	u64 hold_work, par_work;	/* lb_work() turns */
	u64 dur_cyc;
	unsigned int nthreads;
	struct lb_cthread *th;
};

static u32 lb_xorshift(u32 *s)
{
	u32 x = *s;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	*s = x;
	return x;
}

/*
 * The thread of every kind, always inlined into one function per kind
 * (below) with that kind's acquire and release, so nothing dispatches on
 * the kind inside the loop.
 */
static __always_inline int
lb_contend(void *arg,
	   void (*acquire)(struct lb_lock *l, bool read, unsigned long *flags),
	   void (*release)(struct lb_lock *l, bool read, unsigned long flags),
	   enum lb_side side, bool is_test, const unsigned int kind)
{
	struct lb_cthread *t = arg;
	struct lb_crun *run = t->run;
	struct lb_lock *l = &run->lock;
	unsigned int read_pct = run->job->read_pct;
	bool read;
	u64 start, end, t0, t1, w, v;
	unsigned long flags = 0;

	if (!lb_kthreads_barrier(&run->set))
		goto out;
	start = rdtsc_ordered();
	end = start + run->dur_cyc;
	t1 = start;
	do {
		read = side == LB_SIDE_shared ||
		       (side == LB_SIDE_mix &&
			lb_xorshift(&t->rnd) % 100 < read_pct);
		t0 = rdtsc_ordered();
		/* The events instrument counts acquire and release, not the hold. */
		lb_mark(begin, contend, kind);
		acquire(l, read, &flags);
		lb_mark(pause, contend, kind);
		t1 = rdtsc_ordered();
		if (side == LB_SIDE_none) {
			lb_work(run->hold_work);
		} else if (read) {
			if (READ_ONCE(l->writer))
				t->bad_reads++;
			lb_work(run->hold_work);
		} else {
			WRITE_ONCE(l->writer, 1);
			/* Non-atomic on purpose: only exclusion keeps it exact. */
			v = READ_ONCE(l->cs);
			lb_work(run->hold_work);
			if (is_test)
				lb_broken_delay();
			WRITE_ONCE(l->cs, v + 1);
			WRITE_ONCE(l->writer, 0);
			t->excl++;
		}
		lb_mark(resume, contend, kind);
		release(l, read, flags);
		lb_mark(end, contend, kind);

		w = t1 - t0;
		t->hist[lb_hist_index(w)]++;
		if (w > t->wait_max)
			t->wait_max = w;
		t->ops++;
		lb_work(run->par_work);
		/* Every iteration: a starved thread must still see a stop. */
		if (lb_should_stop())
			break;
		if (!(t->ops & LB_RESCHED_MASK) || need_resched())
			cond_resched();
	} while ((s64)(t1 - end) < 0);
	t->elapsed = rdtsc_ordered() - start;
out:
	complete(&t->done);
	lb_park_until_stopped();
	return 0;
}

#define LB_CONTEND_FUNC(name, rw, sd, irq, base, hot, cont, is_test)	\
int lb_contend_##name(void *arg)					\
{									\
	return lb_contend(arg, lb_acquire_##name, lb_release_##name,	\
			  LB_SIDE_##sd, is_test, LB_KIND_##name);	\
}

LB_KINDS(LB_CONTEND_FUNC)

/* Sums what the threads counted; the statistics are lockbench_stats.c's. */
static void lb_contended_result(struct lb_crun *run, struct lb_result *res,
				u64 *hist, u64 *ops)
{
	struct lb_ctotals tot = { .hist = hist, .cs_count = run->lock.cs };
	unsigned int i, j;

	for (i = 0; i < run->nthreads; i++) {
		struct lb_cthread *t = &run->th[i];

		ops[i] = t->ops;
		tot.excl += t->excl;
		tot.bad_reads += t->bad_reads;
		tot.elapsed = max(tot.elapsed, t->elapsed);
		tot.wait_max = max(tot.wait_max, t->wait_max);
		for (j = 0; j < LB_HIST_BUCKETS; j++)
			hist[j] += t->hist[j];
	}
	lb_contended_summary(res, ops, run->nthreads, &tot);
}

int lb_run_contended(const struct lb_job *job, struct lb_result *res)
{
	unsigned int i, n = job->threads;
	struct lb_crun *run;
	u64 *hist = NULL, *ops = NULL;
	int ret = 0;

	run = kzalloc(sizeof(*run), GFP_KERNEL);
	if (!run)
		return -ENOMEM;
	run->th = kcalloc(n, sizeof(*run->th), GFP_KERNEL);
	run->set.k = kcalloc(n, sizeof(*run->set.k), GFP_KERNEL);
	hist = kcalloc(LB_HIST_BUCKETS, sizeof(*hist), GFP_KERNEL);
	ops = kcalloc(n, sizeof(*ops), GFP_KERNEL);
	if (!run->th || !run->set.k || !hist || !ops) {
		ret = -ENOMEM;
		goto out_free;
	}
	run->job = job;
	run->nthreads = n;
	run->hold_work = lb_ns_to_work(job->hold_ns);
	run->par_work = lb_ns_to_work(job->parallel_ns);
	run->dur_cyc = lb_ns_to_cyc(job->duration_ms * NSEC_PER_MSEC);
	lb_lock_init(&run->lock);

	for (i = 0; i < n; i++) {
		struct lb_cthread *t = &run->th[i];

		t->hist = kcalloc(LB_HIST_BUCKETS, sizeof(*t->hist), GFP_KERNEL);
		if (!t->hist) {
			ret = -ENOMEM;
			goto out_free;
		}
		t->run = run;
		t->rnd = 0x9e3779b9U * (i + 1);
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

	lb_contended_result(run, res, hist, ops);
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
	kfree(run);
	return ret;
}
