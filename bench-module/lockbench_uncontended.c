// SPDX-License-Identifier: GPL-2.0
/*
 * Uncontended modes.
 *
 * hot: a kthread pinned to one CPU times batches of batch_ops
 * acquire+release pairs between two rdtsc_ordered() reads, the lock's line
 * staying in that CPU's cache.  Each batch is preceded by an empty batch
 * of the same length whose median is the overhead subtracted.  With
 * slope=1 each timing is the loop of 2n minus the loop of n, so per-batch
 * fixed costs cancel and icount reports whole instructions per op.
 *
 * cold: as libslock's ping-pong, a second kthread pinned to another CPU
 * takes and releases the lock (and writes its line) before every timed
 * acquisition, handing over through a flag on a separate cache line, so
 * every timed acquire finds the line last written by the other CPU.
 *
 * Both start and end each timing on the same pinned CPU because the guest
 * TSC may be unsynchronised between CPUs (QEMU TCG marks it unstable).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/slab.h>

#include "lockbench_ops.h"

/* Give up on the other CPU after this long without a handshake. */
#define LB_HANDSHAKE_MS		1000

struct lb_unc {
	const struct lb_job *job;
	const struct lb_kind_ops *ops;
	struct lb_lock lock;
	/* cold handshake: 1 = toucher's turn, 0 = timer's turn */
	int turn ____cacheline_aligned_in_smp;
	u64 *samp;		/* per batch, cycles per op in thousandths */
	u64 *empty;
	size_t done;		/* batches completed */
	int err;
	struct completion finished;
};

static bool lb_job_expired(unsigned long deadline)
{
	return lb_should_stop() || time_after(jiffies, deadline);
}

/*
 * One timed loop of n ops; with slope, the loop of 2n minus the loop of n,
 * which cancels what a batch pays once (call, prologue, the timer reads)
 * and leaves exactly n ops' worth: what makes icount counts integers.
 */
static u64 lb_time_loop(void (*loop)(struct lb_lock *l, u64 n,
				     unsigned int read_pct),
			struct lb_lock *l, u64 n, unsigned int rp, bool slope)
{
	u64 t0, t1, t2;

	t0 = rdtsc_ordered();
	loop(l, n, rp);
	t1 = rdtsc_ordered();
	if (!slope)
		return t1 - t0;
	loop(l, 2 * n, rp);
	t2 = rdtsc_ordered();
	/* Noise can make the longer loop look shorter: clamp, not wrap. */
	return t2 - t1 > t1 - t0 ? (t2 - t1) - (t1 - t0) : 0;
}

static int lb_hot_thread(void *arg)
{
	struct lb_unc *u = arg;
	const struct lb_job *job = u->job;
	void (*empty_loop)(struct lb_lock *l, u64 n, unsigned int read_pct);
	unsigned long deadline = jiffies + msecs_to_jiffies(LB_MAX_JOB_MS);
	unsigned int rp = job->read_pct;
	u64 n = job->batch_ops, te, tk;
	bool slope = job->slope;
	size_t b;

	empty_loop = lb_kinds[LB_KIND_empty].loop;
	for (b = 0; b < job->batches; b++) {
		if (lb_job_expired(deadline))
			break;
		/* Irq kinds disable irqs per op only; the batch needs no more. */
		preempt_disable();
		te = lb_time_loop(empty_loop, &u->lock, n, rp, slope);
		tk = lb_time_loop(u->ops->loop, &u->lock, n, rp, slope);
		preempt_enable();
		u->empty[b] = div64_u64(te * LB_DEC_SCALE, n);
		u->samp[b] = div64_u64(tk * LB_DEC_SCALE, n);
		u->done = b + 1;
		cond_resched();
	}
	complete(&u->finished);
	lb_park_until_stopped();
	return 0;
}

/* Waits for the turn flag to become want; false on stop or timeout. */
static bool lb_wait_turn(struct lb_unc *u, int want, u64 limit_cyc)
{
	u64 t0 = rdtsc();
	unsigned int spins = 0;

	/* Acquire: see the other CPU's lock-line writes before timing. */
	while (smp_load_acquire(&u->turn) != want) {
		cpu_relax();
		if (++spins & 0xfff)
			continue;
		if (lb_should_stop() || kthread_should_stop() ||
		    rdtsc() - t0 > limit_cyc)
			return false;
	}
	return true;
}

static int lb_cold_toucher(void *arg)
{
	struct lb_unc *u = arg;
	unsigned int acc = 0;
	u64 limit = lb_ns_to_cyc(10ULL * NSEC_PER_MSEC);

	while (!kthread_should_stop()) {
		if (!lb_wait_turn(u, 1, limit)) {
			/* Idle between batches: let the CPU do other work. */
			cond_resched();
			continue;
		}
		/* Same pattern as the timer so read/write lines match. */
		u->ops->op(&u->lock, lb_mix_next(&acc, u->job->read_pct));
		WRITE_ONCE(u->lock.touch, u->lock.touch + 1);
		/* Release: publish the line writes before handing back. */
		smp_store_release(&u->turn, 0);
	}
	return 0;
}

