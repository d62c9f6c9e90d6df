/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cells: what the analysis tools agree on.  A cell is one job shape
 * (LB_CELL_FIELDS in the contract); its records are the passes of every
 * boot.  Each boot gives a cell one value
 * per metric, the median over that boot's passes, because boots, not
 * passes, are the independent replicates.
 */
#ifndef CELLS_H
#define CELLS_H

#include <stdio.h>
#include "lbrec.h"

/*
 * The header line of a derived table from its list in the contract
 * (LB_SUMMARY_COLUMNS, LB_PAIRS_COLUMNS, ...), without a leading comma.
 */
#define LBC_NAME_COMMA(n, desc) "," #n
#define LBC_HEADER(list) (list(LBC_NAME_COMMA) + 1)

/* Whether A and B share every LB_CELL_FIELDS field. */
int lbc_same_cell(const struct lb_record *a, const struct lb_record *b);
/* The LB_CELL_COLUMNS of R, comma-separated, in the contract's order. */
void lbc_write_cell(FILE *f, const struct lb_record *r);

/* The metrics reported for R's mode, NULL-terminated; the first is the
 * headline one. */
const char *const *lbc_metrics(const struct lb_record *r);

/* METRIC of R into *OUT: a record field, or the derived fair_ratio
 * (share_max / share_min).  -1 if R has no value for it. */
int lbc_value(const struct lb_record *r, const char *metric, double *out);

/* The unit of METRIC for records of R's accelerator: "instructions" or
 * "cycles" for the cost columns, else the metric's own unit. */
const char *lbc_unit(const struct lb_record *r, const char *metric);

/*
 * The records of a set grouped by variant and cell, built once so that
 * each lookup is a binary search instead of a scan of every record.
 */
struct lbc_index {
	const struct lb_set *s;
	char **key;		/* key[i]: record i's cell columns as text */
	size_t *order;		/* records by variant, cell, boot, input order */
	unsigned char *first;	/* first[i]: i is its variant's first ok record of its cell */
};

/* 0, or -1 when out of memory.  S must outlive X and stay unchanged. */
int lbc_index_init(struct lbc_index *x, const struct lb_set *s);
void lbc_index_free(struct lbc_index *x);

/* Whether record I is the first ok record of its cell for its variant:
 * how the tools enumerate cells in input order. */
int lbc_first_of_cell(const struct lbc_index *x, size_t i);

/*
 * The per-boot medians of METRIC over the ok records of VARIANT in CELL
 * (any record, in the set or not), into OUT (room for the set's n), in
 * boot order, skipping boots with no value (lbc_value()).  Returns the
 * number of boots; *NREC gets the records used and *OVERSUB is set if any
 * was oversubscribed.
 */
size_t lbc_boot_medians(const struct lbc_index *x, const char *variant,
			const struct lb_record *cell, const char *metric,
			double *out, size_t *nrec, int *oversub);

/* tsc_khz of two records of one host differ by calibration jitter only
 * (0.001% in a 60-boot run); beyond this share they are two machines. */
#define LBC_TSC_SLACK 0.005

/*
 * Records that may share one analysis: one cost unit always; one
 * accelerator, vCPU count, host and TSC rate unless FORCE.  0, or -1 with the reason
 * on stderr, prefixed "TOOL: ".
 */
int lbc_comparable(const struct lb_set *s, int force, const char *tool);

#endif
