// SPDX-License-Identifier: GPL-2.0
/* slices: see slices.h. */
#define _GNU_SOURCE	/* getline */
#include "slices.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define MAX_COLS 64

static void seterr(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
}

/* Splits LINE (no newline) at commas into at most MAX_COLS fields, in place. */
static size_t split(char *line, char **f)
{
	size_t n = 0;

	f[n++] = line;
	for (char *c = line; *c && n < MAX_COLS; c++) {
		if (*c == ',') {
			*c = '\0';
			f[n++] = c + 1;
		}
	}
	return n;
}

static void chomp(char *line)
{
	size_t n = strlen(line);

	while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
		line[--n] = '\0';
}

/* Column NAME's index in the header H[N], or -1. */
static int col_of(char **h, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(h[i], name))
			return (int)i;
	return -1;
}

/* A number, or NaN for a blank field (contended quantiles) or "nan". */
static int num(const char *s, double *out)
{
	char *end;

	if (!*s || !strcmp(s, "nan")) {
		*out = NAN;
		return 0;
	}
	errno = 0;
	*out = strtod(s, &end);
	return errno || *end ? -1 : 0;
}

static int u64(const char *s, uint64_t *out)
{
	char *end;

	errno = 0;
	*out = strtoull(s, &end, 10);
	return errno || end == s || *end || *s == '-' ? -1 : 0;
}

static int text(const char *s, char *out)
{
	size_t n = strlen(s);

	if (!n || n >= LB_STR_MAX)
		return -1;
	memcpy(out, s, n + 1);
	return 0;
}

/* The header's columns the reader needs, in LB_SLICES_COLUMNS' order. */
#define SLICE_COL_NAME(n, desc) #n,
static const char *const wanted[] = { LB_SLICES_COLUMNS(SLICE_COL_NAME) };
#define NWANTED (sizeof(wanted) / sizeof(wanted[0]))

static int add(struct lbs_slices *set, const struct lbs_slice *s)
{
	if (set->n == set->cap) {
		size_t cap = set->cap ? 2 * set->cap : 1024;
		struct lbs_slice *v = realloc(set->s, cap * sizeof(*v));

		if (!v)
			return -1;
		set->s = v;
		set->cap = cap;
	}
	set->s[set->n++] = *s;
	return 0;
}

#define CELL_NAME(n, desc) #n,
static const char *const cell_names[] = { LB_CELL_FIELDS(CELL_NAME) };

static int is_cell_field(const char *name)
{
	for (size_t i = 0; i < sizeof(cell_names) / sizeof(cell_names[0]); i++)
		if (!strcmp(cell_names[i], name))
			return 1;
	return 0;
}

/* One data line's fields F[NF] into S by the header's columns AT. */
static int parse_line(char **f, size_t nf, const int *at, struct lbs_slice *s, char *why,
		      size_t len)
{
	static const char *const qname[5] = { "p10", "p25", "p50", "p75", "p90" };

	memset(s, 0, sizeof(*s));
	for (size_t i = 0; i < NWANTED; i++) {
		const char *name = wanted[i], *v = (size_t)at[i] < nf ? f[at[i]] : NULL;
		const struct lb_field *cf = lb_field_by_name(name);
		double *d = NULL;
		int bad = 0;

		if (!v) {
			seterr(why, len, "no field '%s' (the line has %zu)", name, nf);
			return -1;
		}
		if (!strcmp(name, "boot"))
			bad = u64(v, &s->boot);
		else if (!strcmp(name, "seq"))
			bad = u64(v, &s->seq);
		else if (!strcmp(name, "round"))
			bad = u64(v, &s->round);
		else if (!strcmp(name, "variant"))
			bad = text(v, s->variant);
		else if (!strcmp(name, "prev"))
			bad = text(v, s->prev);
		else if (!strcmp(name, "metric"))
			bad = text(v, s->metric);
		else if (!strcmp(name, "start_us"))
			d = &s->start_us;
		else if (!strcmp(name, "ticks"))
			d = &s->ticks;
		else if (!strcmp(name, "batches"))
			d = &s->batches;
		else if (!strcmp(name, "probe_pair"))
			d = &s->probe_pair;
		else if (!strcmp(name, "probe_chain"))
			d = &s->probe_chain;
		else if (!strcmp(name, "steal_us"))
			d = &s->steal_us;
		else if (!strcmp(name, "nivcsw"))
			d = &s->nivcsw;
		for (size_t k = 0; k < 5; k++)
			if (!strcmp(name, qname[k]))
				d = &s->q[k];
		if (d) {
			bad = num(v, d);
		} else if (is_cell_field(name)) {
			/* The records' own parser and type. */
			char e[LB_ERR_MAX];

			if (!cf || lb_parse_value(cf, v, strlen(v), &s->cell, e, sizeof(e))) {
				seterr(why, len, "%s", cf ? e : "a cell field the records lack");
				return -1;
			}
		}
		if (bad) {
			seterr(why, len, "field '%s': cannot read '%s'", name, v);
			return -1;
		}
	}
	return 0;
}

