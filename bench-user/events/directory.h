/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A MESI-like coherence directory of 64-byte lines, one private cache
 * per vCPU, for the events instrument.  It tracks the lines some marked
 * op has touched (the "watched" lines) and, once watched, every access
 * to them by any vCPU, inside an op or not, so their states are right
 * when the next op arrives.
 *
 * What it leaves out: capacity and conflict misses (a cache never
 * evicts), prefetchers, a shared last-level cache, write-backs, and
 * real timing (TCG's interleaving of vCPUs is not hardware's).  Lines
 * are guest virtual addresses: the kernel maps a lock at one address.
 * A watched line's first access inside an op counts as a cold miss,
 * whatever another vCPU did to it before anyone watched it.
 */
#ifndef LB_EVENTS_DIRECTORY_H
#define LB_EVENTS_DIRECTORY_H

#include <stdbool.h>
#include <stdint.h>

#define LB_DIR_LINE_SHIFT	6
#define LB_DIR_MAX_VCPUS	32

/* What one access did to the line, for the vCPU that made it. */
struct lb_dir_result {
	unsigned int transfers;	/* 1: the line came from another vCPU's cache */
	unsigned int invalidations;	/* copies removed from other caches */
	unsigned int cold;	/* 1: from memory (no cache held it) */
};

struct lb_dir;

/* slots: a power of two; the table never shrinks. */
struct lb_dir *lb_dir_new(unsigned int slots);
void lb_dir_free(struct lb_dir *d);
/*
 * One access by vcpu to line.  watch: the access is inside a marked op,
 * so an untracked line starts being tracked; otherwise an untracked line
 * is left alone (the fast path: one lock-free probe).  write: a store or
 * any access of a locked RMW (it takes the line exclusive).  Returns
 * false when the table is full and the line could not be watched.
 */
bool lb_dir_access(struct lb_dir *d, unsigned int vcpu, uint64_t line,
		   bool write, bool watch, struct lb_dir_result *r);
/* Lines watched, and accesses lost to a full table. */
uint64_t lb_dir_watched(const struct lb_dir *d);
uint64_t lb_dir_dropped(const struct lb_dir *d);

#endif /* LB_EVENTS_DIRECTORY_H */
