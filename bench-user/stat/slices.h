/* SPDX-License-Identifier: GPL-2.0 */
/*
 * slices: lb-native's slices.csv (the contract's LB_SLICES_COLUMNS) as C
 * data, for lb-stat states and lb-stat compare --slices.  A file begins
 * with its header line; columns are found by name, so a file with more
 * columns than these reads the same.  Several files (one a process, or
 * run.sh's joined one) read into one set.
 */
#ifndef SLICES_H
#define SLICES_H

#include <stddef.h>
#include <stdint.h>
#include "lbrec.h"

struct lbs_slice {
	uint64_t boot, seq, round;
	char variant[LB_STR_MAX], prev[LB_STR_MAX], metric[LB_STR_MAX];
	struct lb_record cell;	/* only its LB_CELL_FIELDS are set */
	double start_us, ticks, batches;
	double q[5];		/* p10, p25, p50, p75, p90; NaN where blank */
	double probe_pair, probe_chain, steal_us, nivcsw;
	unsigned int state;	/* 0 until a state is read or found */
};

struct lbs_slices {
	struct lbs_slice *s;
	size_t n, cap;
};

/* Appends PATH's slices to SET.  0, or -1 with "PATH:LINE: reason" in ERR. */
int lbs_slices_read(const char *path, struct lbs_slices *set, char *err, size_t errlen);

/*
 * Sets each slice's state from PATH, a slice-states.csv
 * (LB_SLICE_STATES_COLUMNS: boot, seq, state); a slice PATH does not
 * name (one without a probe) is in state 0, in no state.  0, or -1 with
 * the reason in ERR: a line that names no slice read, or none named.
 */
int lbs_slices_read_states(const char *path, struct lbs_slices *set, char *err, size_t errlen);

/* Sorts SET by boot, then seq: each process's slices in the order they ran. */
void lbs_slices_sort(struct lbs_slices *set);

void lbs_slices_free(struct lbs_slices *set);

#endif
