// SPDX-License-Identifier: GPL-2.0
/*
 * lb-stat summary: one row per variant, cell and metric.  n is the number
 * of boots; median is the median of the boot medians, with a bootstrap CI;
 * mean, sd and cv (sd / mean, in percent) describe the boot medians too.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_statistics_double.h>
#include "bootstat.h"
#include "cells.h"
#include "stat.h"

int lbs_write_summary(FILE *f, const struct lb_set *s, const struct lbs_opts *o)
{
	double *x = malloc((s->n ? s->n : 1) * sizeof(*x));
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	size_t i;

	if (!x || !rng) {
		free(x);
		if (rng)
			gsl_rng_free(rng);
		return -1;
	}
	fprintf(f, "%s\n", LBC_HEADER(LB_SUMMARY_COLUMNS));
	for (i = 0; i < s->n; i++) {
		const struct lb_record *r = &s->rec[i];
		const char *const *m;

		if (strcmp(r->status, "ok") || !lbc_first_of_cell(s, i, 1))
			continue;
		for (m = lbc_metrics(r); *m; m++) {
			char name[256];
			size_t nrec, n;
			int over = 0;
			double lo, hi, sd, mean;

			n = lbc_boot_medians(s, r->variant, r, *m, x, &nrec, &over);
			snprintf(name, sizeof(name), "summary/%s/%s/%s/%llu/%llu/%llu/%llu/%s", r->variant,
				 r->kind, r->mode, (unsigned long long)r->threads,
				 (unsigned long long)r->read_pct, (unsigned long long)r->hold_ns,
				 (unsigned long long)r->parallel_ns, *m);
			lbs_seed_for(rng, o, name);
			lbs_median_ci(rng, x, n, o->resamples, 0.95, &lo, &hi);
			sd = n >= 2 ? gsl_stats_sd(x, 1, n) : NAN;
			mean = n ? gsl_stats_mean(x, 1, n) : NAN;
			fprintf(f, "%s,", r->variant);
			lbc_write_cell(f, r);
			fprintf(f, ",%s,%s,%zu,%zu,%.6g,%.6g,%.6g,%.6g,%.6g,%.4g,%d\n", *m, lbc_unit(r, *m),
				n, nrec, lbs_median(x, n), lo, hi, mean, sd,
				mean > 0 ? 100 * sd / mean : NAN, over);
		}
	}
	free(x);
	gsl_rng_free(rng);
	return 0;
}
