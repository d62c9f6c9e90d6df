// SPDX-License-Identifier: GPL-2.0
/* lbrec: parse, validate and write lockbench results files. */
#include "lbrec.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LB_FIELD_ENTRY(n, type, desc) \
	{ #n, LB_TYPE_##type, offsetof(struct lb_record, n), desc },
const struct lb_field lb_fields[] = { LB_RECORD_FIELDS(LB_FIELD_ENTRY) };
const size_t lb_nfields = sizeof(lb_fields) / sizeof(lb_fields[0]);

#define LB_ONE(n, type, desc) +1
const size_t lb_ncontext = 0 LB_CONTEXT_FIELDS(LB_ONE);

#define LB_NAME_COMMA(n, type, desc) "," #n
/* The string literals concatenate; +1 skips the leading comma. */
static const char record_header[] = LB_RECORD_FIELDS(LB_NAME_COMMA);
static const char module_header[] = LB_MODULE_FIELDS(LB_NAME_COMMA);

const char *lb_header(void) { return record_header + 1; }

const char *lb_module_header(void) { return module_header + 1; }

const struct lb_field *lb_field_by_name(const char *name)
{
	for (size_t i = 0; i < lb_nfields; i++)
		if (!strcmp(lb_fields[i].name, name))
			return &lb_fields[i];
	return NULL;
}

static void seterr(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (!err || !errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

/* Quote at most 40 bytes of an offending value, so one bad line cannot
 * flood the message. */
static const char *quote(const char *s, size_t len, char *buf, size_t buflen)
{
	size_t n = len < 40 ? len : 40;

	snprintf(buf, buflen, "'%.*s'%s", (int)n, s, len > n ? "..." : "");
	return buf;
}

static int parse_u64(const char *s, size_t len, uint64_t *v)
{
	uint64_t x = 0;

	if (!len)
		return -1;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		if (x > (UINT64_MAX - (uint64_t)(s[i] - '0')) / 10)
			return -2;
		x = x * 10 + (uint64_t)(s[i] - '0');
	}
	*v = x;
	return 0;
}

int lb_parse_value(const struct lb_field *f, const char *s, size_t len,
		   struct lb_record *r, char *err, size_t errlen)
{
	char q[64];
	uint64_t v = 0, frac = 0;
	const char *dot;
	int rc = 0;

	switch (f->type) {
	case LB_TYPE_STR:
		if (!len) {
			seterr(err, errlen, "field '%s': empty", f->name);
			return -1;
		}
		if (len >= LB_STR_MAX) {
			seterr(err, errlen, "field '%s': %zu bytes, at most %d allowed, got %s",
			       f->name, len, LB_STR_MAX - 1, quote(s, len, q, sizeof(q)));
			return -1;
		}
		for (size_t i = 0; i < len; i++) {
			if (s[i] == ' ' || s[i] == '\t' || s[i] == '"') {
				seterr(err, errlen, "field '%s': whitespace or quote in text, got %s",
				       f->name, quote(s, len, q, sizeof(q)));
				return -1;
			}
		}
		if (r) {
			memcpy((char *)r + f->off, s, len);
			((char *)r + f->off)[len] = '\0';
		}
		return 0;
	case LB_TYPE_U64:
		rc = parse_u64(s, len, &v);
		if (rc == -2) {
			seterr(err, errlen, "field '%s': integer overflows 64 bits, got %s",
			       f->name, quote(s, len, q, sizeof(q)));
			return -1;
		}
		if (rc) {
			seterr(err, errlen, "field '%s': expected unsigned integer, got %s",
			       f->name, quote(s, len, q, sizeof(q)));
			return -1;
		}
		break;
	case LB_TYPE_DEC:
		dot = memchr(s, '.', len);
		if (!dot || dot == s || (size_t)(s + len - dot) != 4 ||
		    parse_u64(dot + 1, 3, &frac) == -1 ||
		    (rc = parse_u64(s, (size_t)(dot - s), &v)) == -1) {
			seterr(err, errlen, "field '%s': expected fixed-point with 3 decimals, got %s",
			       f->name, quote(s, len, q, sizeof(q)));
			return -1;
		}
		if (rc == -2 || v > (UINT64_MAX - frac) / LB_DEC_SCALE) {
			seterr(err, errlen, "field '%s': fixed-point value overflows 64 bits, got %s",
			       f->name, quote(s, len, q, sizeof(q)));
			return -1;
		}
		v = v * LB_DEC_SCALE + frac;
		break;
	}
	if (r)
		memcpy((char *)r + f->off, &v, sizeof(v));
	return 0;
}

int lb_parse_fields(const char *line, size_t first, size_t count,
		    struct lb_record *r, char *err, size_t errlen)
{
	const char *p = line;
	size_t i;

	for (i = 0; i < count; i++) {
		const struct lb_field *f = &lb_fields[first + i];
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);

		if (!end && i + 1 < count) {
			/* Count what is there, to say how short the line is. */
			seterr(err, errlen, "%zu fields, expected %zu: missing field '%s'",
			       first + i + 1, first + count, lb_fields[first + i + 1].name);
			return -1;
		}
		if (end && i + 1 == count) {
			size_t extra = 1;

			for (const char *c = end + 1; *c; c++)
				extra += *c == ',';
			seterr(err, errlen, "%zu fields, expected %zu: %zu extra after '%s'",
			       first + count + extra, first + count, extra, f->name);
			return -1;
		}
		if (lb_parse_value(f, p, len, r, err, errlen))
			return -1;
		p = end ? end + 1 : p + len;
	}
	return 0;
}

/* Say where a header line first differs from the schema's. */
static void header_diff(const char *got, size_t len, char *msg, size_t msglen)
{
	const char *p = got, *end = got + len;
	size_t i = 0;

	for (; i < lb_nfields; i++) {
		const char *c = memchr(p, ',', (size_t)(end - p));
		size_t n = c ? (size_t)(c - p) : (size_t)(end - p);

		if (n != strlen(lb_fields[i].name) || memcmp(p, lb_fields[i].name, n)) {
			snprintf(msg, msglen, "header column %zu is '%.*s', schema has '%s'",
				 i + 1, (int)(n > 40 ? 40 : n), p, lb_fields[i].name);
			return;
		}
		if (!c) {
			if (i + 1 < lb_nfields)
				snprintf(msg, msglen, "header has %zu columns, schema has %zu (first missing: '%s')",
					 i + 1, lb_nfields, lb_fields[i + 1].name);
			else
				snprintf(msg, msglen, "header differs from the schema");
			return;
		}
		p = c + 1;
	}
	snprintf(msg, msglen, "header has extra columns after '%s', schema has %zu",
		 lb_fields[lb_nfields - 1].name, lb_nfields);
}

/*
 * The schema version a column came in: 2, or 3 and 4 for the lists those
 * added (lockbench_schema.h).  An older file has the columns of its
 * version, in the same order, without the later ones.
 */
#define LB_NAME_ENTRY(n, type, desc) #n,
static const char *const lb_v3_names[] = { LB_MEASURE_V3_FIELDS(LB_NAME_ENTRY) };
static const char *const lb_v4_names[] = { LB_JOB_V4_FIELDS(LB_NAME_ENTRY) };

static int in_list(const char *name, const char *const *l, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(name, l[i]))
			return 1;
	return 0;
}

