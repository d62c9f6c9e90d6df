// SPDX-License-Identifier: GPL-2.0
/*
 * lb-validate FILE...: check results files against the schema.  Read-only.
 * lb-validate --describe [SECTION]: the contract (schema/lockbench_schema.h)
 * as TSV, so that shell, awk and gnuplot read it instead of copying it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "jobfile.h"
#include "lbrec.h"

/*
 * One table per section: a header line "#SECTION<TAB>COLUMN..." then rows
 * "SECTION<TAB>VALUE...", a blank line after each table.  Every row starts
 * with its section, so "awk -F'\t' '$1 == "kinds"'" finds one table.
 */
#define ROW2(sec, a, b) printf("%s\t%s\t%s\n", sec, a, b);

#define D_FIELD(n, type, desc) printf("fields\t%s\t%s\t%s\t%s\n", #n, #type, from, desc);
#define D_ACCEL(a, unit) ROW2("accels", #a, #unit)
#define D_INSTRUMENT(n, unit, dir, boots, alias, place, q)		\
	printf("instruments\t%s\t%s\t%s\t%d\t%s\t%s\t%s\n", #n, #unit, #dir, boots, #alias, #place, q);
#define D_KIND(k, rw, side, irq, base, hot, cont, test)				\
	printf("kinds\t%s\t%d\t%s\t%s\t%d\t%d\t%d\t%d\n", #k, rw, #side, #irq, base, hot, cont, test);
#define D_MODE(m, extra, desc) printf("modes\t%s\t%d\t%s\n", #m, extra, desc);
#define D_PLACEMENT(p, desc) printf("placements\t%s\t%s\n", p, desc);
#define D_STATUS(st, match, by, desc) printf("statuses\t%s\t%s\t%s\t%s\n", #st, #match, #by, desc);
#define D_CELL(n, desc) printf("cell\t%s\t%d\t%s\n", #n, in_tables, desc);
#define D_COL(n, desc) printf("%s\t%s\t%s\n", sec, #n, desc);
#define D_BOOT(st, keeps, desc) printf("boot_statuses\t%s\t%d\t%s\n", st, keeps, desc);
#define D_KEY(k, lo, hi, def) printf("job_keys\t%s\t%llu\t%llu\t%llu\n", #k,	\
				     (unsigned long long)(lo), (unsigned long long)(hi),	\
				     (unsigned long long)(def));
#define D_VERDICT(v, desc) printf("verdicts\t%s\t%s\n", v, desc);
#define D_PAD(n) printf("pads\t%d\n", n);
#define D_SUMMARY_CONT(m, t, unit, desc) printf("summary_contended\t%s\t%d\t%s\t%s\n", #m, t, #unit, desc);
#define D_MARK_EDGE(n, v, d) printf("marks\t%s\tedge\t%d\t%s\n", #n, v, d);
#define D_MARK_SITE(n, v, d) printf("marks\t%s\tsite\t%d\t%s\n", #n, v, d);

static const char *const sections[] = {
	"fields", "accels", "instruments", "kinds", "modes", "placements", "statuses", "job_keys", "pads", "cell",
	"summary", "summary_contended", "pairs", "verdicts", "baseline", "boot_statuses", "failures", "pmu", "events",
	"physlimit", "calibration", "sections", "layout", "slices", "states", "slice_states", "state_causes", "marks",
	"run_info", NULL
};

static void describe_one(const char *sec)
{
	const char *from;
	int in_tables;

	if (!strcmp(sec, "fields")) {
		printf("#fields\tfield\ttype\tfrom\tdescription\n");
		from = "runner";
		LB_CONTEXT_FIELDS(D_FIELD)
		from = "job";
		LB_JOB_FIELDS(D_FIELD)
		from = "measure";
		LB_MEASURE_FIELDS(D_FIELD)
	} else if (!strcmp(sec, "accels")) {
		printf("#accels\taccel\tunit\n");
		LB_ACCELS(D_ACCEL)
	} else if (!strcmp(sec, "instruments")) {
		printf("#instruments\t%s\n", LB_INSTRUMENT_COLUMNS);
		LB_INSTRUMENTS(D_INSTRUMENT)
	} else if (!strcmp(sec, "kinds")) {
		printf("#kinds\t%s\n", LB_KIND_COLUMNS);
		LB_KINDS(D_KIND)
	} else if (!strcmp(sec, "modes")) {
		printf("#modes\t%s\n", LB_MODE_COLUMNS);
		LB_MODES(D_MODE)
	} else if (!strcmp(sec, "placements")) {
		printf("#placements\t%s\n", LB_PLACEMENT_COLUMNS);
		LB_PLACEMENTS(D_PLACEMENT)
	} else if (!strcmp(sec, "statuses")) {
		printf("#statuses\t%s\n", LB_STATUS_COLUMNS);
		LB_STATUSES(D_STATUS)
	} else if (!strcmp(sec, "job_keys")) {
		printf("#job_keys\tkey\tmin\tmax\tdefault\n");
		LB_JOB_INT_KEYS(D_KEY)
	} else if (!strcmp(sec, "pads")) {
		printf("#pads\tpad\n");
		LB_PADS(D_PAD)
	} else if (!strcmp(sec, "cell")) {
		printf("#cell\tfield\tin_tables\tdescription\n");
		in_tables = 1;
		LB_CELL_COLUMNS(D_CELL)
		in_tables = 0;
		LB_CELL_EXTRA(D_CELL)
	} else if (!strcmp(sec, "summary")) {
		printf("#summary\tcolumn\tdescription\n");
		LB_SUMMARY_COLUMNS(D_COL)
	} else if (!strcmp(sec, "summary_contended")) {
		printf("#summary_contended\t%s\n", LB_SUMMARY_CONTENDED_COLUMNS);
		LB_SUMMARY_CONTENDED(D_SUMMARY_CONT)
	} else if (!strcmp(sec, "pairs")) {
		printf("#pairs\tcolumn\tdescription\n");
		LB_PAIRS_COLUMNS(D_COL)
	} else if (!strcmp(sec, "verdicts")) {
		printf("#verdicts\tverdict\tdescription\n");
		LB_VERDICTS(D_VERDICT)
	} else if (!strcmp(sec, "baseline")) {
		printf("#baseline\tcolumn\tdescription\n");
		LB_BASELINE_COLUMNS(D_COL)
	} else if (!strcmp(sec, "failures")) {
		printf("#failures\tcolumn\tdescription\n");
		LB_FAILURES_COLUMNS(D_COL)
	} else if (!strcmp(sec, "pmu")) {
		printf("#pmu\tcolumn\tdescription\n");
		LB_PMU_COLUMNS(D_COL)
	} else if (!strcmp(sec, "events")) {
		printf("#events\tcolumn\tdescription\n");
		LB_EVENTS_COLUMNS(D_COL)
	} else if (!strcmp(sec, "physlimit")) {
		printf("#physlimit\tcolumn\tdescription\n");
		LB_PHYSLIMIT_COLUMNS(D_COL)
	} else if (!strcmp(sec, "calibration")) {
		printf("#calibration\tcolumn\tdescription\n");
		LB_CALIBRATION_COLUMNS(D_COL)
	} else if (!strcmp(sec, "sections")) {
		printf("#sections\tcolumn\tdescription\n");
		LB_SECTIONS_COLUMNS(D_COL)
	} else if (!strcmp(sec, "layout")) {
		printf("#layout\tcolumn\tdescription\n");
		LB_LAYOUT_COLUMNS(D_COL)
	} else if (!strcmp(sec, "slices")) {
		printf("#slices\tcolumn\tdescription\n");
		LB_SLICES_COLUMNS(D_COL)
	} else if (!strcmp(sec, "states")) {
		printf("#states\tcolumn\tdescription\n");
		LB_STATES_COLUMNS(D_COL)
	} else if (!strcmp(sec, "slice_states")) {
		printf("#slice_states\tcolumn\tdescription\n");
		LB_SLICE_STATES_COLUMNS(D_COL)
	} else if (!strcmp(sec, "state_causes")) {
		printf("#state_causes\tcolumn\tdescription\n");
		LB_STATE_CAUSES_COLUMNS(D_COL)
	} else if (!strcmp(sec, "marks")) {
		printf("#marks\tname\tclass\tvalue\tdescription\n");
		LB_MARK_EDGES(D_MARK_EDGE)
		LB_MARK_SITES(D_MARK_SITE)
	} else if (!strcmp(sec, "run_info")) {
		printf("#run_info\tkey\tdescription\n");
		LB_RUN_INFO_KEYS(D_COL)
	} else if (!strcmp(sec, "boot_statuses")) {
		printf("#boot_statuses\t%s\n", LB_BOOT_STATUS_COLUMNS);
		LB_BOOT_STATUSES(D_BOOT)
	}
}

static int describe(const char *only)
{
	size_t i;
	int found = 0;

	for (i = 0; sections[i]; i++) {
		if (only && strcmp(only, sections[i]))
			continue;
		if (found++)
			printf("\n");
		describe_one(sections[i]);
	}
	if (!found) {
		fprintf(stderr, "lb-validate: --describe: no section '%s'; sections:", only);
		for (i = 0; sections[i]; i++)
			fprintf(stderr, " %s", sections[i]);
		fprintf(stderr, "\n");
		return 1;
	}
	return fflush(stdout) ? 1 : 0;
}

/* One file holds one unit: cycles and instructions never share a column. */
static int mixed_units(const char *path, const struct lb_set *set)
{
	char why[LB_ERR_MAX];

	for (size_t j = 0; j < set->n; j++) {
		if (lb_units_differ(&set->rec[0], &set->rec[j], why, sizeof(why))) {
			fprintf(stderr, "%s: record %zu (variant %s, seq %llu): %s\n", path, j + 1,
				set->rec[j].variant, (unsigned long long)set->rec[j].seq, why);
			return 1;
		}
	}
	return 0;
}

/* --jobs JOBFILE [--sweep LIST] [--cpus N]: the one job file expander. */
static int jobs(int argc, char **argv)
{
	const char *file = NULL, *sweep = NULL;
	unsigned long cpus = 0;
	int lines = 0;
	unsigned int flags = 0;
	struct lb_joblist l;
	char err[LB_ERR_MAX], *end;
	int i;

#define LB_THREADS_MAX(name, min, max, def) if (!strcmp(#name, "threads")) cpus = (max);
	LB_JOB_INT_KEYS(LB_THREADS_MAX)
#undef LB_THREADS_MAX
	for (i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "--lines")) {
			lines = 1;
		} else if (!strcmp(argv[i], "--keep-sweep")) {
			flags |= LB_JOBS_KEEP_SWEEP;
		} else if (!strcmp(argv[i], "--sweep") && i + 1 < argc) {
			sweep = argv[++i];
		} else if (!strcmp(argv[i], "--cpus") && i + 1 < argc) {
			cpus = strtoul(argv[++i], &end, 10);
			if (*end || !cpus || argv[i][0] == '-') {
				fprintf(stderr, "lb-validate: --cpus %s: want a CPU count, at least 1\n", argv[i]);
				return 1;
			}
		} else if (!file && argv[i][0] && (argv[i][0] != '-' || !argv[i][1])) {
			file = argv[i];
		} else {
			fprintf(stderr, "lb-validate: --jobs: unexpected '%s'; usage: lb-validate --jobs JOBFILE [--sweep T1,T2,...] [--cpus N] [--lines] [--keep-sweep]\n", argv[i]);
			return 1;
		}
	}
	if (!file) {
		fprintf(stderr, "lb-validate: --jobs needs a JOBFILE\n");
		return 1;
	}
	if (sweep && (!*sweep || strspn(sweep, "0123456789,") != strlen(sweep) ||
		      sweep[0] == ',' || sweep[strlen(sweep) - 1] == ',' || strstr(sweep, ",,"))) {
		fprintf(stderr, "lb-validate: --sweep %s: want thread counts separated by commas, like 1,2\n", sweep);
		return 1;
	}
	if (lb_jobfile_read(file, sweep, cpus, flags, &l, err, sizeof(err))) {
		fprintf(stderr, "lb-validate: %s\n", err);
		return 1;
	}
	for (size_t j = 0; j < l.n; j++) {
		if (lines)
			printf("%zu\t", l.lineno[j]);
		printf("%s\n", l.line[j]);
	}
	lb_joblist_free(&l);
	return fflush(stdout) ? 1 : 0;
}

