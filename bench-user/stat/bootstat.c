// SPDX-License-Identifier: GPL-2.0
/* bootstat: see bootstat.h. */
#include "bootstat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

/* Median of BUF[N], which it sorts. */
static double median_sorting(double *buf, size_t n)
{
	gsl_sort(buf, 1, n);
	return gsl_stats_median_from_sorted_data(buf, 1, n);
}

double lbs_median(const double *x, size_t n)
{
	double *buf, m;

	if (!n)
		return NAN;
	buf = malloc(n * sizeof(*buf));
	if (!buf)
		return NAN;
	memcpy(buf, x, n * sizeof(*buf));
	m = median_sorting(buf, n);
	free(buf);
	return m;
}

/*
 * gsl_stats_quantile_from_sorted_data(sorted X, F) without sorting X[N]
 * (which it reorders): two order statistics by selection, combined the
 * same way.  Sorting each 4000-draw resample was a tenth of lb-stat.
 */
static double quantile_selecting(double *x, size_t n, double f)
{
	const double index = f * (double)(n - 1);
	const size_t lhs = (size_t)index;
	const double delta = index - (double)lhs;
	double lo = gsl_stats_select(x, 1, n, lhs);

	if (lhs == n - 1)
		return lo;
	return (1 - delta) * lo + delta * gsl_stats_select(x, 1, n, lhs + 1);
}

/*
 * Resampling draws indices only, so each statistic is an order statistic
 * of the sorted sample.  Counting how often each rank is drawn and
 * walking the ranks finds it in O(n), where sorting every resample cost
 * most of lb-stat's time; the draws, and so every figure, are unchanged.
 */
struct ranks {
	size_t n;
	double *sorted;		/* the sample in ascending order */
	size_t *rank;		/* rank[i]: position of x[i] in sorted */
	size_t *count;		/* per rank: times drawn */
};

struct valued { double v; size_t i; };

static int by_value(const void *a, const void *b)
{
	double x = ((const struct valued *)a)->v, y = ((const struct valued *)b)->v;

	return (x > y) - (x < y);
}

static void ranks_free(struct ranks *k)
{
	free(k->sorted);
	free(k->rank);
	free(k->count);
}

