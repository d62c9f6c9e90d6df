// SPDX-License-Identifier: GPL-2.0
/* lb-validate FILE...: check results files against the schema.  Read-only. */
#include <stdio.h>
#include <string.h>
#include "lbrec.h"

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

int main(int argc, char **argv)
{
	int bad = 0;

	if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		fprintf(argc < 2 ? stderr : stdout,
			"usage: lb-validate FILE...\n"
			"Checks each lockbench results file against schema v%d, and that its\n"
			"records share one accelerator unit; exits 1 on any error.\n",
			LB_SCHEMA_VERSION);
		return argc < 2 ? 1 : 0;
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
