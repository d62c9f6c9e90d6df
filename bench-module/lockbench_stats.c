// SPDX-License-Identifier: GPL-2.0
/*
 * Statistics: both modes' summaries into a result row.  The figures are
 * the shared core's (lockbench_summary.h, lockbench_hist.h), which the
 * native harness computes with too; this file only places them.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/string.h>

#include "lockbench.h"

void lb_set_status(struct lb_result *res, const char *status)
{
	strscpy(res->status, status, sizeof(res->status));
}

u64 lb_cyc_to_ns(u64 cyc)
{
	return lb_cyc_to_ns_at(cyc, tsc_khz);
}

u64 lb_ns_to_cyc(u64 ns)
{
	return lb_ns_to_cyc_at(ns, tsc_khz);
}

/* samp[] and empty[]: cycles per op in thousandths for n batches. */
void lb_uncontended_summary(struct lb_result *res, u64 *samp, u64 *empty,
			    size_t n)
{
	struct lb_unc_figures f;

	lb_unc_figures(samp, empty, n, &f);
	res->overhead_cyc = f.overhead;
	res->cyc_op = f.p50;
	res->cyc_p25 = f.p25;
	res->cyc_p75 = f.p75;
	res->ns_op = lb_cyc_to_ns(res->cyc_op);
}

/*
 * ops[] is what each of n threads acquired; t the rest, summed.  The
 * critical sections counted must equal the exclusive acquisitions and no
 * read section may have seen a writer, or mutual exclusion failed.
 */
void lb_contended_summary(struct lb_result *res, const u64 *ops,
			  unsigned int n, const struct lb_ctotals *t)
{
	struct lb_cont_figures f;

	lb_cont_figures(ops, n, t->elapsed, tsc_khz, &f);
	res->total_ops = f.total;
	res->ops_per_s = f.ops_per_s;
	res->thread_ops_mean = f.mean;
	res->fair_cv = f.fair_cv;
	res->share_min = f.share_min;
	res->share_max = f.share_max;
	res->wait_p50_ns = lb_cyc_to_ns(lb_hist_pct(t->hist, f.total, 50));
	res->wait_p90_ns = lb_cyc_to_ns(lb_hist_pct(t->hist, f.total, 90));
	res->wait_p99_ns = lb_cyc_to_ns(lb_hist_pct(t->hist, f.total, 99));
	res->wait_max_ns = lb_cyc_to_ns(t->wait_max);
	res->cs_count = t->cs_count;
	res->cs_expected = t->excl;

	if (res->cs_count != res->cs_expected || t->bad_reads) {
		pr_err("MUTUAL EXCLUSION FAILED: %s with %u threads: %llu critical sections counted, %llu expected, %llu reads saw a writer\n",
		       res->kind, n, res->cs_count, res->cs_expected,
		       t->bad_reads);
		lb_set_status(res, "mismatch");
	}
}
