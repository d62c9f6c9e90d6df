// SPDX-License-Identifier: GPL-2.0
/* cells: see cells.h. */
#define _GNU_SOURCE	/* qsort_r */
#include "cells.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "bootstat.h"

static const char *const hot_metrics[] = { "ns_op", "cyc_op", NULL };
/* One thread has no fairness to report, so fair_ratio is left out. */
static const char *const cont_metrics[] = {
	"ops_per_s", "fair_ratio", "wait_p50_ns", "wait_p90_ns", "wait_p99_ns",
	"wait_max_ns", NULL
};
static const char *const cont1_metrics[] = {
	"ops_per_s", "wait_p50_ns", "wait_p90_ns", "wait_p99_ns", "wait_max_ns",
	NULL
};

/* LB_SUMMARY_CONTENDED as data: name, fewest threads, unit. */
#define LBC_EXTRA(m, t, unit, desc) { #m, t, #unit },
static const struct {
	const char *name;
	uint64_t min_threads;
	const char *unit;
} extras[] = { LB_SUMMARY_CONTENDED(LBC_EXTRA) };
#define NEXTRAS (sizeof(extras) / sizeof(extras[0]))

static int extra_of(const char *metric)
{
	for (size_t i = 0; i < NEXTRAS; i++)
		if (!strcmp(extras[i].name, metric))
			return (int)i;
	return -1;
}

/* The cell's fields are strings or integers; _Generic picks by member. */
static int eq_str(const char *a, const char *b)
{
	return !strcmp(a, b);
}

static int eq_u64(uint64_t a, uint64_t b)
{
	return a == b;
}

#define LBC_EQ(n, desc) \
	&& _Generic(a->n, const char *: eq_str, char *: eq_str, default: eq_u64)(a->n, b->n)

int lbc_same_cell(const struct lb_record *a, const struct lb_record *b)
{
	return 1 LB_CELL_FIELDS(LBC_EQ);
}

const char *const *lbc_metrics(const struct lb_record *r)
{
	if (strcmp(r->mode, "contended"))
		return hot_metrics;
	return r->threads > 1 ? cont_metrics : cont1_metrics;
}

const char *lbc_summary_extra(const struct lb_record *r, size_t i)
{
	size_t k;

	if (strcmp(r->mode, "contended"))
		return NULL;
	for (k = 0; k < NEXTRAS; k++)
		if (r->threads >= extras[k].min_threads && !i--)
			return extras[k].name;
	return NULL;
}

int lbc_value(const struct lb_record *r, const char *metric, double *out)
{
	double lo, hi;

	/* A measured jain is at least 1/threads: 0 is a record without the
	 * v3 columns.  One thread, or no waiter ever, has no hand-off. */
	if (extra_of(metric) >= 0 && (!r->jain || (!strcmp(metric, "handoff_ns") && !r->handoffs)))
		return -1;
	if (strcmp(metric, "fair_ratio"))
		return lb_get_double(r, metric, out);
	/* Fairness as one figure: the busiest thread's share over the
	 * least busy one's (1 = fair); undefined if one never got in. */
	if (lb_get_double(r, "share_min", &lo) || lb_get_double(r, "share_max", &hi) ||
	    !(lo > 0))
		return -1;
	*out = hi / lo;
	return 0;
}

const char *lbc_unit(const struct lb_record *r, const char *metric)
{
	const char *u = lb_accel_unit(r->accel);
	int e = extra_of(metric);

	if (e >= 0)
		return extras[e].unit;
	if (!strcmp(metric, "cyc_op"))
		return u ? u : "unknown";
	if (!strcmp(metric, "ns_op"))
		return u && !strcmp(u, "instructions") ? "instructions" : "ns";
	if (!strcmp(metric, "ops_per_s"))
		return "ops/s";
	if (strstr(metric, "_ns"))
		return "ns";
	return !strcmp(metric, "fair_ratio") ? "ratio" : "percent";
}

/* A record's cell as text: every LB_CELL_FIELDS field (the written
 * columns and the extra ones, such as pad), which is what makes two
 * records one cell. */
#define KEY_FIELD(n, desc)						\
	fputs(sep, f);							\
	sep = ",";							\
	LBC_PUT(f, r->n);
static char *cell_key(const struct lb_record *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	const char *sep = "";

	if (!f)
		return NULL;
	LB_CELL_FIELDS(KEY_FIELD)
	if (fclose(f)) {
		free(buf);
		return NULL;
	}
	return buf;
}

char *lbc_cell_key(const struct lb_record *r)
{
	return cell_key(r);
}

/* Order of the index: variant, cell, boot, then input order. */
static int by_group(const void *pa, const void *pb, void *ctx)
{
	const struct lbc_index *x = ctx;
	size_t a = *(const size_t *)pa, b = *(const size_t *)pb;
	const struct lb_record *ra = &x->s->rec[a], *rb = &x->s->rec[b];
	int c = strcmp(ra->variant, rb->variant);

	if (!c)
		c = strcmp(x->key[a], x->key[b]);
	if (!c)
		c = (ra->boot > rb->boot) - (ra->boot < rb->boot);
	return c ? c : (a > b) - (a < b);
}

void lbc_index_free(struct lbc_index *x)
{
	for (size_t i = 0; x->key && i < x->s->n; i++)
		free(x->key[i]);
	free(x->key);
	free(x->order);
	free(x->first);
	memset(x, 0, sizeof(*x));
}

