// SPDX-License-Identifier: GPL-2.0
/*
 * lb-stat compare: each pair's change per cell and metric, on the boot
 * medians.  The effect is the ratio of medians with a bootstrap CI; the
 * test is about ranks: an exact Wilcoxon-Mann-Whitney p (ranktest.h),
 * Holm-adjusted within each family (one pair x one mode x one metric, its
 * testable cells only), beside the smallest p the test can reach at those
 * n.  Where both sides share their replicates (native: one replicate
 * index, one round or process, on both sides; timed: one round that
 * booted both, --rounds), the effect is the median of the per-replicate
 * ratios instead, so that what a replicate shares cancels; the rank-sum
 * p stays (ignoring that pairing only makes it conservative).  The noise
 * floor bounds the A/A pair's changes per mode, metric and kind
 * (lbs_aa_floor), and is at least the TSC's quantum: a change
 * whose CI reaches inside it is "within-noise" whatever its p.  The
 * layout pair (native: one variant against its own second copy, linked
 * elsewhere in the same processes) sets no floor: it is a research pair
 * with a verdict of its own.  The layout is drawn at random per process,
 * so its spread is already in every change's CI, and a floor would not
 * shrink with n.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "bootstat.h"
#include "cells.h"
#include "lockbench_hist.h"
#include "blocks.h"
#include "ranktest.h"
#include "rounds.h"
#include "slicepairs.h"
#include "stat.h"

struct row {
	size_t pair;
	const struct lb_record *cell;
	const char *metric;
	size_t nx, ny;
	double mx, my, pct, lo, hi, p, p_min, p_holm, mde, floor, quantum;
	size_t family;
	int oversub, paired, oom, drop;
	const char *verdict, *floor_by, *estimator, *state;
	/* The row's samples, kept for what resamples them after measure():
	 * the floors and the blocks.  x[nx] and y[ny] are each side's
	 * replicate figures, bx and by their replicate indexes; paired, q[nx]
	 * holds the per-replicate ratios the change is the median of. */
	double *x, *y, *q;
	uint64_t *bx, *by;
	struct lbs_block_diff blocks;	/* --blocks 2; NaNs with one block */
	int blocks_agree;
};

static double pct_of(double ratio)
{
	return isnan(ratio) ? NAN : 100.0 * (ratio - 1);
}

static int by_u64(const void *pa, const void *pb)
{
	uint64_t a = *(const uint64_t *)pa, b = *(const uint64_t *)pb;

	return (a > b) - (a < b);
}

/* The seed name of a row's figures: its pair, cell and metric. */
static void row_name(char *name, size_t len, const struct row *w, const struct lbs_pair *p,
		     const char *what)
{
	snprintf(name, len, "%s/%s/%s/%s/%s/%llu/%llu/%llu/%llu/%s%s", what, p->base, p->other,
		 w->cell->kind, w->cell->mode, (unsigned long long)w->cell->threads,
		 (unsigned long long)w->cell->read_pct, (unsigned long long)w->cell->hold_ns,
		 (unsigned long long)w->cell->parallel_ns, w->metric,
		 lbs_seed_placement(w->cell->placement));
}

/*
 * Whether X and Y are one replicate each of the same replicates: every
 * boot index on both sides, and each index one replicate of both:
 * native's (one round, and one process once every variant runs in one),
 * or a timed run's round that booted both variants (rounds.h).
 */
static int same_replicates(const struct lb_record *cell, const struct lbs_pair *p,
			   const struct lbs_rounds *rounds, const uint64_t *bx, size_t nx,
			   const uint64_t *by, size_t ny)
{
	int native = !strcmp(cell->accel, "native");

	if ((!native && !rounds) || nx != ny)
		return 0;
	for (size_t i = 0; i < nx; i++)
		if (bx[i] != by[i] || (!native && !lbs_rounds_both(rounds, bx[i], p->base, p->other)))
			return 0;
	return 1;
}

/* The boot medians of both sides of W into X and Y, their boot indexes
 * into BX and BY (room for the set's n each); 1 if paired. */
