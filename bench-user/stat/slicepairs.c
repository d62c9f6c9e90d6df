// SPDX-License-Identifier: GPL-2.0
/* slicepairs: see slicepairs.h. */
#define _GNU_SOURCE	/* qsort_r */
#include "slicepairs.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "bootstat.h"

/* Order of the index: variant, cell, boot, round, seq. */
static int by_group(const void *pa, const void *pb, void *ctx)
{
	const struct lbs_slice_index *x = ctx;
	size_t a = *(const size_t *)pa, b = *(const size_t *)pb;
	const struct lbs_slice *sa = &x->set->s[a], *sb = &x->set->s[b];
	int c = strcmp(sa->variant, sb->variant);

	if (!c)
		c = strcmp(x->key[a], x->key[b]);
	if (!c)
		c = (sa->boot > sb->boot) - (sa->boot < sb->boot);
	if (!c)
		c = (sa->round > sb->round) - (sa->round < sb->round);
	return c ? c : (sa->seq > sb->seq) - (sa->seq < sb->seq);
}

struct boot_khz {
	uint64_t boot, khz;
};

static int by_boot(const void *pa, const void *pb)
{
	const struct boot_khz *a = pa, *b = pb;

	return (a->boot > b->boot) - (a->boot < b->boot);
}

void lbs_slice_index_free(struct lbs_slice_index *x)
{
	for (size_t i = 0; x->key && i < x->set->n; i++)
		free(x->key[i]);
	free(x->key);
	free(x->order);
	free(x->khz_boot);
	free(x->khz);
	memset(x, 0, sizeof(*x));
}

int lbs_slice_index_init(struct lbs_slice_index *x, const struct lbs_slices *set,
			 const struct lb_set *recs)
{
	size_t n = set->n;
	struct boot_khz *bk = malloc((recs->n ? recs->n : 1) * sizeof(*bk));

	memset(x, 0, sizeof(*x));
	x->set = set;
	x->key = calloc(n ? n : 1, sizeof(*x->key));
	x->order = malloc((n ? n : 1) * sizeof(*x->order));
	x->khz_boot = malloc((recs->n ? recs->n : 1) * sizeof(*x->khz_boot));
	x->khz = malloc((recs->n ? recs->n : 1) * sizeof(*x->khz));
	if (!bk || !x->key || !x->order || !x->khz_boot || !x->khz)
		goto fail;
	for (size_t i = 0; i < n; i++) {
		x->order[i] = i;
		if (!(x->key[i] = lbc_cell_key(&set->s[i].cell)))
			goto fail;
	}
	qsort_r(x->order, n, sizeof(*x->order), by_group, x);
	/* Every record of a process shares its TSC rate: the first one's. */
	for (size_t i = 0; i < recs->n; i++)
		bk[i] = (struct boot_khz){ recs->rec[i].boot, recs->rec[i].tsc_khz };
	qsort(bk, recs->n, sizeof(*bk), by_boot);
	for (size_t i = 0; i < recs->n; i++) {
		if (x->nkhz && x->khz_boot[x->nkhz - 1] == bk[i].boot)
			continue;
		x->khz_boot[x->nkhz] = bk[i].boot;
		x->khz[x->nkhz++] = bk[i].khz;
	}
	free(bk);
	return 0;
fail:
	free(bk);
	lbs_slice_index_free(x);
	return -1;
}

int lbs_slice_metric(const struct lb_record *cell, const char *metric)
{
	if (!strcmp(cell->mode, "contended"))
		return !strcmp(metric, "ops_per_s");
	return !strcmp(metric, "cyc_op") || !strcmp(metric, "ns_op");
}