int lbc_index_init(struct lbc_index *x, const struct lb_set *s)
{
	size_t n = s->n, i, j;

	x->s = s;
	x->key = calloc(n ? n : 1, sizeof(*x->key));
	x->order = malloc((n ? n : 1) * sizeof(*x->order));
	x->first = calloc(n ? n : 1, 1);
	if (!x->key || !x->order || !x->first)
		goto fail;
	for (i = 0; i < n; i++) {
		x->order[i] = i;
		if (!(x->key[i] = cell_key(&s->rec[i])))
			goto fail;
	}
	qsort_r(x->order, n, sizeof(*x->order), by_group, x);
	/* In each group, the ok record that comes first in the input. */
	for (i = 0; i < n; i = j) {
		size_t best = SIZE_MAX;

		for (j = i; j < n && !strcmp(s->rec[x->order[j]].variant, s->rec[x->order[i]].variant) &&
			    !strcmp(x->key[x->order[j]], x->key[x->order[i]]); j++)
			if (!strcmp(s->rec[x->order[j]].status, "ok") && x->order[j] < best)
				best = x->order[j];
		if (best != SIZE_MAX)
			x->first[best] = 1;
	}
	return 0;
fail:
	lbc_index_free(x);
	return -1;
}

int lbc_first_of_cell(const struct lbc_index *x, size_t i)
{
	return x->first[i];
}

struct boot_val {
	uint64_t boot;
	double v;
};

/* Binary search of the index for the first record of VARIANT in the
 * cell whose text is KEY; the group is contiguous from there, by boot. */
static size_t group_start(const struct lbc_index *x, const char *variant, const char *key)
{
	size_t lo = 0, hi = x->s->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2, k = x->order[mid];
		int c = strcmp(x->s->rec[k].variant, variant);

		if (!c)
			c = strcmp(x->key[k], key);
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

size_t lbc_boot_medians(const struct lbc_index *x, const char *variant,
			const struct lb_record *cell, const char *metric,
			double *out, size_t *nrec, int *oversub)
{
	return lbc_boot_medians_ids(x, variant, cell, metric, out, NULL, nrec, oversub);
}

size_t lbc_boot_medians_ids(const struct lbc_index *x, const char *variant,
			    const struct lb_record *cell, const char *metric,
			    double *out, uint64_t *boots, size_t *nrec, int *oversub)
{
	const struct lb_set *s = x->s;
	struct boot_val *bv = malloc((s->n ? s->n : 1) * sizeof(*bv));
	double *vals = malloc((s->n ? s->n : 1) * sizeof(*vals));
	char *key = cell_key(cell);
	size_t i, nb = 0, k, nout = 0;

	*nrec = 0;
	if (!bv || !vals || !key)
		goto out;
	for (i = group_start(x, variant, key); i < s->n; i++) {
		const struct lb_record *r = &s->rec[x->order[i]];

		if (strcmp(r->variant, variant) || strcmp(x->key[x->order[i]], key))
			break;
		if (strcmp(r->status, "ok"))
			continue;
		(*nrec)++;
		if (r->oversub)
			*oversub = 1;
		if (!lbc_value(r, metric, &bv[nb].v))
			bv[nb++].boot = r->boot;
	}
	/* The group is in boot order already. */
	for (k = 0; k < nb;) {
		size_t nv = 0;
		uint64_t b = bv[k].boot;

		while (k < nb && bv[k].boot == b)
			vals[nv++] = bv[k++].v;
		if (boots)
			boots[nout] = b;
		out[nout++] = lbs_median(vals, nv);
	}
out:
	free(bv);
	free(vals);
	free(key);
	return nout;
}

int lbc_comparable(const struct lb_set *s, int force, const char *tool)
{
	char why[LB_ERR_MAX];

	for (size_t i = 1; i < s->n; i++) {
		const struct lb_record *a = &s->rec[0], *b = &s->rec[i];
		const char *what;

		/* Cycles and instructions never share a table, --force or not. */
		if (lb_units_differ(a, b, why, sizeof(why))) {
			fprintf(stderr, "%s: refusing to analyse %s with %s: %s\n",
				tool, a->variant, b->variant, why);
			return -1;
		}
		if (force)
			continue;
		what = strcmp(a->accel, b->accel) ? "accel" : a->vcpus != b->vcpus ? "vcpus" :
		       strcmp(a->host, b->host) ? "host" : NULL;
		/* The TSC rate the guest calibrated is the host's under TCG and
		 * KVM: beyond calibration jitter it is another machine. */
		if (!what && a->tsc_khz && b->tsc_khz &&
		    fabs((double)a->tsc_khz - (double)b->tsc_khz) > LBC_TSC_SLACK * (double)a->tsc_khz) {
			fprintf(stderr, "%s: refusing to mix records that differ in tsc_khz (%s: %llu, %s: %llu: more than %.1f%% apart); --force overrides\n",
				tool, a->variant, (unsigned long long)a->tsc_khz, b->variant,
				(unsigned long long)b->tsc_khz, 100 * LBC_TSC_SLACK);
			return -1;
		}
		if (what) {
			char va[32], vb[32];

			snprintf(va, sizeof(va), "%llu", (unsigned long long)a->vcpus);
			snprintf(vb, sizeof(vb), "%llu", (unsigned long long)b->vcpus);
			fprintf(stderr, "%s: refusing to mix records that differ in %s (%s: %s, %s: %s); --force overrides\n",
				tool, what, a->variant, !strcmp(what, "vcpus") ? va : lb_get_str(a, what),
				b->variant, !strcmp(what, "vcpus") ? vb : lb_get_str(b, what));
			return -1;
		}
	}
	return 0;
}