static int sides(struct row *w, const struct lbc_index *s, const struct lbs_pair *p,
		 const struct lbs_opts *o, double *x, double *y, uint64_t *bx, uint64_t *by,
		 size_t *nrec)
{
	w->nx = lbc_boot_medians_ids(s, p->base, w->cell, w->metric, x, bx, nrec, &w->oversub);
	w->ny = lbc_boot_medians_ids(s, p->other, w->cell, w->metric, y, by, nrec, &w->oversub);
	return same_replicates(w->cell, p, o->rounds, bx, w->nx, by, w->ny);
}

/* A copy of X[N] (N may be 0); NULL when out of memory. */
static void *copy_of(const void *x, size_t n, size_t size)
{
	void *c = malloc(n ? n * size : 1);

	if (c && n)
		memcpy(c, x, n * size);
	return c;
}

/* Keeps W's samples X[nx], Y[ny] and their indexes BX, BY; paired, the
 * per-replicate ratios Q too (NULL: y / x).  -1 when out of memory. */
static int keep(struct row *w, const double *x, const double *y, const uint64_t *bx,
		const uint64_t *by, const double *q)
{
	w->x = copy_of(x, w->nx, sizeof(*x));
	w->y = copy_of(y, w->ny, sizeof(*y));
	w->bx = copy_of(bx, w->nx, sizeof(*bx));
	w->by = copy_of(by, w->ny, sizeof(*by));
	w->q = w->paired ? malloc(w->nx ? w->nx * sizeof(*w->q) : 1) : NULL;
	if (!w->x || !w->y || !w->bx || !w->by || (w->paired && !w->q))
		return -1;
	for (size_t i = 0; w->paired && i < w->nx; i++)
		w->q[i] = q ? q[i] : x[i] != 0 ? y[i] / x[i] : NAN;
	return 0;
}

static void row_free(struct row *w)
{
	free(w->x);
	free(w->y);
	free(w->q);
	free(w->bx);
	free(w->by);
}

/*
 * A wait figure's resolution in percent of MX ns, at KHZ: the TSC's STEP
 * ticks (one op a sample), and a percentile's histogram bucket around MX
 * (lockbench_hist.h: 2^LB_HIST_SUB_BITS buckets a power of two of
 * cycles, 6 to 12.5% wide), whichever is wider; the record's ns are
 * whole, so at least 1 ns.
 */
static double wait_quantum_pct(const char *metric, double mx, double khz, double step)
{
	double cyc = mx * khz / 1e6, q = step;

	if (!(khz > 0) || !(mx > 0))
		return NAN;
	if (strcmp(metric, "wait_max_ns") && cyc >= LB_HIST_SUB)
		q = fmax(q, ldexp(1, (int)floor(log2(cyc)) - LB_HIST_SUB_BITS));
	return 100.0 * fmax(q * 1e6 / khz, 1) / mx;
}

/* One step of the TSC (STEP ticks: AMD's TSCs advance 26 or 27 at a
 * time) per timed sample, or one instruction under icount, over the ops a
 * sample times, in percent of the base median: the finest change a
 * cycles or ns figure can show; a wait's is wait_quantum_pct's.  NaN for
 * the other metrics. */
static double quantum_pct(const struct row *w, double step)
{
	const struct lb_record *c = w->cell;
	const char *unit = lbc_unit(c, w->metric);
	double tick;

	if (!strncmp(w->metric, "wait_", 5) && !strcmp(unit, "ns"))
		return wait_quantum_pct(w->metric, w->mx, (double)c->tsc_khz, step);
	if (!c->batch_ops || !(w->mx > 0))
		return NAN;
	if (!strcmp(w->metric, "ns_op") && !strcmp(unit, "ns"))
		tick = c->tsc_khz ? step * 1e6 / (double)c->tsc_khz : NAN;
	else if (!strcmp(w->metric, "cyc_op") && !strcmp(unit, "cycles"))
		tick = step;
	else if (!strcmp(w->metric, "ns_op") || !strcmp(w->metric, "cyc_op"))
		tick = 1;
	else
		return NAN;
	return 100.0 * tick / (double)c->batch_ops / w->mx;
}

/* The quantum is the resolution: a CI narrower than it (every replicate
 * read the same to the step) is widened to at least half a quantum on
 * each side of the change, so no CI of zero width is printed. */
