/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The plugin's arguments, its QEMU check, its per-kind counts and the
 * file it writes: everything of lockbench-events that needs no QEMU, so
 * that tests drive it directly.
 */
#ifndef LB_EVENTS_OUT_H
#define LB_EVENTS_OUT_H

#include <stdint.h>
#include <stdio.h>

#include "qemu-plugin-v1.h"

/* One op's counts; the first LB_EV_NSHAPE make its shape (the mode). */
enum lb_ev_sum {
	LB_EV_INSNS, LB_EV_ATOMICS, LB_EV_FENCES, LB_EV_LOADS, LB_EV_STORES,
	LB_EV_LINES,
	LB_EV_NSHAPE,
	LB_EV_TRANSFERS = LB_EV_NSHAPE, LB_EV_INVALS, LB_EV_COLD,
	LB_EV_NSUM
};

#define LB_EV_SITES	4
#define LB_EV_KEYS	(LB_EV_SITES * 1024)
#define LB_EV_SHAPES	8	/* distinct op shapes kept per kind */

struct lb_ev_shape {
	uint64_t v[LB_EV_NSHAPE];
	uint64_t n;
};

/* A site and kind (or pad): key = site * 1024 + id. */
struct lb_ev_key {
	uint64_t ops, handoffs, other;	/* other: ops of shapes not kept */
	uint64_t sum[LB_EV_NSUM];
	struct lb_ev_shape shape[LB_EV_SHAPES];
};

struct lb_ev_args {
	const char *out;
	int dir;
	unsigned int slots;
};

struct lb_ev_report {
	FILE *out;
	unsigned int nvcpus;
	int dir;
	uint64_t watched, dropped, unbalanced, line_overflow;
	uint64_t ops;		/* filled in by lb_ev_report_key */
	int header_done;
};

int lb_ev_key_of_mark(uint32_t disp);
void lb_ev_add_op(struct lb_ev_key *k, const uint64_t *cur);
/* 0, or an error printed to err: refuses what this plugin cannot count. */
int lb_ev_check_info(const qemu_info_t *info, FILE *err);
int lb_ev_parse_args(int argc, char **argv, struct lb_ev_args *a, FILE *err);
void lb_ev_report_key(struct lb_ev_report *r, unsigned int key,
		      struct lb_ev_key **parts, unsigned int nparts);
void lb_ev_report_end(struct lb_ev_report *r);

#endif /* LB_EVENTS_OUT_H */
