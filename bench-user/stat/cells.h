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

#include <stdint.h>
#include <stdio.h>
#include "lbrec.h"

/*
 * A derived table's row, written by the contract's column list: the
 * table's writer defines COL_<name> as the value of each column, and
 * LBC_ROW(F, LIST) writes them in LIST's order.  So a column added to the
 * contract is one COL_ line where its value is computed, and a column the
 * writer lacks does not compile.  A value is a string, an integer, or
 * LBC_G(x, digits) for a double printed as %.<digits>g.  The cell columns
 * are LBC_CELL's (the writer defines LBC_CELL as its cell's record).
 */
struct lbc_g {
	double v;
	int digits;
};
#define LBC_G(x, d) ((struct lbc_g){ (x), (d) })

static inline void lbc_put_s(FILE *f, const char *s)
{
	fputs(s, f);
}

static inline void lbc_put_u(FILE *f, unsigned long long v)
{
	fprintf(f, "%llu", v);
}

static inline void lbc_put_d(FILE *f, int v)
{
	fprintf(f, "%d", v);
}

static inline void lbc_put_g(FILE *f, struct lbc_g g)
{
	fprintf(f, "%.*g", g.digits, g.v);
}

/* No default: a double without LBC_G does not compile (it would print
 * as an integer). */
#define LBC_PUT(f, v)							\
	_Generic((v), char *: lbc_put_s, const char *: lbc_put_s,	\
		 int: lbc_put_d, struct lbc_g: lbc_put_g,		\
		 unsigned int: lbc_put_u, unsigned long: lbc_put_u,	\
		 unsigned long long: lbc_put_u)(f, v)
#define LBC_PUT_COL(n, desc)						\
	fputs(lbc_sep, lbc_f);						\
	lbc_sep = ",";							\
	LBC_PUT(lbc_f, COL_##n);
#define LBC_ROW(f, list)						\
	do {								\
		FILE *lbc_f = (f);					\
		const char *lbc_sep = "";				\
									\
		list(LBC_PUT_COL)					\
		fputc('\n', lbc_f);					\
	} while (0)

/* The cell columns (LB_CELL_COLUMNS), for every table that has them. */
#define COL_kind	(LBC_CELL)->kind
#define COL_mode	(LBC_CELL)->mode
#define COL_threads	(LBC_CELL)->threads
#define COL_placement	(LBC_CELL)->placement
#define COL_read_pct	(LBC_CELL)->read_pct
#define COL_hold_ns	(LBC_CELL)->hold_ns
#define COL_parallel_ns	(LBC_CELL)->parallel_ns

/* R's cell as text (every LB_CELL_FIELDS field), which is what makes two
 * records one cell; malloc'd, NULL when out of memory. */
char *lbc_cell_key(const struct lb_record *r);

/* Whether A and B share every LB_CELL_FIELDS field. */
int lbc_same_cell(const struct lb_record *a, const struct lb_record *b);

/* The metrics reported for R's mode, NULL-terminated; the first is the
 * headline one. */
const char *const *lbc_metrics(const struct lb_record *r);

/* The metrics summary.csv describes and pairs.csv does not compare
 * (LB_SUMMARY_CONTENDED): the I-th one R's cell has, or NULL past the
 * last.  Only contended cells have them, each from its min_threads. */
const char *lbc_summary_extra(const struct lb_record *r, size_t i);

/* METRIC of R into *OUT: a record field, or the derived fair_ratio
 * (share_max / share_min).  -1 if R has no value for it: also an
 * LB_SUMMARY_CONTENDED metric of a record that did not measure them
 * (jain 0: a v2 record), and handoff_ns without a hand-off. */
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

/* The same, with each value's boot index into BOOTS (room for the set's
 * n): records of two variants with one index share a replicate. */
size_t lbc_boot_medians_ids(const struct lbc_index *x, const char *variant,
			    const struct lb_record *cell, const char *metric,
			    double *out, uint64_t *boots, size_t *nrec, int *oversub);

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
