// SPDX-License-Identifier: GPL-2.0
/*
 * lockbench: measures the cost of kernel lock paths (hot, cold and
 * contended) and reports one CSV row per job in the lockbench_schema.h
 * format.
 *
 * Control is a root-only debugfs directory, lockbench/:
 *   job     write one "key=value ..." line: it is checked, then runs in
 *           a kthread of its own and the write returns
 *   result  the last job's row; a read waits for a running job to end
 *   header  the row's column names
 *   abort   any write asks a running job to stop early
 *   provoke test only, refused unless loaded with provoke=1: runs one
 *           lock-misuse case (lockbench_provoke.c)
 *
 * The job runs outside the writer so that no open file pins the module
 * while it runs: rmmod during a job stops it and waits for its thread.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/completion.h>
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/fs.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/stddef.h>
#include <linux/uaccess.h>

#include "lockbench.h"

/* Longest job line accepted, including the newline. */
#define LB_JOB_MAX_LEN		256

static struct dentry *lb_dir;
static DEFINE_MUTEX(lb_job_mutex);	/* starting a job; lb_started */
static DEFINE_MUTEX(lb_result_mutex);	/* protects lb_last, lb_job_err */
static DECLARE_COMPLETION(lb_job_done);	/* the job thread has finished */
static bool lb_started;			/* a job thread was ever started */
static struct lb_result lb_last;
static bool lb_have_result;
static int lb_job_err;			/* error of the last job, if any */
bool lb_unloading;		/* module exit: stop for good */
bool lb_abort;			/* abort file: stop the current job */

static void lb_result_init(struct lb_result *res, const struct lb_job *job)
{
	const struct lb_int_key *k;

	strscpy(res->kind, lb_kinds[job->kind].name, sizeof(res->kind));
	strscpy(res->mode, lb_modes[job->mode].name, sizeof(res->mode));
	strscpy(res->placement, job->placement, sizeof(res->placement));
	for (k = lb_int_keys; k < lb_int_keys + LB_NR_INT_KEYS; k++)
		*(u64 *)((char *)res + k->res_off) =
			*(const u64 *)((const char *)job + k->job_off);
	lb_set_status(res, "ok");
	res->tsc_khz = tsc_khz;
}

static int lb_run_job(const struct lb_job *job, struct lb_result *res)
{
	if (job->mode >= LB_MODE_NR)
		return -EINVAL;
	return lb_modes[job->mode].run(job, res);
}

/*
 * The job's own thread.  It ends in kthread_complete_and_exit(), so once
 * lb_job_done is complete no module code runs on it any more: module exit
 * may then free the text it ran.
 */
static int lb_job_thread(void *data)
{
	struct lb_job *job = data;
	struct lb_result *res = kzalloc(sizeof(*res), GFP_KERNEL);
	int ret = -ENOMEM;

	if (res) {
		lb_result_init(res, job);
		ret = lb_run_job(job, res);
	}
	mutex_lock(&lb_result_mutex);
	lb_job_err = ret;
	if (!ret) {
		lb_last = *res;
		lb_have_result = true;
	}
	mutex_unlock(&lb_result_mutex);
	kfree(res);
	kfree(job);
	kthread_complete_and_exit(&lb_job_done, 0);
}

/* Called with lb_job_mutex held and no job running. */
static int lb_job_start(const struct lb_job *job)
{
	struct task_struct *t;
	struct lb_job *copy = kmemdup(job, sizeof(*job), GFP_KERNEL);

	if (!copy)
		return -ENOMEM;
	WRITE_ONCE(lb_abort, false);
	mutex_lock(&lb_result_mutex);
	lb_have_result = false;
	lb_job_err = 0;
	mutex_unlock(&lb_result_mutex);
	reinit_completion(&lb_job_done);
	t = kthread_run(lb_job_thread, copy, "lockbench-job");
	if (IS_ERR(t)) {
		kfree(copy);
		complete(&lb_job_done);
		return PTR_ERR(t);
	}
	WRITE_ONCE(lb_started, true);
	return 0;
}

static ssize_t lb_job_write(struct file *file, const char __user *ubuf,
			    size_t count, loff_t *ppos)
{
	struct lb_job job;
	char *line;
	int ret;

	if (!count || count > LB_JOB_MAX_LEN) {
		pr_warn("job: line must be 1..%d bytes, got %zu\n",
			LB_JOB_MAX_LEN, count);
		return -EINVAL;
	}
	line = memdup_user_nul(ubuf, count);
	if (IS_ERR(line))
		return PTR_ERR(line);
	if (strlen(line) != count) {
		pr_warn("job: line contains a NUL byte\n");
		kfree(line);
		return -EINVAL;
	}
	ret = lb_job_parse(line, &job);
	kfree(line);
	if (ret)
		return ret;

	if (!tsc_khz) {
		pr_err("no calibrated TSC\n");
		return -ENODEV;
	}
	mutex_lock(&lb_job_mutex);
	if (lb_started && !completion_done(&lb_job_done)) {
		mutex_unlock(&lb_job_mutex);
		pr_warn("job: another job is running\n");
		return -EBUSY;
	}
	ret = lb_job_start(&job);
	mutex_unlock(&lb_job_mutex);
	return ret ? ret : count;
}