static unsigned int field_since(const struct lb_field *f)
{
	if (in_list(f->name, lb_v4_names, sizeof(lb_v4_names) / sizeof(lb_v4_names[0])))
		return 4;
	if (in_list(f->name, lb_v3_names, sizeof(lb_v3_names) / sizeof(lb_v3_names[0])))
		return 3;
	return 2;
}

/* Is LINE version VER's header: the schema's columns that VER had? */
static int header_is(const char *line, unsigned int ver)
{
	const char *p = line;

	for (size_t i = 0; i < lb_nfields; i++) {
		size_t k = strlen(lb_fields[i].name);

		if (field_since(&lb_fields[i]) > ver)
			continue;
		if (p != line && *p++ != ',')
			return 0;
		if (strncmp(p, lb_fields[i].name, k) || (p[k] && p[k] != ','))
			return 0;
		p += k;
	}
	return !*p;
}

/*
 * One record of a version VER file: its columns in schema order; a column
 * added after VER reads as 0, and placement as the first placement ("any":
 * before v4 no job named one).
 */
#define LB_PLACEMENT_FIRST(name, desc) name,
static const char *const lb_placement_names[] = { LB_PLACEMENTS(LB_PLACEMENT_FIRST) };

static int parse_record(const char *line, unsigned int ver, struct lb_record *r,
			char *err, size_t errlen)
{
	char buf[LB_ERR_MAX * 4];
	size_t o = 0, n, first = 0;
	const char *p = line;

	if (ver == LB_SCHEMA_VERSION)
		return lb_parse_fields(line, 0, lb_nfields, r, err, errlen);
	/* A line of the old columns is this version's with the new ones
	 * put in at their defaults: one parser for every version (a short
	 * or long line is then told in this version's columns). */
	for (n = 0; n < lb_nfields; n++) {
		const char *val = p, *end;
		size_t len;

		if (field_since(&lb_fields[n]) > ver) {
			val = !strcmp(lb_fields[n].name, "placement") ? lb_placement_names[0] :
			      lb_fields[n].type == LB_TYPE_DEC ? "0.000" : "0";
			len = strlen(val);
		} else if (!p) {
			break;
		} else {
			end = strchr(p, ',');
			len = end ? (size_t)(end - p) : strlen(p);
			p = end ? end + 1 : NULL;
		}
		o += snprintf(buf + o, o < sizeof(buf) ? sizeof(buf) - o : 0, "%s%.*s",
			      first++ ? "," : "", (int)len, val);
	}
	if (p)
		o += snprintf(buf + o, o < sizeof(buf) ? sizeof(buf) - o : 0, ",%s", p);
	if (o >= sizeof(buf)) {
		seterr(err, errlen, "line too long");
		return -1;
	}
	return lb_parse_fields(buf, 0, lb_nfields, r, err, errlen);
}

