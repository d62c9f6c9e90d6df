// SPDX-License-Identifier: GPL-2.0
/*
 * lb-stat: the one analysis tool.  Every timed figure the graphs and
 * RESULTS.md show comes from its two tables.
 *
 *   lb-stat summary [OPTION]... -o SUMMARY FILE...
 *   lb-stat compare [OPTION]... -o PAIRS [--aa BASE:OTHER [--layout BASE:OTHER]]
 *                   [--rounds RUN_INFO] [--blocks 2]
 *                   [--slices SLICES... [--slice-states SLICE_STATES --state S]]
 *                   --pair BASE:OTHER... FILE...
 *   lb-stat states -o STATES --assign SLICE_STATES [--causes CAUSES] [--tsc-step K]
 *                  SLICES...
 *   lb-stat baseline [OPTION]... -o RATIOS --kind KIND --over BASEKIND FILE...
 *
 * Every output is CSV: tables and findings are drawn from it by one
 * renderer (scripts/report/render.awk).  --aa names the pair
 * whose code is identical: its changes, resampled, bound the noise floor
 * of each mode, metric and kind.
 * --layout names a variant and its own second copy at another layout
 * (native's VARIANT~L2), one of the --pair: it sets no floor and gets a
 * verdict as any pair does (the layout is drawn per process, so its
 * spread is in every change's CI already).
 * --rounds names a timed run's run.info: where its order_round_B lines
 * say round B booted both variants of a pair, their boots of index B are
 * one replicate, paired as native's processes are (rounds.h).
 * baseline divides each KIND cell by the same shape of BASEKIND in the
 * same variant (spin_lock over empty: the lock's share of contended work).
 *
 * The change of a pair is one estimator a row, named in pairs.csv's
 * estimator column and described in the contract's one place
 * (LB_PAIRS_COLUMNS in schema/lockbench_schema.h).  With --slices (lb-native's
 * slices.csv), a native cycles, ns or ops/s change is the median of
 * ratios of adjacent paired slices (slicepairs.h): per process the median
 * of the round-by-round ratios p50_OTHER / p50_BASE, q_p; the change is
 * the median over processes of q_p, its CI a bootstrap over processes,
 * the independent units.  The figures beside it are the estimator's own:
 * median_base is the median over processes of base's p50 over the same
 * slices (x_p), median_other = median_base x (1 + change).  The rank-sum
 * p compares x_p with y_p.  Every other metric comes from the records as
 * without --slices, which compares as before (old runs have no slices).
 * --slice-states (states' --assign) with --state S measures each change
 * from the slices in state S alone (both slices of a pair in it): one
 * pairs.csv a state, its state column S; the records' metrics, which no
 * state splits, are left out of it.
 *
 * --blocks 2 splits the replicates (a native run's processes) into two
 * blocks by index, the first half and the second (RUNS processes run in
 * two blocks of at least 10): every row gives its change in each block by
 * its own estimator, the difference between them with a bootstrap CI
 * that resamples each block within itself, and blocks_agree 0 where
 * that CI excludes 0 and the difference exceeds the row's floor: a
 * change a second run would not reproduce (blocks.h).
 *
 * states names the machine states of a run's slices from their pair
 * probe (states.h: the rule and why): STATES (states.csv), SLICE_STATES
 * (slice-states.csv, each slice's state, for compare --slice-states) and,
 * with --causes, CAUSES (state-causes.csv: what the states track).
 *
 * Options: --seed S (default 1), --resamples R (bootstrap draws, default
 * 4000), --alpha A (default 0.05), --power P (default 0.8),
 * --force (mix accelerators, vCPU counts or hosts; never units),
 * --tsc-step K (or --step K: the TSC advances K ticks at a time, as the
 * host facts' tsc_step says; default 1): a cycles or ns row's quantum is
 * K ticks over the ops a sample times, its floor is at least that, and a
 * CI narrower than it is widened to half a quantum each side of the
 * change, so no CI of zero width is printed.
 *
 * The boot is the unit of replication: each boot gives a cell one value,
 * its median over passes (see cells.h).  Existing output files are never
 * overwritten.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cells.h"
#include "rounds.h"
#include "slices.h"
#include "stat.h"

#define MAX_PAIRS 64
#define MAX_SLICE_FILES 1024

static const char usage[] =
	"usage: lb-stat summary [OPTION]... -o SUMMARY FILE...\n"
	"       lb-stat compare [OPTION]... -o PAIRS [--aa BASE:OTHER [--layout BASE:OTHER]]\n"
	"                       [--rounds RUN_INFO] [--blocks 2]\n"
	"                       [--slices SLICES... [--slice-states SLICE_STATES --state S]]\n"
	"                       --pair BASE:OTHER... FILE...\n"
	"       lb-stat baseline [OPTION]... -o RATIOS --kind KIND --over BASEKIND FILE...\n"
	"       lb-stat states -o STATES --assign SLICE_STATES [--causes CAUSES] [--tsc-step K]\n"
	"                      SLICES...\n"
	"options: --seed S  --resamples R  --alpha A  --power P  --force  --tsc-step K\n";

static int parse_pair(const char *arg, struct lbs_pair *p)
{
	char *dup = strdup(arg), *colon = dup ? strchr(dup, ':') : NULL;

	if (!colon || colon == dup || !colon[1] || strchr(colon + 1, ':')) {
		fprintf(stderr, "lb-stat: '%s' is not BASE:OTHER\n", arg);
		free(dup);
		return -1;
	}
	*colon = '\0';
	p->base = dup;
	p->other = colon + 1;
	return 0;
}

static int parse_num(const char *opt, const char *arg, double lo, double hi, double *out)
{
	char *end;

	errno = 0;
	*out = strtod(arg, &end);
	if (errno || end == arg || *end || !(*out > lo && *out < hi)) {
		fprintf(stderr, "lb-stat: %s %s is not a number in (%g, %g)\n", opt, arg, lo, hi);
		return -1;
	}
	return 0;
}

static int parse_u64(const char *opt, const char *arg, uint64_t lo, uint64_t *out)
{
	char *end;

	errno = 0;
	*out = strtoull(arg, &end, 10);
	if (errno || end == arg || *end || arg[0] == '-' || *out < lo) {
		fprintf(stderr, "lb-stat: %s %s is not an integer >= %" PRIu64 "\n", opt, arg, lo);
		return -1;
	}
	return 0;
}

/* The records of FILES, failed ones included (the cells leave them out). */
static int load(char **files, int n, struct lb_set *s, int force)
{
	char err[LB_ERR_MAX];
	size_t failed = 0;

	for (int i = 0; i < n; i++) {
		if (lb_parse_file(files[i], s, err, sizeof(err))) {
			fprintf(stderr, "lb-stat: %s\n", err);
			return -1;
		}
	}
	for (size_t i = 0; i < s->n; i++)
		failed += strcmp(s->rec[i].status, "ok") != 0;
	if (failed)
		fprintf(stderr, "lb-stat: left out %zu failed records (status not ok)\n", failed);
	if (failed == s->n) {
		fprintf(stderr, "lb-stat: no ok records in the input\n");
		return -1;
	}
	return lbc_comparable(s, force, "lb-stat");
}

