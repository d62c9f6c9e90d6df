/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Acquire and release for every lock kind, always inlined into the loops
 * generated for each kind.
 */
#ifndef LOCKBENCH_OPS_H
#define LOCKBENCH_OPS_H

#include <linux/bit_spinlock.h>
#include <linux/irqflags.h>
#include <linux/spinlock.h>
#include <linux/string.h>

#include "lockbench.h"
#include "lockbench_contend.h"

/*
 * A marker for the events instrument (schema: LB_MARK_DISP): a nopl whose
 * displacement names the edge, the site and the kind.  A NOP on hardware
 * and in TCG; the same two markers sit in every kind's loop, empty's too,
 * so the path lengths (kind minus empty) do not move.  No memory clobber:
 * the marker orders nothing, the lock calls around it do.
 */
static __always_inline void lb_mark_nop(const unsigned int disp)
{
	asm volatile("nopl %c0(%%rax)" : : "i" (disp));
}

#define lb_mark(edge, site, id)						\
	lb_mark_nop(LB_MARK_DISP(LB_MARK_##edge, LB_MARK_##site, (id)))

/* Widens broken_lock's test-then-set race so that it loses quickly. */
#define LB_BROKEN_WINDOW	64

static __always_inline void lb_broken_delay(void)
{
	unsigned int i;

	for (i = 0; i < LB_BROKEN_WINDOW; i++)
		cpu_relax();
}

/* Deliberately wrong: two CPUs can both see the flag clear and enter. */
static __always_inline void lb_broken_acquire(struct lb_lock *l)
{
	while (READ_ONCE(l->broken))
		cpu_relax();
	lb_broken_delay();
	WRITE_ONCE(l->broken, 1);
}

/*
 * Spins on a trylock: the *_trylock kinds' acquire.  Written as a loop
 * that tries first, so that the compiler enters it at the try: the events
 * marker before it then adds no jump (a while loop placed the marker
 * before a jump to its test, one instruction more per op).
 */
#define lb_spin_until(trylock)				\
	do {						\
		for (;;) {				\
			if (likely(trylock))		\
				break;			\
			cpu_relax();			\
		}					\
	} while (0)

/* rwlock_mix takes the side read_pct chose for this acquisition. */
static __always_inline void lb_rw_lock(struct lb_lock *l, bool read)
{
	if (read)
		read_lock(&l->rw);
	else
		write_lock(&l->rw);
}

static __always_inline void lb_rw_unlock(struct lb_lock *l, bool read)
{
	if (read)
		read_unlock(&l->rw);
	else
		write_unlock(&l->rw);
}

/*
 * The word a kind locks, of struct lb_lock's union: zero is unlocked for
 * bits and broken; spin and rw need their init (the debug variants' magic).
 */
enum lb_word {
	LB_WORD_none, LB_WORD_spin, LB_WORD_rw, LB_WORD_bits, LB_WORD_broken
};

/*
 * Each kind's acquire and release, one row per kind in LB_KINDS order (the
 * style of locktorture's lock_torture_ops): lb_acquire_KIND() and
 * lb_release_KIND(), whose arguments l, read and flags the row may use,
 * and LB_WORD_OF_KIND, the lock word they use.  The loops generated per
 * kind (lockbench_kinds.c, lockbench_contended.c) call them by name: the
 * measured code is the lock API call alone, with no dispatch on the kind.
 */
#define LB_LOCK_FUNCS(name, word, acquire, release)			\
enum { LB_WORD_OF_##name = LB_WORD_##word };				\
static __always_inline void						\
lb_acquire_##name(struct lb_lock *l, bool read, unsigned long *flags)	\
{									\
	acquire;							\
}									\
static __always_inline void						\
lb_release_##name(struct lb_lock *l, bool read, unsigned long flags)	\
{									\
	release;							\
}

LB_LOCK_FUNCS(empty, none, barrier(), barrier())
LB_LOCK_FUNCS(irqsave_only, none, local_irq_save(*flags),
	      local_irq_restore(flags))
LB_LOCK_FUNCS(spin_lock, spin, spin_lock(&l->spin), spin_unlock(&l->spin))
LB_LOCK_FUNCS(spin_lock_irq, spin, spin_lock_irq(&l->spin),
	      spin_unlock_irq(&l->spin))
LB_LOCK_FUNCS(spin_lock_irqsave, spin, spin_lock_irqsave(&l->spin, *flags),
	      spin_unlock_irqrestore(&l->spin, flags))
LB_LOCK_FUNCS(spin_lock_bh, spin, spin_lock_bh(&l->spin),
	      spin_unlock_bh(&l->spin))
LB_LOCK_FUNCS(spin_trylock, spin, lb_spin_until(spin_trylock(&l->spin)),
	      spin_unlock(&l->spin))
LB_LOCK_FUNCS(read_lock, rw, read_lock(&l->rw), read_unlock(&l->rw))
LB_LOCK_FUNCS(write_lock, rw, write_lock(&l->rw), write_unlock(&l->rw))
LB_LOCK_FUNCS(read_lock_irqsave, rw, read_lock_irqsave(&l->rw, *flags),
	      read_unlock_irqrestore(&l->rw, flags))
LB_LOCK_FUNCS(write_lock_irqsave, rw, write_lock_irqsave(&l->rw, *flags),
	      write_unlock_irqrestore(&l->rw, flags))
LB_LOCK_FUNCS(read_trylock, rw, lb_spin_until(read_trylock(&l->rw)),
	      read_unlock(&l->rw))
LB_LOCK_FUNCS(write_trylock, rw, lb_spin_until(write_trylock(&l->rw)),
	      write_unlock(&l->rw))
LB_LOCK_FUNCS(rwlock_mix, rw, lb_rw_lock(l, read), lb_rw_unlock(l, read))
LB_LOCK_FUNCS(bit_spin_lock, bits, bit_spin_lock(0, &l->bits),
	      bit_spin_unlock(0, &l->bits))
LB_LOCK_FUNCS(bit_spin_trylock, bits,
	      lb_spin_until(bit_spin_trylock(0, &l->bits)),
	      bit_spin_unlock(0, &l->bits))
LB_LOCK_FUNCS(broken_lock, broken, lb_broken_acquire(l),
	      WRITE_ONCE(l->broken, 0))

/*
 * A fresh lock for a job of KIND, the module's and the native harness's
 * (bench-user/native/kern): all zero, then the kind's own word readied,
 * the one member of the union that its acquire and release touch.
 */
#define LB_WORD_ROW(name, ...)	LB_WORD_OF_##name,
static inline void lb_lock_init(struct lb_lock *l, enum lb_kind kind)
{
	static const u8 words[LB_KIND_NR] = { LB_KINDS(LB_WORD_ROW) };

	memset(l, 0, sizeof(*l));
	if (kind >= LB_KIND_NR)
		return;
	switch (words[kind]) {
	case LB_WORD_spin:
		spin_lock_init(&l->spin);
		break;
	case LB_WORD_rw:
		rwlock_init(&l->rw);
		break;
	default:
		break;
	}
}

#undef LB_WORD_ROW

/*
 * Deterministic read/write interleave for hot and cold rwlock_mix: exactly
 * read_pct of every 100 acquisitions are reads, with no PRNG in the timing.
 */
static __always_inline bool lb_mix_next(unsigned int *acc,
					unsigned int read_pct)
{
	*acc += read_pct;
	if (*acc >= 100) {
		*acc -= 100;
		return true;
	}
	return false;
}

/*
 * The timed loops, one text for the module and for the native harness's
 * kernel half (bench-user/native/kern), which compiles it against the same
 * variant: PREFIX_loop_NAME(l, n, read_pct) is NAME's hot loop,
 * PREFIX_op_NAME(l, read) one acquire+release, and PREFIX_loop_padN
 * spin_lock's loop with N single-instruction increments of a clobbered
 * register inside each critical section (make calibrate).  lb_mark()
 * brackets each acquire+release for the events instrument.
 */
#define LB_LOOP_FUNCS(prefix, name)					\
static noinline void prefix##_loop_##name(struct lb_lock *l, u64 n,	\
					  unsigned int read_pct)	\
{									\
	unsigned long flags = 0;					\
	unsigned int acc = 0;						\
	bool read;							\
	u64 i;								\
									\
	for (i = 0; i < n; i++) {					\
		read = lb_mix_next(&acc, read_pct);			\
		lb_mark(begin, loop, LB_KIND_##name);			\
		lb_acquire_##name(l, read, &flags);			\
		lb_release_##name(l, read, flags);			\
		lb_mark(end, loop, LB_KIND_##name);			\
	}								\
}									\
									\
static noinline void prefix##_op_##name(struct lb_lock *l, bool read)	\
{									\
	unsigned long flags = 0;					\
									\
	lb_mark(begin, op, LB_KIND_##name);				\
	lb_acquire_##name(l, read, &flags);				\
	lb_release_##name(l, read, flags);				\
	lb_mark(end, op, LB_KIND_##name);				\
}

#define LB_PAD_LOOP_FUNC(prefix, npad)					\
static noinline void prefix##_loop_pad##npad(struct lb_lock *l, u64 n,	\
					     unsigned int read_pct)	\
{									\
	unsigned long flags = 0;					\
	u64 i;								\
									\
	for (i = 0; i < n; i++) {					\
		lb_mark(begin, pad, npad);				\
		lb_acquire_spin_lock(l, false, &flags);			\
		asm volatile(".rept " #npad "\n\tincl %%eax\n\t.endr"	\
			     : : : "eax", "cc");			\
		lb_release_spin_lock(l, false, flags);			\
		lb_mark(end, pad, npad);				\
	}								\
}

/*
 * One contended-mode iteration of kind NAME, the same text in the module's
 * loop (lockbench_contended.c) and the native harness's kernel half:
 * PREFIX_cs_NAME() acquires, runs HOLD turns of work inside with the
 * exclusion check (exclusive sections bump the lock's non-atomic counter,
 * read sections check that no writer is inside), and releases, stamping
 * TSC (the caller's ordered timer) around the acquire and the release into
 * IT (lockbench_contend.h).  An exclusive kind's holder also reads the
 * previous holder's release stamp and id from the lock's line and leaves
 * its own before the release, for the hand-off latency.  The events
 * markers bracket the acquire and the release alone: the stamps, the
 * work and the hand-off's loads and stores sit between pause and resume.
 */
#define LB_CONTEND_CS(prefix, name, sd, is_test, tsc)			\
static __always_inline void						\
prefix##_cs_##name(struct lb_lock *l, bool read, u64 hold,		\
		   unsigned int self, struct lb_citer *it)		\
{									\
	unsigned long flags = 0;					\
	u64 v;								\
									\
	it->excl = it->bad_read = 0;					\
	it->prev_owner = 0;						\
	it->ts[0] = tsc();						\
	lb_mark(begin, contend, LB_KIND_##name);			\
	lb_acquire_##name(l, read, &flags);				\
	lb_mark(pause, contend, LB_KIND_##name);			\
	it->ts[1] = tsc();						\
	if (LB_SIDE_##sd == LB_SIDE_excl) {				\
		it->prev_owner = READ_ONCE(l->owner);			\
		it->prev_rel = READ_ONCE(l->rel_tsc);			\
	}								\
	if (LB_SIDE_##sd == LB_SIDE_none) {				\
		lb_cwork(hold);						\
	} else if (read) {						\
		if (READ_ONCE(l->writer))				\
			it->bad_read = 1;				\
		lb_cwork(hold);						\
	} else {							\
		WRITE_ONCE(l->writer, 1);				\
		/* Non-atomic on purpose: only exclusion keeps it exact. */ \
		v = READ_ONCE(l->cs);					\
		lb_cwork(hold);						\
		if (is_test)						\
			lb_broken_delay();				\
		WRITE_ONCE(l->cs, v + 1);				\
		WRITE_ONCE(l->writer, 0);				\
		it->excl = 1;						\
	}								\
	it->ts[2] = tsc();						\
	if (LB_SIDE_##sd == LB_SIDE_excl) {				\
		WRITE_ONCE(l->rel_tsc, it->ts[2]);			\
		WRITE_ONCE(l->owner, self + 1);				\
	}								\
	lb_mark(resume, contend, LB_KIND_##name);			\
	lb_release_##name(l, read, flags);				\
	lb_mark(end, contend, LB_KIND_##name);				\
	it->ts[3] = tsc();						\
}

#endif /* LOCKBENCH_OPS_H */
