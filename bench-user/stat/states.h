/* SPDX-License-Identifier: GPL-2.0 */
/*
 * states: the machine states a run's slices show, from the pair probe
 * timed just before each slice (a bare lock decb; movb $1 pair, 1000 to a
 * batch).  A state is named only when the data force it:
 *
 * 1. The slices' probes, sorted, are cut in two where the sum of each
 *    group's absolute deviations from its own median is least (the
 *    optimal 1-D two-medians split), among the cuts that leave at least
 *    LBS_STATE_MIN_SHARE of the run's slices on each side.  Not the
 *    largest gap between neighbours: among thousands of jittered probes
 *    the widest gap lies in a tail (a preempted slice 3x slower), not
 *    where two groups meet.  Not two-means: a few such slices pull a
 *    group's mean, and with it the cut, while the rule compares medians.
 * 2. The cut names a second state only if the groups' medians differ by
 *    more than LBS_STATE_QUANTA quanta (the probe's resolution: the TSC's
 *    step over the LBS_STATE_PROBE_OPS pairs of its batch) and by more
 *    than LBS_STATE_MIN_PCT percent of the lower median, and if in each
 *    group the slices last LBS_STATE_MIN_RUN slices in a row on average
 *    (runs of consecutive slices of a process, in the order they ran, a
 *    slice of any other group ending a run).  Jitter of one state cut at
 *    its median gives medians about 1.35 SD apart (under 1% at 0.5%
 *    jitter) and runs of 2 on average (each slice falls either side by
 *    chance): it is not a state.
 * 3. Each group is tried again the same way (the share and the run of
 *    the whole run's slices), up to LBS_STATES_MAX states.
 *
 * States are numbered by their probe's median, the first the fastest.
 */
#ifndef STATES_H
#define STATES_H

#include <stddef.h>
#include <stdint.h>

#define LBS_STATE_QUANTA	5	/* medians apart by more than this many quanta */
#define LBS_STATE_MIN_PCT	1.0	/* and by more than this % of the lower median */
#define LBS_STATE_MIN_SHARE	0.20	/* each group at least this share of the slices */
#define LBS_STATE_MIN_RUN	3.0	/* each group's mean run of consecutive slices */
#define LBS_STATE_PROBE_OPS	1000	/* pairs a probe batch times */
#define LBS_STATES_MAX		4

/*
 * The states of N slices: PROBE[i] is slice i's pair probe in TSC cycles
 * a pair, PROC[i] its process; the slices are in the order they ran
 * within each process, each process's slices together.  STEP is the
 * TSC's step in ticks (1 where it counts every tick).  Each slice's state
 * (1 to the number of states) goes into STATE[i].  Returns the number of
 * states, or 0 when out of memory.
 */
size_t lbs_states_find(const double *probe, const uint64_t *proc, size_t n, double step,
		       unsigned int *state);

/*
 * The mean run of slices in state S (runs: consecutive slices of one
 * process in S), over N slices as lbs_states_find takes them; NaN when
 * no slice is in S.  *RUNS gets the number of runs and *ENTRIES the
 * entries into S from another state (a process's first slice is none).
 */
double lbs_state_runs(const unsigned int *state, const uint64_t *proc, size_t n, unsigned int s,
		      size_t *runs, size_t *entries);

#endif
