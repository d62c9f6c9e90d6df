// SPDX-License-Identifier: GPL-2.0
/* pathlen: see pathlen.h. */
#include <inttypes.h>
#include <string.h>
#include "pathlen.h"

int pl_variant(const struct pl_table *t, const char *variant)
{
	for (size_t i = 0; i < t->nv; i++)
		if (!strcmp(t->variant[i], variant))
			return (int)i;
	return -1;
}

int pl_find_row(const struct pl_table *t, const char *kind, uint64_t read_pct, uint64_t pad)
{
	for (size_t i = 0; i < t->nr; i++)
		if (!strcmp(t->row[i].kind, kind) && t->row[i].read_pct == read_pct &&
		    t->row[i].pad == pad)
			return (int)i;
	return -1;
}

int64_t pl_get(const struct pl_table *t, size_t row, size_t v)
{
	return t->n[row][v] ? (int64_t)t->val[row][v] : -1;
}

/* Why R cannot be a path-length record, or NULL. */
static const char *unusable(const struct lb_record *r)
{
	if (strcmp(r->accel, "icount"))
		return "not an icount record: path lengths come from ACCEL=icount";
	if (strcmp(r->status, "ok"))
		return "the job failed";
	if (strcmp(r->mode, "hot"))
		return "only hot jobs run on icount's single vCPU";
	if (!r->slope)
		return "slope=0: the count would include the harness's per-batch residue";
	if (r->cyc_p25 != r->cyc_op || r->cyc_p75 != r->cyc_op)
		return "batches of one job disagree (p25, median and p75 differ): not exact";
	return NULL;
}

int pl_add(struct pl_table *t, const char *name, const struct lb_set *set,
	   char *err, size_t len)
{
	for (size_t i = 0; i < set->n; i++) {
		const struct lb_record *r = &set->rec[i];
		const char *why = unusable(r);
		int v, row;

		if (why) {
			snprintf(err, len, "%s: record %zu (%s %s %s, boot %" PRIu64 ", seq %" PRIu64 "): %s",
				 name, i + 1, r->variant, r->kind, r->mode, r->boot, r->seq, why);
			return -1;
		}
		v = pl_variant(t, r->variant);
		if (v < 0) {
			if (t->nv == PL_MAX_VARIANTS) {
				snprintf(err, len, "%s: more than %d variants", name, PL_MAX_VARIANTS);
				return -1;
			}
			v = (int)t->nv++;
			snprintf(t->variant[v], LB_STR_MAX, "%s", r->variant);
		}
		row = pl_find_row(t, r->kind, r->read_pct, r->pad);
		if (row < 0) {
			if (t->nr == PL_MAX_ROWS) {
				snprintf(err, len, "%s: more than %d kinds", name, PL_MAX_ROWS);
				return -1;
			}
			row = (int)t->nr++;
			snprintf(t->row[row].kind, LB_STR_MAX, "%s", r->kind);
			t->row[row].read_pct = r->read_pct;
			t->row[row].pad = r->pad;
		}
		if (t->n[row][v] && t->val[row][v] != r->cyc_op) {
			snprintf(err, len, "%s: record %zu (%s %s, boot %" PRIu64 ", seq %" PRIu64
				 "): %" PRIu64 ".%03" PRIu64 " instructions, an earlier record of the cell had %"
				 PRIu64 ".%03" PRIu64 ": the counts are not reproducible",
				 name, i + 1, r->variant, r->kind, r->boot, r->seq,
				 r->cyc_op / LB_DEC_SCALE, r->cyc_op % LB_DEC_SCALE,
				 t->val[row][v] / LB_DEC_SCALE, t->val[row][v] % LB_DEC_SCALE);
			return -1;
		}
		t->val[row][v] = r->cyc_op;
		t->n[row][v]++;
	}
	return 0;
}

void pl_write_csv(FILE *f, const struct pl_table *t)
{
	fprintf(f, "variant,kind,read_pct,pad,instructions,records\n");
	for (size_t v = 0; v < t->nv; v++) {
		for (size_t r = 0; r < t->nr; r++) {
			if (!t->n[r][v])
				continue;
			fprintf(f, "%s,%s,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ".%03" PRIu64 ",%zu\n",
				t->variant[v], t->row[r].kind, t->row[r].read_pct, t->row[r].pad,
				t->val[r][v] / LB_DEC_SCALE, t->val[r][v] % LB_DEC_SCALE, t->n[r][v]);
		}
	}
}

int pl_calibrate(FILE *f, const struct pl_table *padded, const struct pl_table *plain,
		 char *err, size_t len)
{
	int bad = 0, base;

	if (padded->nv != 1 || plain->nv != 1 || strcmp(padded->variant[0], plain->variant[0])) {
		snprintf(err, len, "calibration needs one variant in both runs");
		return -1;
	}
	base = pl_find_row(padded, "spin_lock", 100, 0);
	if (base < 0 || !padded->n[base][0]) {
		snprintf(err, len, "the padded run has no spin_lock pad=0 row to add the pads to");
		return -1;
	}
	for (size_t r = 0; r < padded->nr; r++) {
		const struct pl_row *row = &padded->row[r];
		int64_t got = pl_get(padded, r, 0), want;
		int pr;

		if (row->pad) {
			want = pl_get(padded, (size_t)base, 0) + (int64_t)row->pad * LB_DEC_SCALE;
			fprintf(f, "%s pad=%-4" PRIu64 " spin_lock + %" PRIu64 ": want %" PRId64
				".%03" PRId64 ", got %" PRId64 ".%03" PRId64 ": %s\n",
				got == want ? "ok  " : "FAIL", row->pad, row->pad,
				want / LB_DEC_SCALE, want % LB_DEC_SCALE, got / LB_DEC_SCALE,
				got % LB_DEC_SCALE, got == want ? "exact" : "wrong");
			bad += got != want;
			continue;
		}
		pr = pl_find_row(plain, row->kind, row->read_pct, 0);
		if (pr < 0) {
			fprintf(f, "FAIL %s: not in the plain run\n", row->kind);
			bad++;
			continue;
		}
		want = pl_get(plain, (size_t)pr, 0);
		fprintf(f, "%s %-22s plain %" PRId64 ".%03" PRId64 ", beside the pads %" PRId64
			".%03" PRId64 ": %s\n", got == want ? "ok  " : "FAIL", row->kind,
			want / LB_DEC_SCALE, want % LB_DEC_SCALE, got / LB_DEC_SCALE,
			got % LB_DEC_SCALE, got == want ? "no change" : "changed");
		bad += got != want;
	}
	return bad;
}
