// SPDX-License-Identifier: GPL-2.0
/*
 * The job control file's line: the shared parser's (lockbench_jobline.h)
 * result as a struct lb_job, and the integer keys' table that places each
 * key's value in the job and the result, row for row with the parser's.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/build_bug.h>
#include <linux/cpumask.h>
#include <linux/kernel.h>
#include <linux/stddef.h>
#include <linux/string.h>

#include "lockbench.h"
#include "lockbench_jobline.h"

/* The size checks keep the untyped offset copies below honest. */
#define LB_U64_OFF(type, n)						\
	(offsetof(struct type, n) +					\
	 BUILD_BUG_ON_ZERO(sizeof(((struct type *)0)->n) != sizeof(u64)))
#define LB_INT_KEY(n, lo, hi, d)					\
	{ LB_U64_OFF(lb_job, n), LB_U64_OFF(lb_result, n) },

const struct lb_int_key lb_int_keys[LB_NR_INT_KEYS] = {
	LB_JOB_INT_KEYS(LB_INT_KEY)
};

/*
 * Parses line (modified in place) into job with the parser the native
 * harness and lb-validate --jobs share (lockbench_jobline.h), for this
 * machine's online CPUs.  Returns 0 or -EINVAL, the reason in the log.
 */
int lb_job_parse(char *line, struct lb_job *job)
{
	struct lb_jobline jl;
	char err[160];
	unsigned int i;

	if (lb_jobline_parse(line, num_online_cpus(), &jl, err, sizeof(err))) {
		pr_warn("job: %s\n", err);
		return -EINVAL;
	}
	/*
	 * The guest's vCPUs run where the hypervisor puts them, and move: a
	 * pair of them is no pair of host cores this module could name, so
	 * a placement is refused here rather than written into a record
	 * that would claim it.  lb-native places threads on the host.
	 */
	if (jl.placement) {
		pr_warn("job: placement=%s: a guest cannot place threads: the hypervisor puts its vCPUs on the host's CPUs as it likes; run placed jobs natively (ACCEL=native)\n",
			lb_jobline_placement_name(jl.placement));
		return -EINVAL;
	}
	memset(job, 0, sizeof(*job));
	job->placement = lb_jobline_placement_name(0);
	/* LB_KINDS and LB_MODES order both the indexes and the enums. */
	job->kind = jl.kind;
	job->mode = jl.mode;
	BUILD_BUG_ON(ARRAY_SIZE(lb_jobline_keys) != LB_NR_INT_KEYS);
	for (i = 0; i < LB_NR_INT_KEYS; i++)
		*(u64 *)((char *)job + lb_int_keys[i].job_off) =
			*lb_jobline_value(&jl, &lb_jobline_keys[i]);
	return 0;
}
