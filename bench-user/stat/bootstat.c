// SPDX-License-Identifier: GPL-2.0
/* bootstat: see bootstat.h. */
#include "bootstat.h"

#include <math.h>
#include <pthread.h>
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

/*
 * The modes rule (bootstat.h).  A split of sorted values after c of them
 * has two statistics, each the log likelihood ratio of two normal
 * groups over one: SPLIT_POOLED with one spread for both groups, for
 * c in [LBS_MODE_MIN, n - LBS_MODE_MIN]; SPLIT_OWN with each group's
 * own spread, for c in [LBS_MODE_MIN_OWN, n - LBS_MODE_MIN_OWN].  A
 * statistic that does not apply to c is NAN.
 */
enum { SPLIT_POOLED, SPLIT_OWN, SPLIT_KINDS };

static int split_applies(int k, size_t c, size_t n)
{
	size_t min = k == SPLIT_POOLED ? LBS_MODE_MIN : LBS_MODE_MIN_OWN;

	return c >= min && c + min <= n;
}

/* n log(a / b), INFINITY where b is 0 and a is not. */
static double nlog_ratio(double n, double a, double b)
{
	return b > 0 ? n * log(a / b) : a > 0 ? INFINITY : 0;
}

/* The statistics of sorted S[N], whose mean is MEAN and sum of squares
 * about it TSS > 0, into ST[k * N + c]. */
static void split_stats(const double *s, size_t n, double mean, double tss, double *st)
{
	double tot = 0, low = 0, low2 = 0, tot2 = 0;

	for (size_t i = 0; i < SPLIT_KINDS * n; i++)
		st[i] = NAN;
	/* About the mean, so that the sums cancel less. */
	for (size_t i = 0; i < n; i++) {
		tot += s[i] - mean;
		tot2 += (s[i] - mean) * (s[i] - mean);
	}
	for (size_t c = 1; c < n; c++) {
		size_t h = n - c;
		double wl, wh;

		low += s[c - 1] - mean;
		low2 += (s[c - 1] - mean) * (s[c - 1] - mean);
		/* Each group's sum of squares about its own mean, from the
		 * sums; a cancelling difference is clamped at 0. */
		wl = fmax(0, low2 - low * low / (double)c);
		wh = fmax(0, (tot2 - low2) - (tot - low) * (tot - low) / (double)h);
		if (split_applies(SPLIT_POOLED, c, n))
			st[SPLIT_POOLED * n + c] = nlog_ratio((double)n, tss, wl + wh);
		/* A group of no spread at all is infinitely likelier. */
		if (split_applies(SPLIT_OWN, c, n))
			st[SPLIT_OWN * n + c] = !(wl > 0 && wh > 0) ? INFINITY :
				(double)n * log(tss / (double)n) - (double)c * log(wl / (double)c) -
				(double)h * log(wh / (double)h);
	}
}

/* One statistic's simulated values at a split, pooled with its mirror's
 * (c values low and c high have one distribution under a symmetric
 * null), in ascending order. */
struct split_null {
	float *v;
	size_t len;
};

/* The mode rule of N values: each statistic's threshold at each split,
 * and the simulated values behind them. */
struct mode_rule {
	size_t n;
	double *thr;		/* [k * n + c] */
	struct split_null *z;	/* [k * n + min(c, n - c)] */
};

static int by_float(const void *a, const void *b)
{
	float x = *(const float *)a, y = *(const float *)b;

	return (x > y) - (x < y);
}

static const struct split_null *null_of(const struct mode_rule *m, int k, size_t c)
{
	return &m->z[k * m->n + (c < m->n - c ? c : m->n - c)];
}

/* The share of the null above V: a split's p, from the simulation; 0
 * beyond every simulated value, whatever the split. */
static double split_p(const struct split_null *z, double v)
{
	size_t lo = 0, hi = z->len;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (z->v[mid] <= v)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (double)(z->len - lo) / (double)z->len;
}

/* Every threshold at per-split level LEVEL; then the share of the
 * simulated samples ST[sims][SPLIT_KINDS * n] that some statistic takes
 * beyond its threshold. */