static uint64_t khz_of(const struct lbs_slice_index *x, uint64_t boot)
{
	size_t lo = 0, hi = x->nkhz;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (x->khz_boot[mid] == boot)
			return x->khz[mid];
		if (x->khz_boot[mid] < boot)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

/* Slice S's METRIC: its p50, in ns at its process's TSC rate for ns_op;
 * NaN where the slice has none (another metric, no rate). */
static double value(const struct lbs_slice_index *x, const struct lbs_slice *s, const char *metric)
{
	uint64_t khz;

	if (!strcmp(metric, "ops_per_s"))
		return strcmp(s->metric, "ops_per_s") ? NAN : s->q[2];
	if (strcmp(s->metric, "cyc_op"))
		return NAN;
	if (!strcmp(metric, "cyc_op"))
		return s->q[2];
	khz = khz_of(x, s->boot);
	return khz ? s->q[2] * 1e6 / (double)khz : NAN;
}

/* The first position in the index of VARIANT's slices of the cell KEY
 * (a binary search); its group runs on from there. */
static size_t group_start(const struct lbs_slice_index *x, const char *variant, const char *key)
{
	size_t lo = 0, hi = x->set->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2, k = x->order[mid];
		int c = strcmp(x->set->s[k].variant, variant);

		if (!c)
			c = strcmp(x->key[k], key);
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static size_t group_end(const struct lbs_slice_index *x, size_t from, const char *variant,
			const char *key)
{
	while (from < x->set->n && !strcmp(x->set->s[x->order[from]].variant, variant) &&
	       !strcmp(x->key[x->order[from]], key))
		from++;
	return from;
}

static const struct lbs_slice *at(const struct lbs_slice_index *x, size_t i)
{
	return &x->set->s[x->order[i]];
}

/* The values of positions [I, END) of boot B and round R in state STATE
 * (0: any) into V; their count.  *NEXT gets the first position past them. */
static size_t of_round(const struct lbs_slice_index *x, size_t i, size_t end, uint64_t b, uint64_t r,
		       unsigned int state, const char *metric, double *v, size_t *next)
{
	size_t n = 0;

	for (; i < end && at(x, i)->boot == b && at(x, i)->round == r; i++) {
		double val = value(x, at(x, i), metric);

		if ((!state || at(x, i)->state == state) && !isnan(val))
			v[n++] = val;
	}
	*next = i;
	return n;
}

long lbs_slice_pairs(const struct lbs_slice_index *x, const char *base, const char *other,
		     const struct lb_record *cell, const char *metric, unsigned int state,
		     double *xs, double *ys, double *q, uint64_t *boot, size_t *pairs)
{
	char *key = lbc_cell_key(cell);
	size_t a0, a1, b0, b1, i, j, np = 0, cap;
	double *ra = NULL, *rb = NULL, *va = NULL, *vb = NULL, *rr = NULL;
	long rc = -1;
	int zero = 0;

	*pairs = 0;
	if (!key)
		return -1;
	a0 = group_start(x, base, key);
	a1 = group_end(x, a0, base, key);
	b0 = group_start(x, other, key);
	b1 = group_end(x, b0, other, key);
	cap = (a1 - a0) + (b1 - b0) + 1;
	ra = malloc(cap * sizeof(*ra));
	rb = malloc(cap * sizeof(*rb));
	va = malloc(cap * sizeof(*va));
	vb = malloc(cap * sizeof(*vb));
	rr = malloc(cap * sizeof(*rr));
	if (!ra || !rb || !va || !vb || !rr)
		goto out;
	/* Both groups run by boot, then round: walk them side by side. */
	for (i = a0, j = b0; i < a1;) {
		uint64_t b = at(x, i)->boot;
		size_t na = 0, nb = 0, nr = 0;

		while (j < b1 && at(x, j)->boot < b)
			j++;
		while (i < a1 && at(x, i)->boot == b) {
			uint64_t r = at(x, i)->round;
			size_t ka, kb;

			while (j < b1 && at(x, j)->boot == b && at(x, j)->round < r)
				j++;
			ka = of_round(x, i, a1, b, r, state, metric, ra, &i);
			kb = of_round(x, j, b1, b, r, state, metric, rb, &j);
			if (!ka || !kb)
				continue;
			memcpy(va + na, ra, ka * sizeof(*ra));
			memcpy(vb + nb, rb, kb * sizeof(*rb));
			na += ka;
			nb += kb;
			if (lbs_median(ra, ka) == 0) {
				zero = 1;
				continue;
			}
			rr[nr++] = lbs_median(rb, kb) / lbs_median(ra, ka);
		}
		if (!nr)
			continue;
		xs[np] = lbs_median(va, na);
		ys[np] = lbs_median(vb, nb);
		q[np] = lbs_median(rr, nr);
		boot[np++] = b;
		*pairs += nr;
	}
	rc = zero ? 0 : (long)np;
out:
	free(key);
	free(ra);
	free(rb);
	free(va);
	free(vb);
	free(rr);
	return rc;
}
