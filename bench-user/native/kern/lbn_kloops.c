// SPDX-License-Identifier: GPL-2.0
/*
 * The native harness's kernel half, compiled by Kbuild against one
 * variant's tree and linked into a user process (never loaded).
 *
 * Its loops are the module's: the acquire and release of each kind come
 * from bench-module/lockbench_ops.h and the loop bodies are those of
 * lockbench_kinds.c and lockbench_contended.c, so whatever the variant
 * inlines (stock's unlocks, bit_spin_lock) is compiled from the variant's
 * own headers, and whatever it keeps out of line is a call into its own
 * spinlock.o, spinlock_debug.o, qspinlock.o or rwlock_legacy.o.
 *
 * What differs from the module, and why:
 *  - no cond_resched(), need_resched() or stop checks in the contended
 *    iteration: the harness's loop around it checks time and the stop
 *    flag, and a user process is preempted by the host kernel anyway;
 *  - the timer is lbn_rdtsc() (lfence;rdtsc), because the kernel's
 *    rdtsc_ordered() is an alternative that nothing patches here.
 */
#include <linux/kernel.h>
#include <linux/string.h>

#include "lockbench_ops.h"

#define LBN_LOCK_T struct lb_lock
#include "lbn_abi.h"

/* One loop, one pair and one contended iteration (the module's own text,
 * lockbench_ops.h), and the loop with a parallel section, per kind.  The
 * hold and parallel work is lb_cwork() (lockbench_contend.h), aligned, in
 * every variant and in the module. */
#define LBN_KIND_FUNCS(name, rw, sd, irq, base, hot, cont, is_test)	\
LB_LOOP_FUNCS(lbn, name)						\
									\
static noinline void lbn_ploop_##name(struct lb_lock *l, u64 n,	\
				      unsigned int read_pct, u64 par)	\
{									\
	unsigned long flags = 0;					\
	unsigned int acc = 0;						\
	bool read;							\
	u64 i;								\
									\
	for (i = 0; i < n; i++) {					\
		read = lb_mix_next(&acc, read_pct);			\
		lb_acquire_##name(l, read, &flags);			\
		lb_release_##name(l, read, flags);			\
		lbn_work(par);						\
	}								\
}									\
									\
LB_CONTEND_CS(lbn_i, name, sd, is_test, lbn_rdtsc)			\
									\
noinline void lbn_cs_##name(struct lb_lock *l, bool read, u64 hold,	\
			    unsigned int self, struct lb_citer *it)	\
{									\
	lbn_i_cs_##name(l, read, hold, self, it);			\
}

LB_KINDS(LBN_KIND_FUNCS)

#define LBN_KIND_ROW(k, ...)						\
	{								\
		.name = #k,						\
		.loop = lbn_loop_##k,					\
		.ploop = lbn_ploop_##k,					\
		.op = lbn_op_##k,					\
		.cs = lbn_cs_##k,					\
	},

const struct lbn_kind_fns lbn_kinds[] = {
	LB_KINDS(LBN_KIND_ROW)
};

/* The calibration loops, the module's lb_loop_padN, so make calibrate
 * can state what the native instrument resolves. */
#define LBN_PAD_FUNC(npad)	LB_PAD_LOOP_FUNC(lbn, npad)
LB_PADS(LBN_PAD_FUNC)

#define LBN_PAD_ROW(npad) { .pad = npad, .loop = lbn_loop_pad##npad },

const struct lbn_pad_fn lbn_pads[] = {
	LB_PADS(LBN_PAD_ROW)
};

const unsigned int lbn_npads = ARRAY_SIZE(lbn_pads);

/* The chain calibration (lbn_abi.h): STEPS dependent adds seeded from the
 * lock word; the release's pointer is the lock's plus the chain's result
 * masked to zero, so the release cannot be issued before the chain ends.
 * The seed is the lock's first byte: a byte load forwards from the byte
 * lock's decb and from qspinlock's dword cmpxchg alike, where a dword
 * load after a byte store stalls (it did: +10 TSC cycles at no chain). */
#define LBN_CHAIN_FUNC(nstep)						\
static noinline void lbn_loop_chain##nstep(struct lb_lock *l, u64 n,	\
					   unsigned int read_pct)	\
{									\
	unsigned long flags = 0;					\
	struct lb_lock *r;						\
	u64 i;								\
									\
	for (i = 0; i < n; i++) {					\
		lb_acquire_spin_lock(l, false, &flags);			\
		r = l;							\
		asm volatile("movzbl (%0), %%eax\n\t"			\
			     ".rept " #nstep "\n\taddl $1, %%eax\n\t.endr\n\t" \
			     "andl $0, %%eax\n\t"			\
			     "addq %%rax, %0"				\
			     : "+r" (r) : : "rax", "cc", "memory");	\
		lb_release_spin_lock(r, false, flags);			\
	}								\
}
LBN_CHAINS(LBN_CHAIN_FUNC)

#define LBN_CHAIN_ROW(nstep) { .steps = nstep, .loop = lbn_loop_chain##nstep },

const struct lbn_chain_fn lbn_chains[] = {
	LBN_CHAINS(LBN_CHAIN_ROW)
};

const unsigned int lbn_nchains = ARRAY_SIZE(lbn_chains);

const unsigned int lbn_nkinds = ARRAY_SIZE(lbn_kinds);
const unsigned long lbn_lock_size = sizeof(struct lb_lock);

/* The module's lb_lock_init() for a job of KIND, an index of lbn_kinds. */
void lbn_lock_init(struct lb_lock *l, unsigned int kind)
{
	lb_lock_init(l, kind);
}

u64 lbn_lock_cs(struct lb_lock *l)
{
	return READ_ONCE(l->cs);
}