/* The slices of FILES[N] into SET, with each one's state from STATES
 * (a slice-states.csv) unless NULL. */
static int load_slices(const char **files, size_t n, const char *states, struct lbs_slices *set)
{
	char err[LB_ERR_MAX];

	for (size_t i = 0; i < n; i++) {
		if (lbs_slices_read(files[i], set, err, sizeof(err))) {
			fprintf(stderr, "lb-stat: %s\n", err);
			return -1;
		}
	}
	if (states && lbs_slices_read_states(states, set, err, sizeof(err))) {
		fprintf(stderr, "lb-stat: %s\n", err);
		return -1;
	}
	return 0;
}

/* Whether Q is one of the N pairs P. */
static int listed(const struct lbs_pair *q, const struct lbs_pair *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(q->base, p[i].base) && !strcmp(q->other, p[i].other))
			return 1;
	return 0;
}

/* Close F; on failure remove PATH so that no partial table is left. */
static int finish(FILE *f, const char *path)
{
	if (!f)
		return 0;
	if (ferror(f) | fclose(f)) {
		fprintf(stderr, "lb-stat: writing %s failed: %s\n", path, strerror(errno));
		unlink(path);
		return -1;
	}
	return 0;
}

/*
 * lb-stat states: STATES, ASSIGN and (optional) CAUSES from the slices
 * FILES[N]; BAD is an option states does not take.
 */
