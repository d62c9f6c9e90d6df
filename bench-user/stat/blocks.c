// SPDX-License-Identifier: GPL-2.0
/* blocks: see blocks.h. */
#include "blocks.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>
#include "bootstat.h"

/* The median of N draws with replacement from V[N], through BUF[N]. */
static double draw_median(gsl_rng *rng, const double *v, size_t n, double *buf)
{
	for (size_t i = 0; i < n; i++)
		buf[i] = v[gsl_rng_uniform_int(rng, n)];
	gsl_sort(buf, 1, n);
	return gsl_stats_median_from_sorted_data(buf, 1, n);
}

/* A block's change as a ratio; resampled when RNG is not NULL. */
static double change(gsl_rng *rng, const struct lbs_block *b, double *buf)
{
	double mx;

	if (b->paired)
		return rng ? draw_median(rng, b->q, b->n, buf) : lbs_median(b->q, b->n);
	mx = rng ? draw_median(rng, b->x, b->nx, buf) : lbs_median(b->x, b->nx);
	return (rng ? draw_median(rng, b->y, b->ny, buf) : lbs_median(b->y, b->ny)) / mx;
}

static int enough(const struct lbs_block *b)
{
	if (b->paired) {
		for (size_t i = 0; i < b->n; i++)
			if (!isfinite(b->q[i]))
				return 0;
		return b->n >= LBS_MIN_BOOTS;
	}
	if (b->nx < LBS_MIN_BOOTS || b->ny < LBS_MIN_BOOTS)
		return 0;
	/* No base replicate of 0: a resample could have no ratio. */
	for (size_t i = 0; i < b->nx; i++)
		if (b->x[i] == 0)
			return 0;
	return 1;
}

static size_t most(const struct lbs_block *b)
{
	size_t m = b->n;

	m = b->nx > m ? b->nx : m;
	return b->ny > m ? b->ny : m;
}

int lbs_block_diff(gsl_rng *rng, const struct lbs_block *b, size_t r, double level,
		   struct lbs_block_diff *out)
{
	size_t n = most(&b[0]) > most(&b[1]) ? most(&b[0]) : most(&b[1]);
	double *buf = malloc((n ? n : 1) * sizeof(*buf)), *d = malloc((r ? r : 1) * sizeof(*d));
	int rc = -1;

	*out = (struct lbs_block_diff){ { NAN, NAN }, NAN, NAN, NAN };
	if (!buf || !d || !enough(&b[0]) || !enough(&b[1]) || r < 2)
		goto out;
	for (int k = 0; k < 2; k++)
		out->pct[k] = 100 * (change(NULL, &b[k], buf) - 1);
	out->diff = out->pct[1] - out->pct[0];
	for (size_t i = 0; i < r; i++) {
		double c0 = change(rng, &b[0], buf);

		d[i] = 100 * (change(rng, &b[1], buf) - c0);
	}
	gsl_sort(d, 1, r);
	out->lo = gsl_stats_quantile_from_sorted_data(d, 1, r, (1 - level) / 2);
	out->hi = gsl_stats_quantile_from_sorted_data(d, 1, r, (1 + level) / 2);
	rc = 0;
out:
	free(buf);
	free(d);
	return rc;
}
