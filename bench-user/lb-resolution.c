// SPDX-License-Identifier: GPL-2.0
/*
 * lb-resolution: the timed instrument's resolution, from a calibration run
 * of kind=spin_lock mode=hot with pad=0 and pad=N (N known instructions
 * added inside the critical section).  For every N it tests the pad=N
 * boot medians against the pad=0 ones (a seeded permutation p, Holm over
 * the pads) and reports the smallest N resolved at adjusted p < ALPHA.
 *
 *   lb-resolution [--alpha A] [--metric ns_op|cyc_op] [--seed S] [--force] FILE...
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
		{ "seed", required_argument, NULL, 's' },
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
	uint64_t first = 0, from = 0, seed = 1;
	double p[MAX_PADS], adj[MAX_PADS], med[MAX_PADS];
	size_t nk[MAX_PADS];
	gsl_rng *rng;

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
		case 's':
			seed = strtoull(optarg, &end, 10);
			if (*end || !*optarg || *optarg == '-') {
				fprintf(stderr, "lb-resolution: --seed %s: expected a non-negative integer\n", optarg);
				return 1;
			}
			break;
		default:
			fprintf(stderr, "usage: lb-resolution [--alpha A] [--metric ns_op|cyc_op] [--seed S] [--force] FILE...\n");
			return 1;
		}
	}
	if (optind == argc) {
		fprintf(stderr, "usage: lb-resolution [--alpha A] [--metric ns_op|cyc_op] [--seed S] [--force] FILE...\n");
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
	rng = gsl_rng_alloc(gsl_rng_mt19937);
	if (!rng)
		return 1;
	/* One seed for the whole table: its rows are one family. */
	gsl_rng_set(rng, (unsigned long)seed);
	for (size_t k = 0; k < npads; k++) {
		nk[k] = values(&ix, pads[k], metric, x);
		med[k] = lbs_median(x, nk[k]);
		p[k] = pads[k] ? lbs_perm_p(rng, x, nk[k], x0, n0, 4000) : NAN;
	}
	gsl_rng_free(rng);
	lbs_holm(p, adj, npads);
	unit = !strcmp(metric, "ns_op") ? "ns" : lb_accel_unit(set.rec[0].accel);
	printf("# timed resolution: accel %s, metric %s, boot medians, permutation p (seed %" PRIu64 ", 4000 draws), Holm over the pads, alpha %g\n",
	       set.rec[0].accel, metric, seed, alpha);
	printf("| pad N (instructions) | n boots | median (%s) | n boots at pad=0 | median at pad=0 | change | p | Holm p | resolved |\n", unit);
	printf("|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
	for (size_t k = 0; k < npads; k++) {
		double m0 = lbs_median(x0, n0);
		int ok;

		if (!pads[k])
			continue;
		if (isnan(p[k])) {
			printf("| %" PRIu64 " | %zu | %.3f | %zu | %.3f | %+.3f | n too small | – | no |\n", pads[k], nk[k],
			       med[k], n0, m0, med[k] - m0);
			from = 0;
			continue;
		}
		ok = adj[k] < alpha;
		printf("| %" PRIu64 " | %zu | %.3f | %zu | %.3f | %+.3f | %.2g | %.2g | %s |\n", pads[k], nk[k], med[k],
		       n0, m0, med[k] - m0, p[k], adj[k], ok ? "yes" : "no");
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
