// SPDX-License-Identifier: GPL-2.0
/*
 * lb-stat summary: one row per variant, cell and metric.  n is the number
 * of boots; median is the median of the boot medians, with a bootstrap CI;
 * mean, sd and cv (sd / mean, in percent) describe the boot medians too,
 * and modes says whether they fall into two groups, with each group's
 * median (lbs_modes()).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_statistics_double.h>
#include "bootstat.h"
#include "cells.h"
#include "stat.h"

struct srow {
	const struct lb_record *r;
	const char *metric;
	int extra;		/* an LB_SUMMARY_CONTENDED metric */
	size_t n, nrec;
	int over;
	double median, lo, hi, mean, sd;
	struct lbs_modes modes;
};

static void measure(struct srow *w, const struct lbc_index *ix, const struct lbs_opts *o,
		    gsl_rng *rng, double *x)
{
	const struct lb_record *r = w->r;
	char name[256];
	size_t n;

	n = w->n = lbc_boot_medians(ix, r->variant, r, w->metric, x, &w->nrec, &w->over);
	snprintf(name, sizeof(name), "summary/%s/%s/%s/%llu/%llu/%llu/%llu/%s%s", r->variant,
		 r->kind, r->mode, (unsigned long long)r->threads,
		 (unsigned long long)r->read_pct, (unsigned long long)r->hold_ns,
		 (unsigned long long)r->parallel_ns, w->metric, lbs_seed_placement(r->placement));
	lbs_seed_for(rng, o, name);
	lbs_median_ci(rng, x, n, o->resamples, 0.95, &w->lo, &w->hi);
	w->sd = n >= 2 ? gsl_stats_sd(x, 1, n) : NAN;
	w->mean = n ? gsl_stats_mean(x, 1, n) : NAN;
	w->median = lbs_median(x, n);
	lbs_modes(x, n, &w->modes);
}

struct measure_ctx {
	struct srow *w;
	const struct lbc_index *ix;
	const struct lbs_opts *o;
};

static void measure_row(size_t i, gsl_rng *rng, double *x, double *y, void *ctx)
{
	struct measure_ctx *c = ctx;

	(void)y;
	measure(&c->w[i], c->ix, c->o, rng, x);
}

/* summary.csv's columns by name; LB_SUMMARY_COLUMNS gives their order. */
#define LBC_CELL	x->r
#define COL_variant	x->r->variant
#define COL_metric	x->metric
#define COL_unit	lbc_unit(x->r, x->metric)
#define COL_n		x->n
#define COL_n_records	x->nrec
#define COL_median	LBC_G(x->median, 6)
#define COL_ci_lo	LBC_G(x->lo, 6)
#define COL_ci_hi	LBC_G(x->hi, 6)
#define COL_mean	LBC_G(x->mean, 6)
#define COL_sd		LBC_G(x->sd, 6)
#define COL_cv_pct	LBC_G(x->mean > 0 ? 100 * x->sd / x->mean : NAN, 4)
#define COL_modes	x->modes.modes
#define COL_mode_sizes	x->modes.sizes
#define COL_mode_median_low	LBC_G(x->modes.med_low, 6)
#define COL_mode_median_high	LBC_G(x->modes.med_high, 6)
#define COL_mode_gap_ratio	LBC_G(x->modes.gap_ratio, 4)
#define COL_oversub	x->over

/* Appends a row to *W (N rows of CAP); -1 when out of memory. */
static int add_row(struct srow **w, size_t *n, size_t *cap, struct srow row)
{
	if (*n == *cap) {
		size_t c = *cap ? 2 * *cap : 64;
		struct srow *nw = realloc(*w, c * sizeof(**w));

		if (!nw)
			return -1;
		*w = nw;
		*cap = c;
	}
	(*w)[(*n)++] = row;
	return 0;
}

int lbs_write_summary(FILE *f, const struct lb_set *s, const struct lbs_opts *o)
{
	struct srow *w = NULL;
	size_t n = 0, cap = 0, i, k;
	struct lbc_index ix;
	int failed = 0;

	if (lbc_index_init(&ix, s))
		return -1;
	for (i = 0; i < s->n; i++) {
		const struct lb_record *r = &s->rec[i];
		const char *const *m;
		const char *e;

		if (!lbc_first_of_cell(&ix, i))
			continue;
		/* The compared metrics, then the described ones. */
		for (m = lbc_metrics(r); *m && !failed; m++)
			failed = add_row(&w, &n, &cap, (struct srow){ .r = r, .metric = *m });
		for (k = 0; (e = lbc_summary_extra(r, k)) && !failed; k++)
			failed = add_row(&w, &n, &cap, (struct srow){ .r = r, .metric = e, .extra = 1 });
		if (failed)
			goto out;
	}
	if (lbs_each_row(n, s->n, measure_row,
			 &(struct measure_ctx){ .w = w, .ix = &ix, .o = o })) {
		failed = 1;
		goto out;
	}
	fprintf(f, "%s\n", LB_CSV_HEADER(LB_SUMMARY_COLUMNS));
	for (i = 0; i < n; i++) {
		const struct srow *x = &w[i];

		/* A cell whose records lack the described metrics (v2) has
		 * no row of them. */
		if (x->extra && !x->n)
			continue;
		LBC_ROW(f, LB_SUMMARY_COLUMNS);
	}
out:
	free(w);
	lbc_index_free(&ix);
	return failed ? -1 : 0;
}