static void widen_to_quantum(struct row *w)
{
	double q = w->quantum;

	if (isnan(q) || isnan(w->pct) || isnan(w->lo) || isnan(w->hi) || w->hi - w->lo >= q)
		return;
	w->lo = fmin(w->lo, w->pct - q / 2);
	w->hi = fmax(w->hi, w->pct + q / 2);
}

struct measure_ctx {
	struct row *w;
	const struct lbc_index *ix;
	const struct lbs_slice_index *sx;	/* NULL without --slices */
	const struct lbs_pair *p;
	const struct lbs_opts *o;
	const uint64_t *boots;	/* every replicate's index, ascending */
	size_t nboots;
};

/* The rank-sum test of W's samples, where each side has enough. */
static void rank_test(struct row *w)
{
	struct lbs_rank rk;

	w->p = w->p_min = w->mde = NAN;
	if (w->nx >= LBS_MIN_BOOTS && w->ny >= LBS_MIN_BOOTS && !lbs_rank_test(w->x, w->nx, w->y, w->ny, &rk)) {
		w->p = rk.p;
		w->p_min = lbs_rank_p_min(w->nx, w->ny);
	}
}

/*
 * W measured from adjacent slices (slicepairs.h): the change is the
 * median over processes of q_p, its CI resampled over processes; the
 * figures are the estimator's own, median_base the median of x_p and
 * median_other median_base times the ratio, so that the change printed
 * beside them is computed from them.  1 when measured; 0 when the slices
 * give no ratio (the records answer); -1 when out of memory.
 */
static int from_slices(struct row *w, const struct measure_ctx *c, const struct lbs_pair *p,
		       gsl_rng *rng)
{
	size_t cap = c->sx->set->n ? c->sx->set->n : 1, pairs;
	double *xs = malloc(cap * sizeof(*xs)), *ys = malloc(cap * sizeof(*ys));
	double *q = malloc(cap * sizeof(*q)), *ones = malloc(cap * sizeof(*ones));
	uint64_t *b = malloc(cap * sizeof(*b));
	struct lbs_ratio rt;
	char name[256];
	long n = -1;

	if (!xs || !ys || !q || !ones || !b)
		goto out;
	n = lbs_slice_pairs(c->sx, p->base, p->other, w->cell, w->metric, c->o->state, xs, ys, q, b, &pairs);
	if (n <= 0)
		goto out;
	w->nx = w->ny = (size_t)n;
	w->paired = 1;
	w->estimator = "slice-ratios";
	if (keep(w, xs, ys, b, b, q)) {
		n = -1;
		goto out;
	}
	for (size_t i = 0; i < cap; i++)
		ones[i] = 1;
	w->mx = lbs_median(xs, w->nx);
	w->quantum = quantum_pct(w, c->o->tsc_step);
	row_name(name, sizeof(name), w, p, c->o->state ? "slices-state" : "slices");
	lbs_seed_for(rng, c->o, name);
	lbs_paired_ratio_ci(rng, ones, q, w->nx, c->o->resamples, 0.95, &rt);
	w->pct = pct_of(rt.ratio);
	w->my = w->mx * rt.ratio;
	w->lo = pct_of(rt.lo);
	w->hi = pct_of(rt.hi);
	widen_to_quantum(w);
	rank_test(w);
	n = 1;
out:
	free(xs);
	free(ys);
	free(q);
	free(ones);
	free(b);
	return (int)n;
}