static int lb_cold_thread(void *arg)
{
	struct lb_unc *u = arg;
	const struct lb_job *job = u->job;
	void (*empty_op)(struct lb_lock *l, bool read);
	unsigned long deadline = jiffies + msecs_to_jiffies(LB_MAX_JOB_MS);
	u64 limit = lb_ns_to_cyc((u64)LB_HANDSHAKE_MS * NSEC_PER_MSEC);
	u64 i, t0, t1, t2, sum_e, sum_op;
	unsigned int acc = 0;
	size_t b;
	bool read;

	empty_op = lb_kinds[LB_KIND_empty].op;
	for (b = 0; b < job->batches && !u->err; b++) {
		if (lb_job_expired(deadline))
			break;
		sum_e = 0;
		sum_op = 0;
		preempt_disable();
		for (i = 0; i < job->batch_ops; i++) {
			read = lb_mix_next(&acc, job->read_pct);
			/* Release: our last op is done before the toucher's. */
			smp_store_release(&u->turn, 1);
			if (!lb_wait_turn(u, 0, limit)) {
				u->err = lb_should_stop() ? 0 : -ETIMEDOUT;
				break;
			}
			/* Empty timing first: it does not touch the lock line. */
			t0 = rdtsc_ordered();
			empty_op(&u->lock, read);
			t1 = rdtsc_ordered();
			u->ops->op(&u->lock, read);
			t2 = rdtsc_ordered();
			sum_e += t1 - t0;
			sum_op += t2 - t1;
		}
		preempt_enable();
		if (i < job->batch_ops)
			break;
		u->empty[b] = div64_u64(sum_e * LB_DEC_SCALE, job->batch_ops);
		u->samp[b] = div64_u64(sum_op * LB_DEC_SCALE, job->batch_ops);
		u->done = b + 1;
		cond_resched();
	}
	complete(&u->finished);
	lb_park_until_stopped();
	return 0;
}

static int lb_run_unc(const struct lb_job *job, struct lb_result *res,
		      bool cold)
{
	/* The timer on the first online CPU; cold: the toucher on the next. */
	struct lb_kthread k[2] = {
		{ .fn = cold ? lb_cold_thread : lb_hot_thread },
		{ .fn = lb_cold_toucher },
	};
	struct lb_kthreads set = { .n = cold ? 2 : 1, .k = k };
	struct lb_unc *u;
	int ret = 0;

	u = kzalloc(sizeof(*u), GFP_KERNEL);
	if (!u)
		return -ENOMEM;
	u->samp = kcalloc(job->batches, sizeof(*u->samp), GFP_KERNEL);
	u->empty = kcalloc(job->batches, sizeof(*u->empty), GFP_KERNEL);
	if (!u->samp || !u->empty) {
		ret = -ENOMEM;
		goto out_free;
	}
	u->job = job;
	u->ops = job->pad ? lb_pad_ops(job->pad) : &lb_kinds[job->kind];
	lb_lock_init(&u->lock, job->kind);
	init_completion(&u->finished);
	k[0].arg = u;
	k[1].arg = u;

	if (cold && num_online_cpus() < 2) {
		pr_err("cold mode needs 2 online CPUs\n");
		ret = -EINVAL;
		goto out_free;
	}
	ret = lb_kthreads_start(&set);
	if (ret)
		goto out_free;
	wait_for_completion(&u->finished);

	if (u->err) {
		pr_err("%s %s: other CPU stopped answering\n", u->ops->name,
		       lb_modes[job->mode].name);
		lb_set_status(res, "timeout");
	} else if (lb_should_stop()) {
		lb_set_status(res, "aborted");
	} else if (u->done < job->batches) {
		pr_warn("%s %s: capped at %u ms after %zu of %llu batches\n",
			u->ops->name, lb_modes[job->mode].name, LB_MAX_JOB_MS,
			u->done, job->batches);
		lb_set_status(res, "capped");
	}
	if (u->done)
		lb_uncontended_summary(res, u->samp, u->empty, u->done);
	lb_kthreads_stop(&set);
out_free:
	kfree(u->samp);
	kfree(u->empty);
	kfree(u);
	return ret;
}

int lb_run_hot(const struct lb_job *job, struct lb_result *res)
{
	return lb_run_unc(job, res, false);
}

int lb_run_cold(const struct lb_job *job, struct lb_result *res)
{
	return lb_run_unc(job, res, true);
}
