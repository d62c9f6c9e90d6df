/* SPDX-License-Identifier: GPL-2.0 */
#ifndef LBN_PHYSLIMIT_H
#define LBN_PHYSLIMIT_H

#include <stdint.h>
#include <stdio.h>

#include "lbn_abi.h"

/* A bare pair: its name in physlimit.csv and its hot loop (loop only). */
struct lbn_pair {
	const char *name;
	struct lbn_kind_fns fns;
};

extern const struct lbn_pair lbn_pairs[];
extern const unsigned int lbn_npairs;
/* The pairs' empty loop, subtracted as the empty kind is. */
extern const struct lbn_kind_fns lbn_pair_empty;

/* A fresh word for the pairs, each lock free. */
void *lbn_pair_lock(void);

/* One line of LB_PHYSLIMIT_COLUMNS (the contract): MED thousandths of a tick. */
void lbn_physlimit_row(FILE *out, const char *variant, uint64_t boot,
		       const char *pair, uint64_t med, uint64_t khz);

#endif