static void measure(struct row *w, const struct measure_ctx *c, gsl_rng *rng, double *x, double *y)
{
	const struct lbc_index *s = c->ix;
	const struct lbs_pair *p = &c->p[w->pair];
	const struct lbs_opts *o = c->o;
	size_t bufn = s->s->n ? s->s->n : 1, nrec;
	uint64_t *bx = malloc(bufn * sizeof(*bx)), *by = malloc(bufn * sizeof(*by));
	struct lbs_ratio rt;
	char name[256];

	if (!bx || !by) {
		free(bx);
		free(by);
		w->oom = 1;
		return;
	}
	w->paired = sides(w, s, p, o, x, y, bx, by, &nrec);
	w->estimator = w->paired ? "replicate-ratios" : "ratio-of-medians";
	if (c->sx && lbs_slice_metric(w->cell, w->metric)) {
		int rc = from_slices(w, c, p, rng);

		if (rc) {
			w->oom = rc < 0;
			free(bx);
			free(by);
			return;
		}
	}
	/* A state's figures come from its slices alone. */
	if (o->state) {
		w->drop = 1;
		free(bx);
		free(by);
		return;
	}
	w->oom = keep(w, x, y, bx, by, NULL);
	free(bx);
	free(by);
	if (w->oom)
		return;
	w->mx = lbs_median(x, w->nx);
	w->my = lbs_median(y, w->ny);
	w->pct = w->mx != 0 ? pct_of(w->my / w->mx) : NAN;
	w->quantum = quantum_pct(w, o->tsc_step);
	row_name(name, sizeof(name), w, p, "pair");
	lbs_seed_for(rng, o, name);
	if (w->paired) {
		/* The median of the per-replicate ratios is the effect. */
		lbs_paired_ratio_ci(rng, x, y, w->nx, o->resamples, 0.95, &rt);
		w->pct = pct_of(rt.ratio);
	} else {
		lbs_ratio_ci(rng, x, w->nx, y, w->ny, o->resamples, 0.95, &rt);
	}
	w->lo = pct_of(rt.lo);
	w->hi = pct_of(rt.hi);
	widen_to_quantum(w);
	rank_test(w);
}

/* The MDE needs the family's size, so it is a second pass: the change
 * this test detects in 80% of samples like base's at level alpha / m,
 * what Holm asks of a family's smallest p. */
static void measure_mde(struct row *w, const struct lbs_pair *p, const struct lbs_opts *o,
			gsl_rng *rng)
{
	char name[256];

	if (isnan(w->p_holm) || !w->family)
		return;
	row_name(name, sizeof(name), w, p, "mde");
	lbs_seed_for(rng, o, name);
	w->mde = lbs_rank_mde_pct(rng, w->x, w->nx, w->ny, o->alpha / (double)w->family, o->power,
				  LBS_MDE_SIMS);
}

static void measure_row(size_t i, gsl_rng *rng, double *x, double *y, void *ctx)
{
	struct measure_ctx *c = ctx;

	measure(&c->w[i], c, rng, x, y);
}

static void measure_mde_row(size_t i, gsl_rng *rng, double *x, double *y, void *ctx)
{
	struct measure_ctx *c = ctx;

	(void)x;
	(void)y;
	measure_mde(&c->w[i], &c->p[c->w[i].pair], c->o, rng);
}

/* The block (0 or 1) of replicate B: the first half of the replicates by
 * index, or the second.  One block: 0. */
static int block_of(const struct measure_ctx *c, uint64_t b)
{
	size_t lo = 0, hi = c->nboots;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (c->boots[mid] < b)
			lo = mid + 1;
		else
			hi = mid;
	}
	return c->o->blocks > 1 && 2 * lo >= c->nboots;
}

/*
 * W's change in each block of replicates and the difference between the
 * blocks (blocks.h), with the row's own estimator; the blocks agree
 * unless the difference's CI excludes 0 and the difference is larger
 * than the row's floor.
 */
static void measure_blocks(struct row *w, const struct measure_ctx *c, gsl_rng *rng)
{
	struct lbs_block b[2] = { { .paired = w->paired }, { .paired = w->paired } };
	double *part = malloc(2 * (w->nx + w->ny + 1) * sizeof(*part));
	double f = isnan(w->floor) ? 0 : w->floor;
	char name[256];

	w->blocks = (struct lbs_block_diff){ { NAN, NAN }, NAN, NAN, NAN };
	w->blocks_agree = 1;
	if (c->o->blocks < 2 || !part) {
		free(part);
		return;
	}
	/* Each block's values side by side in PART: q, or x then y. */
	for (int k = 0; k < 2; k++) {
		double *v = part + (size_t)k * (w->nx + w->ny + 1);

		if (w->paired) {
			b[k].q = v;
			for (size_t i = 0; i < w->nx; i++)
				if (block_of(c, w->bx[i]) == k)
					v[b[k].n++] = w->q[i];
			continue;
		}
		b[k].x = v;
		for (size_t i = 0; i < w->nx; i++)
			if (block_of(c, w->bx[i]) == k)
				v[b[k].nx++] = w->x[i];
		b[k].y = v + b[k].nx;
		for (size_t i = 0; i < w->ny; i++)
			if (block_of(c, w->by[i]) == k)
				v[b[k].nx + b[k].ny++] = w->y[i];
	}
	row_name(name, sizeof(name), w, &c->p[w->pair], "blocks");
	lbs_seed_for(rng, c->o, name);
	if (!lbs_block_diff(rng, b, c->o->resamples, 0.95, &w->blocks))
		w->blocks_agree = !((w->blocks.lo > 0 || w->blocks.hi < 0) && fabs(w->blocks.diff) > f);
	free(part);
}

