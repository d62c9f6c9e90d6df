/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The acquire-wait histogram, one copy for the module and the native
 * harness (freestanding: it needs only the fixed-width integer types the
 * includer already has).  HdrHistogram-like: 2^LB_HIST_SUB_BITS linear
 * sub-buckets per power of two, so a bucket is at most 12.5% wide.
 */
#ifndef LOCKBENCH_HIST_H
#define LOCKBENCH_HIST_H

#define LB_HIST_SUB_BITS	3
#define LB_HIST_SUB		(1u << LB_HIST_SUB_BITS)
#define LB_HIST_BUCKETS		((64 - LB_HIST_SUB_BITS + 1) * LB_HIST_SUB)

static inline unsigned int lb_hist_index(uint64_t v)
{
	unsigned int e;

	if (v < LB_HIST_SUB)
		return v;
	e = 63 - __builtin_clzll(v);
	return ((e - LB_HIST_SUB_BITS + 1) << LB_HIST_SUB_BITS) +
	       ((v >> (e - LB_HIST_SUB_BITS)) & (LB_HIST_SUB - 1));
}

/* Representative value of a bucket: its midpoint (exact below SUB). */
static inline uint64_t lb_hist_value(unsigned int idx)
{
	unsigned int e, m;
	uint64_t low, width;

	if (idx < LB_HIST_SUB)
		return idx;
	e = (idx >> LB_HIST_SUB_BITS) + LB_HIST_SUB_BITS - 1;
	m = idx & (LB_HIST_SUB - 1);
	low = (uint64_t)(LB_HIST_SUB + m) << (e - LB_HIST_SUB_BITS);
	width = 1ULL << (e - LB_HIST_SUB_BITS);
	return low + width / 2;
}

/*
 * Value at percentile pct of a histogram holding total samples: the
 * smallest bucket with at least pct% of the samples at or below it.
 */
static inline uint64_t lb_hist_pct(const uint64_t *hist, uint64_t total,
				   unsigned int pct)
{
	uint64_t rank, seen = 0;
	unsigned int i;

	if (!total)
		return 0;
	rank = (total * pct + 99) / 100;
	if (!rank)
		rank = 1;
	for (i = 0; i < LB_HIST_BUCKETS; i++) {
		seen += hist[i];
		if (seen >= rank)
			return lb_hist_value(i);
	}
	return lb_hist_value(LB_HIST_BUCKETS - 1);
}

#endif /* LOCKBENCH_HIST_H */
