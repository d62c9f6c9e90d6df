// SPDX-License-Identifier: GPL-2.0
/* lb-stat: the rows of a table measured on every CPU, each figure from
 * its own seeded RNG (see stat.h). */
#include <stdlib.h>
#include <string.h>
#include "stat.h"

void lbs_seed_for(gsl_rng *rng, const struct lbs_opts *o, const char *name)
{
	uint64_t h = 1469598103934665603ULL;	/* FNV-1a */

	for (const char *c = name; *c; c++)
		h = (h ^ (unsigned char)*c) * 1099511628211ULL;
	gsl_rng_set(rng, (unsigned long)(h ^ o->seed));
}

#define LBS_PLACEMENT_NAME(name, desc) name,
#define LBS_PLACEMENT_PART(name, desc) "/" name,
static const char *const lbs_placement_names[] = { LB_PLACEMENTS(LBS_PLACEMENT_NAME) };
static const char *const lbs_placement_parts[] = { LB_PLACEMENTS(LBS_PLACEMENT_PART) };

const char *lbs_seed_placement(const char *placement)
{
	size_t n = sizeof(lbs_placement_names) / sizeof(lbs_placement_names[0]);

	for (size_t i = 1; i < n; i++)
		if (!strcmp(placement, lbs_placement_names[i]))
			return lbs_placement_parts[i];
	return "";
}

int lbs_each_row(size_t n, size_t bufn, lbs_row_fn *fn, void *ctx)
{
	int failed = 0;

	if (!bufn)
		bufn = 1;
#pragma omp parallel reduction(|| : failed)
	{
		double *x = malloc(bufn * sizeof(*x)), *y = malloc(bufn * sizeof(*y));
		gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);

		failed = !x || !y || !rng;
#pragma omp for schedule(dynamic, 4)
		for (size_t i = 0; i < n; i++)
			if (!failed)
				fn(i, rng, x, y, ctx);
		free(x);
		free(y);
		if (rng)
			gsl_rng_free(rng);
	}
	return failed ? -1 : 0;
}
