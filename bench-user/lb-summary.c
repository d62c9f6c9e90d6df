// SPDX-License-Identifier: GPL-2.0
/*
 * lb-summary: per-cell statistics of a run's result files, as the two
 * CSV tables the graphs and RESULTS.md are made from.
 *
 *   lb-summary [--alpha A] [--force] -s SUMMARY -p PAIRS
 *              [--pair BASE:OTHER]... FILE...
 *
 * SUMMARY: variant,kind,mode,threads,read_pct,hold_ns,parallel_ns,metric,
 *          n,median,mean,sd,ci_lo,ci_hi,oversub
 * PAIRS:   base,other,<cell>,metric,n_base,n_other,mean_base,mean_other,
 *          pct_change,pct_lo,pct_hi,p_welch,p_mw,significant
 *
 * Records whose status is not "ok" are left out and counted on stderr.
 * Like lb-compare, it refuses records from different accelerators, vCPU
 * counts or hosts unless --force.  Existing output files are never
 * overwritten.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <gsl/gsl_cdf.h>
#include "lbrec.h"
#include "lbstats.h"

static const char *const hot_metrics[] = { "ns_op", "cyc_op", NULL };
static const char *const cont_metrics[] = {
	"ops_per_s", "fair_cv", "share_min", "share_max", "wait_p50_ns",
	"wait_p90_ns", "wait_p99_ns", "wait_max_ns", NULL
};

struct pair { const char *base, *other; };

static const char *const *metrics_of(const struct lb_record *r)
{
	return strcmp(r->mode, "contended") ? hot_metrics : cont_metrics;
}

static int same_cell(const struct lb_record *a, const struct lb_record *b)
{
	return !strcmp(a->kind, b->kind) && !strcmp(a->mode, b->mode) &&
	       a->threads == b->threads && a->read_pct == b->read_pct &&
	       a->hold_ns == b->hold_ns && a->parallel_ns == b->parallel_ns &&
	       a->slope == b->slope && a->pad == b->pad;
}

/* Values of METRIC over the ok records of VARIANT in CELL. */
static size_t collect(const struct lb_set *s, const char *variant,
		      const struct lb_record *cell, const char *metric,
		      double *x, int *oversub)
{
	size_t i, n = 0;

	for (i = 0; i < s->n; i++) {
		const struct lb_record *r = &s->rec[i];

		if (strcmp(r->variant, variant) || !same_cell(r, cell))
			continue;
		lb_get_double(r, metric, &x[n++]);
		if (r->oversub)
			*oversub = 1;
	}
	return n;
}

static int first_of_cell(const struct lb_set *s, size_t i, int by_variant)
{
	size_t j;

	for (j = 0; j < i; j++)
		if (same_cell(&s->rec[j], &s->rec[i]) &&
		    (!by_variant || !strcmp(s->rec[j].variant, s->rec[i].variant)))
			return 0;
	return 1;
}

static void cell_cols(FILE *f, const struct lb_record *r)
{
	fprintf(f, "%s,%s,%llu,%llu,%llu,%llu", r->kind, r->mode,
		(unsigned long long)r->threads, (unsigned long long)r->read_pct,
		(unsigned long long)r->hold_ns, (unsigned long long)r->parallel_ns);
}

static void write_summary(FILE *f, const struct lb_set *s, double *x)
{
	size_t i;
	const char *const *m;

	fprintf(f, "variant,kind,mode,threads,read_pct,hold_ns,parallel_ns,metric,n,median,mean,sd,ci_lo,ci_hi,oversub\n");
	for (i = 0; i < s->n; i++) {
		const struct lb_record *r = &s->rec[i];

		if (!first_of_cell(s, i, 1))
			continue;
		for (m = metrics_of(r); *m; m++) {
			struct lb_summary sum;
			int over = 0;
			size_t n = collect(s, r->variant, r, *m, x, &over);

			lb_summarize(x, n, 0.95, &sum);
			fprintf(f, "%s,", r->variant);
			cell_cols(f, r);
			fprintf(f, ",%s,%zu,%.6g,%.6g,%.6g,%.6g,%.6g,%d\n", *m, n,
				sum.median, sum.mean, sum.sd, sum.ci_lo, sum.ci_hi, over);
		}
	}
}

/*
 * CI of the percent change: Welch's CI of the difference of means,
 * divided by the base mean (the base mean's own error is second order
 * next to the difference's for the n we use).
 */
static void pct_ci(const double *a, size_t na, const double *b, size_t nb,
		   const struct lb_summary *sa, const struct lb_summary *sb,
		   double *lo, double *hi)
{
	struct lb_test t;
	double va, vb, se, q, d;

	*lo = *hi = NAN;
	if (lb_welch(a, na, b, nb, &t) || sa->mean == 0)
		return;
	va = sa->sd * sa->sd / na;
	vb = sb->sd * sb->sd / nb;
	se = sqrt(va + vb);
	q = gsl_cdf_tdist_Pinv(0.975, t.df);
	d = sb->mean - sa->mean;
	*lo = 100.0 * (d - q * se) / sa->mean;
	*hi = 100.0 * (d + q * se) / sa->mean;
}

