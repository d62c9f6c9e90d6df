/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The native harness's two halves meet here: kern/lbn_kloops.c, built by
 * Kbuild against one variant's tree, and the user-space harness.  Plain C
 * types only, no includes, so both sides compile it: the kernel half with
 * LBN_LOCK_T = struct lb_lock, the harness with an opaque void.
 */
#ifndef LBN_ABI_H
#define LBN_ABI_H

#ifndef LBN_LOCK_T
#define LBN_LOCK_T void
#endif

/*
 * The contended loop's shared measurement (struct lb_citer, lb_cwork).
 * It is written in the kernel's spelling, __always_inline, which Kbuild
 * and glibc's headers give; this header's freestanding includers (the
 * generated variants' table, the tests' stand-in kernel half) have none.
 */
#ifndef __always_inline
#define __always_inline inline __attribute__((__always_inline__))
#endif
#include "lockbench_contend.h"

/*
 * One lock kind of LB_KINDS, in schema order.  loop and op are the
 * module's lb_loop_KIND and lb_op_KIND with the same body; ploop is loop
 * with PAR_TURNS of lbn_work() after each release (the loop shape with a
 * parallel section between operations); cs is one contended-mode
 * iteration, lockbench_ops.h's LB_CONTEND_CS as the module's loop runs
 * it (acquire; the critical section with its exclusion check; release),
 * for thread SELF, stamped into IT (lockbench_contend.h).
 */
struct lbn_kind_fns {
	const char *name;
	void (*loop)(LBN_LOCK_T *l, unsigned long long n, unsigned int read_pct);
	void (*ploop)(LBN_LOCK_T *l, unsigned long long n, unsigned int read_pct,
		      unsigned long long par_turns);
	void (*op)(LBN_LOCK_T *l, _Bool read);
	void (*cs)(LBN_LOCK_T *l, _Bool read, unsigned long long hold_turns,
		   unsigned int self, struct lb_citer *it);
};

extern const struct lbn_kind_fns lbn_kinds[];
extern const unsigned int lbn_nkinds;

/* spin_lock's hot loop with PAD increments in each critical section. */
struct lbn_pad_fn {
	unsigned long long pad;
	void (*loop)(LBN_LOCK_T *l, unsigned long long n, unsigned int read_pct);
};

extern const struct lbn_pad_fn lbn_pads[];
extern const unsigned int lbn_npads;
/*
 * The calibration on the lock's own path: spin_lock's hot loop with a
 * dependent chain of STEPS one-cycle adds inside the critical section,
 * seeded from the lock word's first byte and feeding the release's address, so that
 * no step can overlap the lock's own instructions.  The native harness's
 * list, not a job key: its records are calibration.csv's, not the
 * contract's.
 */
#define LBN_CHAINS(X) X(0) X(1) X(2) X(4) X(8) X(16) X(32) X(64)

struct lbn_chain_fn {
	unsigned long long steps;
	void (*loop)(LBN_LOCK_T *l, unsigned long long n, unsigned int read_pct);
};

extern const struct lbn_chain_fn lbn_chains[];
extern const unsigned int lbn_nchains;

/* sizeof(struct lb_lock) in this variant: one cache line in each. */
extern const unsigned long lbn_lock_size;
/* Ready L for kind KIND (an index of lbn_kinds): the kinds share storage. */
void lbn_lock_init(LBN_LOCK_T *l, unsigned int kind);
/* The lock's non-atomic critical-section counter (lb_lock.cs). */
unsigned long long lbn_lock_cs(LBN_LOCK_T *l);

/* The hold and parallel work: the module's, lockbench_contend.h's. */
static inline void lbn_work(unsigned long long turns)
{
	lb_cwork(turns);
}

/*
 * The timer: lfence orders rdtsc after everything before it, as the
 * kernel's rdtsc_ordered() does once alternatives pick lfence;rdtsc on a
 * CPU without rdtscp.  Written out here because in a user process the
 * kernel's alternatives are never applied: its rdtsc_ordered() would stay
 * a bare rdtsc.
 */
static inline unsigned long long lbn_rdtsc(void)
{
	unsigned int lo, hi;

	asm volatile("lfence\n\trdtsc" : "=a" (lo), "=d" (hi) : : "memory");
	return ((unsigned long long)hi << 32) | lo;
}

#endif /* LBN_ABI_H */
