// SPDX-License-Identifier: GPL-2.0
/*
 * Test only: misuse a lock on purpose, so that a boot test can check that
 * the kernel's lock debugging reports it (or, for 2.6.13, that it did not
 * exist yet).  Writing one case name to debugfs lockbench/provoke runs it
 * in kthreads pinned to the first one or two online CPUs and returns at
 * once; a case may oops its thread or hang its CPU for good.  The file
 * refuses every write unless the module was loaded with provoke=1, so no
 * benchmark run can trigger it.  One case per module load: the lock debug
 * layers report once per boot, and a case may leave its lock broken.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/fs.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "lockbench.h"

static bool provoke;
module_param(provoke, bool, 0444);
MODULE_PARM_DESC(provoke,
		 "test only: allow debugfs lockbench/provoke to corrupt, misuse and deadlock locks on purpose (default 0)");

/*
 * How long the lockup cases hold the lock: longer than the 2.6.14 lockup
 * loop under TCG with a small lpj= (the boot test's job), shorter than
 * 6.1's own soft-lockup (20 s) and RCU stall (21 s) reports, so that only
 * the lock layer can speak, and short enough that the guest recovers.
 */
#define LB_PV_HOLD_MS		12000

struct lb_pv_case {
	const char *name;
	int (*a)(void *data);	/* on the first online CPU */
	int (*b)(void *data);	/* on the second one, or NULL */
	bool rw;		/* the lockup cases: write_lock, not spin_lock */
};

static spinlock_t lb_pv_lock;
static rwlock_t lb_pv_rwlock;
static DECLARE_COMPLETION(lb_pv_taken);	/* thread a holds the lock */
static bool lb_pv_released;		/* wrong_owner: b has unlocked it */
static atomic_t lb_pv_used = ATOMIC_INIT(0);

/* The thread holds a module reference (lb_pv_start): drop it last. */
static void __noreturn lb_pv_exit(const struct lb_pv_case *c)
{
	pr_warn("provoke %s: CPU#%d done\n", c->name, raw_smp_processor_id());
	module_put_and_kthread_exit(0);
}

#if defined(CONFIG_DEBUG_SPINLOCK) || defined(CONFIG_DEBUG_SPINLOCK_MAGIC)
static int lb_pv_bad_magic(void *data)
{
	unsigned int magic = lb_pv_lock.rlock.magic;

	/* What a never-initialised lock would hold. */
	lb_pv_lock.rlock.magic = 0;
	spin_lock(&lb_pv_lock);	/* 2.6.13 BUG()s here, 2.6.14 reports */
	lb_pv_lock.rlock.magic = magic;
	spin_unlock(&lb_pv_lock);
	lb_pv_exit(data);
}
#else
#define lb_pv_bad_magic		NULL	/* no magic to corrupt */
#endif

static int lb_pv_recursion(void *data)
{
	spin_lock(&lb_pv_lock);
	pr_warn("provoke recursion: CPU#%d takes the lock it holds\n",
		raw_smp_processor_id());
	spin_lock(&lb_pv_lock);	/* deadlocks on itself: never returns */
	pr_err("provoke recursion: the second spin_lock returned\n");
	spin_unlock(&lb_pv_lock);
	spin_unlock(&lb_pv_lock);
	lb_pv_exit(data);
}

static int lb_pv_unlock_unlocked(void *data)
{
	/* For the preempt_enable() in spin_unlock(): no lock disabled it. */
	preempt_disable();
	spin_unlock(&lb_pv_lock);
	lb_pv_exit(data);
}

/* wrong_owner, first CPU: take the lock and wait for b to unlock it. */
static int lb_pv_owner(void *data)
{
	spin_lock(&lb_pv_lock);
	complete(&lb_pv_taken);
	while (!READ_ONCE(lb_pv_released))
		cpu_relax();
	/* b's spin_unlock() balanced b's preempt count, not this one. */
	preempt_enable();
	lb_pv_exit(data);
}

/* wrong_owner, second CPU: release a lock that another task holds. */
static int lb_pv_not_owner(void *data)
{
	wait_for_completion(&lb_pv_taken);
	preempt_disable();	/* the spin_lock() that disabled it ran on a */
	spin_unlock(&lb_pv_lock);
	WRITE_ONCE(lb_pv_released, true);
	lb_pv_exit(data);
}

static void lb_pv_lock_it(const struct lb_pv_case *c)
{
	if (c->rw)
		write_lock(&lb_pv_rwlock);
	else
		spin_lock(&lb_pv_lock);
}

static void lb_pv_unlock_it(const struct lb_pv_case *c)
{
	if (c->rw)
		write_unlock(&lb_pv_rwlock);
	else
		spin_unlock(&lb_pv_lock);
}

