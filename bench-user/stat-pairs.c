// SPDX-License-Identifier: GPL-2.0
/*
 * lb-stat compare: each pair's change per cell and metric, on the boot
 * medians.  The change is the ratio of medians with a bootstrap CI; p is
 * a permutation p (Mann-Whitney beside it), Holm-adjusted within each
 * family (one pair x one mode x one metric).  The A/A pair's largest
 * |change| per mode and metric is the noise floor: a change below it is
 * "within-noise" whatever its p.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "bootstat.h"
#include "cells.h"
#include "lbstats.h"
#include "stat.h"

struct row {
	size_t pair;
	const struct lb_record *cell;
	const char *metric;
	size_t nx, ny;
	double mx, my, pct, lo, hi, p_perm, p_mw, p_holm, mde, floor;
	size_t family;
	int oversub;
	const char *verdict;
};

static double pct_of(double ratio)
{
	return isnan(ratio) ? NAN : 100.0 * (ratio - 1);
}

static void measure(struct row *w, const struct lbc_index *s, const struct lbs_pair *p,
		    const struct lbs_opts *o, gsl_rng *rng, double *x, double *y)
{
	struct lbs_ratio rt;
	struct lb_test mw;
	char name[256];
	size_t nrec;

	w->nx = lbc_boot_medians(s, p->base, w->cell, w->metric, x, &nrec, &w->oversub);
	w->ny = lbc_boot_medians(s, p->other, w->cell, w->metric, y, &nrec, &w->oversub);
	w->mx = lbs_median(x, w->nx);
	w->my = lbs_median(y, w->ny);
	w->pct = w->mx != 0 ? pct_of(w->my / w->mx) : NAN;
	snprintf(name, sizeof(name), "pair/%s/%s/%s/%s/%llu/%llu/%llu/%llu/%s", p->base, p->other,
		 w->cell->kind, w->cell->mode, (unsigned long long)w->cell->threads,
		 (unsigned long long)w->cell->read_pct, (unsigned long long)w->cell->hold_ns,
		 (unsigned long long)w->cell->parallel_ns, w->metric);
	lbs_seed_for(rng, o, name);
	lbs_ratio_ci(rng, x, w->nx, y, w->ny, o->resamples, 0.95, &rt);
	w->lo = pct_of(rt.lo);
	w->hi = pct_of(rt.hi);
	w->mde = lbs_mde_pct(rt.se_log, o->alpha, o->power);
	w->p_perm = lbs_perm_p(rng, x, w->nx, y, w->ny, o->resamples);
	w->p_mw = w->nx >= LBS_MIN_BOOTS && w->ny >= LBS_MIN_BOOTS &&
		  !lb_mannwhitney(x, w->nx, y, w->ny, &mw) ? mw.p : NAN;
}

struct measure_ctx {
	struct row *w;
	const struct lbc_index *ix;
	const struct lbs_pair *p;
	const struct lbs_opts *o;
};

static void measure_row(size_t i, gsl_rng *rng, double *x, double *y, void *ctx)
{
	struct measure_ctx *c = ctx;

	measure(&c->w[i], c->ix, &c->p[c->w[i].pair], c->o, rng, x, y);
}

static int same_family(const struct row *a, const struct row *b)
{
	return a->pair == b->pair && !strcmp(a->cell->mode, b->cell->mode) &&
	       !strcmp(a->metric, b->metric);
}

/* Holm inside each family; rows of one family need not be adjacent. */
static int adjust(struct row *w, size_t n)
{
	double *p = malloc((n ? n : 1) * sizeof(*p));
	size_t *idx = malloc((n ? n : 1) * sizeof(*idx));
	char *done = calloc(n ? n : 1, 1);

	if (!p || !idx || !done) {
		free(p);
		free(idx);
		free(done);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		size_t m = 0, tests = 0;

		if (done[i])
			continue;
		for (size_t j = i; j < n; j++) {
			if (!done[j] && same_family(&w[i], &w[j])) {
				done[j] = 1;
				idx[m] = j;
				p[m] = w[j].p_perm;
				tests += !isnan(p[m]);
				m++;
			}
		}
		lbs_holm(p, p, m);
		for (size_t k = 0; k < m; k++) {
			w[idx[k]].p_holm = p[k];
			w[idx[k]].family = tests;
		}
	}
	free(p);
	free(idx);
	free(done);
	return 0;
}

