// SPDX-License-Identifier: GPL-2.0
/*
 * lb-compare: per-cell statistics of result sets against a base set, in
 * the style of mmtests/lkp compare tables.
 *
 * A result set is one results file (one variant).  A cell is one job
 * shape: (kind, mode, threads, read_pct, hold_ns, parallel_ns); its
 * records are the repeats and boots of that job.  Only records with
 * status=ok enter the statistics; the others are counted per cell.
 */
#define _GNU_SOURCE
#include "compare.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lbrec.h"
#include "lbstats.h"

enum fmt { FMT_TEXT, FMT_CSV, FMT_MD };

struct rset {
	const char *path;
	char label[64];
	struct lb_set s;
	size_t nfailed;
};

struct cell {
	char kind[LB_STR_MAX], mode[LB_STR_MAX], accel[LB_STR_MAX];
	uint64_t threads, read_pct, hold_ns, parallel_ns, slope, pad;
	int oversub;
};

struct opts {
	double alpha;
	enum fmt fmt;
	int force;
	const char *metric;	/* "auto" or a numeric field name */
	const char *outpath;
};

/* A table of strings, rendered as text, CSV or Markdown at the end. */
struct table {
	char ***cell;
	size_t rows, cols, cap;
};

static const char *const columns[] = {
	"kind", "mode", "threads", "read_pct", "hold_ns", "parallel_ns", "metric",
	"set", "n", "failed", "median", "mean", "stddev", "ci95", "pct_change",
	"p_welch", "p_mw", "flags",
};
#define NCOLS (sizeof(columns) / sizeof(columns[0]))
/* Columns 0..7 hold words, left-aligned; the rest are numbers. */
#define NTEXTCOLS 8

static char *xstrdup(const char *s)
{
	char *d = strdup(s);

	if (!d)
		abort();
	return d;
}

static char *fmt(const char *f, ...)
{
	va_list ap;
	char *s;

	va_start(ap, f);
	if (vasprintf(&s, f, ap) < 0)
		abort();
	va_end(ap);
	return s;
}

static char *num(double v, const char *f)
{
	return isnan(v) ? xstrdup("nan") : fmt(f, v);
}

/* p-values: fixed decimals, but keep tiny ones readable instead of 0.0000. */
static char *pnum(double p)
{
	return isnan(p) ? xstrdup("nan") : fmt(p < 0.0001 ? "%.1e" : "%.4f", p);
}

static void table_add(struct table *t, char **row)
{
	if (t->rows == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 64;
		t->cell = realloc(t->cell, t->cap * sizeof(*t->cell));
		if (!t->cell)
			abort();
	}
	t->cell[t->rows++] = row;
}

static void table_free(struct table *t)
{
	for (size_t r = 0; r < t->rows; r++) {
		for (size_t c = 0; c < t->cols; c++)
			free(t->cell[r][c]);
		free(t->cell[r]);
	}
	free(t->cell);
}

static void render(FILE *o, const struct table *t, enum fmt f)
{
	size_t w[NCOLS] = { 0 };

	for (size_t c = 0; c < t->cols; c++) {
		w[c] = strlen(columns[c]);
		for (size_t r = 0; r < t->rows; r++)
			if (strlen(t->cell[r][c]) > w[c])
				w[c] = strlen(t->cell[r][c]);
	}
	for (size_t r = 0; r <= t->rows; r++) {
		for (size_t c = 0; c < t->cols; c++) {
			const char *s = r ? t->cell[r - 1][c] : columns[c];
			int left = c < NTEXTCOLS || c + 1 == t->cols;

			if (f == FMT_CSV)
				fprintf(o, "%s%s", c ? "," : "", s);
			else if (f == FMT_MD)
				fprintf(o, "| %s ", s);
			else if (c + 1 == t->cols)
				fprintf(o, "%s", s);	/* no trailing blanks */
			else
				fprintf(o, left ? "%-*s  " : "%*s  ", (int)w[c], s);
		}
		fputs(f == FMT_MD ? "|\n" : "\n", o);
		if (!r && f == FMT_MD) {
			for (size_t c = 0; c < t->cols; c++)
				fputs(c < NTEXTCOLS || c + 1 == t->cols ? "|---" : "|---:", o);
			fputs("|\n", o);
		}
	}
}

