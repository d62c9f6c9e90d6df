// SPDX-License-Identifier: GPL-2.0
/*
 * lb-pathlen: the path lengths of an icount run, in instructions.
 *
 *   lb-pathlen [-o OUT.csv] FILE...
 *   lb-pathlen --calibrate PADDED.csv PLAIN.csv
 *
 * The first form writes CSV (stdout, or OUT.csv): instructions per
 * acquire+release per variant and kind (the report's renderer draws the
 * tables and the differences from it).  It refuses any record that is not
 * an exact icount count and any cell whose boots disagree.  The second
 * form checks the calibration (see pathlen.h).  Output files are never
 * overwritten.  Exit: 0 ok, 1 error or refused input, 3 calibration not
 * exact.
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
	fprintf(f, "usage: lb-pathlen [-o OUT.csv] FILE...\n"
		   "       lb-pathlen --calibrate PADDED.csv PLAIN.csv\n");
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "calibrate", no_argument, NULL, 'C' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static struct pl_table t, plain;
	char err[LB_ERR_MAX];
	const char *out = NULL;
	int c, calibrate = 0, rc;
	FILE *f = stdout;

	while ((c = getopt_long(argc, argv, "o:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'o': out = optarg; break;
		case 'C': calibrate = 1; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 1;
		}
	}
	if (calibrate) {
		if (argc - optind != 2 || out) {
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
	if (out && !(f = lb_create_new("lb-pathlen", out)))
		return 1;
	pl_write_csv(f, &t);
	if (f != stdout && fclose(f)) {
		fprintf(stderr, "lb-pathlen: %s: %s\n", out, strerror(errno));
		unlink(out);
		return 1;
	}
	return 0;
}
