/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The per-batch statistics, one copy for the module (lockbench_stats.c)
 * and the native harness (bench-user/native/): percentiles of per-batch
 * samples less the loop's own overhead, the contended mode's throughput
 * and fairness, and TSC cycle <-> ns conversion.  Integer only (the
 * module has no floating point); DEC figures are thousandths
 * (LB_DEC_SCALE).  The only side-specific parts are the sort and the
 * 128-bit multiply-divide, each exact, so both sides get the same numbers
 * from the same samples (tests/unit/test_summary.c).
 */
#ifndef LOCKBENCH_SUMMARY_H
#define LOCKBENCH_SUMMARY_H

#ifdef __KERNEL__
#include <linux/math64.h>
#include <linux/sort.h>
#include <linux/types.h>
#else
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#endif

#include "lockbench_schema.h"

static inline int lb_cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static inline void lb_sort_u64(uint64_t *v, size_t n)
{
#ifdef __KERNEL__
	sort(v, n, sizeof(*v), lb_cmp_u64, NULL);
#else
	qsort(v, n, sizeof(*v), lb_cmp_u64);
#endif
}

/* floor(a * b / c) through a 128-bit product; c > 0. */
static inline uint64_t lb_mul_div(uint64_t a, uint64_t b, uint64_t c)
{
#ifdef __KERNEL__
	return mul_u64_u64_div_u64(a, b, c);
#else
	return (uint64_t)((__uint128_t)a * b / c);
#endif
}

/* floor(sqrt(x)), bit by bit: the same on both sides by construction. */
static inline uint64_t lb_isqrt(uint64_t x)
{
	uint64_t r = 0, bit = 1ULL << 62;

	while (bit > x)
		bit >>= 2;
	while (bit) {
		if (x >= r + bit) {
			x -= r + bit;
			r = (r >> 1) + bit;
		} else {
			r >>= 1;
		}
		bit >>= 2;
	}
	return r;
}

/* Nearest-rank percentile of an ascending array of n > 0 values. */
static inline uint64_t lb_pct_sorted(const uint64_t *v, size_t n,
				     unsigned int pct)
{
	return v[(uint64_t)(n - 1) * pct / 100];
}

/* TSC cycles <-> ns at khz kHz (0 when khz is unknown). */
static inline uint64_t lb_cyc_to_ns_at(uint64_t cyc, uint64_t khz)
{
	return khz ? lb_mul_div(cyc, 1000000, khz) : 0;
}

static inline uint64_t lb_ns_to_cyc_at(uint64_t ns, uint64_t khz)
{
	return lb_mul_div(ns, khz, 1000000);
}

/* A hot or cold job's figures, thousandths of a cycle per op. */
struct lb_unc_figures {
	uint64_t overhead, p25, p50, p75;
};

/*
 * samp[] and empty[] hold cycles per op in thousandths for n > 0
 * batches.  The median empty batch is the loop and timer overhead; it is
 * subtracted from every sample (clamped at zero) before taking
 * percentiles.  Both arrays are sorted in place.
 */
static inline void lb_unc_figures(uint64_t *samp, uint64_t *empty, size_t n,
				  struct lb_unc_figures *f)
{
	uint64_t ovh;
	size_t i;

	lb_sort_u64(empty, n);
	ovh = lb_pct_sorted(empty, n, 50);
	for (i = 0; i < n; i++)
		samp[i] = samp[i] > ovh ? samp[i] - ovh : 0;
	lb_sort_u64(samp, n);
	f->overhead = ovh;
	f->p25 = lb_pct_sorted(samp, n, 25);
	f->p50 = lb_pct_sorted(samp, n, 50);
	f->p75 = lb_pct_sorted(samp, n, 75);
}

/* A contended job's throughput and fairness over its n > 0 threads. */
struct lb_cont_figures {
	uint64_t total, ops_per_s, mean;
	uint64_t fair_cv;		/* stddev / mean, thousandths */
	uint64_t share_min, share_max;	/* percent of all ops, thousandths */
};

/*
 * ops[] is what each thread acquired; elapsed the longest thread's
 * cycles at khz.  The variance is over integer deviations from the
 * integer mean, as the module has always taken it.
 */
static inline void lb_cont_figures(const uint64_t *ops, unsigned int n,
				   uint64_t elapsed, uint64_t khz,
				   struct lb_cont_figures *f)
{
	uint64_t total = 0, var = 0, d, lo = ~(uint64_t)0, hi = 0;
	unsigned int i;

	for (i = 0; i < n; i++) {
		total += ops[i];
		lo = ops[i] < lo ? ops[i] : lo;
		hi = ops[i] > hi ? ops[i] : hi;
	}
	f->total = total;
	f->mean = total / n;
	for (i = 0; i < n; i++) {
		d = ops[i] > f->mean ? ops[i] - f->mean : f->mean - ops[i];
		var += d * d;
	}
	var /= n;
	f->ops_per_s = elapsed ? lb_mul_div(total, khz * 1000, elapsed) : 0;
	f->fair_cv = f->mean ? lb_isqrt(var) * LB_DEC_SCALE / f->mean : 0;
	f->share_min = total ? lo * 100 * LB_DEC_SCALE / total : 0;
	f->share_max = total ? hi * 100 * LB_DEC_SCALE / total : 0;
}

#endif /* LOCKBENCH_SUMMARY_H */