int main(int argc, char **argv)
{
	int bad = 0;

	if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		fprintf(argc < 2 ? stderr : stdout,
			"usage: lb-validate FILE...\n"
			"       lb-validate --describe [SECTION]\n"
			"       lb-validate --jobs JOBFILE [--sweep T1,T2,...] [--cpus N] [--lines] [--keep-sweep]\n"
			"Checks each lockbench results file against schema v%d, and that its\n"
			"records share one accelerator unit; exits 1 on any error.\n"
			"--describe prints the contract (schema/lockbench_schema.h) as TSV, one\n"
			"table per section, or only SECTION's.\n"
			"--jobs prints JOBFILE's jobs, one a line, each checked as the module\n"
			"and lb-native check it (for N CPUs; default the schema's most\n"
			"threads): comments ('#' starting a word) and blank lines dropped,\n"
			"lines ending in '\\' joined, threads=SWEEP once per --sweep entry.\n"
			"--lines puts the file's line number and a tab before each job;\n"
			"--keep-sweep checks threads=SWEEP at each --sweep entry but prints\n"
			"it once, as threads=SWEEP (an export's guest expands it).\n"
			"Nothing is printed when any job is refused.\n",
			LB_SCHEMA_VERSION);
		return argc < 2 ? 1 : 0;
	}
	if (!strcmp(argv[1], "--jobs"))
		return jobs(argc, argv);
	if (!strcmp(argv[1], "--describe")) {
		if (argc > 3) {
			fprintf(stderr, "lb-validate: --describe takes one SECTION at most\n");
			return 1;
		}
		return describe(argc == 3 ? argv[2] : NULL);
	}
	for (int i = 1; i < argc; i++) {
		struct lb_set set = { 0 };
		char err[LB_ERR_MAX];

		if (lb_parse_file(argv[i], &set, err, sizeof(err))) {
			fprintf(stderr, "%s\n", err);
			bad = 1;
		} else if (mixed_units(argv[i], &set)) {
			bad = 1;
		} else {
			printf("%s: %zu records OK\n", argv[i], set.n);
		}
		lb_set_free(&set);
	}
	return bad;
}
