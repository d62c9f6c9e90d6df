// SPDX-License-Identifier: GPL-2.0
/*
 * Statistics: both modes' summaries (percentiles of per-batch samples;
 * throughput, fairness and the acquire-wait histogram), and TSC cycle <->
 * ns conversion.  Integer only; DEC columns are thousandths (LB_DEC_SCALE).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/limits.h>
#include <linux/math64.h>
#include <linux/sort.h>
#include <linux/string.h>

#include "lockbench.h"

void lb_set_status(struct lb_result *res, const char *status)
{
	strscpy(res->status, status, sizeof(res->status));
}

static int lb_cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

void lb_sort_u64(u64 *v, size_t n)
{
	sort(v, n, sizeof(*v), lb_cmp_u64, NULL);
}

/* Nearest-rank percentile of an ascending array of n > 0 values. */
u64 lb_pct_sorted(const u64 *v, size_t n, unsigned int pct)
{
	return v[div_u64((u64)(n - 1) * pct, 100)];
}

u64 lb_cyc_to_ns(u64 cyc)
{
	return mul_u64_u64_div_u64(cyc, 1000000, tsc_khz);
}

u64 lb_ns_to_cyc(u64 ns)
{
	return mul_u64_u64_div_u64(ns, tsc_khz, 1000000);
}

/*
 * samp[] and empty[] hold cycles per op in thousandths for n batches.  The
 * median empty batch is the loop and timer overhead; it is subtracted from
 * every sample (clamped at zero) before taking percentiles.
 */
void lb_uncontended_summary(struct lb_result *res, u64 *samp, u64 *empty,
			    size_t n)
{
	u64 ovh;
	size_t i;

	lb_sort_u64(empty, n);
	ovh = lb_pct_sorted(empty, n, 50);
	for (i = 0; i < n; i++)
		samp[i] = samp[i] > ovh ? samp[i] - ovh : 0;
	lb_sort_u64(samp, n);

	res->overhead_cyc = ovh;
	res->cyc_op = lb_pct_sorted(samp, n, 50);
	res->cyc_p25 = lb_pct_sorted(samp, n, 25);
	res->cyc_p75 = lb_pct_sorted(samp, n, 75);
	res->ns_op = lb_cyc_to_ns(res->cyc_op);
}

/* Representative value of a bucket: its midpoint (exact below SUB). */
u64 lb_hist_value(unsigned int idx)
{
	unsigned int e, m;
	u64 low, width;

	if (idx < LB_HIST_SUB)
		return idx;
	e = (idx >> LB_HIST_SUB_BITS) + LB_HIST_SUB_BITS - 1;
	m = idx & (LB_HIST_SUB - 1);
	low = (u64)(LB_HIST_SUB + m) << (e - LB_HIST_SUB_BITS);
	width = 1ULL << (e - LB_HIST_SUB_BITS);
	return low + width / 2;
}

/* Value at percentile pct of a histogram holding total samples. */
u64 lb_hist_pct(const u64 *hist, u64 total, unsigned int pct)
{
	u64 rank, seen = 0;
	unsigned int i;

	if (!total)
		return 0;
	/* Smallest value with at least pct% of the samples at or below it. */
	rank = div_u64(total * pct + 99, 100);
	if (!rank)
		rank = 1;
	for (i = 0; i < LB_HIST_BUCKETS; i++) {
		seen += hist[i];
		if (seen >= rank)
			return lb_hist_value(i);
	}
	return lb_hist_value(LB_HIST_BUCKETS - 1);
}

/*
 * ops[] is what each of n threads acquired; t the rest, summed.  The
 * critical sections counted must equal the exclusive acquisitions and no
 * read section may have seen a writer, or mutual exclusion failed.
 */
void lb_contended_summary(struct lb_result *res, const u64 *ops,
			  unsigned int n, const struct lb_ctotals *t)
{
	u64 total = 0, mean, var = 0, d, lo = U64_MAX, hi = 0;
	unsigned int i;

	for (i = 0; i < n; i++) {
		total += ops[i];
		lo = min(lo, ops[i]);
		hi = max(hi, ops[i]);
	}
	mean = div_u64(total, n);
	for (i = 0; i < n; i++) {
		d = ops[i] > mean ? ops[i] - mean : mean - ops[i];
		var += d * d;
	}
	var = div_u64(var, n);

	res->total_ops = total;
	res->ops_per_s = t->elapsed ?
		mul_u64_u64_div_u64(total, (u64)tsc_khz * 1000, t->elapsed) : 0;
	res->thread_ops_mean = mean;
	res->fair_cv = mean ?
		div64_u64((u64)int_sqrt64(var) * LB_DEC_SCALE, mean) : 0;
	res->share_min = total ? div64_u64(lo * 100 * LB_DEC_SCALE, total) : 0;
	res->share_max = total ? div64_u64(hi * 100 * LB_DEC_SCALE, total) : 0;
	res->wait_p50_ns = lb_cyc_to_ns(lb_hist_pct(t->hist, total, 50));
	res->wait_p90_ns = lb_cyc_to_ns(lb_hist_pct(t->hist, total, 90));
	res->wait_p99_ns = lb_cyc_to_ns(lb_hist_pct(t->hist, total, 99));
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