static void measure_blocks_row(size_t i, gsl_rng *rng, double *x, double *y, void *ctx)
{
	struct measure_ctx *c = ctx;

	(void)x;
	(void)y;
	measure_blocks(&c->w[i], c, rng);
}

/* The replicate indexes of S's records and SL's slices, ascending and
 * each once, into *BOOTS (malloc'd); their count, or -1 when out of
 * memory. */
static long all_boots(const struct lb_set *s, const struct lbs_slices *sl, uint64_t **boots)
{
	size_t n = s->n + (sl ? sl->n : 0), k = 0;
	uint64_t *b = malloc((n ? n : 1) * sizeof(*b));

	*boots = b;
	if (!b)
		return -1;
	for (size_t i = 0; i < s->n; i++)
		b[k++] = s->rec[i].boot;
	for (size_t i = 0; sl && i < sl->n; i++)
		b[k++] = sl->s[i].boot;
	qsort(b, k, sizeof(*b), by_u64);
	n = k;
	for (size_t i = k = 0; i < n; i++)
		if (!k || b[k - 1] != b[i])
			b[k++] = b[i];
	return (long)k;
}

static int same_family(const struct row *a, const struct row *b)
{
	return a->pair == b->pair && !strcmp(a->cell->mode, b->cell->mode) &&
	       !strcmp(a->metric, b->metric);
}

/* Whether a row is a test at all: enough boots and a ratio, and not the
 * no-lock loop baseline (a base kind that masks nothing: empty), whose
 * hot cost is 0 by construction, since the loop's overhead is subtracted
 * through it.  Such cells would only raise their family's m. */
static int testable(const struct row *w)
{
	const struct lb_kind *k = lb_kind_by_name(w->cell->kind);

	return !isnan(w->p) && !isnan(w->pct) && !(k && k->base && !strcmp(k->irq, "none"));
}

/* Holm inside each family of testable rows; rows of one family need not
 * be adjacent.  Every row of a family gets its size m. */
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
				p[m] = testable(&w[j]) ? w[j].p : NAN;
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

static int is_aa(const struct lbs_pair *q, const struct lbs_pair *aa)
{
	return aa && !strcmp(q->base, aa->base) && !strcmp(q->other, aa->other);
}

/* Whether a replicate of W's base is 0: a resample could have no ratio
 * (lbs_aa_floor leaves such rows out, as the empty kind is). */
static int base_has_zero(const struct row *w)
{
	for (size_t i = 0; i < w->nx; i++)
		if (w->x[i] == 0)
			return 1;
	return 0;
}

/* Whether rows A and B share a floor: one mode, metric and kind. */
static int same_floor(const struct row *a, const struct row *b)
{
	return !strcmp(a->cell->mode, b->cell->mode) && !strcmp(a->metric, b->metric) &&
	       !strcmp(a->cell->kind, b->cell->kind);
}

/*
 * The A/A bound of the mode, metric and kind of row I: every testable A/A
 * row of them (the empty kind, 0 by construction, is not testable)
 * resampled together, lbs_aa_floor's LBS_FLOOR_Q quantile of the largest
 * |change|.  Per kind, so that one noisy kind (a bit lock whose layout
 * moves it by 16%) does not raise a quiet kind's floor.  A paired row is
 * resampled as its change is: the median of its per-replicate ratios q
 * over a base of ones.
 */
