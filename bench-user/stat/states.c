// SPDX-License-Identifier: GPL-2.0
/* states: see states.h. */
#include "states.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct valued {
	double v;
	size_t i;
};

static int by_value(const void *pa, const void *pb)
{
	const struct valued *a = pa, *b = pb;

	if (a->v != b->v)
		return a->v < b->v ? -1 : 1;
	return (a->i > b->i) - (a->i < b->i);
}

/* The median of sorted V[A..B). */
static double median_of(const struct valued *v, size_t a, size_t b)
{
	size_t n = b - a;

	return n % 2 ? v[a + n / 2].v : (v[a + n / 2 - 1].v + v[a + n / 2].v) / 2;
}

/* Sum of |v - median| over sorted V[A..B), from prefix sums P (P[i]: the
 * sum of V[0..i)). */
static double sad(const struct valued *v, const double *p, size_t a, size_t b)
{
	size_t mid = a + (b - a) / 2;
	double m = v[mid].v;

	return m * (double)(mid - a) - (p[mid] - p[a]) + (p[b] - p[mid]) - m * (double)(b - mid);
}

double lbs_state_runs(const unsigned int *state, const uint64_t *proc, size_t n, unsigned int s,
		      size_t *runs, size_t *entries)
{
	size_t in = 0;

	*runs = *entries = 0;
	for (size_t i = 0; i < n; i++) {
		int first = !i || proc[i] != proc[i - 1];

		if (state[i] != s)
			continue;
		in++;
		if (first || state[i - 1] != s) {
			(*runs)++;
			*entries += !first;
		}
	}
	return in ? (double)in / (double)*runs : NAN;
}

/*
 * Tries to split the slices in state G (the rule of states.h); on success
 * they go to state NEW above the cut and 1 is returned; 0 when the data
 * do not force it, -1 when out of memory.
 */
static int split(const double *probe, const uint64_t *proc, size_t n, double step,
		 unsigned int *state, unsigned int g, unsigned int new)
{
	size_t m = 0, least = (size_t)ceil(LBS_STATE_MIN_SHARE * (double)n), cut = 0, r1, r2, e;
	struct valued *v = malloc((n ? n : 1) * sizeof(*v));
	double *p = malloc((n + 1) * sizeof(*p)), best = INFINITY, lo, hi;
	int rc = -1;

	if (!v || !p)
		goto out;
	for (size_t i = 0; i < n; i++)
		if (state[i] == g)
			v[m++] = (struct valued){ probe[i], i };
	rc = 0;
	if (!least || m < 2 * least)
		goto out;
	qsort(v, m, sizeof(*v), by_value);
	p[0] = 0;
	for (size_t i = 0; i < m; i++)
		p[i + 1] = p[i] + v[i].v;
	for (size_t c = least; c + least <= m; c++) {
		double cost = sad(v, p, 0, c) + sad(v, p, c, m);

		if (cost < best) {
			best = cost;
			cut = c;
		}
	}
	lo = median_of(v, 0, cut);
	hi = median_of(v, cut, m);
	if (!(hi - lo > LBS_STATE_QUANTA * step / LBS_STATE_PROBE_OPS) ||
	    !(hi - lo > LBS_STATE_MIN_PCT / 100 * fabs(lo)))
		goto out;
	for (size_t i = cut; i < m; i++)
		state[v[i].i] = new;
	if (lbs_state_runs(state, proc, n, g, &r1, &e) >= LBS_STATE_MIN_RUN &&
	    lbs_state_runs(state, proc, n, new, &r2, &e) >= LBS_STATE_MIN_RUN) {
		rc = 1;
		goto out;
	}
	for (size_t i = cut; i < m; i++)
		state[v[i].i] = g;
out:
	free(v);
	free(p);
	return rc;
}

/* Renumbers states 1..K by their probe's median, the fastest first. */
static int renumber(const double *probe, size_t n, unsigned int *state, size_t k)
{
	struct valued *med = malloc(k * sizeof(*med));
	double *buf = malloc((n ? n : 1) * sizeof(*buf));
	unsigned int *to = malloc((k + 1) * sizeof(*to));
	int rc = -1;

	if (!med || !buf || !to)
		goto out;
	for (size_t s = 1; s <= k; s++) {
		size_t m = 0;
		struct valued *tmp;

		for (size_t i = 0; i < n; i++)
			if (state[i] == s)
				buf[m++] = probe[i];
		tmp = malloc((m ? m : 1) * sizeof(*tmp));
		if (!tmp)
			goto out;
		for (size_t i = 0; i < m; i++)
			tmp[i] = (struct valued){ buf[i], i };
		qsort(tmp, m, sizeof(*tmp), by_value);
		med[s - 1] = (struct valued){ m ? median_of(tmp, 0, m) : INFINITY, s };
		free(tmp);
	}
	qsort(med, k, sizeof(*med), by_value);
	for (size_t r = 0; r < k; r++)
		to[med[r].i] = (unsigned int)r + 1;
	for (size_t i = 0; i < n; i++)
		state[i] = to[state[i]];
	rc = 0;
out:
	free(med);
	free(buf);
	free(to);
	return rc;
}

size_t lbs_states_find(const double *probe, const uint64_t *proc, size_t n, double step,
		       unsigned int *state)
{
	size_t k = 1;

	for (size_t i = 0; i < n; i++)
		state[i] = 1;
	/* Each state is tried until it splits no more; a split makes a new
	 * one, tried in its turn. */
	for (unsigned int g = 1; g <= k && k < LBS_STATES_MAX;) {
		int rc = split(probe, proc, n, step, state, g, (unsigned int)k + 1);

		if (rc < 0)
			return 0;
		if (rc)
			k++;
		else
			g++;
	}
	return renumber(probe, n, state, k) ? 0 : k;
}
