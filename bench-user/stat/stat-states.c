// SPDX-License-Identifier: GPL-2.0
/*
 * lb-stat states: the machine states of a run's slices (states.h's rule
 * on the pair probe), as states.csv (one row a state, the fastest
 * first), slice-states.csv (each slice's state) and, when asked,
 * state-causes.csv (what the states track: the contract's
 * LB_STATE_CAUSES_COLUMNS).  A slice without a pair probe has no state
 * and no row.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>
#include "cells.h"
#include "slices.h"
#include "states.h"
#include "stat.h"

/* One state's row of states.csv. */
struct state_row {
	unsigned int state;
	size_t slices, runs, switches, processes;
	double share, probe, probe_lo, probe_hi, chain, mean_run, steal, nivcsw;
};

/* The Q quantile of the values of V[N] that are not NaN, which it sorts
 * to the front; NaN when there are none. */
static double quantile_of(double *v, size_t n, double q)
{
	size_t m = 0;

	for (size_t i = 0; i < n; i++)
		if (!isnan(v[i]))
			v[m++] = v[i];
	if (!m)
		return NAN;
	gsl_sort(v, 1, m);
	return gsl_stats_quantile_from_sorted_data(v, 1, m, q);
}

static void describe_state(struct state_row *r, const struct lbs_slice *const *sl,
			   const unsigned int *state, const uint64_t *proc, size_t n,
			   double ticks_all, double *buf)
{
	size_t m = 0;
	double ticks = 0;

	r->slices = r->processes = 0;
	r->steal = r->nivcsw = 0;
	for (size_t i = 0; i < n; i++) {
		if (state[i] != r->state)
			continue;
		r->slices++;
		ticks += isnan(sl[i]->ticks) ? 0 : sl[i]->ticks;
		r->steal += isnan(sl[i]->steal_us) ? 0 : sl[i]->steal_us;
		r->nivcsw += isnan(sl[i]->nivcsw) ? 0 : sl[i]->nivcsw;
		buf[m++] = sl[i]->probe_pair;
	}
	/* Each process's slices are together: count a process at its first
	 * slice in the state. */
	for (size_t i = 0, seen = 0; i < n; i++) {
		if (i && proc[i] != proc[i - 1])
			seen = 0;
		if (state[i] == r->state && !seen) {
			r->processes++;
			seen = 1;
		}
	}
	/* Time where the slices say how long they ran, else their count. */
	r->share = ticks_all > 0 ? 100 * ticks / ticks_all : 100.0 * (double)r->slices / (double)n;
	r->probe = quantile_of(buf, m, 0.5);
	r->probe_lo = quantile_of(buf, m, 0.1);
	r->probe_hi = quantile_of(buf, m, 0.9);
	m = 0;
	for (size_t i = 0; i < n; i++)
		if (state[i] == r->state)
			buf[m++] = sl[i]->probe_chain;
	r->chain = quantile_of(buf, m, 0.5);
	r->mean_run = lbs_state_runs(state, proc, n, r->state, &r->runs, &r->switches);
}

/* states.csv's columns by name; LB_STATES_COLUMNS gives their order. */
#define COL_state	r->state
#define COL_slices	r->slices
#define COL_share_pct	LBC_G(r->share, 4)
#define COL_probe_pair	LBC_G(r->probe, 6)
#define COL_probe_pair_lo	LBC_G(r->probe_lo, 6)
#define COL_probe_pair_hi	LBC_G(r->probe_hi, 6)
#define COL_probe_chain	LBC_G(r->chain, 6)
#define COL_runs	r->runs
#define COL_mean_run	LBC_G(r->mean_run, 4)
#define COL_switches	r->switches
#define COL_processes	r->processes
#define COL_steal_us	LBC_G(r->steal, 10)
#define COL_nivcsw	LBC_G(r->nivcsw, 10)

static void write_state(FILE *f, const struct state_row *r)
{
	LBC_ROW(f, LB_STATES_COLUMNS);
}
#undef COL_state
#undef COL_slices

/* slice-states.csv's columns by name. */
#define COL_boot	sl[i]->boot
#define COL_seq		sl[i]->seq
#define COL_state	state[i]

