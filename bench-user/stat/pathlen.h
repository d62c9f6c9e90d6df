/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pathlen: the path-length table of an icount run.  Under ACCEL=icount the
 * guest TSC counts instructions, and hot jobs with slope=1 report whole
 * instructions per acquire+release.  A table cell is one (kind, read_pct,
 * pad) row of one variant; every record of a cell, from every boot and
 * pass, must carry the same count, or the counts are not exact and the
 * table is refused.
 */
#ifndef PATHLEN_H
#define PATHLEN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "lbrec.h"

#define PL_MAX_VARIANTS	32
#define PL_MAX_ROWS	128

struct pl_row {
	char kind[LB_STR_MAX];
	uint64_t read_pct, pad;
};

struct pl_table {
	size_t nv, nr;
	char variant[PL_MAX_VARIANTS][LB_STR_MAX];
	struct pl_row row[PL_MAX_ROWS];
	uint64_t val[PL_MAX_ROWS][PL_MAX_VARIANTS];	/* thousandths */
	size_t n[PL_MAX_ROWS][PL_MAX_VARIANTS];		/* records agreeing */
};

/* Adds the records of SET (read from NAME) to T.  Returns 0, or -1 with
 * "NAME: record K (...): why" in ERR: not icount, not ok, not hot with
 * slope=1, spread inside the job, or a count that differs from an
 * earlier record of the same cell. */
int pl_add(struct pl_table *t, const char *name, const struct lb_set *set,
	   char *err, size_t len);

/* Index of VARIANT / of the row, or -1. */
int pl_variant(const struct pl_table *t, const char *variant);
int pl_find_row(const struct pl_table *t, const char *kind, uint64_t read_pct, uint64_t pad);

/* Count (thousandths) of a cell; -1 when the variant did not run it. */
int64_t pl_get(const struct pl_table *t, size_t row, size_t v);

/* CSV: variant,kind,read_pct,pad,instructions,records; rows in the order
 * the records first showed them.  The tables are drawn from it by
 * scripts/report/render.awk. */
void pl_write_csv(FILE *f, const struct pl_table *t);

/*
 * The calibration: PADDED ran spin_lock with every pad=N next to the hot
 * kinds, PLAIN the hot kinds alone, on one variant.  Exact when each pad=N
 * row is spin_lock's count + N and every other row equals PLAIN's.  Writes
 * one line per check to F; returns the number of failed checks (or -1
 * with ERR when a table is unusable).
 */
int pl_calibrate(FILE *f, const struct pl_table *padded, const struct pl_table *plain,
		 char *err, size_t len);

#endif