static double split_rate(struct mode_rule *m, const float *st, size_t sims, double level)
{
	size_t n = m->n, hit = 0;

	for (int k = 0; k < SPLIT_KINDS; k++) {
		for (size_t c = 1; c < n; c++) {
			const struct split_null *z = null_of(m, k, c);
			size_t above = (size_t)(level * (double)z->len);

			m->thr[k * n + c] = !split_applies(k, c, n) ? NAN :
					    above >= z->len ? -INFINITY : z->v[z->len - 1 - above];
		}
	}
	for (size_t s = 0; s < sims; s++) {
		for (size_t i = 0; i < SPLIT_KINDS * n; i++) {
			if (st[s * SPLIT_KINDS * n + i] > m->thr[i]) {
				hit++;
				break;
			}
		}
	}
	return (double)hit / (double)sims;
}

/* The pooled, sorted null of statistic K at split C (C <= N / 2) from
 * the simulated samples ST; -1 when out of memory. */
static int pool_null(struct mode_rule *m, const float *st, size_t sims, int k, size_t c)
{
	size_t n = m->n, mirror = n - c;
	struct split_null *z = &m->z[k * n + c];

	z->v = malloc((mirror != c ? 2 : 1) * sims * sizeof(*z->v));
	if (!z->v)
		return -1;
	for (size_t s = 0; s < sims; s++) {
		z->v[z->len++] = st[s * SPLIT_KINDS * n + k * n + c];
		if (mirror != c)
			z->v[z->len++] = st[s * SPLIT_KINDS * n + k * n + mirror];
	}
	qsort(z->v, z->len, sizeof(*z->v), by_float);
	return 0;
}

static void mode_rule_free(struct mode_rule *m)
{
	for (size_t i = 0; m->z && i < SPLIT_KINDS * m->n; i++)
		free(m->z[i].v);
	free(m->z);
	free(m->thr);
}

/*
 * The rule for N values: LBS_MODE_SIMS samples of N normal values
 * (seeded LBS_MODE_SEED: the thresholds are the rule's, not a run's),
 * every statistic at every split pooled with its mirror, and the largest
 * per-split level at which no more than LBS_MODE_FALSE of the samples
 * have some statistic beyond its threshold.  -1 when out of memory.
 */
static int mode_rule_make(struct mode_rule *m, size_t n)
{
	/* A sample's statistics are 2N floats, kept twice: fewer samples
	 * for a large N keep the simulation within 16 MB. */
	size_t w = SPLIT_KINDS * n, sims = LBS_MODE_SIMS < (1 << 21) / w ? LBS_MODE_SIMS : (1 << 21) / w;
	float *st = malloc(sims * w * sizeof(*st));
	double *s = malloc(n * sizeof(*s)), *one = malloc(w * sizeof(*one)), lo = 0,
	       hi = LBS_MODE_FALSE;
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	int rc = -1;

	*m = (struct mode_rule){ .n = n, .thr = calloc(w, sizeof(*m->thr)),
				 .z = calloc(w, sizeof(*m->z)) };
	if (!st || !s || !one || !rng || !m->thr || !m->z)
		goto out;
	gsl_rng_set(rng, LBS_MODE_SEED);
	for (size_t k = 0; k < sims; k++) {
		double mean = 0, tss = 0;

		for (size_t i = 0; i < n; i++)
			mean += s[i] = gsl_ran_gaussian_ziggurat(rng, 1);
		mean /= (double)n;
		for (size_t i = 0; i < n; i++)
			tss += (s[i] - mean) * (s[i] - mean);
		gsl_sort(s, 1, n);
		split_stats(s, n, mean, tss, one);
		for (size_t i = 0; i < w; i++)
			st[k * w + i] = (float)one[i];
	}
	for (int k = 0; k < SPLIT_KINDS; k++)
		for (size_t c = 1; 2 * c <= n; c++)
			if (split_applies(k, c, n) && pool_null(m, st, sims, k, c))
				goto out;
	/* The rate only grows with the level. */
	for (int it = 0; it < 40; it++) {
		double mid = (lo + hi) / 2;

		if (split_rate(m, st, sims, mid) <= LBS_MODE_FALSE)
			lo = mid;
		else
			hi = mid;
	}
	split_rate(m, st, sims, lo);
	rc = 0;
out:
	if (rc)
		mode_rule_free(m);
	free(st);
	free(s);
	free(one);
	if (rng)
		gsl_rng_free(rng);
	return rc;
}

