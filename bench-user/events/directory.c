// SPDX-License-Identifier: GPL-2.0
/*
 * The directory (directory.h): open addressing on the line number, keys
 * published with release stores so that a vCPU outside any op can probe
 * without the lock; states change under one mutex (the measured cost of
 * such a directory was a 4-6x slowdown, design/measured-facts.md).
 */
#include "directory.h"

#include <pthread.h>
#include <stdlib.h>

struct lb_dir_line {
	uint64_t key;		/* line + 1; 0: a free slot */
	uint32_t sharers;	/* vCPUs whose cache holds the line */
	int owner;		/* the vCPU holding it M or E, or -1 (shared) */
};

struct lb_dir {
	pthread_mutex_t lock;
	unsigned int mask;
	uint64_t used, dropped;
	struct lb_dir_line *t;
};

struct lb_dir *lb_dir_new(unsigned int slots)
{
	struct lb_dir *d = calloc(1, sizeof(*d));

	if (!d || slots == 0 || (slots & (slots - 1)))
		goto fail;
	d->t = calloc(slots, sizeof(*d->t));
	if (!d->t)
		goto fail;
	d->mask = slots - 1;
	pthread_mutex_init(&d->lock, NULL);
	return d;
fail:
	free(d);
	return NULL;
}

void lb_dir_free(struct lb_dir *d)
{
	if (!d)
		return;
	pthread_mutex_destroy(&d->lock);
	free(d->t);
	free(d);
}

static uint64_t hash(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	return x;
}

/* The slot of line, or of the free slot it would take; NULL when full. */
static struct lb_dir_line *probe(struct lb_dir *d, uint64_t line)
{
	uint64_t key = line + 1, k;
	unsigned int i = hash(line) & d->mask, n;

	for (n = 0; n <= d->mask; n++, i = (i + 1) & d->mask) {
		k = __atomic_load_n(&d->t[i].key, __ATOMIC_ACQUIRE);
		if (k == key || k == 0)
			return &d->t[i];
	}
	return NULL;
}

static void apply(struct lb_dir_line *e, unsigned int vcpu, bool write,
		  struct lb_dir_result *r)
{
	uint32_t me = 1u << vcpu, others = e->sharers & ~me;

	if (!(e->sharers & me)) {	/* a miss: where does the line come from */
		if (others)
			r->transfers++;
		else
			r->cold++;
	}
	if (write) {
		if (e->owner == (int)vcpu && !others)
			return;		/* M or E: a hit */
		r->invalidations += __builtin_popcount(others);
		e->sharers = me;
		e->owner = vcpu;
		return;
	}
	if (e->sharers & me)
		return;			/* a read hit in any state */
	/* Alone: exclusive (E); else everyone shares (a holder drops M/E). */
	e->owner = others ? -1 : (int)vcpu;
	e->sharers |= me;
}

bool lb_dir_access(struct lb_dir *d, unsigned int vcpu, uint64_t line,
		   bool write, bool watch, struct lb_dir_result *r)
{
	struct lb_dir_line *e = probe(d, line);
	bool ok = true;

	if (!watch && (!e || __atomic_load_n(&e->key, __ATOMIC_ACQUIRE) != line + 1))
		return true;	/* not a watched line: nothing to model */
	pthread_mutex_lock(&d->lock);
	e = probe(d, line);	/* again: another vCPU may have added it */
	if (!e) {
		d->dropped++;
		ok = false;
	} else {
		if (e->key == 0) {
			if (!watch) {
				pthread_mutex_unlock(&d->lock);
				return true;
			}
			e->sharers = 0;
			e->owner = -1;
			d->used++;
			__atomic_store_n(&e->key, line + 1, __ATOMIC_RELEASE);
		}
		apply(e, vcpu, write, r);
	}
	pthread_mutex_unlock(&d->lock);
	return ok;
}

uint64_t lb_dir_watched(const struct lb_dir *d)
{
	return d->used;
}

uint64_t lb_dir_dropped(const struct lb_dir *d)
{
	return d->dropped;
}
