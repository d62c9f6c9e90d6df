// SPDX-License-Identifier: GPL-2.0
/*
 * The probes: the median of a few short batches each, so that one
 * interrupt does not move a slice's probe.  Together they take a few
 * tens of microseconds, a few percent of a slice.
 */
#include "lockbench_summary.h"
#include "physlimit.h"
#include "probe.h"

#define BATCHES		3
#define CHAIN_TURNS	250	/* of 16 adds: 4000 a batch */

static uint64_t median3(uint64_t *v)
{
	lb_sort_u64(v, BATCHES);
	return v[BATCHES / 2];
}

uint64_t lbn_probe_pair(void *lock)
{
	const struct lbn_kind_fns *decb = &lbn_pairs[0].fns;
	uint64_t t[BATCHES], t0;
	int i;

	for (i = 0; i < BATCHES; i++) {
		t0 = lbn_rdtsc();
		decb->loop(lock, LBN_PROBE_PAIRS, 0);
		t[i] = lbn_rdtsc() - t0;
	}
	return median3(t) * LB_DEC_SCALE / LBN_PROBE_PAIRS;
}

uint64_t lbn_probe_chain(void)
{
	uint64_t t[BATCHES], t0, x = 0;
	int i, k;

	for (i = 0; i < BATCHES; i++) {
		t0 = lbn_rdtsc();
		for (k = 0; k < CHAIN_TURNS; k++)
			asm volatile(".rept 16\n\tadd $1, %0\n\t.endr" : "+r" (x));
		t[i] = lbn_rdtsc() - t0;
	}
	return median3(t) * LB_DEC_SCALE / (16 * CHAIN_TURNS);
}
