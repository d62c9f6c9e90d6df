/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rounds: which variants each round of a timed run booted, read from the
 * run's run.info (scripts/boot/run.sh writes order_round_B=V1 V2 ...,
 * round B booting every variant once, in that order, with each boot's
 * records carrying B as their boot index).  Two variants' boots of one
 * round share the host's state in that round, as native's processes do,
 * so lb-stat compare pairs them by round where a round booted both.  An
 * older run.info reads as it is; an imported run, or another run's
 * variants, have no rounds that name them.
 */
#ifndef ROUNDS_H
#define ROUNDS_H

#include <stddef.h>
#include <stdint.h>

struct lbs_round {
	uint64_t round;
	char *variants;		/* " V1 V2 ... ": each name between spaces */
};

struct lbs_rounds {
	struct lbs_round *r;
	size_t n;
};

/* The order_round_B lines of PATH into OUT (none is no error); 0, or -1
 * with the file and line in ERR. */
int lbs_rounds_read(const char *path, struct lbs_rounds *out, char *err, size_t len);
void lbs_rounds_free(struct lbs_rounds *r);

/* Whether round ROUND booted both variant A and variant B. */
int lbs_rounds_both(const struct lbs_rounds *r, uint64_t round, const char *a, const char *b);

#endif