int lbs_slices_read(const char *path, struct lbs_slices *set, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	char *line = NULL, *head = NULL, *h[MAX_COLS], *fl[MAX_COLS];
	size_t cap = 0, nh = 0, lineno = 0;
	int at[NWANTED], rc = -1;

	if (!f) {
		seterr(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	while (getline(&line, &cap, f) >= 0) {
		struct lbs_slice s;
		char why[LB_ERR_MAX];

		lineno++;
		chomp(line);
		if (!head) {
			head = strdup(line);
			if (!head) {
				seterr(err, errlen, "%s: out of memory", path);
				goto out;
			}
			nh = split(head, h);
			for (size_t i = 0; i < NWANTED; i++) {
				at[i] = col_of(h, nh, wanted[i]);
				if (at[i] < 0) {
					seterr(err, errlen, "%s:1: no column '%s': not a slices.csv (lb-validate --describe slices)",
					       path, wanted[i]);
					goto out;
				}
			}
			continue;
		}
		if (!*line)
			continue;
		if (parse_line(fl, split(line, fl), at, &s, why, sizeof(why))) {
			seterr(err, errlen, "%s:%zu: %s", path, lineno, why);
			goto out;
		}
		if (add(set, &s)) {
			seterr(err, errlen, "%s: out of memory", path);
			goto out;
		}
	}
	if (!head) {
		seterr(err, errlen, "%s:1: empty: no header line", path);
		goto out;
	}
	rc = 0;
out:
	free(line);
	free(head);
	fclose(f);
	return rc;
}

static int by_boot_seq(const void *pa, const void *pb)
{
	const struct lbs_slice *a = pa, *b = pb;

	if (a->boot != b->boot)
		return a->boot < b->boot ? -1 : 1;
	return (a->seq > b->seq) - (a->seq < b->seq);
}

void lbs_slices_sort(struct lbs_slices *set)
{
	qsort(set->s, set->n, sizeof(*set->s), by_boot_seq);
}

int lbs_slices_read_states(const char *path, struct lbs_slices *set, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	char *line = NULL, *h[MAX_COLS], *fl[MAX_COLS];
	size_t cap = 0, lineno = 0, named = 0;
	int cb = -1, cs = -1, cst = -1, rc = -1;

	if (!f) {
		seterr(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	lbs_slices_sort(set);
	for (size_t i = 0; i < set->n; i++)
		set->s[i].state = 0;
	while (getline(&line, &cap, f) >= 0) {
		struct lbs_slice key, *hit;
		uint64_t st;
		size_t nf;

		lineno++;
		chomp(line);
		if (lineno == 1) {
			size_t nh = split(line, h);

			cb = col_of(h, nh, "boot");
			cs = col_of(h, nh, "seq");
			cst = col_of(h, nh, "state");
			if (cb < 0 || cs < 0 || cst < 0) {
				seterr(err, errlen, "%s:1: not a slice-states.csv: want boot, seq and state", path);
				goto out;
			}
			continue;
		}
		if (!*line)
			continue;
		nf = split(line, fl);
		if ((size_t)cb >= nf || (size_t)cs >= nf || (size_t)cst >= nf || u64(fl[cb], &key.boot) ||
		    u64(fl[cs], &key.seq) || u64(fl[cst], &st) || !st) {
			seterr(err, errlen, "%s:%zu: want a boot, a seq and a state from 1", path, lineno);
			goto out;
		}
		hit = bsearch(&key, set->s, set->n, sizeof(*set->s), by_boot_seq);
		if (!hit) {
			seterr(err, errlen, "%s:%zu: no slice %llu of process %llu in the slices read",
			       path, lineno, (unsigned long long)key.seq, (unsigned long long)key.boot);
			goto out;
		}
		named += !hit->state;
		hit->state = (unsigned int)st;
	}
	/* A slice without a probe has no state (lb-stat states leaves it
	 * out); one that names none of the slices read is another run's. */
	if (!named && set->n) {
		seterr(err, errlen, "%s: names none of the %zu slices read", path, set->n);
		goto out;
	}
	rc = 0;
out:
	free(line);
	fclose(f);
	return rc;
}

void lbs_slices_free(struct lbs_slices *set)
{
	free(set->s);
	memset(set, 0, sizeof(*set));
}
