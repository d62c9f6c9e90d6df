// SPDX-License-Identifier: GPL-2.0
/*
 * Pinned kthread sets, shared by every mode.  All threads of a set are
 * created before any is woken, so a start barrier never waits for one that
 * failed to start; they are woken last to first, so the helpers of a
 * timing thread (index 0) already run when it starts.  A thread that is
 * done parks until lb_kthreads_stop(), so its task stays valid for
 * kthread_stop() whenever it finished.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/err.h>
#include <linux/kthread.h>
#include <linux/sched.h>

#include "lockbench.h"

void lb_park_until_stopped(void)
{
	set_current_state(TASK_INTERRUPTIBLE);
	while (!kthread_should_stop()) {
		schedule();
		set_current_state(TASK_INTERRUPTIBLE);
	}
	__set_current_state(TASK_RUNNING);
}

/* 0 with every thread running, or an error with none left behind. */
int lb_kthreads_start(struct lb_kthreads *s)
{
	unsigned int i = 0, cpu;

	atomic_set(&s->ready, 0);
	for_each_online_cpu(cpu) {
		struct task_struct *p;

		if (i == s->n)
			break;
		p = kthread_create_on_cpu(s->k[i].fn, s->k[i].arg, cpu,
					  "lockbench/%u");
		if (IS_ERR(p)) {
			lb_kthreads_stop(s);
			return PTR_ERR(p);
		}
		s->k[i++].task = p;
	}
	if (i < s->n) {
		/* CPUs went offline since the job was parsed. */
		pr_err("only %u of %u CPUs online\n", i, s->n);
		lb_kthreads_stop(s);
		return -EINVAL;
	}
	while (i--)
		wake_up_process(s->k[i].task);
	return 0;
}

/* Spins until all n threads arrived: true, or false on a stop request. */
bool lb_kthreads_barrier(struct lb_kthreads *s)
{
	unsigned int spins = 0;

	atomic_inc(&s->ready);
	while (atomic_read(&s->ready) < s->n) {
		cpu_relax();
		if (++spins & 0xffff)
			continue;
		if (lb_should_stop())
			return false;
		cond_resched();
	}
	return true;
}

/* A never-woken thread exits from kthread_stop() without running. */
void lb_kthreads_stop(struct lb_kthreads *s)
{
	unsigned int i;

	for (i = 0; i < s->n; i++) {
		if (s->k[i].task)
			kthread_stop(s->k[i].task);
		s->k[i].task = NULL;
	}
}