/* A note line above or below the table, in each format's comment style. */
static void note(FILE *o, enum fmt f, const char *s)
{
	fprintf(o, f == FMT_MD ? "- %s\n" : "# %s\n", s);
}

static int same_cell(const struct cell *c, const struct lb_record *r)
{
	return !strcmp(c->kind, r->kind) && !strcmp(c->mode, r->mode) &&
	       c->threads == r->threads && c->read_pct == r->read_pct &&
	       c->hold_ns == r->hold_ns && c->parallel_ns == r->parallel_ns &&
	       c->slope == r->slope && c->pad == r->pad;
}

static const char *cell_metric(const struct opts *op, const struct cell *c)
{
	if (strcmp(op->metric, "auto"))
		return op->metric;
	if (!strcmp(c->mode, "contended"))
		return "ops_per_s";
	/* icount's ns are instructions scaled by a calibrated tsc_khz. */
	return strcmp(lb_accel_unit(c->accel) ?: "", "instructions") ? "ns_op" : "cyc_op";
}

/* The context columns that make numbers comparable at all. */
static const char *const must_match[] = { "accel", "vcpus", "host" };

static void field_text(const struct lb_record *r, const char *name, char *buf, size_t len)
{
	const char *s = lb_get_str(r, name);

	if (s)
		snprintf(buf, len, "%s", s);
	else
		snprintf(buf, len, "%llu", (unsigned long long)lb_get_u64(r, name));
}

/* Return 0 when comparable; else print why (and warn only, with --force). */
static int check_comparable(const struct rset *sets, size_t n, const struct opts *op,
			    FILE *err, FILE *notes)
{
	int refused = 0;
	char why[LB_ERR_MAX];

	/* Cycles and instructions are different quantities: --force or not. */
	for (size_t i = 0; i < n; i++) {
		for (size_t j = 0; j < sets[i].s.n; j++) {
			if (lb_units_differ(&sets[0].s.rec[0], &sets[i].s.rec[j], why, sizeof(why))) {
				fprintf(err, "lb-compare: refusing to compare %s with %s: %s\n",
					sets[0].path, sets[i].path, why);
				return 1;
			}
		}
	}
	for (size_t k = 0; k < sizeof(must_match) / sizeof(must_match[0]); k++) {
		const char *f = must_match[k];
		char a[LB_STR_MAX + 24], b[LB_STR_MAX + 24], msg[512];
		const struct lb_record *base = &sets[0].s.rec[0];

		field_text(base, f, a, sizeof(a));
		for (size_t i = 0; i < n; i++) {
			for (size_t j = 0; j < sets[i].s.n; j++) {
				field_text(&sets[i].s.rec[j], f, b, sizeof(b));
				if (!strcmp(a, b))
					continue;
				if (i == 0)
					snprintf(msg, sizeof(msg), "field '%s' differs within %s: record 1 has '%s', record %zu has '%s'",
						 f, sets[0].path, a, j + 1, b);
				else
					snprintf(msg, sizeof(msg), "field '%s' differs: %s has '%s', %s has '%s'",
						 f, sets[0].path, a, sets[i].path, b);
				if (op->force) {
					fprintf(err, "lb-compare: warning: %s (compared anyway: --force)\n", msg);
					fprintf(notes, "forced: %s\n", msg);
				} else {
					fprintf(err, "lb-compare: refusing to compare: %s; --force overrides\n", msg);
					refused = 1;
				}
				goto next_field;	/* one message per field */
			}
		}
next_field:;
	}
	return refused;
}

static void usage(FILE *o)
{
	fprintf(o,
		"usage: lb-compare [--alpha A] [--format text|csv|md] [--metric auto|FIELD]\n"
		"                  [--force] [-o OUT] BASE.csv OTHER.csv [OTHER.csv...]\n"
		"Per-cell statistics of each result set against BASE: n, median, mean,\n"
		"stddev, 95%% CI of the mean, %% change of the mean, Welch t-test and\n"
		"Mann-Whitney p-values.  metric auto is ns_op for hot/cold cells and\n"
		"ops_per_s for contended ones.  Sets from different accel, vcpus or\n"
		"host are refused (exit 2) unless --force.  -o never overwrites a file.\n");
}