static int states(const char *out, const char *assign, const char *causes, char **files, int n,
		  int bad, const struct lbs_opts *o)
{
	struct lbs_slices set = { 0 };
	char err[LB_ERR_MAX];
	FILE *fs = NULL, *fa = NULL, *fc = NULL;
	size_t k;
	int rc;

	if (!out || !assign || n < 1 || bad) {
		fputs(usage, stderr);
		return 1;
	}
	for (int i = 0; i < n; i++) {
		if (lbs_slices_read(files[i], &set, err, sizeof(err))) {
			fprintf(stderr, "lb-stat: %s\n", err);
			lbs_slices_free(&set);
			return 2;
		}
	}
	fs = lb_create_new("lb-stat", out);
	fa = fs ? lb_create_new("lb-stat", assign) : NULL;
	fc = fa && causes ? lb_create_new("lb-stat", causes) : NULL;
	if (!fs || !fa || (causes && !fc)) {
		rc = -1;
	} else {
		rc = lbs_write_states(fs, fa, fc, &set, o->tsc_step, &k);
		if (rc == -2)
			fprintf(stderr, "lb-stat: no slice has a pair probe: no states\n");
		else if (rc)
			fprintf(stderr, "lb-stat: out of memory\n");
	}
	lbs_slices_free(&set);
	/* Created files only: an existing one is never removed. */
	if ((finish(fs, out) | finish(fa, assign) | finish(fc, causes)) || rc) {
		if (fs)
			unlink(out);
		if (fa)
			unlink(assign);
		if (fc)
			unlink(causes);
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option lopts[] = {
		{ "seed", required_argument, NULL, 'S' },
		{ "resamples", required_argument, NULL, 'R' },
		{ "alpha", required_argument, NULL, 'a' },
		{ "power", required_argument, NULL, 'w' },
		{ "force", no_argument, NULL, 'f' },
		{ "pair", required_argument, NULL, 'P' },
		{ "aa", required_argument, NULL, 'A' },
		{ "layout", required_argument, NULL, 'L' },
		{ "kind", required_argument, NULL, 'k' },
		{ "over", required_argument, NULL, 'O' },
		{ "rounds", required_argument, NULL, 'r' },
		{ "assign", required_argument, NULL, 'g' },
		{ "causes", required_argument, NULL, 'c' },
		{ "tsc-step", required_argument, NULL, 't' },
		{ "step", required_argument, NULL, 't' },
		{ "slices", required_argument, NULL, 'l' },
		{ "slice-states", required_argument, NULL, 'X' },
		{ "state", required_argument, NULL, 's' },
		{ "blocks", required_argument, NULL, 'B' },
		{ NULL, 0, NULL, 0 }
	};
	struct lbs_opts o = { .seed = 1, .resamples = 4000, .alpha = 0.05, .power = 0.8, .tsc_step = 1,
			      .blocks = 1 };
	const char *assign = NULL, *causes = NULL, *slice_files[MAX_SLICE_FILES], *slice_states = NULL;
	size_t nslice = 0;
	struct lbs_slices sl = { 0 };
	struct lbs_pair pairs[MAX_PAIRS], aa, layout;
	const char *out = NULL, *cmd, *kind = NULL, *over = NULL, *rounds_file = NULL;
	struct lbs_rounds rounds = { 0 };
	char err[LB_ERR_MAX];
	size_t np = 0;
	int c, have_aa = 0, have_layout = 0, rc;
	uint64_t u;
	struct lb_set s = { 0 };
	FILE *fo;

	if (argc < 2 || (strcmp(argv[1], "summary") && strcmp(argv[1], "compare") &&
			 strcmp(argv[1], "baseline") && strcmp(argv[1], "states"))) {
		fputs(usage, stderr);
		return 1;
	}
	cmd = argv[1];
	argv++;
	argc--;
	while ((c = getopt_long(argc, argv, "o:", lopts, NULL)) != -1) {
		switch (c) {
		case 'o': out = optarg; break;
		case 'k': kind = optarg; break;
		case 'O': over = optarg; break;
		case 'r': rounds_file = optarg; break;
		case 'f': o.force = 1; break;
		case 'g': assign = optarg; break;
		case 'c': causes = optarg; break;
		case 'X': slice_states = optarg; break;
		case 'l':
			if (nslice == MAX_SLICE_FILES) {
				fprintf(stderr, "lb-stat: at most %d --slices\n", MAX_SLICE_FILES);
				return 1;
			}
			slice_files[nslice++] = optarg;
			break;
		case 's':
			if (parse_u64("--state", optarg, 1, &u))
				return 1;
			o.state = (unsigned int)u;
			break;
		case 'B':
			/* pairs.csv has the columns of two blocks. */
			if (parse_u64("--blocks", optarg, 1, &u))
				return 1;
			if (u > 2) {
				fprintf(stderr, "lb-stat: --blocks %s: 1 or 2 (pairs.csv holds two blocks)\n", optarg);
				return 1;
			}
			o.blocks = u;
			break;
		case 't':
			if (parse_u64("--tsc-step", optarg, 1, &u))
				return 1;
			o.tsc_step = (double)u;
			break;
		case 'S':
			if (parse_u64("--seed", optarg, 0, &o.seed))
				return 1;
			break;
		case 'R':
			if (parse_u64("--resamples", optarg, 100, &u))
				return 1;
			o.resamples = u;
			break;
		case 'a':
			if (parse_num("--alpha", optarg, 0, 1, &o.alpha))
				return 1;
			break;
		case 'w':
			if (parse_num("--power", optarg, 0, 1, &o.power))
				return 1;
			break;
		case 'A':
			if (parse_pair(optarg, &aa))
				return 1;
			have_aa = 1;
			break;
		case 'L':
			if (parse_pair(optarg, &layout))
				return 1;
			have_layout = 1;
			break;
		case 'P':
			if (np == MAX_PAIRS) {
				fprintf(stderr, "lb-stat: at most %d --pair\n", MAX_PAIRS);
				return 1;
			}
			if (parse_pair(optarg, &pairs[np++]))
				return 1;
			break;
		default:
			fputs(usage, stderr);
			return 1;
		}
	}
	if (!strcmp(cmd, "states"))
		return states(out, assign, causes, argv + optind, argc - optind, np || have_aa || have_layout ||
			      kind || over || o.force || rounds_file || nslice || slice_states || o.state ||
			      o.blocks > 1, &o);
	if (!out || optind >= argc || (!strcmp(cmd, "compare") && !np) || assign || causes ||
	    (strcmp(cmd, "compare") && (np || have_aa || have_layout || rounds_file || nslice || o.blocks > 1)) ||
	    (slice_states && !nslice) || !slice_states != !o.state || (have_layout && !have_aa) ||
	    (!strcmp(cmd, "baseline") ? !(kind && over) || !strcmp(kind, over) : kind || over)) {
		fputs(usage, stderr);
		return 1;
	}
	if (have_layout && !listed(&layout, pairs, np)) {
		fprintf(stderr, "lb-stat: --layout %s:%s is not one of the --pair: name it there too\n",
			layout.base, layout.other);
		return 1;
	}
	if (rounds_file) {
		if (lbs_rounds_read(rounds_file, &rounds, err, sizeof(err))) {
			fprintf(stderr, "lb-stat: --rounds: %s\n", err);
			return 1;
		}
		o.rounds = &rounds;
	}
	if (load(argv + optind, argc - optind, &s, o.force) ||
	    load_slices(slice_files, nslice, slice_states, &sl))
		return 2;
	fo = lb_create_new("lb-stat", out);
	if (!fo)
		return 1;
	if (!strcmp(cmd, "summary"))
		rc = lbs_write_summary(fo, &s, &o);
	else if (!strcmp(cmd, "baseline"))
		rc = lbs_write_baseline(fo, &s, kind, over, &o);
	else
		rc = lbs_write_pairs(fo, &s, pairs, np,
				     &(struct lbs_aa){ have_aa ? &aa : NULL, have_layout ? &layout : NULL },
				     nslice ? &sl : NULL, &o);
	if (rc)
		fprintf(stderr, "lb-stat: out of memory\n");
	if (finish(fo, out) || rc) {
		unlink(out);
		return 1;
	}
	lb_set_free(&s);
	lbs_rounds_free(&rounds);
	lbs_slices_free(&sl);
	return 0;
}