static void write_pairs(FILE *f, const struct lb_set *s, const struct pair *p,
			size_t np, double alpha, double *x, double *y)
{
	size_t i, k;
	const char *const *m;

	fprintf(f, "base,other,kind,mode,threads,read_pct,hold_ns,parallel_ns,metric,n_base,n_other,mean_base,mean_other,pct_change,pct_lo,pct_hi,p_welch,p_mw,significant\n");
	for (k = 0; k < np; k++) {
		for (i = 0; i < s->n; i++) {
			const struct lb_record *r = &s->rec[i];

			if (strcmp(r->variant, p[k].base) || !first_of_cell(s, i, 1))
				continue;
			for (m = metrics_of(r); *m; m++) {
				struct lb_summary sa, sb;
				struct lb_test w, u;
				int over = 0;
				size_t na = collect(s, p[k].base, r, *m, x, &over);
				size_t nb = collect(s, p[k].other, r, *m, y, &over);
				double lo, hi;

				if (!nb)
					continue;
				lb_summarize(x, na, 0.95, &sa);
				lb_summarize(y, nb, 0.95, &sb);
				lb_welch(x, na, y, nb, &w);
				lb_mannwhitney(x, na, y, nb, &u);
				pct_ci(x, na, y, nb, &sa, &sb, &lo, &hi);
				fprintf(f, "%s,%s,", p[k].base, p[k].other);
				cell_cols(f, r);
				fprintf(f, ",%s,%zu,%zu,%.6g,%.6g,%.4g,%.4g,%.4g,%.4g,%.4g,%d\n",
					*m, na, nb, sa.mean, sb.mean,
					lb_pct_change(sa.mean, sb.mean), lo, hi,
					w.p, u.p, !isnan(w.p) && w.p < alpha);
			}
		}
	}
}

/* Cycles and instructions never share a table, --force or not. */
static int check_units(const struct lb_set *s)
{
	char why[LB_ERR_MAX];

	for (size_t i = 1; i < s->n; i++) {
		if (lb_units_differ(&s->rec[0], &s->rec[i], why, sizeof(why))) {
			fprintf(stderr, "lb-summary: refusing to summarise %s with %s: %s\n",
				s->rec[0].variant, s->rec[i].variant, why);
			return -1;
		}
	}
	return 0;
}

/* Records from different accelerators, vCPU counts or hosts do not compare. */
static int check_context(const struct lb_set *s)
{
	size_t i;

	for (i = 1; i < s->n; i++) {
		const struct lb_record *a = &s->rec[0], *b = &s->rec[i];
		const char *what = strcmp(a->accel, b->accel) ? "accel" :
				   a->vcpus != b->vcpus ? "vcpus" :
				   strcmp(a->host, b->host) ? "host" : NULL;

		if (what) {
			fprintf(stderr, "lb-summary: refusing to summarise records that differ in %s (%s/%s vs %s/%s); --force overrides\n",
				what, a->variant, !strcmp(what, "vcpus") ? "" : lb_get_str(a, what),
				b->variant, !strcmp(what, "vcpus") ? "" : lb_get_str(b, what));
			return -1;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "alpha", required_argument, NULL, 'a' },
		{ "force", no_argument, NULL, 'f' },
		{ "pair", required_argument, NULL, 'P' },
		{ NULL, 0, NULL, 0 }
	};
	const char *sumpath = NULL, *pairpath = NULL;
	struct pair pairs[32];
	size_t np = 0, i, skipped = 0;
	struct lb_set all = { 0 }, ok = { 0 };
	double alpha = 0.05, *x, *y;
	int c, force = 0;
	char err[LB_ERR_MAX];
	FILE *fs, *fp;

	while ((c = getopt_long(argc, argv, "s:p:", opts, NULL)) != -1) {
		char *colon, *end;

		switch (c) {
		case 's': sumpath = optarg; break;
		case 'p': pairpath = optarg; break;
		case 'f': force = 1; break;
		case 'a':
			alpha = strtod(optarg, &end);
			if (*end || !(alpha > 0 && alpha < 1)) {
				fprintf(stderr, "lb-summary: --alpha %s is not in (0, 1)\n", optarg);
				return 1;
			}
			break;
		case 'P':
			colon = strchr(optarg, ':');
			if (!colon || colon == optarg || !colon[1] || np == 32) {
				fprintf(stderr, "lb-summary: --pair %s is not BASE:OTHER (at most 32)\n", optarg);
				return 1;
			}
			*colon = '\0';
			pairs[np].base = optarg;
			pairs[np++].other = colon + 1;
			break;
		default:
			return 1;
		}
	}
	if (!sumpath || !pairpath || optind >= argc) {
		fprintf(stderr, "usage: lb-summary [--alpha A] [--force] -s SUMMARY -p PAIRS [--pair BASE:OTHER]... FILE...\n");
		return 1;
	}
	for (i = optind; i < (size_t)argc; i++) {
		if (lb_parse_file(argv[i], &all, err, sizeof(err))) {
			fprintf(stderr, "lb-summary: %s\n", err);
			return 1;
		}
	}
	for (i = 0; i < all.n; i++) {
		if (strcmp(all.rec[i].status, "ok"))
			skipped++;
		else
			lb_set_add(&ok, &all.rec[i]);
	}
	if (skipped)
		fprintf(stderr, "lb-summary: left out %zu failed records (status not ok)\n", skipped);
	if (!ok.n) {
		fprintf(stderr, "lb-summary: no ok records in the input\n");
		return 1;
	}
	if (check_units(&ok) || (!force && check_context(&ok)))
		return 2;
	x = calloc(ok.n, sizeof(*x));
	y = calloc(ok.n, sizeof(*y));
	fs = lb_create_new("lb-summary", sumpath);
	if (!x || !y || !fs)
		return 1;
	fp = lb_create_new("lb-summary", pairpath);
	if (!fp) {
		fclose(fs);
		unlink(sumpath);
		return 1;
	}
	write_summary(fs, &ok, x);
	write_pairs(fp, &ok, pairs, np, alpha, x, y);
	if (fclose(fs) | fclose(fp)) {
		fprintf(stderr, "lb-summary: writing output failed: %s\n", strerror(errno));
		return 1;
	}
	free(x);
	free(y);
	lb_set_free(&all);
	lb_set_free(&ok);
	return 0;
}