/* The noise floor of each row: the A/A pair's largest |change| in the
 * row's mode and metric; NaN without an A/A pair.  Each A/A row raises
 * the floor of the rows it shares a mode and metric with. */
static void floors(struct row *w, size_t n, const struct lbs_pair *p, const struct lbs_pair *aa)
{
	for (size_t i = 0; i < n; i++)
		w[i].floor = NAN;
	for (size_t j = 0; aa && j < n; j++) {
		const struct lbs_pair *q = &p[w[j].pair];
		double c = fabs(w[j].pct);

		if (strcmp(q->base, aa->base) || strcmp(q->other, aa->other) || isnan(c))
			continue;
		for (size_t i = 0; i < n; i++)
			if (!strcmp(w[j].cell->mode, w[i].cell->mode) &&
			    !strcmp(w[j].metric, w[i].metric) && (isnan(w[i].floor) || c > w[i].floor))
				w[i].floor = c;
	}
}

static const char *verdict(const struct row *w, int is_aa, double alpha)
{
	if (w->nx < LBS_MIN_BOOTS || w->ny < LBS_MIN_BOOTS)
		return "n-too-small";
	if (isnan(w->pct))
		return "no-ratio";
	if (is_aa)
		return "a-a";
	/* Below the floor identical code already moves this much: whatever
	 * its p, such a change is noise. */
	if (!isnan(w->floor) && fabs(w->pct) <= w->floor)
		return "within-noise";
	if (isnan(w->p_holm) || w->p_holm >= alpha)
		return "not-significant";
	return isnan(w->floor) ? "changed-no-floor" : "changed";
}

static void write_row(FILE *f, const struct row *w, const struct lbs_pair *p)
{
	fprintf(f, "%s,%s,", p->base, p->other);
	lbc_write_cell(f, w->cell);
	fprintf(f, ",%s,%zu,%zu,%s,%.6g,%.6g,%.4g,%.4g,%.4g,%.4g,%.4g,%.4g,%zu,%.4g,%.4g,%s,%d,%d\n",
		w->metric, w->nx, w->ny, lbc_unit(w->cell, w->metric), w->mx, w->my,
		w->pct, w->lo, w->hi, w->p_perm, w->p_mw, w->p_holm, w->family, w->mde,
		w->floor, w->verdict, !strcmp(w->verdict, "changed"), w->oversub);
}

static void write_finding(FILE *f, const struct row *w, const struct lbs_pair *p)
{
	const struct lb_record *c = w->cell;

	fprintf(f, "- **%s → %s**, %s %s", p->base, p->other, c->kind, c->mode);
	if (!strcmp(c->mode, "contended"))
		fprintf(f, " (%llu threads, hold %llu ns, parallel %llu ns)",
			(unsigned long long)c->threads, (unsigned long long)c->hold_ns,
			(unsigned long long)c->parallel_ns);
	fprintf(f, ", %s: %+.1f%% [%+.1f, %+.1f] (median %.4g → %.4g %s, %s, n = %zu/%zu boots; p = %.2g, Holm p = %.2g of %zu; noise floor ±%.1f%%)\n",
		w->metric, w->pct, w->lo, w->hi, w->mx, w->my, lbc_unit(c, w->metric), c->accel,
		w->nx, w->ny, w->p_perm, w->p_holm, w->family, w->floor);
}

static const char *fmt_pct(char *buf, size_t len, const char *f, double v)
{
	if (isnan(v))
		snprintf(buf, len, "n/a");
	else
		snprintf(buf, len, f, v);
	return buf;
}

