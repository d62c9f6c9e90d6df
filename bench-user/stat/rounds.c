// SPDX-License-Identifier: GPL-2.0
/* rounds: see rounds.h. */
#define _GNU_SOURCE	/* asprintf */
#include "rounds.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROUND_KEY "order_round_"

void lbs_rounds_free(struct lbs_rounds *r)
{
	for (size_t i = 0; i < r->n; i++)
		free(r->r[i].variants);
	free(r->r);
	r->r = NULL;
	r->n = 0;
}

/* One order_round_ line, its key's prefix already matched, into R. */
static int add_round(struct lbs_rounds *r, const char *line, char *err, size_t len,
		     const char *path, size_t lineno)
{
	const char *p = line + strlen(ROUND_KEY);
	char *end, *names;
	struct lbs_round *nr;
	unsigned long long b;

	errno = 0;
	b = strtoull(p, &end, 10);
	if (errno || end == p || *p < '0' || *p > '9' || *end != '=' || !b) {
		snprintf(err, len, "%s:%zu: not order_round_B=VARIANT... with B a round from 1", path,
			 lineno);
		return -1;
	}
	for (size_t i = 0; i < r->n; i++) {
		if (r->r[i].round == b) {
			snprintf(err, len, "%s:%zu: round %llu is listed twice", path, lineno, b);
			return -1;
		}
	}
	if (strspn(end + 1, " \t\n") == strlen(end + 1)) {
		snprintf(err, len, "%s:%zu: round %llu names no variant", path, lineno, b);
		return -1;
	}
	/* Spaces around the list, so that " NAME " finds a whole name. */
	if (asprintf(&names, " %s ", end + 1) < 0)
		goto nomem;
	names[strcspn(names, "\n")] = ' ';
	for (char *t = names; *t; t++)
		if (*t == '\t')
			*t = ' ';
	nr = realloc(r->r, (r->n + 1) * sizeof(*r->r));
	if (!nr) {
		free(names);
		goto nomem;
	}
	r->r = nr;
	r->r[r->n++] = (struct lbs_round){ b, names };
	return 0;
nomem:
	snprintf(err, len, "%s: out of memory", path);
	return -1;
}

int lbs_rounds_read(const char *path, struct lbs_rounds *out, char *err, size_t len)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0, lineno = 0;
	int rc = 0;

	*out = (struct lbs_rounds){ 0 };
	if (!f) {
		snprintf(err, len, "%s: %s", path, strerror(errno));
		return -1;
	}
	while (!rc && getline(&line, &cap, f) > 0) {
		lineno++;
		if (!strncmp(line, ROUND_KEY, strlen(ROUND_KEY)))
			rc = add_round(out, line, err, len, path, lineno);
	}
	free(line);
	fclose(f);
	if (rc)
		lbs_rounds_free(out);
	return rc;
}

/* Whether the list " V1 V2 ... " names V. */
static int names(const char *list, const char *v)
{
	size_t n = strlen(v);

	for (const char *p = list; (p = strstr(p, v)); p++)
		if (p > list && p[-1] == ' ' && p[n] == ' ')
			return 1;
	return 0;
}

int lbs_rounds_both(const struct lbs_rounds *r, uint64_t round, const char *a, const char *b)
{
	if (!*a || !*b)
		return 0;
	for (size_t i = 0; i < r->n; i++)
		if (r->r[i].round == round)
			return names(r->r[i].variants, a) && names(r->r[i].variants, b);
	return 0;
}
