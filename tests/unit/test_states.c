// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of states.h's rule: planted states are found and each
 * slice placed, one state with jitter and preempted slices stays one in
 * at least 99 of 100 seeds, and each condition of the rule (quanta, 1%,
 * share, runs) refuses a second state on its own.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include "states.h"

#define PROCS	10
#define PER	200	/* slices a process */
#define N	(PROCS * PER)

struct run {
	double probe[N];
	uint64_t proc[N];
	unsigned int truth[N], state[N];
};

/*
 * A run of PROCS processes whose machine moves between K states (probes
 * LEVEL[0..K-1]) with chance SWITCH before each slice, relative jitter
 * JITTER, and a share OUTLIER of slices preempted (3x).  truth[] is the
 * planted state, numbered as lbs_states_find numbers them when LEVEL
 * ascends.
 */
static void plant(struct run *r, gsl_rng *g, const double *level, unsigned int k, double sw,
		  double jitter, double outlier)
{
	for (size_t p = 0; p < PROCS; p++) {
		unsigned int s = (unsigned int)gsl_rng_uniform_int(g, k);

		for (size_t i = 0; i < PER; i++) {
			size_t j = p * PER + i;

			if (i && k > 1 && gsl_rng_uniform(g) < sw)
				s = (s + 1 + (unsigned int)gsl_rng_uniform_int(g, k - 1)) % k;
			r->proc[j] = p + 1;
			r->truth[j] = s + 1;
			r->probe[j] = level[s] * (1 + gsl_ran_gaussian(g, jitter)) *
				      (gsl_rng_uniform(g) < outlier ? 3 : 1);
		}
	}
}

static gsl_rng *rng_seeded(unsigned long seed)
{
	gsl_rng *g = gsl_rng_alloc(gsl_rng_mt19937);

	assert_non_null(g);
	gsl_rng_set(g, seed);
	return g;
}

static size_t placed(const struct run *r)
{
	size_t ok = 0;

	for (size_t i = 0; i < N; i++)
		ok += r->state[i] == r->truth[i];
	return ok;
}

/* pre 20 and 24 cycles a pair, switching every 5 slices on average. */
static void test_two_states(void **unused)
{
	static struct run r;
	const double level[] = { 20, 24 };
	gsl_rng *g = rng_seeded(1);

	(void)unused;
	plant(&r, g, level, 2, 0.2, 0.005, 0);
	assert_int_equal(lbs_states_find(r.probe, r.proc, N, 1, r.state), 2);
	assert_true(placed(&r) >= N - N / 100);
	gsl_rng_free(g);
}

/* Three states, each split in its turn; and preempted slices join a
 * state, not make one. */
static void test_three_states(void **unused)
{
	static struct run r;
	const double level[] = { 20, 22, 24 };
	gsl_rng *g = rng_seeded(2);

	(void)unused;
	plant(&r, g, level, 3, 0.15, 0.005, 0.01);
	assert_int_equal(lbs_states_find(r.probe, r.proc, N, 1, r.state), 3);
	assert_true(placed(&r) >= N - N / 50);
	gsl_rng_free(g);
}

/* One state, 0.5% jitter, 2% of slices preempted (3x): one state in at
 * least 99 of 100 seeds, at the Intel TSC's step (1) and Zen 5's (27). */
static void test_one_state_seeds(void **unused)
{
	static struct run r;
	const double level[] = { 20 };
	size_t one = 0, one27 = 0;

	(void)unused;
	for (unsigned long seed = 1; seed <= 100; seed++) {
		gsl_rng *g = rng_seeded(seed);

		plant(&r, g, level, 1, 0, 0.005, 0.02);
		one += lbs_states_find(r.probe, r.proc, N, 1, r.state) == 1;
		one27 += lbs_states_find(r.probe, r.proc, N, 27, r.state) == 1;
		gsl_rng_free(g);
	}
	assert_true(one >= 99);
	assert_true(one27 >= 99);
}

/* Each condition alone keeps one state. */
static void test_rule_conditions(void **unused)
{
	static struct run r;
	gsl_rng *g = rng_seeded(3);
	double level[2];
	size_t runs, entries;

	(void)unused;
	/* 5.0 against 5.1, 2% apart: two states at a step of 1 tick (0.1 is
	 * 100 quanta), one at 27 (0.1 is under 5 quanta of 0.027). */
	level[0] = 5.0;
	level[1] = 5.1;
	plant(&r, g, level, 2, 0.2, 0.001, 0);
	assert_int_equal(lbs_states_find(r.probe, r.proc, N, 1, r.state), 2);
	assert_int_equal(lbs_states_find(r.probe, r.proc, N, 27, r.state), 1);
	/* 0.8% apart: more than 5 quanta, less than 1%. */
	level[0] = 20;
	level[1] = 20.16;
	plant(&r, g, level, 2, 0.2, 0.0005, 0);
	assert_int_equal(lbs_states_find(r.probe, r.proc, N, 1, r.state), 1);
	/* 20% apart but a new state every slice: runs of about 2. */
	level[1] = 24;
	plant(&r, g, level, 2, 1, 0.005, 0);
	assert_int_equal(lbs_states_find(r.probe, r.proc, N, 1, r.state), 1);
	/* 20% apart, long runs, but the slow state holds one process of ten
	 * less a few slices: under 20% of the slices. */
	plant(&r, g, level, 1, 0, 0.005, 0);
	for (size_t i = 0; i < PER - 10; i++)
		r.probe[i] *= 1.2;
	assert_int_equal(lbs_states_find(r.probe, r.proc, N, 1, r.state), 1);
	/* ... and two processes of ten: a state. */
	for (size_t i = PER - 10; i < 2 * PER; i++)
		r.probe[i] *= 1.2;
	assert_int_equal(lbs_states_find(r.probe, r.proc, N, 1, r.state), 2);
	assert_int_equal(r.state[0], 2);
	assert_int_equal(r.state[N - 1], 1);
	assert_float_equal(lbs_state_runs(r.state, r.proc, N, 2, &runs, &entries), PER, 1e-12);
	assert_int_equal(runs, 2);
	assert_int_equal(entries, 0);
	gsl_rng_free(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_two_states),
		cmocka_unit_test(test_three_states),
		cmocka_unit_test(test_one_state_seeds),
		cmocka_unit_test(test_rule_conditions),
	};

	return cmocka_run_group_tests_name("states", tests, NULL, NULL);
}