static void write_slice_states(FILE *f, const struct lbs_slice *const *sl,
			       const unsigned int *state, size_t n)
{
	fprintf(f, "%s\n", LB_CSV_HEADER(LB_SLICE_STATES_COLUMNS));
	for (size_t i = 0; i < n; i++)
		LBC_ROW(f, LB_SLICE_STATES_COLUMNS);
}
#undef COL_boot
#undef COL_seq
#undef COL_state

/* One factor of state-causes.csv: each slice's level, as an index into
 * its names, in the order the levels first appear. */
#define FACTOR_LEVELS_MAX 256
struct factor {
	const char *name;
	char level[FACTOR_LEVELS_MAX][LB_STR_MAX];
	size_t levels;
	size_t *of;		/* of[i]: slice i's level */
};

static int level_of(struct factor *f, const char *name)
{
	size_t i;

	for (i = 0; i < f->levels; i++)
		if (!strcmp(f->level[i], name))
			return (int)i;
	if (f->levels == FACTOR_LEVELS_MAX)
		return -1;
	snprintf(f->level[f->levels], LB_STR_MAX, "%s", name);
	return (int)f->levels++;
}

/* Cramer's V of the table COUNT[levels][k] (row-major) over N slices;
 * NaN with one level or one state. */
static double cramers_v(const size_t *count, size_t levels, size_t k, size_t n)
{
	double chi2 = 0;
	size_t d = levels < k ? levels : k;

	if (d < 2 || !n)
		return NAN;
	for (size_t l = 0; l < levels; l++) {
		double row = 0;

		for (size_t s = 0; s < k; s++)
			row += (double)count[l * k + s];
		for (size_t s = 0; s < k; s++) {
			double col = 0, e;

			for (size_t j = 0; j < levels; j++)
				col += (double)count[j * k + s];
			e = row * col / (double)n;
			if (e > 0)
				chi2 += ((double)count[l * k + s] - e) * ((double)count[l * k + s] - e) / e;
		}
	}
	return sqrt(chi2 / ((double)n * (double)(d - 1)));
}

/* state-causes.csv's columns by name. */
#define COL_factor	f->name
#define COL_level	f->level[l]
#define COL_state	(unsigned int)(s + 1)
#define COL_slices	tot
#define COL_in_state	count[l * k + s]
#define COL_pct		LBC_G(tot ? 100.0 * (double)count[l * k + s] / (double)tot : NAN, 4)
#define COL_all_pct	LBC_G(100.0 * (double)all[s] / (double)n, 4)
#define COL_cramers_v	LBC_G(v, 3)

static int write_factor(FILE *out, struct factor *f, const unsigned int *state, size_t n, size_t k)
{
	size_t *count = calloc(f->levels * k + 1, sizeof(*count)), *all = calloc(k, sizeof(*all));
	double v;

	if (!count || !all) {
		free(count);
		free(all);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		count[f->of[i] * k + state[i] - 1]++;
		all[state[i] - 1]++;
	}
	v = cramers_v(count, f->levels, k, n);
	for (size_t l = 0; l < f->levels; l++) {
		size_t tot = 0;

		for (size_t s = 0; s < k; s++)
			tot += count[l * k + s];
		for (size_t s = 0; s < k; s++)
			LBC_ROW(out, LB_STATE_CAUSES_COLUMNS);
	}
	free(count);
	free(all);
	return 0;
}

/* The level of slice I of factor NAME. */
static const char *level_name(const char *name, const struct lbs_slice *const *sl, size_t i,
			      const double *mid, double chain_median, char *buf, size_t len)
{
	const struct lbs_slice *s = sl[i];

	if (!strcmp(name, "prev"))
		return s->prev;
	if (!strcmp(name, "half"))
		return s->start_us < mid[i] ? "first" : "second";
	if (!strcmp(name, "process")) {
		snprintf(buf, len, "%llu", (unsigned long long)s->boot);
		return buf;
	}
	if (!strcmp(name, "chain"))
		return isnan(s->probe_chain) ? "none" : s->probe_chain <= chain_median ? "low" : "high";
	if (!strcmp(name, "steal"))
		return s->steal_us > 0 ? "some" : "none";
	return s->nivcsw > 0 ? "some" : "none";
}