int lb_parse_buf(const char *name, const char *buf, size_t len,
		 struct lb_set *set, char *err, size_t errlen)
{
	const size_t magic_len = strlen(LB_SCHEMA_MAGIC);
	size_t lineno = 1, nrec = 0, pos = 0;
	unsigned int ver = LB_SCHEMA_VERSION;
	char msg[LB_ERR_MAX], *line = NULL;
	int rc = -1;

	if (!len) {
		seterr(err, errlen, "%s: empty file", name);
		return -1;
	}
	/* Corrupt bytes first: NUL or non-ASCII anywhere poisons the file. */
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)buf[i];

		if (c == '\n')
			lineno++;
		else if (c == 0 || c >= 0x7f || (c < 0x20 && c != '\t')) {
			seterr(err, errlen, "%s:%zu: corrupt byte 0x%02x at offset %zu",
			       name, lineno, c, i);
			return -1;
		}
	}
	if (buf[len - 1] != '\n') {
		seterr(err, errlen, "%s:%zu: truncated: last line has no newline",
		       name, lineno);
		return -1;
	}
	line = malloc(len + 1);
	if (!line) {
		seterr(err, errlen, "%s: out of memory", name);
		return -1;
	}
	for (lineno = 1; pos < len; lineno++) {
		const char *nl = memchr(buf + pos, '\n', len - pos);
		size_t n = (size_t)(nl - (buf + pos));
		struct lb_record r;

		memcpy(line, buf + pos, n);
		line[n] = '\0';
		pos += n + 1;
		if (lineno == 1) {
			if (n == magic_len && !memcmp(line, LB_SCHEMA_MAGIC, n))
				continue;
			if (!strcmp(line, LB_SCHEMA_MAGIC_V3) || !strcmp(line, LB_SCHEMA_MAGIC_V2)) {
				ver = line[n - 1] - '0';
				continue;
			}
			if (!strncmp(line, "#lockbench-results v", 20)) {
				seterr(err, errlen, "%s:1: schema %s, this tool reads v%d",
				       name, line + 19, LB_SCHEMA_VERSION);
				goto out;
			}
			seterr(err, errlen, "%s:1: not a lockbench results file: first line is %s, expected '%s'",
			       name, quote(line, n, msg, sizeof(msg)), LB_SCHEMA_MAGIC);
			goto out;
		}
		if (lineno == 2) {
			if (header_is(line, ver))
				continue;
			header_diff(line, n, msg, sizeof(msg));
			seterr(err, errlen, "%s:2: %s", name, msg);
			goto out;
		}
		if (line[0] == '#')
			continue;
		if (!n) {
			seterr(err, errlen, "%s:%zu: empty line", name, lineno);
			goto out;
		}
		memset(&r, 0, sizeof(r));
		if (parse_record(line, ver, &r, msg, sizeof(msg))) {
			seterr(err, errlen, "%s:%zu: %s", name, lineno, msg);
			goto out;
		}
		if (set && lb_set_add(set, &r)) {
			seterr(err, errlen, "%s: out of memory", name);
			goto out;
		}
		nrec++;
	}
	if (lineno <= 2)
		seterr(err, errlen, "%s:%zu: truncated: no header line", name, lineno - 1);
	else if (!nrec)
		seterr(err, errlen, "%s: no records (empty set)", name);
	else
		rc = 0;
