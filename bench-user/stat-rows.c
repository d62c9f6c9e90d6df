// SPDX-License-Identifier: GPL-2.0
/* lb-stat: the rows of a table measured on every CPU (see stat.h). */
#include <stdlib.h>
#include "stat.h"

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
