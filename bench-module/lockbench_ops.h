/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Acquire and release for every lock kind.  Always inlined: the hot loops
 * pass a constant kind so the switch folds away, and the contended loop
 * switches on a loop-invariant kind, which predicts perfectly.
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

/* Whether this acquisition of kind takes the shared (read) side. */
static __always_inline bool lb_is_read(enum lb_kind kind, bool mix_read)
{
	switch (kind) {
	case LB_KIND_read_lock:
	case LB_KIND_read_lock_irqsave:
	case LB_KIND_read_trylock:
		return true;
	case LB_KIND_rwlock_mix:
		return mix_read;
	default:
		return false;
	}
}

static __always_inline void lb_acquire(enum lb_kind kind, struct lb_lock *l,
				       bool read, unsigned long *flags)
{
	switch (kind) {
	case LB_KIND_empty:
		barrier();
		break;
	case LB_KIND_irqsave_only:
		local_irq_save(*flags);
		break;
	case LB_KIND_spin_lock:
		spin_lock(&l->spin);
		break;
	case LB_KIND_spin_lock_irq:
		spin_lock_irq(&l->spin);
		break;
	case LB_KIND_spin_lock_irqsave:
		spin_lock_irqsave(&l->spin, *flags);
		break;
	case LB_KIND_spin_lock_bh:
		spin_lock_bh(&l->spin);
		break;
	case LB_KIND_spin_trylock:
		while (!spin_trylock(&l->spin))
			cpu_relax();
		break;
	case LB_KIND_read_lock:
		read_lock(&l->rw);
		break;
	case LB_KIND_write_lock:
		write_lock(&l->rw);
		break;
	case LB_KIND_read_lock_irqsave:
		read_lock_irqsave(&l->rw, *flags);
		break;
	case LB_KIND_write_lock_irqsave:
		write_lock_irqsave(&l->rw, *flags);
		break;
	case LB_KIND_read_trylock:
		while (!read_trylock(&l->rw))
			cpu_relax();
		break;
	case LB_KIND_write_trylock:
		while (!write_trylock(&l->rw))
			cpu_relax();
		break;
	case LB_KIND_rwlock_mix:
		if (read)
			read_lock(&l->rw);
		else
			write_lock(&l->rw);
		break;
	case LB_KIND_bit_spin_lock:
		bit_spin_lock(0, &l->bits);
		break;
	case LB_KIND_bit_spin_trylock:
		while (!bit_spin_trylock(0, &l->bits))
			cpu_relax();
		break;
	case LB_KIND_broken_lock:
		lb_broken_acquire(l);
		break;
	default:
		break;
	}
}

static __always_inline void lb_release(enum lb_kind kind, struct lb_lock *l,
				       bool read, unsigned long flags)
{
	switch (kind) {
	case LB_KIND_empty:
		barrier();
		break;
	case LB_KIND_irqsave_only:
		local_irq_restore(flags);
		break;
	case LB_KIND_spin_lock:
	case LB_KIND_spin_trylock:
		spin_unlock(&l->spin);
		break;
	case LB_KIND_spin_lock_irq:
		spin_unlock_irq(&l->spin);
		break;
	case LB_KIND_spin_lock_irqsave:
		spin_unlock_irqrestore(&l->spin, flags);
		break;
	case LB_KIND_spin_lock_bh:
		spin_unlock_bh(&l->spin);
		break;
	case LB_KIND_read_lock:
	case LB_KIND_read_trylock:
		read_unlock(&l->rw);
		break;
	case LB_KIND_write_lock:
	case LB_KIND_write_trylock:
		write_unlock(&l->rw);
		break;
	case LB_KIND_read_lock_irqsave:
		read_unlock_irqrestore(&l->rw, flags);
		break;
	case LB_KIND_write_lock_irqsave:
		write_unlock_irqrestore(&l->rw, flags);
		break;
	case LB_KIND_rwlock_mix:
		if (read)
			read_unlock(&l->rw);
		else
			write_unlock(&l->rw);
		break;
	case LB_KIND_bit_spin_lock:
	case LB_KIND_bit_spin_trylock:
		bit_spin_unlock(0, &l->bits);
		break;
	case LB_KIND_broken_lock:
		WRITE_ONCE(l->broken, 0);
		break;
	default:
		break;
	}
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