static void set_label(struct rset *sets, size_t i)
{
	struct rset *s = &sets[i];
	const char *v = s->s.rec[0].variant, *base;

	for (size_t j = 1; j < s->s.n; j++)
		if (strcmp(s->s.rec[j].variant, v))
			v = NULL;
	if (!v) {
		base = strrchr(s->path, '/');
		v = base ? base + 1 : s->path;
	}
	snprintf(s->label, sizeof(s->label), "%s", v);
	for (size_t j = 0; j < i; j++)
		if (!strcmp(sets[j].label, s->label)) {
			snprintf(s->label, sizeof(s->label), "%.40s(%u)", v, (unsigned)(i + 1) % 1000);
			break;
		}
}

static int add_cells(struct cell **cells, size_t *nc, const struct rset *s)
{
	for (size_t j = 0; j < s->s.n; j++) {
		const struct lb_record *r = &s->s.rec[j];
		size_t c;

		for (c = 0; c < *nc && !same_cell(&(*cells)[c], r); c++)
			;
		if (c == *nc) {
			struct cell *nw = realloc(*cells, (*nc + 1) * sizeof(**cells));

			if (!nw)
				return -1;
			*cells = nw;
			memset(&nw[c], 0, sizeof(nw[c]));
			strcpy(nw[c].kind, r->kind);
			strcpy(nw[c].mode, r->mode);
			strcpy(nw[c].accel, r->accel);
			nw[c].threads = r->threads;
			nw[c].read_pct = r->read_pct;
			nw[c].hold_ns = r->hold_ns;
			nw[c].parallel_ns = r->parallel_ns;
			nw[c].slope = r->slope;
			nw[c].pad = r->pad;
			(*nc)++;
		}
		(*cells)[c].oversub |= r->oversub != 0;
	}
	return 0;
}

/* Metric values of SET's ok records in cell C; count the failed ones. */
static size_t values(const struct rset *s, const struct cell *c, const char *metric,
		     double *v, size_t *failed)
{
	size_t n = 0;

	*failed = 0;
	for (size_t j = 0; j < s->s.n; j++) {
		const struct lb_record *r = &s->s.rec[j];

		if (!same_cell(c, r))
			continue;
		if (strcmp(r->status, "ok")) {
			(*failed)++;
			continue;
		}
		lb_get_double(r, metric, &v[n++]);
	}
	return n;
}

static int build_table(const struct rset *sets, size_t nsets, const struct cell *cells,
		       size_t ncells, const struct opts *op, struct table *t, int *any_nan,
		       int *any_os, int *any_sig)
{
	size_t maxn = 0;
	double *bv, *ov;

	for (size_t i = 0; i < nsets; i++)
		if (sets[i].s.n > maxn)
			maxn = sets[i].s.n;
	bv = malloc(maxn * sizeof(*bv));
	ov = malloc(maxn * sizeof(*ov));
	if (!bv || !ov)
		abort();
	t->cols = NCOLS;
	for (size_t c = 0; c < ncells; c++) {
		const struct cell *ce = &cells[c];
		const char *metric = cell_metric(op, ce);
		struct lb_summary bs;
		size_t bf, nb = values(&sets[0], ce, metric, bv, &bf);

		lb_summarize(bv, nb, 0.95, &bs);
		for (size_t i = 0; i < nsets; i++) {
			struct lb_summary s;
			struct lb_test w, m;
			size_t f, no = i ? values(&sets[i], ce, metric, ov, &f) : nb;
			char **row = calloc(NCOLS, sizeof(*row)), flags[16] = "";
			double pct = NAN;

			if (!row)
				abort();
			if (i)
				lb_summarize(ov, no, 0.95, &s);
			else
				s = bs, f = bf;
			w.p = m.p = NAN;
			if (i) {
				lb_welch(bv, nb, ov, no, &w);
				lb_mannwhitney(bv, nb, ov, no, &m);
				pct = lb_pct_change(bs.mean, s.mean);
				if (w.p < op->alpha / 10)
					strcpy(flags, "**");
				else if (w.p < op->alpha)
					strcpy(flags, "*");
				if (isnan(w.p))
					*any_nan = 1;
				if (flags[0])
					*any_sig = 1;
			}
			if (s.n < 2)
				*any_nan = 1;
			if (ce->oversub) {
				strcat(flags, flags[0] ? " os" : "os");
				*any_os = 1;
			}
			row[0] = xstrdup(ce->kind);
			row[1] = xstrdup(ce->mode);
			row[2] = fmt("%llu", (unsigned long long)ce->threads);
			row[3] = fmt("%llu", (unsigned long long)ce->read_pct);
			row[4] = fmt("%llu", (unsigned long long)ce->hold_ns);
			row[5] = fmt("%llu", (unsigned long long)ce->parallel_ns);
			row[6] = xstrdup(metric);
			row[7] = xstrdup(sets[i].label);
			row[8] = fmt("%zu", s.n);
			row[9] = fmt("%zu", f);
			row[10] = num(s.median, "%.3f");
			row[11] = num(s.mean, "%.3f");
			row[12] = num(s.sd, "%.3f");
			row[13] = num(s.ci_half, "%.3f");
			row[14] = i ? num(pct, "%+.2f") : xstrdup("base");
			row[15] = i ? pnum(w.p) : xstrdup("-");
			row[16] = i ? pnum(m.p) : xstrdup("-");
			row[17] = xstrdup(flags[0] ? flags : "-");
			table_add(t, row);
		}
	}
	free(bv);
	free(ov);
	return 0;
}