/* lockup, first CPU: hold the lock, spinning, for LB_PV_HOLD_MS. */
static int lb_pv_holder(void *data)
{
	unsigned long end;

	lb_pv_lock_it(data);
	complete(&lb_pv_taken);
	end = jiffies + msecs_to_jiffies(LB_PV_HOLD_MS);
	while (time_before(jiffies, end))
		cpu_relax();
	lb_pv_unlock_it(data);
	lb_pv_exit(data);
}

/* lockup, second CPU: wait for the held lock; only a lockup check speaks. */
static int lb_pv_waiter(void *data)
{
	const struct lb_pv_case *c = data;
	ktime_t t0;

	wait_for_completion(&lb_pv_taken);
	t0 = ktime_get();
	lb_pv_lock_it(c);
	lb_pv_unlock_it(c);
	pr_warn("provoke %s: CPU#%d got the lock after %lld ms\n", c->name,
		raw_smp_processor_id(), ktime_ms_delta(ktime_get(), t0));
	lb_pv_exit(c);
}

static const struct lb_pv_case lb_pv_cases[] = {
	{ "bad_magic", lb_pv_bad_magic },
	{ "recursion", lb_pv_recursion },
	{ "unlock_unlocked", lb_pv_unlock_unlocked },
	{ "wrong_owner", lb_pv_owner, lb_pv_not_owner },
	{ "lockup", lb_pv_holder, lb_pv_waiter },
	{ "write_lockup", lb_pv_holder, lb_pv_waiter, true },
};

static int lb_pv_start(const struct lb_pv_case *c)
{
	unsigned int cpu_a = cpumask_first(cpu_online_mask);
	unsigned int cpu_b = cpumask_next(cpu_a, cpu_online_mask);
	struct task_struct *a, *b = NULL;

	if (c->b && cpu_b >= nr_cpu_ids) {
		pr_warn("provoke %s: needs 2 online CPUs\n", c->name);
		return -EINVAL;
	}
	spin_lock_init(&lb_pv_lock);
	rwlock_init(&lb_pv_rwlock);
	a = kthread_create_on_cpu(c->a, (void *)c, cpu_a, "lockbench-pv/%u");
	if (IS_ERR(a))
		return PTR_ERR(a);
	if (c->b) {
		b = kthread_create_on_cpu(c->b, (void *)c, cpu_b,
					  "lockbench-pv/%u");
		if (IS_ERR(b)) {
			kthread_stop(a);	/* never woken: it does not run */
			return PTR_ERR(b);
		}
	}
	/* A hung or oopsed case keeps its reference: rmmod cannot free it. */
	__module_get(THIS_MODULE);
	wake_up_process(a);
	if (b) {
		__module_get(THIS_MODULE);
		wake_up_process(b);
	}
	if (b)
		pr_warn("provoke %s: started on CPU#%u and CPU#%u\n", c->name,
			cpu_a, cpu_b);
	else
		pr_warn("provoke %s: started on CPU#%u\n", c->name, cpu_a);
	return 0;
}

static ssize_t lb_provoke_write(struct file *file, const char __user *ubuf,
				size_t count, loff_t *ppos)
{
	char buf[32], names[128] = "";
	const struct lb_pv_case *c;
	size_t i, len = 0;
	int ret;

	if (!provoke)
		return -EPERM;
	if (!count || count >= sizeof(buf))
		goto unknown;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';
	for (i = 0; i < ARRAY_SIZE(lb_pv_cases); i++) {
		c = &lb_pv_cases[i];
		if (strcmp(strim(buf), c->name))
			continue;
		if (!c->a) {
			pr_warn("provoke %s: needs CONFIG_DEBUG_SPINLOCK or CONFIG_DEBUG_SPINLOCK_MAGIC\n",
				c->name);
			return -EOPNOTSUPP;
		}
		if (atomic_xchg(&lb_pv_used, 1)) {
			pr_warn("provoke: one case per module load\n");
			return -EBUSY;
		}
		ret = lb_pv_start(c);
		if (ret)
			atomic_set(&lb_pv_used, 0);
		return ret ? ret : count;
	}
unknown:
	for (i = 0; i < ARRAY_SIZE(lb_pv_cases); i++)
		len += scnprintf(names + len, sizeof(names) - len, " %s",
				 lb_pv_cases[i].name);
	pr_warn("provoke: unknown case; accepted:%s\n", names);
	return -EINVAL;
}

const struct file_operations lb_provoke_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.write	= lb_provoke_write,
	.llseek	= no_llseek,
};