static double aa_bound(const struct row *w, size_t n, size_t i, const struct lbs_pair *p,
		       const struct lbs_pair *aa, const struct lbs_opts *o, gsl_rng *rng)
{
	struct lbs_aa_row *rows = calloc(n ? n : 1, sizeof(*rows));
	double *ones = NULL, bound = NAN;
	size_t k = 0, most = 1;
	char name[256];

	for (size_t j = 0; j < n; j++)
		most = w[j].nx > most ? w[j].nx : most;
	ones = malloc(most * sizeof(*ones));
	if (!rows || !ones)
		goto out;
	for (size_t j = 0; j < most; j++)
		ones[j] = 1;
	for (size_t j = 0; j < n; j++) {
		if (!is_aa(&p[w[j].pair], aa) || !testable(&w[j]) || !same_floor(&w[j], &w[i]) ||
		    base_has_zero(&w[j]))
			continue;
		rows[k] = (struct lbs_aa_row){ .x = w[j].paired ? ones : w[j].x,
					       .y = w[j].paired ? w[j].q : w[j].y,
					       .nx = w[j].nx, .ny = w[j].ny, .paired = w[j].paired };
		k++;
	}
	snprintf(name, sizeof(name), "floor/%s/%s/%s/%s/%s", aa->base, aa->other, w[i].cell->mode,
		 w[i].metric, w[i].cell->kind);
	lbs_seed_for(rng, o, name);
	bound = lbs_aa_floor(rng, rows, k, o->resamples, LBS_FLOOR_Q);
out:
	free(rows);
	free(ones);
	return bound;
}

/* The noise floor of each row: its mode, metric and kind's A/A bound, or
 * the row's own quantum where that is larger (identical code can then
 * show a CI of zero width); NaN without an A/A row of its kind. */
static int floors(struct row *w, size_t n, const struct lbs_pair *p, const struct lbs_aa *a,
		  const struct lbs_opts *o)
{
	double *bound = malloc((n ? n : 1) * sizeof(*bound));
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);

	if (!bound || !rng) {
		free(bound);
		if (rng)
			gsl_rng_free(rng);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		size_t j;

		/* One bound per mode, metric and kind, from the first row that has them. */
		for (j = 0; j < i && !same_floor(&w[j], &w[i]); j++)
			;
		bound[i] = j < i ? bound[j] : a->aa ? aa_bound(w, n, i, p, a->aa, o, rng) : NAN;
		w[i].floor = bound[i];
		w[i].floor_by = isnan(bound[i]) ? "none" : "a-a";
		if (!isnan(bound[i]) && w[i].quantum > w[i].floor) {
			w[i].floor = w[i].quantum;
			w[i].floor_by = "quantum";
		}
	}
	free(bound);
	gsl_rng_free(rng);
	return 0;
}

/* pairs.csv's columns by name; LB_PAIRS_COLUMNS gives their order. */
#define LBC_CELL		w->cell
#define COL_base		p->base
#define COL_other		p->other
#define COL_metric		w->metric
#define COL_n_base		w->nx
#define COL_n_other		w->ny
#define COL_unit		lbc_unit(w->cell, w->metric)
#define COL_median_base		LBC_G(w->mx, 6)
#define COL_median_other	LBC_G(w->my, 6)
#define COL_pct_change		LBC_G(w->pct, 6)
#define COL_pct_lo		LBC_G(w->lo, 6)
#define COL_pct_hi		LBC_G(w->hi, 6)
#define COL_paired		w->paired
#define COL_delta		LBC_G(w->mx * w->pct / 100, 6)
#define COL_delta_lo		LBC_G(w->mx * w->lo / 100, 6)
#define COL_delta_hi		LBC_G(w->mx * w->hi / 100, 6)
#define COL_delta_ns		LBC_G(delta_ns(w), 6)
#define COL_p_rank		LBC_G(w->p, 4)
#define COL_p_min		LBC_G(w->p_min, 4)
#define COL_p_holm		LBC_G(w->p_holm, 4)
#define COL_p_holm_min		LBC_G(w->family ? fmin(1, (double)w->family * w->p_min) : NAN, 4)
#define COL_family_size		w->family
#define COL_mde_pct		LBC_G(w->mde, 4)
#define COL_floor_pct		LBC_G(w->floor, 6)
#define COL_quantum_pct		LBC_G(w->quantum, 4)
#define COL_floor_by		w->floor_by
#define COL_verdict		w->verdict
#define COL_significant		(int)!strcmp(w->verdict, "changed")
#define COL_oversub		w->oversub
#define COL_estimator		w->estimator
#define COL_block_pct_1		LBC_G(w->blocks.pct[0], 6)
#define COL_block_pct_2		LBC_G(w->blocks.pct[1], 6)
#define COL_block_diff_pct	LBC_G(w->blocks.diff, 6)
#define COL_block_diff_lo	LBC_G(w->blocks.lo, 6)
#define COL_block_diff_hi	LBC_G(w->blocks.hi, 6)
#define COL_blocks_agree	w->blocks_agree
#define COL_state		w->state