static int parse_opts(int argc, char **argv, struct opts *op, FILE *err)
{
	static const struct option lo[] = {
		{ "alpha", required_argument, NULL, 'a' },
		{ "format", required_argument, NULL, 'f' },
		{ "force", no_argument, NULL, 'F' },
		{ "metric", required_argument, NULL, 'm' },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const struct lb_field *f;
	char *end;
	int c;

	*op = (struct opts){ 0.05, FMT_TEXT, 0, "auto", NULL };
	optind = 0;	/* reinitialise getopt: the tests call us repeatedly */
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+o:h", lo, NULL)) != -1) {
		switch (c) {
		case 'a':
			op->alpha = strtod(optarg, &end);
			if (*end || !(op->alpha > 0 && op->alpha < 1)) {
				fprintf(err, "lb-compare: --alpha %s: expected a number between 0 and 1\n", optarg);
				return -1;
			}
			break;
		case 'f':
			if (!strcmp(optarg, "text"))
				op->fmt = FMT_TEXT;
			else if (!strcmp(optarg, "csv"))
				op->fmt = FMT_CSV;
			else if (!strcmp(optarg, "md"))
				op->fmt = FMT_MD;
			else {
				fprintf(err, "lb-compare: --format %s: expected text, csv or md\n", optarg);
				return -1;
			}
			break;
		case 'F':
			op->force = 1;
			break;
		case 'm':
			f = lb_field_by_name(optarg);
			if (strcmp(optarg, "auto") && (!f || f->type == LB_TYPE_STR)) {
				fprintf(err, "lb-compare: --metric %s: not a numeric column of the schema\n", optarg);
				return -1;
			}
			op->metric = optarg;
			break;
		case 'o':
			op->outpath = optarg;
			break;
		case 'h':
			usage(stdout);
			return 1;
		default:
			fprintf(err, "lb-compare: unknown or incomplete option '%s'\n", argv[optind - 1]);
			usage(err);
			return -1;
		}
	}
	if (argc - optind < 2) {
		fprintf(err, "lb-compare: need a base set and at least one other\n");
		usage(err);
		return -1;
	}
	return 0;
}

static int load_sets(char **paths, size_t n, struct rset *sets, FILE *err)
{
	for (size_t i = 0; i < n; i++) {
		struct stat st;
		char msg[LB_ERR_MAX];

		sets[i].path = paths[i];
		if (!stat(paths[i], &st) && S_ISDIR(st.st_mode)) {
			fprintf(err, "lb-compare: %s is a directory: give one results file per set (e.g. RUN/VARIANT.csv)\n",
				paths[i]);
			return -1;
		}
		if (lb_parse_file(paths[i], &sets[i].s, msg, sizeof(msg))) {
			fprintf(err, "lb-compare: %s\n", msg);
			return -1;
		}
		for (size_t j = 0; j < sets[i].s.n; j++)
			sets[i].nfailed += strcmp(sets[i].s.rec[j].status, "ok") != 0;
		set_label(sets, i);
	}
	return 0;
}

