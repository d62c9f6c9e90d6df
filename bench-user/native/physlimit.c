// SPDX-License-Identifier: GPL-2.0
/*
 * The bare pairs: what an atomic and its release cost on this CPU with no
 * call around them, timed as a hot kind (batches of n pairs minus an
 * empty batch), interleaved with the variants' units in the same process.
 * One pair for each release width the variants use, back to back as the
 * hot loop runs them, so each includes the stall a release store can
 * leave for the next locked load:
 *   - byte after byte: `lock decb` + `movb $1`, the 2.6.13 byte lock;
 *   - byte after dword: `lock cmpxchgl` + `movb $0`, qspinlock's shape
 *     (a 4-byte locked load cannot forward from a pending byte store);
 *   - dword after dword: `lock cmpxchgl` + `movl $0`.
 */
#include <stdio.h>
#include <stdlib.h>

#include "csvrow.h"
#include "lbn_abi.h"
#include "lockbench_schema.h"
#include "physlimit.h"
#include "tsc.h"

/* The pairs' word: the byte lock at 0, the dword lock at 4 (one line). */
struct plock {
	unsigned char b;
	unsigned int w __attribute__((aligned(4)));
};

static void loop_empty(void *l, unsigned long long n, unsigned int rp)
{
	unsigned long long i;

	(void)l;
	(void)rp;
	for (i = 0; i < n; i++)
		asm volatile("" : : : "memory");
}

static void loop_decb(void *p, unsigned long long n, unsigned int rp)
{
	struct plock *l = p;
	unsigned long long i;

	(void)rp;
	for (i = 0; i < n; i++)
		asm volatile("lock decb %0\n\tmovb $1, %0" : "+m" (l->b) : : "memory", "cc");
}

static void loop_cmpxchg_movb(void *p, unsigned long long n, unsigned int rp)
{
	struct plock *l = p;
	unsigned long long i;
	unsigned int old;

	(void)rp;
	for (i = 0; i < n; i++) {
		old = 0;
		asm volatile("lock cmpxchgl %2, %1\n\tmovb $0, %1"
			     : "+a" (old), "+m" (l->w) : "r" (1u) : "memory", "cc");
	}
}

static void loop_cmpxchg_movl(void *p, unsigned long long n, unsigned int rp)
{
	struct plock *l = p;
	unsigned long long i;
	unsigned int old;

	(void)rp;
	for (i = 0; i < n; i++) {
		old = 0;
		asm volatile("lock cmpxchgl %2, %1\n\tmovl $0, %1"
			     : "+a" (old), "+m" (l->w) : "r" (1u) : "memory", "cc");
	}
}

const struct lbn_kind_fns lbn_pair_empty = { .name = "empty", .loop = loop_empty };

const struct lbn_pair lbn_pairs[] = {
	{ "lock_decb+movb", { .name = "lock_decb+movb", .loop = loop_decb } },
	{ "lock_cmpxchgl+movb", { .name = "lock_cmpxchgl+movb", .loop = loop_cmpxchg_movb } },
	{ "lock_cmpxchgl+movl", { .name = "lock_cmpxchgl+movl", .loop = loop_cmpxchg_movl } },
};

const unsigned int lbn_npairs = sizeof(lbn_pairs) / sizeof(lbn_pairs[0]);

void *lbn_pair_lock(void)
{
	struct plock *l = aligned_alloc(64, 64);

	if (l) {
		l->b = 1;
		l->w = 0;
	}
	return l;
}

/* physlimit.csv's columns by name (csvrow.h); LB_PHYSLIMIT_COLUMNS gives
 * their order. */
#define PHY_variant		"%s", variant
#define PHY_boot		"%llu", (unsigned long long)boot
#define PHY_pair		"%s", pair
#define PHY_cyc_op		LBN_DEC3(med)
#define PHY_ns_op		LBN_DEC3(lbn_cyc_to_ns(med, khz))
#define PHY_tsc_khz		"%llu", (unsigned long long)khz
#define PHY_PUT(n, desc)	LBN_PUT(PHY_##n)

void lbn_physlimit_row(FILE *out, const char *variant, uint64_t boot,
		       const char *pair, uint64_t med, uint64_t khz)
{
	LBN_CSV_ROW(out, LB_PHYSLIMIT_COLUMNS, PHY_PUT);
}
