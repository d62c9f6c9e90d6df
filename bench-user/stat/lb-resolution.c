// SPDX-License-Identifier: GPL-2.0
/*
 * lb-resolution: the timed instrument's resolution, from a calibration run
 * of kind=spin_lock mode=hot with pad=0 and pad=N (N known instructions
 * added inside the critical section).  For every N it tests the pad=N
 * boot medians against the pad=0 ones (the exact rank-sum test of
 * ranktest.h, Holm over the pads) and reports the smallest N resolved at
 * adjusted p < ALPHA, beside the smallest p the test can reach at those n,
 * and the cost of one added instruction at each N.
 *
 *   lb-resolution [--alpha A] [--metric ns_op|cyc_op] [--force] FILE...
 *
 * The boot is the replicate, as in lb-stat: each boot gives each pad one
 * value, the median of its passes; n counts boots, and fewer than 3 is
 * "n too small".  Exit: 0 with a resolution found, 1 error, 3 no N resolved.
 */
#include <getopt.h>
#include <math.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "bootstat.h"
#include "cells.h"
#include "lbrec.h"
#include "ranktest.h"

#define MAX_PADS 64

/* Boot medians of the hot spin_lock cell at PAD, into X. */
static size_t values(const struct lbc_index *ix, uint64_t pad, const char *metric, double *x)
{
	const struct lb_set *s = ix->s;
	size_t nrec;
	int over = 0;

	for (size_t i = 0; i < s->n; i++) {
		const struct lb_record *r = &s->rec[i];

		if (r->pad == pad && !strcmp(r->kind, "spin_lock") && !strcmp(r->mode, "hot") &&
		    !strcmp(r->status, "ok"))
			return lbc_boot_medians(ix, r->variant, r, metric, x, &nrec, &over);
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "alpha", required_argument, NULL, 'a' },
		{ "metric", required_argument, NULL, 'm' },
		{ "force", no_argument, NULL, 'f' },
		{ NULL, 0, NULL, 0 },
	};
	struct lb_set set = { 0 };
	struct lbc_index ix;
	uint64_t pads[MAX_PADS];
	size_t npads = 0, n0;
	const char *metric = "ns_op", *unit;
	double alpha = 0.01, *x0, *x;
	char err[LB_ERR_MAX], *end;
	int c, found = 0, force = 0;
	uint64_t first = 0, from = 0;
	double p[MAX_PADS], adj[MAX_PADS], med[MAX_PADS], pmin[MAX_PADS], m0;
	size_t nk[MAX_PADS], tests = 0;
	struct lbs_rank rk;

	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (c) {
		case 'a':
			alpha = strtod(optarg, &end);
			if (*end || !(alpha > 0 && alpha < 1)) {
				fprintf(stderr, "lb-resolution: --alpha %s: expected a number in (0, 1)\n", optarg);
				return 1;
			}
			break;
		case 'm':
			if (strcmp(optarg, "ns_op") && strcmp(optarg, "cyc_op")) {
				fprintf(stderr, "lb-resolution: --metric %s: expected ns_op or cyc_op\n", optarg);
				return 1;
			}
			metric = optarg;
			break;
		case 'f':
			force = 1;
			break;
		default:
			fprintf(stderr, "usage: lb-resolution [--alpha A] [--metric ns_op|cyc_op] [--force] FILE...\n");
			return 1;
		}
	}
	if (optind == argc) {
		fprintf(stderr, "usage: lb-resolution [--alpha A] [--metric ns_op|cyc_op] [--force] FILE...\n");
		return 1;
	}
	for (int i = optind; i < argc; i++) {
		if (lb_parse_file(argv[i], &set, err, sizeof(err))) {
			fprintf(stderr, "lb-resolution: %s\n", err);
			return 1;
		}
	}
	/* The same comparability rule as lb-stat: one unit, accelerator,
	 * vCPU count, host and TSC rate (all but the unit unless --force). */
	if (lbc_comparable(&set, force, "lb-resolution"))
		return 1;
	for (size_t i = 0; i < set.n; i++) {
		size_t k;

		for (k = 0; k < npads && pads[k] != set.rec[i].pad; k++)
			;
		if (k == npads && npads < MAX_PADS)
			pads[npads++] = set.rec[i].pad;
	}
	/* Ascending, for "smallest N". */
	for (size_t i = 1; i < npads; i++)
		for (size_t j = i; j > 0 && pads[j - 1] > pads[j]; j--) {
			uint64_t tmp = pads[j];

			pads[j] = pads[j - 1];
			pads[j - 1] = tmp;
		}
	x0 = calloc(set.n + 1, sizeof(*x0));
	x = calloc(set.n + 1, sizeof(*x));
	if (!x0 || !x || lbc_index_init(&ix, &set))
		return 1;
	n0 = values(&ix, 0, metric, x0);
	if (n0 < 1 || npads < 2) {
		fprintf(stderr, "lb-resolution: need spin_lock hot records with pad=0 and pad>0; have %zu boots at pad=0 and %zu pad values\n",
			n0, npads);
		return 1;
	}
	for (size_t k = 0; k < npads; k++) {
		nk[k] = values(&ix, pads[k], metric, x);
		med[k] = lbs_median(x, nk[k]);
		p[k] = pmin[k] = NAN;
		if (pads[k] && nk[k] >= LBS_MIN_BOOTS && n0 >= LBS_MIN_BOOTS &&
		    !lbs_rank_test(x0, n0, x, nk[k], &rk)) {
			p[k] = rk.p;
			pmin[k] = lbs_rank_p_min(n0, nk[k]);
			tests++;
		}
	}
	lbs_holm(p, adj, npads);
	m0 = lbs_median(x0, n0);
	unit = !strcmp(metric, "ns_op") ? "ns" : lb_accel_unit(set.rec[0].accel);
	printf("# timed resolution: accel %s, metric %s, boot medians, exact rank-sum p, Holm over the %zu pads, alpha %g\n",
	       set.rec[0].accel, metric, tests, alpha);
	/* Comma-separated: lb-resolution writes data; the report's renderer
	 * draws the table. */
	printf("pad,n,median,n_pad0,median_pad0,change,%s_per_instruction,p_rank,p_min,p_holm,p_holm_min,resolved\n",
	       unit);
	for (size_t k = 0; k < npads; k++) {
		int ok;

		if (!pads[k])
			continue;
		ok = !isnan(adj[k]) && adj[k] < alpha;
		printf("%" PRIu64 ",%zu,%.6g,%zu,%.6g,%.6g,%.6g,%.4g,%.4g,%.4g,%.4g,%s\n", pads[k], nk[k],
		       med[k], n0, m0, med[k] - m0, (med[k] - m0) / (double)pads[k], p[k], pmin[k],
		       adj[k], fmin(1, (double)tests * pmin[k]), isnan(p[k]) ? "n-too-small" : ok ? "yes" : "no");
		if (isnan(p[k])) {
			from = 0;
			continue;
		}
		if (ok && !found) {
			found = 1;
			first = pads[k];
		}
		if (ok && !from)
			from = pads[k];
		else if (!ok)
			from = 0;
	}
	if (!found) {
		printf("resolution: none of the pads was resolved at Holm-adjusted p < %g\n", alpha);
		return 3;
	}
	printf("resolution: smallest N resolved at Holm-adjusted p < %g: %" PRIu64 " instructions", alpha, first);
	if (from)
		printf("; resolved at every N from %" PRIu64 " up", from);
	printf("\n");
	lbc_index_free(&ix);
	lb_set_free(&set);
	free(x0);
	free(x);
	return 0;
}