/* Write BUF to PATH, which must not exist yet: nothing is overwritten. */
static int write_new(const char *path, const char *buf, size_t len, FILE *err)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
	size_t done = 0;

	if (fd < 0) {
		fprintf(err, "lb-compare: %s: %s%s\n", path, strerror(errno),
			errno == EEXIST ? " (lb-compare never overwrites a file)" : "");
		return -1;
	}
	while (done < len) {
		ssize_t w = write(fd, buf + done, len - done);

		if (w < 0) {
			fprintf(err, "lb-compare: %s: %s\n", path, strerror(errno));
			close(fd);
			return -1;
		}
		done += (size_t)w;
	}
	if (close(fd)) {
		fprintf(err, "lb-compare: %s: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}

int lbc_main(int argc, char **argv, FILE *out, FILE *err)
{
	struct opts op;
	struct rset *sets = NULL;
	struct cell *cells = NULL;
	struct table t = { 0 };
	size_t nsets, ncells = 0, nlen = 0, olen = 0;
	char *nbuf = NULL, *obuf = NULL, *line = NULL;
	FILE *notes = NULL, *o = NULL;
	int rc = LBC_ERR, any_nan = 0, any_os = 0, any_sig = 0;

	switch (parse_opts(argc, argv, &op, err)) {
	case 1:
		return LBC_OK;
	case -1:
		return LBC_ERR;
	}
	nsets = (size_t)(argc - optind);
	sets = calloc(nsets, sizeof(*sets));
	notes = open_memstream(&nbuf, &nlen);
	if (!sets || !notes)
		abort();
	if (load_sets(argv + optind, nsets, sets, err))
		goto out;
	if (check_comparable(sets, nsets, &op, err, notes)) {
		rc = LBC_REFUSED;
		goto out;
	}
	for (size_t i = 0; i < nsets; i++) {
		if (sets[i].nfailed)
			fprintf(err, "lb-compare: warning: %s: %zu of %zu records have status != ok; excluded from the statistics (column 'failed')\n",
				sets[i].path, sets[i].nfailed, sets[i].s.n);
		if (add_cells(&cells, &ncells, &sets[i]))
			abort();
	}
	build_table(sets, nsets, cells, ncells, &op, &t, &any_nan, &any_os, &any_sig);
	fclose(notes);
	notes = NULL;

	o = open_memstream(&obuf, &olen);
	if (!o)
		abort();
	{
		const struct lb_record *r = &sets[0].s.rec[0];

		line = fmt("lb-compare: base %s; metric %s; alpha %g; accel %s, vcpus %llu, host %s",
			   sets[0].label, strcmp(op.metric, "auto") ? op.metric :
			   "auto (ns_op for hot/cold, ops_per_s for contended)",
			   op.alpha, r->accel, (unsigned long long)r->vcpus, r->host);
		note(o, op.fmt, line);
		free(line);
		for (size_t i = 0; i < nsets; i++) {
			line = fmt("set %s: %s, %zu records, %zu failed", sets[i].label,
				   sets[i].path, sets[i].s.n, sets[i].nfailed);
			note(o, op.fmt, line);
			free(line);
		}
		for (char *p = nbuf, *nl; p && *p; p = nl + 1) {
			nl = strchr(p, '\n');
			*nl = '\0';
			note(o, op.fmt, p);
		}
	}
	if (op.fmt == FMT_MD)
		fputc('\n', o);
	render(o, &t, op.fmt);
	if (op.fmt == FMT_MD)
		fputc('\n', o);
	line = fmt("pct_change: change of the mean against the base; p_welch: Welch t-test, p_mw: Mann-Whitney U (two-sided)");
	note(o, op.fmt, line);
	free(line);
	line = fmt("flags: * Welch p < %g, ** p < %g%s", op.alpha, op.alpha / 10,
		   any_sig ? "" : " (none here)");
	note(o, op.fmt, line);
	free(line);
	if (any_os)
		note(o, op.fmt, "flags: os = oversubscribed cell (guest vcpus > host CPUs): threads share host CPUs, contended figures are not meaningful");
	if (any_nan)
		note(o, op.fmt, "nan: fewer than 2 ok records in a set for that cell, so no stddev, CI or p-value");
	fclose(o);
	o = NULL;

	if (op.outpath)
		rc = write_new(op.outpath, obuf, olen, err) ? LBC_ERR : LBC_OK;
	else
		rc = fwrite(obuf, 1, olen, out) == olen ? LBC_OK : LBC_ERR;
out:
	if (notes)
		fclose(notes);
	free(nbuf);
	free(obuf);
	table_free(&t);
	free(cells);
	for (size_t i = 0; sets && i < nsets; i++)
		lb_set_free(&sets[i].s);
	free(sets);
	return rc;
}