/* The change in ns: cycles at the cell's TSC rate, ns as they are. */
static double delta_ns(const struct row *w)
{
	const char *unit = lbc_unit(w->cell, w->metric);
	double d = w->mx * w->pct / 100;

	if (!strcmp(unit, "ns"))
		return d;
	if (!strcmp(unit, "cycles") && w->cell->tsc_khz)
		return d * 1e6 / (double)w->cell->tsc_khz;
	return NAN;
}

static void write_row(FILE *f, const struct row *w, const struct lbs_pair *p)
{
	LBC_ROW(f, LB_PAIRS_COLUMNS);
}

int lbs_write_pairs(FILE *pairs, const struct lb_set *s, const struct lbs_pair *p, size_t np,
		    const struct lbs_aa *a, const struct lbs_slices *sl, const struct lbs_opts *o)
{
	struct row *w = NULL;
	size_t n = 0, cap = 0, i, k;
	struct measure_ctx ctx;
	struct lbc_index ix = { 0 };
	struct lbs_slice_index sx = { 0 };
	char state[24] = "all";
	uint64_t *boots = NULL;
	long nboots;
	int rc = -1;

	if (o->state)
		snprintf(state, sizeof(state), "%u", o->state);
	if (lbc_index_init(&ix, s) || (sl && lbs_slice_index_init(&sx, sl, s)))
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
				w[n++] = (struct row){ .pair = k, .cell = r, .metric = *m, .state = state };
			}
		}
	}
	nboots = all_boots(s, sl, &boots);
	if (nboots < 0)
		goto out;
	ctx = (struct measure_ctx){ .w = w, .ix = &ix, .sx = sl ? &sx : NULL, .p = p, .o = o,
				    .boots = boots, .nboots = (size_t)nboots };
	if (lbs_each_row(n, s->n, measure_row, &ctx))
		goto out;
	for (i = 0; i < n; i++)
		if (w[i].oom)
			goto out;
	/* A cell the other variant lacks is no comparison; nor, for a
	 * state, one its slices do not give. */
	for (i = k = 0; i < n; i++) {
		if (w[i].ny && !w[i].drop)
			w[k++] = w[i];
		else
			row_free(&w[i]);
	}
	n = k;
	if (adjust(w, n) || lbs_each_row(n, s->n, measure_mde_row, &ctx))
		goto out;
	if (floors(w, n, p, a, o))
		goto out;
	if (lbs_each_row(n, s->n, measure_blocks_row, &ctx))
		goto out;
	fprintf(pairs, "%s\n", LB_CSV_HEADER(LB_PAIRS_COLUMNS));
	for (i = 0; i < n; i++) {
		const struct lbs_pair *q = &p[w[i].pair];

		w[i].verdict = lbs_verdict(w[i].nx, w[i].ny, is_aa(q, a->aa), w[i].pct, w[i].lo, w[i].hi,
					   w[i].floor, w[i].p_holm, o->alpha);
		write_row(pairs, &w[i], q);
	}
	rc = 0;
out:
	for (i = 0; i < n; i++)
		row_free(&w[i]);
	free(w);
	free(boots);
	if (ix.s)
		lbc_index_free(&ix);
	if (sx.set)
		lbs_slice_index_free(&sx);
	return rc;
}
