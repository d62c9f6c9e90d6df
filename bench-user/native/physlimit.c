// SPDX-License-Identifier: GPL-2.0
/*
 * The physical-limit row: what the bare atomics cost on this CPU, timed
 * the same way as a hot kind (batches of n pairs minus an empty batch),
 * in the same process and on the same CPU as the variant's kinds.  A
 * `lock decb` + `movb $1` pair is the 2.6.13 byte lock's fast path with no
 * call around it; `lock cmpxchg` + a release store is qspinlock's.
 */
#include <stdio.h>
#include <stdlib.h>

#include "lbn_abi.h"
#include "physlimit.h"
#include "tsc.h"

static void loop_empty(unsigned char *b, unsigned int *w, uint64_t n)
{
	uint64_t i;

	(void)b;
	(void)w;
	for (i = 0; i < n; i++)
		asm volatile("" : : : "memory");
}

static void loop_decb(unsigned char *b, unsigned int *w, uint64_t n)
{
	uint64_t i;

	(void)w;
	for (i = 0; i < n; i++)
		asm volatile("lock decb %0\n\tmovb $1, %0" : "+m" (*b) : : "memory", "cc");
}

static void loop_cmpxchg(unsigned char *b, unsigned int *w, uint64_t n)
{
	uint64_t i;
	unsigned int old;

	(void)b;
	for (i = 0; i < n; i++) {
		old = 0;
		asm volatile("lock cmpxchgl %2, %1\n\tmovl $0, %1"
			     : "+a" (old), "+m" (*w) : "r" (1u) : "memory", "cc");
	}
}

static uint64_t per_pair(void (*f)(unsigned char *, unsigned int *, uint64_t),
			 unsigned char *b, unsigned int *w, uint64_t n)
{
	uint64_t t0 = lbn_rdtsc();

	f(b, w, n);
	return lbn_rdtsc() - t0;
}

int lbn_physlimit(FILE *out, const char *variant, uint64_t boot,
		  uint64_t batches, uint64_t n, uint64_t khz)
{
	static const struct {
		const char *name;
		void (*f)(unsigned char *, unsigned int *, uint64_t);
	} pairs[] = {
		{ "lock_decb+movb", loop_decb },
		{ "lock_cmpxchg+mov", loop_cmpxchg },
	};
	struct { unsigned char b; unsigned int w; } __attribute__((aligned(64))) lk = { 1, 0 };
	uint64_t *samp = calloc(batches, 8), *emp = calloc(batches, 8), b, med, ovh;
	size_t p;

	if (!samp || !emp)
		return -1;
	for (p = 0; p < sizeof(pairs) / sizeof(pairs[0]); p++) {
		for (b = 0; b < batches; b++) {
			emp[b] = per_pair(loop_empty, &lk.b, &lk.w, n) * 1000 / n;
			samp[b] = per_pair(pairs[p].f, &lk.b, &lk.w, n) * 1000 / n;
		}
		lbn_sort_u64(emp, batches);
		ovh = lbn_pct_sorted(emp, batches, 50);
		for (b = 0; b < batches; b++)
			samp[b] = samp[b] > ovh ? samp[b] - ovh : 0;
		lbn_sort_u64(samp, batches);
		med = lbn_pct_sorted(samp, batches, 50);
		fprintf(out, "%s,%llu,%s,%llu.%03llu,%llu.%03llu,%llu\n", variant,
			(unsigned long long)boot, pairs[p].name,
			(unsigned long long)(med / 1000), (unsigned long long)(med % 1000),
			(unsigned long long)(lbn_cyc_to_ns(med, khz) / 1000),
			(unsigned long long)(lbn_cyc_to_ns(med, khz) % 1000),
			(unsigned long long)khz);
	}
	free(samp);
	free(emp);
	return 0;
}