/* Each N's rule, made once: lb-stat asks for every cell on every CPU,
 * nearly always at one N. */
static pthread_mutex_t mode_rules_lock = PTHREAD_MUTEX_INITIALIZER;
static struct mode_rule *mode_rules;
static size_t mode_nrules;

/* N's rule, or NULL when N has no split or memory ran out. */
static const struct mode_rule *mode_rule(size_t n)
{
	const struct mode_rule *rule = NULL;
	struct mode_rule m, *nr;

	if (n < 2 * LBS_MODE_MIN)
		return NULL;
	pthread_mutex_lock(&mode_rules_lock);
	for (size_t i = 0; i < mode_nrules && !rule; i++)
		if (mode_rules[i].n == n)
			rule = &mode_rules[i];
	if (!rule && !mode_rule_make(&m, n)) {
		nr = realloc(mode_rules, (mode_nrules + 1) * sizeof(*mode_rules));
		if (nr) {
			mode_rules = nr;
			mode_rules[mode_nrules] = m;
			rule = &mode_rules[mode_nrules++];
		} else {
			mode_rule_free(&m);
		}
	}
	pthread_mutex_unlock(&mode_rules_lock);
	return rule;
}

/*
 * The split to report of sorted S[N] with statistics ST: of the splits
 * some statistic takes beyond its threshold, the one with the smallest
 * simulated p, and of equal p's (beyond every simulated value) the one
 * whose groups are furthest apart for their pooled spread.  0 if none.
 */
static size_t mode_split(const struct mode_rule *m, const double *st)
{
	size_t n = m->n, cut = 0;
	double best_p = 2, best_pooled = -1;

	for (size_t c = 1; c < n; c++) {
		for (int k = 0; k < SPLIT_KINDS; k++) {
			double v = st[k * n + c], p, pooled = st[SPLIT_POOLED * n + c];

			if (!(v > m->thr[k * n + c]))
				continue;
			p = split_p(null_of(m, k, c), v);
			if (p < best_p || (p == best_p && pooled > best_pooled)) {
				best_p = p;
				best_pooled = pooled;
				cut = c;
			}
		}
	}
	return cut;
}

void lbs_modes(const double *x, size_t n, struct lbs_modes *out)
{
	const struct mode_rule *m = mode_rule(n);
	double *s, *st, tss = 0, mean;
	size_t cut = 0, best = 0;

	*out = (struct lbs_modes){ .med_high = NAN, .med_low = NAN, .gap_ratio = NAN };
	if (!n || !(s = malloc((1 + SPLIT_KINDS) * n * sizeof(*s))))
		return;
	st = s + n;
	memcpy(s, x, n * sizeof(*s));
	gsl_sort(s, 1, n);
	out->modes = 1;
	out->n_low = n;
	out->med_low = gsl_stats_median_from_sorted_data(s, 1, n);
	mean = gsl_stats_mean(s, 1, n);
	for (size_t i = 0; i < n; i++)
		tss += (s[i] - mean) * (s[i] - mean);
	if (m && tss > 0) {
		split_stats(s, n, mean, tss, st);
		cut = mode_split(m, st);
		/* Without a split, the pooled statistic's best one describes
		 * how far apart any two groups could be. */
		best = cut;
		for (size_t c = LBS_MODE_MIN; !cut && c + LBS_MODE_MIN <= n; c++)
			if (!best || st[SPLIT_POOLED * n + c] > st[SPLIT_POOLED * n + best])
				best = c;
	}
	if (best) {
		double ml = gsl_stats_mean(s, 1, best), mh = gsl_stats_mean(s + best, 1, n - best);
		double lo = gsl_stats_median_from_sorted_data(s, 1, best);
		double hi = gsl_stats_median_from_sorted_data(s + best, 1, n - best);
		/* The pooled statistic is n log(TSS / WSS). */
		double wss = tss * exp(-st[SPLIT_POOLED * n + best] / (double)n);

		out->gap_ratio = wss > 0 ? (mh - ml) / sqrt(wss / (double)(n - 2)) : INFINITY;
		if (cut && hi - lo > LBS_MODE_GAP_PCT / 100 * fabs(out->med_low)) {
			out->modes = 2;
			out->n_low = cut;
			out->n_high = n - cut;
			out->med_low = lo;
			out->med_high = hi;
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
