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

#include "lockbench.h"

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
 * Each kind's acquire and release, side by side, one pair per kind in
 * LB_KINDS order (the style of locktorture's lock_torture_ops).  Every
 * pair has the same arguments, so the loops generated per kind
 * (lockbench_kinds.c, lockbench_contended.c) call them by name: the
 * measured code is the lock API call alone, with no dispatch on the kind.
 * What a kind is (its side, whether it is a test) is LB_KINDS' business.
 */
static __always_inline void
lb_acquire_empty(struct lb_lock *l, bool read, unsigned long *flags)
{
	barrier();
}

static __always_inline void
lb_release_empty(struct lb_lock *l, bool read, unsigned long flags)
{
	barrier();
}

static __always_inline void
lb_acquire_irqsave_only(struct lb_lock *l, bool read, unsigned long *flags)
{
	local_irq_save(*flags);
}

static __always_inline void
lb_release_irqsave_only(struct lb_lock *l, bool read, unsigned long flags)
{
	local_irq_restore(flags);
}

static __always_inline void
lb_acquire_spin_lock(struct lb_lock *l, bool read, unsigned long *flags)
{
	spin_lock(&l->spin);
}

static __always_inline void
lb_release_spin_lock(struct lb_lock *l, bool read, unsigned long flags)
{
	spin_unlock(&l->spin);
}

static __always_inline void
lb_acquire_spin_lock_irq(struct lb_lock *l, bool read, unsigned long *flags)
{
	spin_lock_irq(&l->spin);
}

static __always_inline void
lb_release_spin_lock_irq(struct lb_lock *l, bool read, unsigned long flags)
{
	spin_unlock_irq(&l->spin);
}

static __always_inline void
lb_acquire_spin_lock_irqsave(struct lb_lock *l, bool read, unsigned long *flags)
{
	spin_lock_irqsave(&l->spin, *flags);
}

static __always_inline void
lb_release_spin_lock_irqsave(struct lb_lock *l, bool read, unsigned long flags)
{
	spin_unlock_irqrestore(&l->spin, flags);
}

static __always_inline void
lb_acquire_spin_lock_bh(struct lb_lock *l, bool read, unsigned long *flags)
{
	spin_lock_bh(&l->spin);
}

static __always_inline void
lb_release_spin_lock_bh(struct lb_lock *l, bool read, unsigned long flags)
{
	spin_unlock_bh(&l->spin);
}

static __always_inline void
lb_acquire_spin_trylock(struct lb_lock *l, bool read, unsigned long *flags)
{
	while (!spin_trylock(&l->spin))
		cpu_relax();
}

static __always_inline void
lb_release_spin_trylock(struct lb_lock *l, bool read, unsigned long flags)
{
	spin_unlock(&l->spin);
}

static __always_inline void
lb_acquire_read_lock(struct lb_lock *l, bool read, unsigned long *flags)
{
	read_lock(&l->rw);
}

static __always_inline void
lb_release_read_lock(struct lb_lock *l, bool read, unsigned long flags)
{
	read_unlock(&l->rw);
}

static __always_inline void
lb_acquire_write_lock(struct lb_lock *l, bool read, unsigned long *flags)
{
	write_lock(&l->rw);
}

static __always_inline void
lb_release_write_lock(struct lb_lock *l, bool read, unsigned long flags)
{
	write_unlock(&l->rw);
}

static __always_inline void
lb_acquire_read_lock_irqsave(struct lb_lock *l, bool read, unsigned long *flags)
{
	read_lock_irqsave(&l->rw, *flags);
}

static __always_inline void
lb_release_read_lock_irqsave(struct lb_lock *l, bool read, unsigned long flags)
{
	read_unlock_irqrestore(&l->rw, flags);
}

static __always_inline void
lb_acquire_write_lock_irqsave(struct lb_lock *l, bool read, unsigned long *flags)
{
	write_lock_irqsave(&l->rw, *flags);
}

static __always_inline void
lb_release_write_lock_irqsave(struct lb_lock *l, bool read, unsigned long flags)
{
	write_unlock_irqrestore(&l->rw, flags);
}

static __always_inline void
lb_acquire_read_trylock(struct lb_lock *l, bool read, unsigned long *flags)
{
	while (!read_trylock(&l->rw))
		cpu_relax();
}

static __always_inline void
lb_release_read_trylock(struct lb_lock *l, bool read, unsigned long flags)
{
	read_unlock(&l->rw);
}

static __always_inline void
lb_acquire_write_trylock(struct lb_lock *l, bool read, unsigned long *flags)
{
	while (!write_trylock(&l->rw))
		cpu_relax();
}

static __always_inline void
lb_release_write_trylock(struct lb_lock *l, bool read, unsigned long flags)
{
	write_unlock(&l->rw);
}

static __always_inline void
lb_acquire_rwlock_mix(struct lb_lock *l, bool read, unsigned long *flags)
{
	if (read)
		read_lock(&l->rw);
	else
		write_lock(&l->rw);
}

static __always_inline void
lb_release_rwlock_mix(struct lb_lock *l, bool read, unsigned long flags)
{
	if (read)
		read_unlock(&l->rw);
	else
		write_unlock(&l->rw);
}

static __always_inline void
lb_acquire_bit_spin_lock(struct lb_lock *l, bool read, unsigned long *flags)
{
	bit_spin_lock(0, &l->bits);
}

static __always_inline void
lb_release_bit_spin_lock(struct lb_lock *l, bool read, unsigned long flags)
{
	bit_spin_unlock(0, &l->bits);
}

static __always_inline void
lb_acquire_bit_spin_trylock(struct lb_lock *l, bool read, unsigned long *flags)
{
	while (!bit_spin_trylock(0, &l->bits))
		cpu_relax();
}

static __always_inline void
lb_release_bit_spin_trylock(struct lb_lock *l, bool read, unsigned long flags)
{
	bit_spin_unlock(0, &l->bits);
}

static __always_inline void
lb_acquire_broken_lock(struct lb_lock *l, bool read, unsigned long *flags)
{
	lb_broken_acquire(l);
}

static __always_inline void
lb_release_broken_lock(struct lb_lock *l, bool read, unsigned long flags)
{
	WRITE_ONCE(l->broken, 0);
}

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

#endif /* LOCKBENCH_OPS_H */
