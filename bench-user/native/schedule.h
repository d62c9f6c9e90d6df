/* SPDX-License-Identifier: GPL-2.0 */
/* The schedule: every unit in slices, each round in a shuffled order. */
#ifndef LBN_SCHEDULE_H
#define LBN_SCHEDULE_H

#include <stdint.h>
#include <stdio.h>

#include "modes.h"
#include "slicelog.h"

/* The next number of the seeded stream S. */
uint64_t lbn_rand(uint64_t *s);

/*
 * Set up the N units, run SLICES rounds of one slice each, blocks
 * shuffled from SEED and each block in a Williams row (written to TRACE,
 * a line a slice, when not NULL; each slice's row to LOG), then fill
 * each unit's record.  0, or the process's exit status after a message:
 * 3 a harness error, 4 a stub called.
 */
int lbn_sched_run(const struct lbn_env *e, struct lbn_unit *u, unsigned int n,
		  unsigned int slices, uint64_t seed, FILE *trace, struct lbn_slicelog *log);

#endif