static int ranks_init(struct ranks *k, const double *x, size_t n)
{
	struct valued *order = malloc(n * sizeof(*order));

	k->n = n;
	k->sorted = malloc(n * sizeof(*k->sorted));
	k->rank = malloc(n * sizeof(*k->rank));
	k->count = malloc(n * sizeof(*k->count));
	if (!order || !k->sorted || !k->rank || !k->count) {
		free(order);
		ranks_free(k);
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		order[i] = (struct valued){ x[i], i };
	qsort(order, n, sizeof(*order), by_value);
	for (size_t r = 0; r < n; r++) {
		k->sorted[r] = order[r].v;
		k->rank[order[r].i] = r;
	}
	free(order);
	return 0;
}

/* The median of a multiset given as counts per rank that sum to N: the
 * same expression as gsl_stats_median_from_sorted_data on its sorted form. */
static double median_of_counts(const double *sorted, const size_t *count, size_t ranks, size_t n)
{
	size_t lhs = (n - 1) / 2, rhs = n / 2, seen = 0, r;
	double lo = NAN;

	for (r = 0; r < ranks; r++) {
		seen += count[r];
		if (seen > lhs) {
			lo = sorted[r];
			break;
		}
	}
	if (lhs == rhs)
		return lo;
	while (seen <= rhs)
		seen += count[++r];
	return (lo + sorted[r]) / 2.0;
}

/* Median of N draws with replacement from the sample behind K. */
static double resample_median(gsl_rng *rng, struct ranks *k)
{
	memset(k->count, 0, k->n * sizeof(*k->count));
	for (size_t i = 0; i < k->n; i++)
		k->count[k->rank[gsl_rng_uniform_int(rng, k->n)]]++;
	return median_of_counts(k->sorted, k->count, k->n, k->n);
}

int lbs_median_ci(gsl_rng *rng, const double *x, size_t n, size_t b, double level,
		  double *lo, double *hi)
{
	struct ranks k;
	double *m;

	*lo = *hi = NAN;
	if (n < LBS_MIN_BOOTS || b < 2)
		return -1;
	m = malloc(b * sizeof(*m));
	if (!m || ranks_init(&k, x, n)) {
		free(m);
		return -1;
	}
	for (size_t i = 0; i < b; i++)
		m[i] = resample_median(rng, &k);
	*lo = quantile_selecting(m, b, (1 - level) / 2);
	*hi = quantile_selecting(m, b, (1 + level) / 2);
	free(m);
	ranks_free(&k);
	return 0;
}

int lbs_ratio_ci(gsl_rng *rng, const double *x, size_t nx, const double *y, size_t ny,
		 size_t b, double level, struct lbs_ratio *out)
{
	struct ranks kx, ky;
	double mx, my, *r, *lg;
	size_t i, nr = 0, nl = 0;

	out->ratio = out->lo = out->hi = out->se_log = NAN;
	if (nx < LBS_MIN_BOOTS || ny < LBS_MIN_BOOTS || b < 2)
		return -1;
	mx = lbs_median(x, nx);
	my = lbs_median(y, ny);
	if (mx != 0)
		out->ratio = my / mx;
	r = malloc(b * sizeof(*r));
	lg = malloc(b * sizeof(*lg));
	if (!r || !lg || ranks_init(&kx, x, nx)) {
		free(r);
		free(lg);
		return -1;
	}
	if (ranks_init(&ky, y, ny)) {
		ranks_free(&kx);
		free(r);
		free(lg);
		return -1;
	}
	for (i = 0; i < b; i++) {
		double bx = resample_median(rng, &kx);
		double by = resample_median(rng, &ky);

		if (bx != 0)
			r[nr++] = by / bx;
		if (bx > 0 && by > 0)
			lg[nl++] = log(by / bx);
	}
	/* A resample whose base median is 0 has no ratio; more than a few
	 * such and the interval would describe a different population. */
	if (nr == b) {
		out->lo = quantile_selecting(r, nr, (1 - level) / 2);
		out->hi = quantile_selecting(r, nr, (1 + level) / 2);
	}
	if (nl == b)
		out->se_log = gsl_stats_sd(lg, 1, nl);
	free(r);
	free(lg);
	ranks_free(&kx);
	ranks_free(&ky);
	return 0;
}

void lbs_modes(const double *x, size_t n, struct lbs_modes *out)
{
	double *s, gap = -1, ss = 0, pooled;
	size_t cut = 0;

	*out = (struct lbs_modes){ .med_high = NAN, .med_low = NAN, .gap_ratio = NAN };
	if (!n || !(s = malloc(n * sizeof(*s))))
		return;
	memcpy(s, x, n * sizeof(*s));
	gsl_sort(s, 1, n);
	out->modes = 1;
	out->n_low = n;
	out->med_low = gsl_stats_median_from_sorted_data(s, 1, n);
	/* The widest gap with LBS_MODE_MIN values on each side. */
	for (size_t i = LBS_MODE_MIN; i + LBS_MODE_MIN <= n; i++) {
		if (s[i] - s[i - 1] > gap) {
			gap = s[i] - s[i - 1];
			cut = i;
		}
	}
	if (cut) {
		/* Pooled within-group SD: each group about its own mean. */
		double ml = gsl_stats_mean(s, 1, cut), mh = gsl_stats_mean(s + cut, 1, n - cut);

		for (size_t i = 0; i < n; i++)
			ss += (s[i] - (i < cut ? ml : mh)) * (s[i] - (i < cut ? ml : mh));
		pooled = sqrt(ss / (double)(n - 2));
		out->gap_ratio = pooled > 0 ? gap / pooled : gap > 0 ? INFINITY : NAN;
		if (gap > LBS_MODE_GAP_K * pooled &&
		    gap > LBS_MODE_GAP_PCT / 100 * fabs(out->med_low)) {
			out->modes = 2;
			out->n_low = cut;
			out->n_high = n - cut;
			out->med_low = gsl_stats_median_from_sorted_data(s, 1, cut);
			out->med_high = gsl_stats_median_from_sorted_data(s + cut, 1, n - cut);
		}
	}
	if (out->modes == 2)
		snprintf(out->sizes, sizeof(out->sizes), "%zu+%zu", out->n_low, out->n_high);
	else
		snprintf(out->sizes, sizeof(out->sizes), "%zu", n);
	free(s);
}

int lbs_paired_ratio_ci(gsl_rng *rng, const double *x, const double *y, size_t n,
			size_t b, double level, struct lbs_ratio *out)
{
	struct ranks k;
	double *q, *r, *lg;
	size_t i, nl = 0;
	int pos = 1;

	out->ratio = out->lo = out->hi = out->se_log = NAN;
	if (n < LBS_MIN_BOOTS || b < 2)
		return -1;
	q = malloc(n * sizeof(*q));
	r = malloc(b * sizeof(*r));
	lg = malloc(b * sizeof(*lg));
	if (!q || !r || !lg)
		goto fail;
	for (i = 0; i < n; i++) {
		if (x[i] == 0)
			goto fail;
		q[i] = y[i] / x[i];
		pos &= q[i] > 0;
	}
	if (ranks_init(&k, q, n))
		goto fail;
	out->ratio = lbs_median(q, n);
	for (i = 0; i < b; i++) {
		r[i] = resample_median(rng, &k);
		if (pos)
			lg[nl++] = log(r[i]);
	}
	out->lo = quantile_selecting(r, b, (1 - level) / 2);
	out->hi = quantile_selecting(r, b, (1 + level) / 2);
	if (nl == b)
		out->se_log = gsl_stats_sd(lg, 1, nl);
	ranks_free(&k);
	free(q);
	free(r);
	free(lg);
	return 0;
fail:
	free(q);
	free(r);
	free(lg);
	return -1;
}

/* One A/A row ready to resample: the ranks of each side, or of the
 * per-replicate ratios when paired. */
struct aa_ranks {
	struct ranks x, y;
	int paired, ok;
};

static int aa_ranks_init(struct aa_ranks *a, const struct lbs_aa_row *row)
{
	a->paired = row->paired;
	a->ok = 0;
	if (row->nx < LBS_MIN_BOOTS || row->ny < LBS_MIN_BOOTS)
		return 0;
	/* A base that holds a 0 can resample to a median of 0, which has no
	 * ratio: a near-zero cell, left out as the empty kind is. */
	for (size_t i = 0; i < row->nx; i++)
		if (row->x[i] == 0)
			return 0;
	if (row->paired) {
		double *q = malloc(row->nx * sizeof(*q));
		int rc;

		if (!q || row->nx != row->ny) {
			free(q);
			return q ? 0 : -1;
		}
		for (size_t i = 0; i < row->nx; i++) {
			q[i] = row->y[i] / row->x[i];
		}
		rc = ranks_init(&a->x, q, row->nx);
		free(q);
		a->ok = !rc;
		return rc;
	}
	if (ranks_init(&a->x, row->x, row->nx))
		return -1;
	if (ranks_init(&a->y, row->y, row->ny)) {
		ranks_free(&a->x);
		return -1;
	}
	a->ok = 1;
	return 0;
}

static void aa_ranks_free(struct aa_ranks *a)
{
	if (!a->ok)
		return;
	ranks_free(&a->x);
	if (!a->paired)
		ranks_free(&a->y);
}

double lbs_aa_floor(gsl_rng *rng, const struct lbs_aa_row *rows, size_t k, size_t b, double q)
{
	struct aa_ranks *a = calloc(k ? k : 1, sizeof(*a));
	double *mx = malloc((b ? b : 1) * sizeof(*mx)), floor = NAN;
	size_t i, j, used = 0, nm = 0;

	if (!a || !mx)
		goto out;
	for (j = 0; j < k; j++) {
		if (aa_ranks_init(&a[j], &rows[j]))
			goto out;
		used += a[j].ok;
	}
	if (!used || b < 2)
		goto out;
	for (i = 0; i < b; i++) {
		double worst = -1;

		for (j = 0; j < k; j++) {
			double r;

			if (!a[j].ok)
				continue;
			if (a[j].paired) {
				r = resample_median(rng, &a[j].x);
			} else {
				/* No base holds a 0, so no base median is 0. */
				double bx = resample_median(rng, &a[j].x);

				r = resample_median(rng, &a[j].y) / bx;
			}
			worst = fmax(worst, fabs(100 * (r - 1)));
		}
		mx[nm++] = worst;
	}
	floor = quantile_selecting(mx, nm, q);
out:
	for (j = 0; a && j < k; j++)
		aa_ranks_free(&a[j]);
	free(a);
	free(mx);
	return floor;
}

const char *lbs_verdict(size_t nx, size_t ny, int is_aa, double pct, double lo, double hi,
			double floor, double p_holm, double alpha)
{
	double f = isnan(floor) ? 0 : floor;

	if (nx < LBS_MIN_BOOTS || ny < LBS_MIN_BOOTS)
		return "n-too-small";
	if (isnan(pct))
		return "no-ratio";
	if (is_aa)
		return "a-a";
	/* The whole interval must clear what identical code already moves:
	 * an interval that reaches inside the floor may be noise, whatever
	 * its point estimate or p.  Without an A/A pair the floor is 0. */
	if (!(lo > f || hi < -f))
		return isnan(floor) ? "not-significant" : "within-noise";
	if (isnan(p_holm) || p_holm >= alpha)
		return "not-significant";
	return isnan(floor) ? "changed-no-floor" : "changed";
}

struct ranked { double p; size_t i; };

static int by_p(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;

	return x->p < y->p ? -1 : x->p > y->p ? 1 : (x->i > y->i) - (x->i < y->i);
}

void lbs_holm(const double *p, double *adj, size_t n)
{
	struct ranked *v = malloc((n ? n : 1) * sizeof(*v));
	size_t m = 0, k;
	double run = 0;

	if (!v) {
		for (k = 0; k < n; k++)
			adj[k] = NAN;
		return;
	}
	for (k = 0; k < n; k++)
		if (!isnan(p[k]))
			v[m++] = (struct ranked){ p[k], k };
	qsort(v, m, sizeof(*v), by_p);
	for (k = 0; k < n; k++)
		if (isnan(p[k]))
			adj[k] = NAN;
	/* Step-down: the k-th smallest is scaled by (m - k), and adjusted
	 * values never decrease along the order. */
	for (k = 0; k < m; k++) {
		double a = (m - k) * v[k].p;

		if (a > 1)
			a = 1;
		if (a < run)
			a = run;
		run = a;
		adj[v[k].i] = a;
	}
	free(v);
}
