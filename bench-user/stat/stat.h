/* SPDX-License-Identifier: GPL-2.0 */
/* lb-stat's subcommands and what they share. */
#ifndef STAT_H
#define STAT_H

#include <stdint.h>
#include <stdio.h>
#include <gsl/gsl_rng.h>
#include "lbrec.h"

struct lbs_rounds;

struct lbs_opts {
	uint64_t seed;		/* every resampling starts from this */
	size_t resamples;	/* bootstrap draws */
	double alpha;		/* family-wise, after Holm */
	double power;		/* for the minimum detectable effect */
	int force;
	/* A timed run's rounds (rounds.h), or NULL: compare pairs two
	 * variants' boots by round where each round booted both. */
	const struct lbs_rounds *rounds;
	double tsc_step;	/* TSC ticks a step of the counter (1: every tick) */
	unsigned int state;	/* compare: only slices in this state (0: all) */
	size_t blocks;		/* compare: blocks of replicates, 1 or 2 */
};

struct lbs_pair { const char *base, *other; };

/* An RNG for one figure, seeded from the options' seed and the figure's
 * name, so a figure does not change when others are added or removed
 * (stat-rows.c). */
void lbs_seed_for(gsl_rng *rng, const struct lbs_opts *o, const char *name);
/*
 * The placement's part of a figure's seed name: "" for the first
 * placement (any), so every figure named before placements existed keeps
 * its seed; "/NAME" for the others, so that two placements of one shape
 * resample apart (stat-rows.c).
 */
const char *lbs_seed_placement(const char *placement);

/*
 * Measures rows 0..N-1 on every CPU (OpenMP): FN(i, rng, x, y, CTX), with
 * an RNG and two buffers of BUFN doubles owned by the calling thread.  FN
 * seeds the RNG itself (lbs_seed_for), so no figure depends on which
 * thread made it or in what order.  0, or -1 when out of memory.
 */
typedef void lbs_row_fn(size_t i, gsl_rng *rng, double *x, double *y, void *ctx);
int lbs_each_row(size_t n, size_t bufn, lbs_row_fn *fn, void *ctx);

int lbs_write_summary(FILE *f, const struct lb_set *s, const struct lbs_opts *o);

/* Simulated sample pairs behind each MDE: the SE of a power near 0.8 is
 * then 0.02. */
#define LBS_MDE_SIMS 400

/* The pairs whose code is identical, either may be NULL: AA, two copies
 * of the same code at one layout (native: VARIANT against VARIANT~A), and
 * LAYOUT, one variant against a second copy of itself at another layout
 * in the same processes.  Only AA sets the floor; LAYOUT is a pair with a
 * verdict of its own. */
struct lbs_aa {
	const struct lbs_pair *aa, *layout;
};

/* Writes PAIRS (CSV).  The changes of A->aa's rows per mode, metric and
 * kind, resampled, bound the noise floor (lbs_aa_floor in bootstat.h);
 * none without A->aa.  With SL (slices.csv), a native cost or throughput
 * is measured from adjacent slices (slicepairs.h), and with O->state
 * only from the slices in that state (SL's states set); NULL measures
 * every row from the records.  Tables and findings are drawn from PAIRS
 * by scripts/report/render.awk. */
struct lbs_slices;
int lbs_write_pairs(FILE *pairs, const struct lb_set *s, const struct lbs_pair *p, size_t np,
		    const struct lbs_aa *a, const struct lbs_slices *sl, const struct lbs_opts *o);

/* Writes one row per cell of KIND whose shape BASE (e.g. "empty") also
 * has, per variant: the ratio of medians KIND / BASE in the mode's
 * headline metric, with its bootstrap CI. */
int lbs_write_baseline(FILE *f, const struct lb_set *s, const char *kind,
		       const char *base, const struct lbs_opts *o);

struct lbs_slices;
/*
 * Writes STATES (states.csv), ASSIGN (slice-states.csv) and, unless NULL,
 * CAUSES (state-causes.csv) from SET's slices (which it sorts), by
 * states.h's rule with a TSC step of STEP ticks; *NSTATES gets the number
 * of states.  0; -1 when out of memory; -2 when no slice has a probe.
 */
int lbs_write_states(FILE *states, FILE *assign, FILE *causes, struct lbs_slices *set, double step,
		     size_t *nstates);

#endif