static int write_causes(FILE *out, const struct lbs_slice *const *sl, const unsigned int *state,
			const uint64_t *proc, size_t n, size_t k)
{
	static const char *const names[] = { "prev", "half", "process", "chain", "steal", "nivcsw" };
	double *mid = malloc((n ? n : 1) * sizeof(*mid)), *buf = malloc((n ? n : 1) * sizeof(*buf));
	struct factor *f = calloc(1, sizeof(*f));
	double chain_median;
	int rc = -1;

	if (!mid || !buf || !f)
		goto out;
	f->of = malloc((n ? n : 1) * sizeof(*f->of));
	if (!f->of)
		goto out;
	/* Each process's middle of time: halfway from its first start to its last. */
	for (size_t i = 0, j; i < n; i = j) {
		double lo = sl[i]->start_us, hi = sl[i]->start_us;

		for (j = i; j < n && proc[j] == proc[i]; j++) {
			lo = fmin(lo, sl[j]->start_us);
			hi = fmax(hi, sl[j]->start_us);
		}
		for (size_t t = i; t < j; t++)
			mid[t] = (lo + hi) / 2;
	}
	for (size_t i = 0; i < n; i++)
		buf[i] = sl[i]->probe_chain;
	chain_median = quantile_of(buf, n, 0.5);
	fprintf(out, "%s\n", LB_CSV_HEADER(LB_STATE_CAUSES_COLUMNS));
	for (size_t c = 0; c < sizeof(names) / sizeof(names[0]); c++) {
		f->name = names[c];
		f->levels = 0;
		for (size_t i = 0; i < n; i++) {
			char b[32];
			int l = level_of(f, level_name(names[c], sl, i, mid, chain_median, b, sizeof(b)));

			/* Past FACTOR_LEVELS_MAX levels the rest share the last. */
			f->of[i] = l < 0 ? FACTOR_LEVELS_MAX - 1 : (size_t)l;
		}
		if (write_factor(out, f, state, n, k))
			goto out;
	}
	rc = 0;
out:
	if (f)
		free(f->of);
	free(f);
	free(mid);
	free(buf);
	return rc;
}

int lbs_write_states(FILE *states, FILE *assign, FILE *causes, struct lbs_slices *set, double step,
		     size_t *nstates)
{
	size_t n = 0, k;
	const struct lbs_slice **sl = malloc((set->n ? set->n : 1) * sizeof(*sl));
	double *probe = malloc((set->n ? set->n : 1) * sizeof(*probe)), ticks_all = 0;
	uint64_t *proc = malloc((set->n ? set->n : 1) * sizeof(*proc));
	unsigned int *state = malloc((set->n ? set->n : 1) * sizeof(*state));
	int rc = -1;

	*nstates = 0;
	if (!sl || !probe || !proc || !state)
		goto out;
	lbs_slices_sort(set);
	for (size_t i = 0; i < set->n; i++) {
		if (isnan(set->s[i].probe_pair))
			continue;
		sl[n] = &set->s[i];
		probe[n] = set->s[i].probe_pair;
		proc[n] = set->s[i].boot;
		ticks_all += isnan(set->s[i].ticks) ? 0 : set->s[i].ticks;
		n++;
	}
	if (!n) {
		rc = -2;
		goto out;
	}
	k = lbs_states_find(probe, proc, n, step, state);
	if (!k)
		goto out;
	fprintf(states, "%s\n", LB_CSV_HEADER(LB_STATES_COLUMNS));
	for (unsigned int s = 1; s <= k; s++) {
		struct state_row r = { .state = s };

		describe_state(&r, sl, state, proc, n, ticks_all, probe);
		write_state(states, &r);
	}
	write_slice_states(assign, sl, state, n);
	if (causes && write_causes(causes, sl, state, proc, n, k))
		goto out;
	*nstates = k;
	rc = 0;
out:
	free(sl);
	free(probe);
	free(proc);
	free(state);
	return rc;
}
