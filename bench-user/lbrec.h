/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lbrec: the results schema of lockbench_schema.h as C data.  The record
 * struct, the field table and the header line are all generated from
 * LB_RECORD_FIELDS, so a schema change needs no edit here.
 */
#ifndef LBREC_H
#define LBREC_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "lockbench_schema.h"

enum lb_type { LB_TYPE_STR, LB_TYPE_U64, LB_TYPE_DEC };

/*
 * The header line of a CSV table from its column list in the contract
 * (LB_SUMMARY_COLUMNS, LB_CALIBRATION_COLUMNS, ...), without a leading
 * comma.
 */
#define LB_CSV_NAME_COMMA(n, desc) "," #n
#define LB_CSV_HEADER(list) (list(LB_CSV_NAME_COMMA) + 1)

#define LB_MEMBER_STR(n) char n[LB_STR_MAX];
#define LB_MEMBER_U64(n) uint64_t n;
#define LB_MEMBER_DEC(n) uint64_t n; /* thousandths */
#define LB_MEMBER(n, type, desc) LB_MEMBER_##type(n)
struct lb_record {
	LB_RECORD_FIELDS(LB_MEMBER)
};

struct lb_field {
	const char *name;
	enum lb_type type;
	size_t off;
	const char *desc;
};

extern const struct lb_field lb_fields[];
extern const size_t lb_nfields;		/* all record columns */
extern const size_t lb_ncontext;	/* leading columns from the runner */

/* A parsed results file. */
struct lb_set {
	struct lb_record *rec;
	size_t n, cap;
};

#define LB_ERR_MAX 512

/* Header line (column names, no newline) of the whole record or of the
 * module's columns only (what lockbench.ko's header file must contain). */
const char *lb_header(void);
const char *lb_module_header(void);

const struct lb_field *lb_field_by_name(const char *name);

/* Parse NAME's contents BUF[LEN] / the file at PATH into SET (appended).
 * Return 0, or -1 with "NAME:LINE: ..." in ERR. */
int lb_parse_buf(const char *name, const char *buf, size_t len,
		 struct lb_set *set, char *err, size_t errlen);
int lb_parse_file(const char *path, struct lb_set *set, char *err, size_t errlen);

/* Parse one CSV line (no newline) of fields FIRST..FIRST+COUNT-1 into R.
 * Return 0 or -1 with the reason (without file/line) in ERR. */
int lb_parse_fields(const char *line, size_t first, size_t count,
		    struct lb_record *r, char *err, size_t errlen);

/* Check one field value against its type; store it when R is non-NULL. */
int lb_parse_value(const struct lb_field *f, const char *s, size_t len,
		   struct lb_record *r, char *err, size_t errlen);

int lb_write_header(FILE *out);
int lb_write_record(FILE *out, const struct lb_record *r);
int lb_write_set(FILE *out, const struct lb_set *set);

/* Field value as a double (DEC scaled back to units); -1 when the field
 * is unknown or is a STR. */
int lb_get_double(const struct lb_record *r, const char *name, double *out);
const char *lb_get_str(const struct lb_record *r, const char *name);
uint64_t lb_get_u64(const struct lb_record *r, const char *name);

/* A lock kind of the contract (LB_KINDS) with its properties. */
struct lb_kind {
	const char *name, *side, *irq;
	int rw, base, hot, cont, test;
};

/* KIND's row of LB_KINDS; NULL if the contract does not know it. */
const struct lb_kind *lb_kind_by_name(const char *kind);

/* The unit of the cost columns under ACCEL (LB_ACCELS); NULL if unknown. */
const char *lb_accel_unit(const char *accel);
/* 0 when A and B have known accelerators with one unit; else 1 with the
 * reason, naming both units, in ERR. */
int lb_units_differ(const struct lb_record *a, const struct lb_record *b, char *err, size_t len);

/* A new file for writing: an existing one is never overwritten.  NULL,
 * with "TOOL: PATH: reason" on stderr, when it cannot be created. */
FILE *lb_create_new(const char *tool, const char *path);

int lb_set_add(struct lb_set *set, const struct lb_record *r);
void lb_set_free(struct lb_set *set);

#endif