/* One Markdown section per pair: the headline metric of each mode. */
static void write_tables(FILE *f, const struct row *w, size_t n, const struct lbs_pair *p,
			 size_t np)
{
	for (size_t k = 0; k < np; k++) {
		int head = 0;

		for (size_t i = 0; i < n; i++) {
			const struct row *r = &w[i];
			const struct lb_record *c = r->cell;
			char ch[64], lo[32], hi[32], pp[32], ph[32], mde[32];

			if (r->pair != k || strcmp(r->metric, lbc_metrics(c)[0]))
				continue;
			if (!head) {
				fprintf(f, "### %s → %s\n\n", p[k].base, p[k].other);
				fprintf(f, "| kind | mode | threads | n boots | %s | %s | change [95%% CI] | p | Holm p (m) | MDE 80%% | floor | verdict |\n",
					p[k].base, p[k].other);
				fprintf(f, "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
				head = 1;
			}
			fmt_pct(ch, sizeof(ch), "%+.1f%%", r->pct);
			fmt_pct(lo, sizeof(lo), "%+.1f", r->lo);
			fmt_pct(hi, sizeof(hi), "%+.1f", r->hi);
			fmt_pct(pp, sizeof(pp), "%.2g", r->p_perm);
			fmt_pct(ph, sizeof(ph), "%.2g", r->p_holm);
			fmt_pct(mde, sizeof(mde), "%.1f%%", r->mde);
			fprintf(f, "| %s | %s | %llu | %zu/%zu | %.4g %s | %.4g %s | %s [%s, %s] | %s | %s (%zu) | %s | ",
				c->kind, c->mode, (unsigned long long)c->threads, r->nx, r->ny,
				r->mx, lbc_unit(c, r->metric), r->my, lbc_unit(c, r->metric),
				ch, lo, hi, pp, ph, r->family, mde);
			fprintf(f, "%s | %s |\n", fmt_pct(ch, sizeof(ch), "±%.1f%%", r->floor), r->verdict);
		}
		if (head)
			fprintf(f, "\n");
	}
}

int lbs_write_pairs(FILE *pairs, FILE *findings, FILE *tables, const struct lb_set *s,
		    const struct lbs_pair *p, size_t np, const struct lbs_pair *aa,
		    const struct lbs_opts *o)
{
	struct row *w = NULL;
	size_t n = 0, cap = 0, i, k, nfound = 0;
	struct lbc_index ix = { 0 };
	int rc = -1;

	if (lbc_index_init(&ix, s))
		goto out;
	for (k = 0; k < np; k++) {
		for (i = 0; i < s->n; i++) {
			const struct lb_record *r = &s->rec[i];
			const char *const *m;

			if (strcmp(r->variant, p[k].base) || !lbc_first_of_cell(&ix, i))
				continue;
			for (m = lbc_metrics(r); *m; m++) {
				if (n == cap) {
					struct row *nw = realloc(w, (cap = cap ? 2 * cap : 64) * sizeof(*w));

					if (!nw)
						goto out;
					w = nw;
				}
				w[n++] = (struct row){ .pair = k, .cell = r, .metric = *m };
			}
		}
	}
	if (lbs_each_row(n, s->n, measure_row,
			 &(struct measure_ctx){ .w = w, .ix = &ix, .p = p, .o = o }))
		goto out;
	/* A cell the other variant lacks is no comparison. */
	for (i = k = 0; i < n; i++)
		if (w[i].ny)
			w[k++] = w[i];
	n = k;
	if (adjust(w, n))
		goto out;
	floors(w, n, p, aa);
	fprintf(pairs, "%s\n", LBC_HEADER(LB_PAIRS_COLUMNS));
	for (i = 0; i < n; i++) {
		const struct lbs_pair *q = &p[w[i].pair];

		w[i].verdict = verdict(&w[i], aa && !strcmp(q->base, aa->base) &&
				       !strcmp(q->other, aa->other), o->alpha);
		write_row(pairs, &w[i], q);
	}
	if (tables)
		write_tables(tables, w, n, p, np);
	if (findings) {
		for (i = 0; i < n; i++) {
			/* The headline metric of each mode only: the others are
			 * in pairs.csv. */
			if (strcmp(w[i].verdict, "changed") || strcmp(w[i].metric, lbc_metrics(w[i].cell)[0]))
				continue;
			write_finding(findings, &w[i], &p[w[i].pair]);
			nfound++;
		}
		if (!nfound)
			fprintf(findings, "- No change above the noise floor with Holm-adjusted p < %g.\n", o->alpha);
	}
	rc = 0;
out:
	free(w);
	if (ix.s)
		lbc_index_free(&ix);
	return rc;
}
