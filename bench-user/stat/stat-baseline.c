// SPDX-License-Identifier: GPL-2.0
/*
 * lb-stat baseline: each cell of one kind against the same cell of a
 * baseline kind in the same variant (kind=empty: the same work with no
 * lock), in the headline metric of the mode.  A cell whose shape the
 * baseline lacks gets a row too, with n_baseline 0 and no ratio.  The ratio is of the medians
 * of boot medians, with a bootstrap CI that resamples both sides' boots.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "bootstat.h"
#include "cells.h"
#include "stat.h"

/* baseline.csv's columns by name; LB_BASELINE_COLUMNS gives their order.
 * y is the kind's boot medians, x the baseline's. */
#define LBC_CELL		r
#define COL_variant		r->variant
#define COL_baseline		base
#define COL_metric		m
#define COL_unit		lbc_unit(r, m)
#define COL_n			ny
#define COL_n_baseline		nx
#define COL_median		LBC_G(lbs_median(y, ny), 6)
#define COL_median_baseline	LBC_G(lbs_median(x, nx), 6)
#define COL_ratio		LBC_G(q.ratio, 4)
#define COL_ratio_lo		LBC_G(q.lo, 4)
#define COL_ratio_hi		LBC_G(q.hi, 4)

int lbs_write_baseline(FILE *f, const struct lb_set *s, const char *kind,
		       const char *base, const struct lbs_opts *o)
{
	size_t cap = s->n ? s->n : 1, i;
	double *x = malloc(cap * sizeof(*x)), *y = malloc(cap * sizeof(*y));
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	struct lbc_index ix = { 0 };
	int rc = 0;

	if (!x || !y || !rng || lbc_index_init(&ix, s)) {
		rc = -1;
		goto out;
	}
	fprintf(f, "%s\n", LB_CSV_HEADER(LB_BASELINE_COLUMNS));
	for (i = 0; i < s->n; i++) {
		const struct lb_record *r = &s->rec[i];
		struct lb_record b = *r;
		const char *m = lbc_metrics(r)[0];
		struct lbs_ratio q;
		size_t nrec, ny, nx;
		int over = 0;
		char name[256];

		if (strcmp(r->kind, kind) || !lbc_first_of_cell(&ix, i))
			continue;
		/* The baseline's cell: this shape, the other kind. */
		snprintf(b.kind, sizeof(b.kind), "%s", base);
		ny = lbc_boot_medians(&ix, r->variant, r, m, y, &nrec, &over);
		nx = lbc_boot_medians(&ix, r->variant, &b, m, x, &nrec, &over);
		snprintf(name, sizeof(name), "baseline/%s/%s/%s/%s/%llu/%llu/%llu/%llu%s", r->variant,
			 kind, base, r->mode, (unsigned long long)r->threads,
			 (unsigned long long)r->read_pct, (unsigned long long)r->hold_ns,
			 (unsigned long long)r->parallel_ns, lbs_seed_placement(r->placement));
		lbs_seed_for(rng, o, name);
		lbs_ratio_ci(rng, x, nx, y, ny, o->resamples, 0.95, &q);
		/* Below LBS_MIN_BOOTS there is no CI, but the ratio is a fact. */
		if (isnan(q.ratio) && nx && ny && lbs_median(x, nx) != 0)
			q.ratio = lbs_median(y, ny) / lbs_median(x, nx);
		LBC_ROW(f, LB_BASELINE_COLUMNS);
	}
out:
	free(x);
	free(y);
	if (rng)
		gsl_rng_free(rng);
	if (ix.s)
		lbc_index_free(&ix);
	return rc;
}