static const struct file_operations lb_job_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.write	= lb_job_write,
	.llseek	= no_llseek,
};

static ssize_t lb_abort_write(struct file *file, const char __user *ubuf,
			      size_t count, loff_t *ppos)
{
	WRITE_ONCE(lb_abort, true);
	return count;
}

static const struct file_operations lb_abort_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.write	= lb_abort_write,
	.llseek	= no_llseek,
};

/* The row's columns, in schema order, for the emitters below. */
struct lb_field {
	const char *name;
	enum lb_ftype type;
	size_t off;
};

#define LB_FIELD(n, t, desc)	{ #n, LB_FT_##t, offsetof(struct lb_result, n) },

static const struct lb_field lb_fields[] = {
	LB_MODULE_FIELDS(LB_FIELD)
};

static void lb_emit(struct seq_file *m, const struct lb_result *r,
		    const struct lb_field *f)
{
	const char *p = (const char *)r + f->off;
	u64 v = f->type == LB_FT_STR ? 0 : *(const u64 *)p;

	if (f != lb_fields)
		seq_putc(m, ',');
	switch (f->type) {
	case LB_FT_STR:
		seq_puts(m, p);
		break;
	case LB_FT_U64:
		seq_printf(m, "%llu", v);
		break;
	case LB_FT_DEC:
		seq_printf(m, "%llu.%03llu", v / LB_DEC_SCALE, v % LB_DEC_SCALE);
		break;
	}
}

static int lb_result_file_show(struct seq_file *m, void *unused)
{
	size_t i;
	int ret;

	if (!READ_ONCE(lb_started))
		return -ENODATA;
	/*
	 * A job is running: poll for its end rather than wait on the
	 * completion, which a waiter would consume from the next reader.
	 * A signal cuts the wait short.
	 */
	while (!completion_done(&lb_job_done))
		if (msleep_interruptible(10))
			return -EINTR;
	mutex_lock(&lb_result_mutex);
	if (!lb_have_result) {
		ret = lb_job_err ? lb_job_err : -ENODATA;
		mutex_unlock(&lb_result_mutex);
		return ret;
	}
	for (i = 0; i < ARRAY_SIZE(lb_fields); i++)
		lb_emit(m, &lb_last, &lb_fields[i]);
	mutex_unlock(&lb_result_mutex);
	seq_putc(m, '\n');
	return 0;
}

DEFINE_SHOW_ATTRIBUTE(lb_result_file);

static int lb_header_file_show(struct seq_file *m, void *unused)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(lb_fields); i++)
		seq_printf(m, "%s%s", i ? "," : "", lb_fields[i].name);
	seq_putc(m, '\n');
	return 0;
}

DEFINE_SHOW_ATTRIBUTE(lb_header_file);

static int __init lockbench_init(void)
{
	int ret;

	/* Contended jobs size their work with it: measure before any job. */
	ret = lb_work_calibrate();
	if (ret) {
		pr_err("cannot calibrate the work loop (tsc_khz=%u): %d\n",
		       tsc_khz, ret);
		return ret;
	}
	lb_dir = debugfs_create_dir("lockbench", NULL);
	if (IS_ERR(lb_dir))
		return PTR_ERR(lb_dir);
	debugfs_create_file("job", 0200, lb_dir, NULL, &lb_job_fops);
	debugfs_create_file("abort", 0200, lb_dir, NULL, &lb_abort_fops);
	debugfs_create_file("result", 0400, lb_dir, NULL, &lb_result_file_fops);
	debugfs_create_file("header", 0400, lb_dir, NULL, &lb_header_file_fops);
	debugfs_create_file("provoke", 0200, lb_dir, NULL, &lb_provoke_fops);
	pr_info("ready, tsc_khz=%u, %u CPUs online\n", tsc_khz,
		num_online_cpus());
	return 0;
}

static void __exit lockbench_exit(void)
{
	/*
	 * Stop the running job first, so that result readers polling for
	 * it (active users that removal waits for) return; a job started
	 * after this stops at once.  Then wait for the job thread.
	 */
	WRITE_ONCE(lb_unloading, true);
	debugfs_remove_recursive(lb_dir);
	mutex_lock(&lb_job_mutex);
	if (lb_started)
		wait_for_completion(&lb_job_done);
	mutex_unlock(&lb_job_mutex);
}

module_init(lockbench_init);
module_exit(lockbench_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Lock path cost benchmark");
