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
	struct task_struct *task;
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
	atomic_t ready ____cacheline_aligned_in_smp;
	u64 hold_work, par_work;	/* lb_work() turns */
	u64 dur_cyc;
	unsigned int nthreads;
	struct lb_cthread *th;
};

static void lb_cwait_for_stop(void)
{
	set_current_state(TASK_INTERRUPTIBLE);
	while (!kthread_should_stop()) {
		schedule();
		set_current_state(TASK_INTERRUPTIBLE);
	}
	__set_current_state(TASK_RUNNING);
}

static u32 lb_xorshift(u32 *s)
{
	u32 x = *s;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	*s = x;
	return x;
}

/* Start barrier: spin until all threads arrived, or a stop request. */
static bool lb_start_barrier(struct lb_crun *run)
{
	unsigned int spins = 0;

	atomic_inc(&run->ready);
	while (atomic_read(&run->ready) < run->nthreads) {
		cpu_relax();
		if (++spins & 0xffff)
			continue;
		if (lb_should_stop())
			return false;
		cond_resched();
	}
	return true;
}

static int lb_contended_thread(void *arg)
{
	struct lb_cthread *t = arg;
	struct lb_crun *run = t->run;
	struct lb_lock *l = &run->lock;
	enum lb_kind kind = run->job->kind;
	unsigned int read_pct = run->job->read_pct;
	bool mix = kind == LB_KIND_rwlock_mix, read;
	bool excl = kind != LB_KIND_empty && kind != LB_KIND_irqsave_only;
	u64 start, end, t0, t1, w, v;
	unsigned long flags = 0;

	if (!lb_start_barrier(run))
		goto out;
	start = rdtsc_ordered();
	end = start + run->dur_cyc;
	t1 = start;
	do {
		read = lb_is_read(kind, mix &&
				  lb_xorshift(&t->rnd) % 100 < read_pct);
		t0 = rdtsc_ordered();
		lb_acquire(kind, l, read, &flags);
		t1 = rdtsc_ordered();
		if (!excl) {
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
			if (kind == LB_KIND_broken_lock)
				lb_broken_delay();
			WRITE_ONCE(l->cs, v + 1);
			WRITE_ONCE(l->writer, 0);
			t->excl++;
		}
		lb_release(kind, l, read, flags);

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
	lb_cwait_for_stop();
	return 0;
}

static void lb_contended_summary(struct lb_crun *run, struct lb_result *res,
				 u64 *hist)
{
	unsigned int i, j, n = run->nthreads;
	u64 total = 0, excl = 0, bad = 0, elapsed = 0, wmax = 0;
	u64 mean, var = 0, d, lo = U64_MAX, hi = 0;

	for (i = 0; i < n; i++) {
		struct lb_cthread *t = &run->th[i];

		total += t->ops;
		excl += t->excl;
		bad += t->bad_reads;
		elapsed = max(elapsed, t->elapsed);
		wmax = max(wmax, t->wait_max);
		lo = min(lo, t->ops);
		hi = max(hi, t->ops);
		for (j = 0; j < LB_HIST_BUCKETS; j++)
			hist[j] += t->hist[j];
	}
	mean = div_u64(total, n);
	for (i = 0; i < n; i++) {
		d = run->th[i].ops > mean ? run->th[i].ops - mean :
					    mean - run->th[i].ops;
		var += d * d;
	}
	var = div_u64(var, n);

	res->total_ops = total;
	res->ops_per_s = elapsed ?
		mul_u64_u64_div_u64(total, (u64)tsc_khz * 1000, elapsed) : 0;
	res->thread_ops_mean = mean;
	res->fair_cv = mean ?
		div64_u64((u64)int_sqrt64(var) * LB_DEC_SCALE, mean) : 0;
	res->share_min = total ? div64_u64(lo * 100 * LB_DEC_SCALE, total) : 0;
	res->share_max = total ? div64_u64(hi * 100 * LB_DEC_SCALE, total) : 0;
	res->wait_p50_ns = lb_cyc_to_ns(lb_hist_pct(hist, total, 50));
	res->wait_p90_ns = lb_cyc_to_ns(lb_hist_pct(hist, total, 90));
	res->wait_p99_ns = lb_cyc_to_ns(lb_hist_pct(hist, total, 99));
	res->wait_max_ns = lb_cyc_to_ns(wmax);
	res->cs_count = run->lock.cs;
	res->cs_expected = excl;

	if (res->cs_count != res->cs_expected || bad) {
		pr_err("MUTUAL EXCLUSION FAILED: %s with %u threads: %llu critical sections counted, %llu expected, %llu reads saw a writer\n",
		       lb_kinds[run->job->kind].name, n, res->cs_count,
		       res->cs_expected, bad);
		lb_set_status(res, "mismatch");
	}
}

int lb_run_contended(const struct lb_job *job, struct lb_result *res)
{
	unsigned int i, n = job->threads, cpu;
	struct lb_crun *run;
	u64 *hist = NULL;
	int ret = 0;

	run = kzalloc(sizeof(*run), GFP_KERNEL);
	if (!run)
		return -ENOMEM;
	run->th = kcalloc(n, sizeof(*run->th), GFP_KERNEL);
	hist = kcalloc(LB_HIST_BUCKETS, sizeof(*hist), GFP_KERNEL);
	if (!run->th || !hist) {
		ret = -ENOMEM;
		goto out_free;
	}
	run->job = job;
	run->nthreads = n;
	run->hold_work = lb_ns_to_work(job->hold_ns);
	run->par_work = lb_ns_to_work(job->parallel_ns);
	run->dur_cyc = lb_ns_to_cyc(job->duration_ms * NSEC_PER_MSEC);
	atomic_set(&run->ready, 0);
	lb_lock_init(&run->lock);

	for (i = 0; i < n; i++) {
		run->th[i].hist = kcalloc(LB_HIST_BUCKETS,
					  sizeof(*run->th[i].hist), GFP_KERNEL);
		if (!run->th[i].hist) {
			ret = -ENOMEM;
			goto out_free;
		}
	}

	/* Create all threads before waking any so the barrier cannot hang. */
	i = 0;
	for_each_online_cpu(cpu) {
		struct lb_cthread *t = &run->th[i];
		struct task_struct *p;

		if (i == n)
			break;
		t->run = run;
		t->rnd = 0x9e3779b9U * (i + 1);
		init_completion(&t->done);
		p = kthread_create_on_cpu(lb_contended_thread, t, cpu,
					  "lockbench/%u");
		if (IS_ERR(p)) {
			ret = PTR_ERR(p);
			goto out_stop;
		}
		t->task = p;
		i++;
	}
	if (i < n) {
		/* CPUs went offline since the job was parsed. */
		pr_err("contended: only %u of %u CPUs online\n", i, n);
		ret = -EINVAL;
		goto out_stop;
	}
	for (i = 0; i < n; i++)
		wake_up_process(run->th[i].task);
	for (i = 0; i < n; i++)
		wait_for_completion(&run->th[i].done);

	lb_contended_summary(run, res, hist);
	if (lb_should_stop() && !strcmp(res->status, "ok"))
		lb_set_status(res, "aborted");

out_stop:
	for (i = 0; i < n; i++)
		if (run->th[i].task)
			kthread_stop(run->th[i].task);
out_free:
	if (run->th)
		for (i = 0; i < n; i++)
			kfree(run->th[i].hist);
	kfree(run->th);
	kfree(hist);
	kfree(run);
	return ret;
}