out:
	free(line);
	return rc;
}

int lb_parse_file(const char *path, struct lb_set *set, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0, got;
	int rc;

	if (!f) {
		seterr(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	for (;;) {
		if (cap - len < 65536) {
			char *nb = realloc(buf, cap + 65536);

			if (!nb) {
				free(buf);
				fclose(f);
				seterr(err, errlen, "%s: out of memory", path);
				return -1;
			}
			buf = nb;
			cap += 65536;
		}
		got = fread(buf + len, 1, cap - len, f);
		len += got;
		if (!got)
			break;
	}
	if (ferror(f)) {
		seterr(err, errlen, "%s: read error: %s", path, strerror(errno));
		rc = -1;
	} else {
		rc = lb_parse_buf(path, buf, len, set, err, errlen);
	}
	free(buf);
	fclose(f);
	return rc;
}

int lb_write_header(FILE *out)
{
	return fprintf(out, "%s\n%s\n", LB_SCHEMA_MAGIC, lb_header()) < 0 ? -1 : 0;
}

int lb_write_record(FILE *out, const struct lb_record *r)
{
	for (size_t i = 0; i < lb_nfields; i++) {
		const struct lb_field *f = &lb_fields[i];
		const char *sep = i ? "," : "";
		uint64_t v;
		int rc;

		if (f->type == LB_TYPE_STR) {
			rc = fprintf(out, "%s%s", sep, (const char *)r + f->off);
		} else {
			memcpy(&v, (const char *)r + f->off, sizeof(v));
			if (f->type == LB_TYPE_U64)
				rc = fprintf(out, "%s%llu", sep, (unsigned long long)v);
			else
				rc = fprintf(out, "%s%llu.%03llu", sep,
					     (unsigned long long)(v / LB_DEC_SCALE),
					     (unsigned long long)(v % LB_DEC_SCALE));
		}
		if (rc < 0)
			return -1;
	}
	return fputc('\n', out) == EOF ? -1 : 0;
}

int lb_write_set(FILE *out, const struct lb_set *set)
{
	if (lb_write_header(out))
		return -1;
	for (size_t i = 0; i < set->n; i++)
		if (lb_write_record(out, &set->rec[i]))
			return -1;
	return 0;
}

int lb_get_double(const struct lb_record *r, const char *name, double *out)
{
	const struct lb_field *f = lb_field_by_name(name);
	uint64_t v;

	if (!f || f->type == LB_TYPE_STR)
		return -1;
	memcpy(&v, (const char *)r + f->off, sizeof(v));
	*out = f->type == LB_TYPE_DEC ? (double)v / LB_DEC_SCALE : (double)v;
	return 0;
}

const char *lb_get_str(const struct lb_record *r, const char *name)
{
	const struct lb_field *f = lb_field_by_name(name);

	return f && f->type == LB_TYPE_STR ? (const char *)r + f->off : NULL;
}

uint64_t lb_get_u64(const struct lb_record *r, const char *name)
{
	const struct lb_field *f = lb_field_by_name(name);
	uint64_t v = 0;

	if (f && f->type != LB_TYPE_STR)
		memcpy(&v, (const char *)r + f->off, sizeof(v));
	return v;
}

int lb_set_add(struct lb_set *set, const struct lb_record *r)
{
	if (set->n == set->cap) {
		size_t cap = set->cap ? set->cap * 2 : 64;
		struct lb_record *nr = realloc(set->rec, cap * sizeof(*nr));

		if (!nr)
			return -1;
		set->rec = nr;
		set->cap = cap;
	}
	set->rec[set->n++] = *r;
	return 0;
}

void lb_set_free(struct lb_set *set)
{
	free(set->rec);
	set->rec = NULL;
	set->n = set->cap = 0;
}

#define LB_ACCEL_ROW(name, unit) { #name, #unit },
static const struct {
	const char *accel, *unit;
} lb_accel_units[] = { LB_ACCELS(LB_ACCEL_ROW) };
/* The accelerators' names, " tcg kvm ...", for a message: the list is the
 * contract's, never restated here. */
#define LB_ACCEL_NAME(name, unit) " " #name
static const char lb_accel_names[] = LB_ACCELS(LB_ACCEL_NAME);

const char *lb_accel_unit(const char *accel)
{
	for (size_t i = 0; i < sizeof(lb_accel_units) / sizeof(lb_accel_units[0]); i++)
		if (!strcmp(accel, lb_accel_units[i].accel))
			return lb_accel_units[i].unit;
	return NULL;
}

int lb_units_differ(const struct lb_record *a, const struct lb_record *b, char *err, size_t len)
{
	const char *ua = lb_accel_unit(a->accel), *ub = lb_accel_unit(b->accel);

	if (!ua || !ub) {
		snprintf(err, len, "unknown accelerator '%s' (known:%s)",
			 ua ? b->accel : a->accel, lb_accel_names);
		return 1;
	}
	if (!strcmp(ua, ub))
		return 0;
	snprintf(err, len, "%s records count %s, %s records count %s: the units do not mix",
		 a->accel, ua, b->accel, ub);
	return 1;
}

FILE *lb_create_new(const char *tool, const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
	FILE *f;

	if (fd < 0) {
		fprintf(stderr, "%s: %s: %s%s\n", tool, path, strerror(errno),
			errno == EEXIST ? " (refusing to overwrite it)" : "");
		return NULL;
	}
	f = fdopen(fd, "w");
	if (!f) {
		fprintf(stderr, "%s: %s: %s\n", tool, path, strerror(errno));
		close(fd);
	}
	return f;
}

#define LB_KIND_ROW(k, rw, side, irq, base, hot, cont, test) \
	{ #k, #side, #irq, rw, base, hot, cont, test },
static const struct lb_kind lb_kind_table[] = { LB_KINDS(LB_KIND_ROW) };

const struct lb_kind *lb_kind_by_name(const char *kind)
{
	for (size_t i = 0; i < sizeof(lb_kind_table) / sizeof(lb_kind_table[0]); i++)
		if (!strcmp(lb_kind_table[i].name, kind))
			return &lb_kind_table[i];
	return NULL;
}
