/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The probes timed just before every slice (slices.csv): the same two
 * short loops all through a process, so that what changes in them is the
 * machine, not the code.  A bare byte-lock pair moves with whatever state
 * moves lock costs; a chain of dependent adds moves only with the core's
 * clock against the TSC.  A state the pair sees and the chain does not is
 * the core's (a sibling's load, a microarchitectural mode), not its
 * frequency.
 */
#ifndef LBN_PROBE_H
#define LBN_PROBE_H

#include <stdint.h>

/* Pairs in one batch of the pair probe: its quantum is a TSC step over this. */
#define LBN_PROBE_PAIRS 1000

/* Thousandths of a TSC cycle per `lock decb; movb $1` pair on LOCK (lbn_pair_lock). */
uint64_t lbn_probe_pair(void *lock);

/* Thousandths of a TSC cycle per dependent one-cycle add. */
uint64_t lbn_probe_chain(void);

#endif
