// SPDX-License-Identifier: GPL-2.0
/*
 * lb-pathlen: the path-length table of an icount run, in instructions.
 *
 *   lb-pathlen [--pair BASE:OTHER]... [--diff-only] [--csv OUT.csv] [-o OUT.md] FILE...
 *   lb-pathlen --calibrate PADDED.csv PLAIN.csv
 *
 * The first form writes a Markdown table (stdout, or OUT.md) of
 * instructions per acquire+release, one column per variant and one per
 * pair (other - base); --diff-only leaves the variant columns out.  It refuses any record that is not an exact icount
 * count and any cell whose boots disagree.  The second form checks the
 * calibration (see pathlen.h).  Output files are never overwritten.
 * Exit: 0 ok, 1 error or refused input, 3 calibration not exact.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "pathlen.h"

static int load(struct pl_table *t, const char *path)
{
	struct lb_set set = { 0 };
	char err[LB_ERR_MAX];
	int rc = lb_parse_file(path, &set, err, sizeof(err));

	if (!rc && !set.n) {
		snprintf(err, sizeof(err), "%s: no records", path);
		rc = -1;
	}
	if (!rc)
		rc = pl_add(t, path, &set, err, sizeof(err));
	lb_set_free(&set);
	if (rc)
		fprintf(stderr, "lb-pathlen: %s\n", err);
	return rc;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: lb-pathlen [--pair BASE:OTHER]... [--diff-only] [--csv OUT.csv] [-o OUT.md] FILE...\n"
		   "       lb-pathlen --calibrate PADDED.csv PLAIN.csv\n");
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "pair", required_argument, NULL, 'p' },
		{ "csv", required_argument, NULL, 'c' },
		{ "calibrate", no_argument, NULL, 'C' },
		{ "diff-only", no_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static struct pl_table t, plain;
	char *pairs[PL_MAX_VARIANTS], err[LB_ERR_MAX];
	const char *mdpath = NULL, *csvpath = NULL;
	size_t np = 0;
	int c, calibrate = 0, diff_only = 0, rc;
	FILE *md = stdout, *csv;

	while ((c = getopt_long(argc, argv, "o:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'p':
			if (np == PL_MAX_VARIANTS) {
				fprintf(stderr, "lb-pathlen: more than %d --pair\n", PL_MAX_VARIANTS);
				return 1;
			}
			pairs[np++] = optarg;
			break;
		case 'c': csvpath = optarg; break;
		case 'o': mdpath = optarg; break;
		case 'C': calibrate = 1; break;
		case 'd': diff_only = 1; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 1;
		}
	}
	if (calibrate) {
		if (argc - optind != 2 || np || mdpath || csvpath) {
			usage(stderr);
			return 1;
		}
		if (load(&t, argv[optind]) || load(&plain, argv[optind + 1]))
			return 1;
		rc = pl_calibrate(stdout, &t, &plain, err, sizeof(err));
		if (rc < 0) {
			fprintf(stderr, "lb-pathlen: %s\n", err);
			return 1;
		}
		printf("calibration: %s\n", rc ? "NOT exact" : "exact: every pad adds N, nothing else changes");
		return rc ? 3 : 0;
	}
	if (optind == argc) {
		usage(stderr);
		return 1;
	}
	for (int i = optind; i < argc; i++)
		if (load(&t, argv[i]))
			return 1;
	if (mdpath && !(md = lb_create_new("lb-pathlen", mdpath)))
		return 1;
	if (pl_write_md(md, &t, pairs, np, diff_only, err, sizeof(err))) {
		fprintf(stderr, "lb-pathlen: %s\n", err);
		if (md != stdout) {
			fclose(md);
			unlink(mdpath);	/* ours, and empty: leave nothing half made */
		}
		return 1;
	}
	if (md != stdout && fclose(md)) {
		fprintf(stderr, "lb-pathlen: %s: %s\n", mdpath, strerror(errno));
		return 1;
	}
	if (csvpath) {
		csv = lb_create_new("lb-pathlen", csvpath);
		if (!csv)
			return 1;
		pl_write_csv(csv, &t);
		if (fclose(csv)) {
			fprintf(stderr, "lb-pathlen: %s: %s\n", csvpath, strerror(errno));
			return 1;
		}
	}
	return 0;
}
