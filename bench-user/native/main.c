// SPDX-License-Identifier: GPL-2.0
/*
 * lb-native: one replicate of ACCEL=native.  It runs job lines (the
 * module's syntax) on this host's CPUs against the lock code of every
 * variant it was linked with (scripts/native/link.sh) and writes records
 * in the contract's schema with accel=native, one file a variant.  One
 * process is one replicate, as one boot is under QEMU: the TSC rate, the
 * timer's cost and the work loop's rate are measured anew in each, and
 * every variant's units run interleaved in it (schedule.c), so what the
 * process shares (the machine's state, its layout) is shared by all.
 *
 * usage: lb-native -b BOOT -H HOST [-v VARIANT[,...]] [-A VARIANT]
 *                  [-o RESULTS | -O DIR] [-p PHYSLIMIT] [-c CHAINS]
 *                  [-x SECTIONS] [-L LAYOUT] [-R SLICES] [-F FACTS] [-t MS]
 *                  [-s SLICES] [-S SEED] [-j JOBFILE]
 *                  [-C PLACEMENT=CPUS ...] [-n] [JOB...]
 * -v picks the variants to run (default: all linked); -o takes one.
 * -A runs one of them twice: its every job again as VARIANT~A, the same
 * code at the same place, so that the pair VARIANT, VARIANT~A is an A/A
 * of identical code in the same process (its records in -O's
 * VARIANT~A.csv).  -R writes every slice's figures (slices.csv).
 * -t MS is the least TSC time each unit (a job of a variant, a bare pair)
 * gets, in -s slices; -S seeds their shuffled order.
 * -C PLACEMENT=A,B,... gives a placement's CPUs on this host, in order
 * (scripts/native/topology.sh cpus PLACEMENT): a cold or contended job that
 * names it runs its threads there, and one that names a placement not
 * given is refused before any work.  placement=any (a job that names
 * none) runs on the process's CPUs.
 * -n checks the host and the jobs and stops before any work.
 */
#define _GNU_SOURCE
#include <alloca.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "csvrow.h"
#include "job.h"
#include "jobfile.h"
#include "lockbench_jobline.h"
#include "lbrec.h"
#include "modes.h"
#include "physlimit.h"
#include "schedule.h"
#include "stubs.h"
#include "threads.h"
#include "tsc.h"
#include "variants.h"

#ifndef __x86_64__
#error "lb-native runs x86_64 kernel objects: build it on an x86_64 host"
#endif

/* Each kind once: the kernel half must have been built from this schema. */
#define LBN_ONE(...) + 1
static const unsigned int lbn_schema_kinds = 0 LB_KINDS(LBN_ONE);

#define LBN_MAX_JOBS 256
#define LBN_MAX_VARIANTS 32
#define LBN_MAX_PLACED 8

/* A placement -C gave: its name and its CPUs. */
struct placed {
	char name[LB_STR_MAX];
	unsigned int cpus[LBN_NR_CPUS];
	unsigned int n;
};

extern unsigned long loops_per_jiffy;
/* The variants' CONFIG_HZ (link.sh writes it beside the stubs: one for all). */
extern const unsigned int lbn_hz;

struct opts {
	const char *host, *out, *outdir, *phys, *chains, *sections, *layout, *facts, *jobfile, *trace;
	const char *slices_out;
	char copy_name[LB_STR_MAX];	/* -A's VARIANT~A, "" without it */
	const struct lbn_variant *copy;
	const char *sweep;
	char *vlist;
	uint64_t boot, unit_ms, seed;
	unsigned int slices;
	int check_only, print_jobs, seed_set;
	char *jobs[LBN_MAX_JOBS];
	unsigned int njobs;
	const struct lbn_variant *v[LBN_MAX_VARIANTS];
	unsigned int nv;
	struct placed placed[LBN_MAX_PLACED];
	unsigned int nplaced;
};

static void usage(void)
{
	fprintf(stderr, "usage: lb-native -b BOOT -H HOST [-v VARIANT[,...]] [-A VARIANT] [-o RESULTS | -O DIR] [-p PHYSLIMIT] [-c CHAINS] [-x SECTIONS] [-L LAYOUT] [-R SLICES] [-F FACTS] [-T TRACE] [-t MS] [-s SLICES] [-S SEED] [-j JOBFILE [-w THREADS]] [-C PLACEMENT=CPUS ...] [-n [-P]] [JOB...]\n");
	exit(2);
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	size_t n = 0, cap = 65536;
	char *buf = malloc(cap + 1);

	if (!f || !buf)
		return NULL;
	while (!feof(f) && !ferror(f)) {
		if (n == cap && !(buf = realloc(buf, (cap *= 2) + 1)))
			return NULL;
		n += fread(buf + n, 1, cap - n, f);
	}
	fclose(f);
	buf[n] = '\0';
	return buf;
}

static uint64_t number(int c, const char *arg, uint64_t lo, uint64_t hi)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(arg, &end, 10);
	if (!*arg || *end || errno || *arg == '-' || v < lo || v > hi) {
		fprintf(stderr, "lb-native: error: -%c %s: want a whole number from %llu to %llu\n",
			c, arg, (unsigned long long)lo, (unsigned long long)hi);
		exit(2);
	}
	return v;
}

/* -C PLACEMENT=A,B,...: a placement of the contract, given once. */
static void add_placed(struct opts *o, const char *arg)
{
	const char *eq = strchr(arg, '=');
	struct placed *p = &o->placed[o->nplaced];
	char buf[LB_STR_MAX + 16];
	unsigned int i;

	if (o->nplaced == LBN_MAX_PLACED) {
		fprintf(stderr, "lb-native: error: more than %d -C placements\n", LBN_MAX_PLACED);
		exit(2);
	}
	if (!eq || eq == arg || (size_t)(eq - arg) >= LB_STR_MAX) {
		fprintf(stderr, "lb-native: error: -C %s: want PLACEMENT=CPU,CPU,...\n", arg);
		exit(2);
	}
	snprintf(p->name, sizeof(p->name), "%.*s", (int)(eq - arg), arg);
	if (lb_jobline_placement(p->name) < 0) {
		fprintf(stderr, "lb-native: error: -C %s: unknown placement '%s': one of" LB_JOBLINE_PLACEMENT_LIST "\n",
			arg, p->name);
		exit(2);
	}
	if (!strcmp(p->name, lb_jobline_placement_name(0))) {
		fprintf(stderr, "lb-native: error: -C %s: placement %s is the process's own CPUs (LBN_CPUS or its affinity), not one to give\n",
			arg, p->name);
		exit(2);
	}
	for (i = 0; i < o->nplaced; i++) {
		if (!strcmp(o->placed[i].name, p->name)) {
			fprintf(stderr, "lb-native: error: -C %s: placement %s given twice\n", arg, p->name);
			exit(2);
		}
	}
	snprintf(buf, sizeof(buf), "-C %s=", p->name);
	p->n = lbn_cpu_list(buf, eq + 1, p->cpus, LBN_NR_CPUS);
	if (p->n < 2) {
		fprintf(stderr, "lb-native: error: -C %s: a placement is two CPUs or more\n", arg);
		exit(2);
	}
	o->nplaced++;
}

/*
 * The CPUs job J runs on: the process's for placement any, else its -C
 * list; a placement not given, or fewer CPUs than the job needs, is
 * refused (-1, the reason in WHY), naming what this host has.
 */
static int place_job(const struct opts *o, const struct lbn_env *e, struct lbn_job *j,
		     char *why, size_t len)
{
	unsigned int i, need = !strcmp(j->mode, "cold") ? 2 : j->threads;
	int at;

	j->cpus = e->cpus;
	j->ncpus = e->ncpus;
	if (strcmp(j->placement, lb_jobline_placement_name(0))) {
		for (i = 0; i < o->nplaced && strcmp(o->placed[i].name, j->placement); i++)
			;
		if (i == o->nplaced) {
			at = snprintf(why, len, "placement=%s: no CPUs were given for it (-C %s=CPUS: scripts/native/topology.sh cpus %s picks them, or says why this host has none); given: %s",
				      j->placement, j->placement, j->placement,
				      lb_jobline_placement_name(0));
			for (i = 0; i < o->nplaced && at > 0 && (size_t)at < len; i++)
				at += snprintf(why + at, len - at, ",%s", o->placed[i].name);
			return -1;
		}
		j->cpus = o->placed[i].cpus;
		j->ncpus = o->placed[i].n;
	}
	if (need > j->ncpus) {
		at = snprintf(why, len, "%s %s needs %u CPUs, and placement %s has %u here (",
			      j->mode, !strcmp(j->mode, "cold") ? "mode" : "threads", need,
			      j->placement, j->ncpus);
		for (i = 0; i < j->ncpus && at > 0 && (size_t)at < len; i++)
			at += snprintf(why + at, len - at, "%s%u", i ? "," : "", j->cpus[i]);
		if (at > 0 && (size_t)at < len)
			snprintf(why + at, len - at, ")");
		return -1;
	}
	return 0;
}

/* -A's variant: one of those picked; its copy is named VARIANT~A. */
static void pick_copy(struct opts *o, const char *name)
{
	unsigned int i;

	for (i = 0; i < o->nv && strcmp(o->v[i]->name, name); i++)
		;
	if (i == o->nv || o->v[i]->copy != 1) {
		fprintf(stderr, "lb-native: error: -A %s: not one of the variants this process runs (-v)\n", name);
		exit(2);
	}
	o->copy = o->v[i];
	snprintf(o->copy_name, sizeof(o->copy_name), "%s~A", name);
}

/* -v's names, or every linked variant. */
static void pick_variants(struct opts *o)
{
	char *save, *name;
	unsigned int i;

	if (!o->vlist) {
		for (i = 0; i < lbn_nvariants && i < LBN_MAX_VARIANTS; i++)
			o->v[o->nv++] = &lbn_variants[i];
		return;
	}
	for (name = strtok_r(o->vlist, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
		for (i = 0; i < lbn_nvariants; i++)
			if (!strcmp(lbn_variants[i].name, name))
				break;
		if (i == lbn_nvariants) {
			fprintf(stderr, "lb-native: error: -v %s: not linked into this binary (it has:", name);
			for (i = 0; i < lbn_nvariants; i++)
				fprintf(stderr, " %s", lbn_variants[i].name);
			fprintf(stderr, ")\n");
			exit(2);
		}
		if (o->nv == LBN_MAX_VARIANTS) {
			fprintf(stderr, "lb-native: error: more than %d variants\n", LBN_MAX_VARIANTS);
			exit(2);
		}
		o->v[o->nv++] = &lbn_variants[i];
	}
}

static void parse_opts(int argc, char **argv, struct opts *o)
{
	const char *copy = NULL;
	int c;

	o->unit_ms = 100;
	o->slices = 10;
	while ((c = getopt(argc, argv, "v:A:b:H:o:O:p:c:x:L:R:F:T:t:s:S:j:w:C:nP")) != -1) {
		switch (c) {
		case 'v': o->vlist = optarg; break;
		case 'A': copy = optarg; break;
		case 'b': o->boot = number(c, optarg, 0, UINT64_MAX); break;
		case 'H': o->host = optarg; break;
		case 'o': o->out = optarg; break;
		case 'O': o->outdir = optarg; break;
		case 'p': o->phys = optarg; break;
		case 'c': o->chains = optarg; break;
		case 'x': o->sections = optarg; break;
		case 'L': o->layout = optarg; break;
		case 'R': o->slices_out = optarg; break;
		case 'F': o->facts = optarg; break;
		case 'T': o->trace = optarg; break;
		case 't': o->unit_ms = number(c, optarg, 1, 600000); break;
		case 's': o->slices = number(c, optarg, 1, 100000); break;
		case 'S': o->seed = number(c, optarg, 0, UINT64_MAX); o->seed_set = 1; break;
		case 'j': o->jobfile = optarg; break;
		case 'w': o->sweep = optarg; break;
		case 'C': add_placed(o, optarg); break;
		case 'P': o->print_jobs = 1; break;
		case 'n': o->check_only = 1; break;
		default: usage();
		}
	}
	if (!o->host)
		usage();
	if (!o->seed_set)
		o->seed = o->boot;
	for (; optind < argc && o->njobs < LBN_MAX_JOBS; optind++)
		o->jobs[o->njobs++] = argv[optind];
	/* The one job file expander (lb-validate --jobs is the same code);
	 * the CPUs are checked below, against the ones this process has. */
	if (o->jobfile) {
		struct lb_joblist l;
		char err[1024];
		size_t i;

		if (lb_jobfile_read(o->jobfile, o->sweep, LBN_NR_CPUS, 0, &l, err, sizeof(err))) {
			fprintf(stderr, "lb-native: error: %s\n", err);
			exit(2);
		}
		for (i = 0; i < l.n && o->njobs < LBN_MAX_JOBS; i++)
			o->jobs[o->njobs++] = l.line[i];
		if (i < l.n) {
			fprintf(stderr, "lb-native: error: %s: more than %d jobs\n", o->jobfile, LBN_MAX_JOBS);
			exit(2);
		}
	} else if (o->sweep) {
		fprintf(stderr, "lb-native: error: -w expands a job file's threads=SWEEP: give -j JOBFILE\n");
		exit(2);
	}
	if (o->print_jobs && !o->check_only) {
		fprintf(stderr, "lb-native: error: -P prints the checked jobs, with -n only\n");
		exit(2);
	}
	if (!o->njobs) {
		fprintf(stderr, "lb-native: no jobs\n");
		exit(2);
	}
	pick_variants(o);
	if (copy)
		pick_copy(o, copy);
	if (o->out && o->outdir) {
		fprintf(stderr, "lb-native: error: -o (one variant's records) or -O (a folder, a file a variant), not both\n");
		exit(2);
	}
	if (o->out && (o->nv != 1 || o->copy)) {
		fprintf(stderr, "lb-native: error: -o writes one variant's records and %u are picked: name one with -v, or give -O DIR\n",
			o->nv + !!o->copy);
		exit(2);
	}
}

static const struct lbn_kind_fns *kind_fns(const struct lbn_variant *v, const char *name)
{
	unsigned int i;

	for (i = 0; i < *v->nkinds; i++)
		if (!strcmp(v->kinds[i].name, name))
			return &v->kinds[i];
	return NULL;
}

/* A padded job runs spin_lock's calibration loop in place of its own. */
static int pad_loop(const struct lbn_variant *v, uint64_t pad, struct lbn_kind_fns *k)
{
	unsigned int i;

	for (i = 0; i < *v->npads; i++) {
		if (v->pads[i].pad == pad) {
			k->loop = v->pads[i].loop;
			return 0;
		}
	}
	return -1;
}

static void context(struct lb_record *r, const struct opts *o, const char *variant,
		    const struct lbn_env *e, const struct lbn_job *j, uint64_t seq)
{
	memset(r, 0, sizeof(*r));
	snprintf(r->variant, sizeof(r->variant), "%s", variant);
	strcpy(r->accel, "native");
	snprintf(r->host, sizeof(r->host), "%s", o->host);
	r->host_cpus = sysconf(_SC_NPROCESSORS_ONLN);
	r->vcpus = e->ncpus;
	r->boot = o->boot;
	r->seq = seq;
	strcpy(r->kind, j->kind);
	strcpy(r->mode, j->mode);
	strcpy(r->placement, j->placement);
	lbn_job_record(j, r);
	strcpy(r->status, "ok");
	r->tsc_khz = e->tsc_khz;
}

/* The hot shape the bare pairs and the chains run in: 1000 ops a batch. */
static const struct lbn_job unit_hot = {
	.kind = "spin_lock", .mode = "hot", .placement = "any", .batches = 200, .batch_ops = 1000,
	.threads = 1,
};

/* The units: every job of every picked variant, then the bare pairs and
 * the chain lengths when their files are asked for. */
static struct lbn_unit *make_units(const struct opts *o, const struct lbn_env *e,
				   const struct lbn_job *jobs, unsigned int *n)
{
	unsigned int nu = (o->nv + !!o->copy) * o->njobs, i, jx, c, m = 0;
	uint64_t ms = o->unit_ms, ticks;
	struct lbn_unit *u;

	if (o->phys)
		nu += lbn_npairs;
	for (i = 0; o->chains && i < o->nv; i++)
		nu += *o->v[i]->nchains;
	u = calloc(nu, sizeof(*u));
	if (!u)
		return NULL;
	ticks = lbn_ns_to_cyc(ms * 1000000ull, e->tsc_khz);
	/* Every picked variant's jobs, then -A's copy's: the same code again. */
	for (i = 0; i <= o->nv; i++) {
		const struct lbn_variant *v = i < o->nv ? o->v[i] : o->copy;
		const char *name = i < o->nv ? v ? v->name : NULL : o->copy_name;

		if (!v)
			break;
		for (jx = 0; jx < o->njobs; jx++) {
			const struct lbn_job *j = &jobs[jx];
			struct lbn_unit *x;

			/* The A/A's second layout measures the hot kinds'
			 * layout spread; its cold and contended jobs would
			 * lengthen every process for no figure anyone reads. */
			if (v->copy == 2 && strcmp(j->mode, "hot"))
				continue;
			x = &u[m++];

			x->type = LBN_U_JOB;
			x->v = v;
			x->name = name;
			x->j = j;
			x->k = *kind_fns(v, j->kind);
			x->empty = &v->kinds[0];
			if (j->pad)
				pad_loop(v, j->pad, &x->k);
			x->budget = ticks;
			if (!strcmp(j->mode, "contended") && j->duration_ms > ms)
				x->budget = lbn_ns_to_cyc(j->duration_ms * 1000000ull, e->tsc_khz);
			context(&x->r, o, name, e, j, jx);
		}
	}
	for (i = 0; o->phys && i < lbn_npairs; i++) {
		struct lbn_unit *x = &u[m++];

		x->type = LBN_U_PAIR;
		x->name = "all";
		x->pair = i;
		x->j = &unit_hot;
		x->k = lbn_pairs[i].fns;
		x->empty = &lbn_pair_empty;
		x->budget = ticks;
	}
	/* The chains take a quarter of a unit each: eight lengths a variant. */
	for (i = 0; o->chains && i < o->nv; i++) {
		const struct lbn_variant *v = o->v[i];

		for (c = 0; c < *v->nchains; c++) {
			struct lbn_unit *x = &u[m++];

			x->type = LBN_U_CHAIN;
			x->v = v;
			x->name = v->name;
			x->j = &unit_hot;
			x->k = *kind_fns(v, "spin_lock");
			x->k.loop = v->chains[c].loop;
			x->steps = v->chains[c].steps;
			x->empty = &v->kinds[0];
			x->budget = ticks / 4;
		}
	}
	*n = m;
	return u;
}

static FILE *create(const char *path)
{
	FILE *f = lb_create_new("lb-native", path);

	if (!f)
		exit(3);
	return f;
}

/* A records file per name the jobs ran under: each variant, -A's copy. */
static void write_records(const struct opts *o, struct lbn_unit *u, unsigned int n)
{
	unsigned int i, k;
	char path[4096];
	const char *name;
	FILE *f;

	for (i = 0; i <= o->nv; i++) {
		name = i < o->nv ? o->v[i]->name : o->copy_name;
		if (!*name)
			break;
		if (o->out) {
			f = create(o->out);
		} else if (o->outdir) {
			snprintf(path, sizeof(path), "%s/%s.csv", o->outdir, name);
			f = create(path);
		} else {
			f = stdout;
		}
		lb_write_header(f);
		for (k = 0; k < n; k++)
			if (u[k].type == LBN_U_JOB && !strcmp(u[k].name, name))
				lb_write_record(f, &u[k].r);
		if (f != stdout && fclose(f))
			exit(3);
	}
}

/* calibration.csv's, sections.csv's and layout.csv's columns by name
 * (csvrow.h): each one's format and value, in write_outputs below, where
 * o is the options, x the unit and v the variant; LB_CALIBRATION_COLUMNS,
 * LB_SECTIONS_COLUMNS and LB_LAYOUT_COLUMNS give their order. */
#define CAL_variant		"%s", x->v->name
#define CAL_boot		"%llu", (unsigned long long)o->boot
#define CAL_steps		"%llu", (unsigned long long)x->steps
#define CAL_cyc_op		LBN_DEC3(x->r.cyc_op)
#define CAL_cyc_p25		LBN_DEC3(x->r.cyc_p25)
#define CAL_cyc_p75		LBN_DEC3(x->r.cyc_p75)
#define CAL_batches		"%llu", (unsigned long long)x->r.batches
#define CAL_PUT(n, desc)	LBN_PUT(CAL_##n)

/* hold, par and timer: the unit's sections and timer reads, in ns. */
#define SEC_variant		"%s", x->name
#define SEC_boot		"%llu", (unsigned long long)o->boot
#define SEC_kind		"%s", x->j->kind
#define SEC_mode		"%s", x->j->mode
#define SEC_threads		"%llu", (unsigned long long)x->j->threads
#define SEC_read_pct		"%llu", (unsigned long long)x->j->read_pct
#define SEC_hold_ns		"%llu", (unsigned long long)x->j->hold_ns
#define SEC_parallel_ns		"%llu", (unsigned long long)x->j->parallel_ns
#define SEC_hold_measured_ns	"%.1f", hold
#define SEC_parallel_measured_ns "%.1f", par
#define SEC_timer_ns_per_op	"%.2f", timer
#define SEC_PUT(n, desc)	LBN_PUT(SEC_##n)

/* k: the variant's spin_lock functions, when it has them. */
#define LAY_boot		"%llu", (unsigned long long)o->boot
#define LAY_variant		"%s", v->name
#define LAY_copy		"%u", v->copy
#define LAY_link_pos		"%u", v->link_pos
#define LAY_text_pad		"%lu", v->text_pad
#define LAY_data_pad		"%lu", v->data_pad
#define LAY_stack_pad		"%lu", lbn_stack_pad
#define LAY_layout_seed		"%llu", lbn_layout_seed
#define LAY_spin_lock_loop	"%#lx", k ? (unsigned long)(uintptr_t)k->loop : 0ul
#define LAY_PUT(n, desc)	LBN_PUT(LAY_##n)

static void write_outputs(const struct opts *o, const struct lbn_env *e, int hv,
			  struct lbn_unit *u, unsigned int n, const struct lbn_slicelog *log)
{
	unsigned int i;
	FILE *f;

	write_records(o, u, n);
	if (o->slices_out) {
		f = create(o->slices_out);
		lbn_slicelog_write(f, log, o->boot, e->tsc_khz);
		if (fclose(f))
			exit(3);
	}
	if (o->phys) {
		f = create(o->phys);
		/* One process runs every variant: its pairs are the process's.
		 * No header: run.sh writes the contract's once. */
		for (i = 0; i < n; i++)
			if (u[i].type == LBN_U_PAIR)
				lbn_physlimit_row(f, "all", o->boot, u[i].k.name, u[i].r.cyc_op, e->tsc_khz);
		fclose(f);
	}
	if (o->chains) {
		f = create(o->chains);
		fprintf(f, "%s\n", LB_CSV_HEADER(LB_CALIBRATION_COLUMNS));
		for (i = 0; i < n; i++) {
			const struct lbn_unit *x = &u[i];

			if (x->type == LBN_U_CHAIN)
				LBN_CSV_ROW(f, LB_CALIBRATION_COLUMNS, CAL_PUT);
		}
		fclose(f);
	}
	if (o->sections) {
		/* The sections as their loops ran them, in ns; the timer's reads
		 * per op beside them (contended: four lfence;rdtsc an iteration;
		 * hot: two a batch). */
		f = create(o->sections);
		fprintf(f, "%s\n", LB_CSV_HEADER(LB_SECTIONS_COLUMNS));
		for (i = 0; i < n; i++) {
			const struct lbn_unit *x = &u[i];
			double tns = (double)e->timer * 1e6 / e->tsc_khz, hold = 0, par = 0, timer;

			if (x->type != LBN_U_JOB || (!x->j->parallel_ns && !x->j->hold_ns) ||
			    !strcmp(x->j->mode, "cold"))
				continue;
			if (!strcmp(x->j->mode, "contended")) {
				if (x->hold_n)
					hold = (double)x->hold_sum / x->hold_n * 1e6 / e->tsc_khz - tns;
				if (x->par_n)
					par = (double)x->par_sum / x->par_n * 1e6 / e->tsc_khz - tns;
				timer = 4 * tns;
			} else {
				/* The median empty batch: the section and its loop. */
				par = (double)x->r.overhead_cyc / LB_DEC_SCALE * 1e6 / e->tsc_khz;
				timer = 2 * tns / x->j->batch_ops;
			}
			LBN_CSV_ROW(f, LB_SECTIONS_COLUMNS, SEC_PUT);
		}
		fclose(f);
	}
	if (o->layout) {
		f = create(o->layout);
		fprintf(f, "%s\n", LB_CSV_HEADER(LB_LAYOUT_COLUMNS));
		for (i = 0; i < lbn_nvariants; i++) {
			const struct lbn_variant *v = &lbn_variants[i];
			const struct lbn_kind_fns *k = kind_fns(v, "spin_lock");

			LBN_CSV_ROW(f, LB_LAYOUT_COLUMNS, LAY_PUT);
		}
		fclose(f);
	}
	if (o->facts) {
		f = create(o->facts);
		fprintf(f, "tsc_khz=%llu\ntsc_step=%llu\ntimer_overhead_cyc=%llu\nwork_per_ms=%llu\nhypervisor=%d\n",
			(unsigned long long)e->tsc_khz, (unsigned long long)e->tsc_step,
			(unsigned long long)e->timer, (unsigned long long)e->work_per_ms, hv);
		fprintf(f, "unit_ms=%llu\nslices=%u\nschedule_seed=%llu\nlayout_seed=%llu\nstack_pad=%lu\nunits=%u\nvariants=",
			(unsigned long long)o->unit_ms, o->slices, (unsigned long long)o->seed,
			lbn_layout_seed, lbn_stack_pad, n);
		for (i = 0; i < o->nv; i++)
			fprintf(f, "%s%s", i ? " " : "", o->v[i]->name);
		fprintf(f, "\nsame_code_copy=%s", o->copy ? o->copy_name : "");
		fprintf(f, "\nlock_size=");
		for (i = 0; i < o->nv; i++)
			fprintf(f, "%s%s:%lu", i ? " " : "", o->v[i]->name, *o->v[i]->lock_size);
		fprintf(f, "\nstubs=");
		for (i = 0; i < lbn_nstubs; i++)
			fprintf(f, "%s%s", i ? " " : "", lbn_stub_names[i]);
		fprintf(f, "\ncpus=");
		for (i = 0; i < e->ncpus; i++)
			fprintf(f, "%s%u", i ? "," : "", e->cpus[i]);
		/* Each placement given, with its CPUs: what a record's
		 * placement ran on. */
		fprintf(f, "\nplacements=");
		for (i = 0; i < o->nplaced; i++) {
			unsigned int c;

			fprintf(f, "%s%s:", i ? " " : "", o->placed[i].name);
			for (c = 0; c < o->placed[i].n; c++)
				fprintf(f, "%s%u", c ? "," : "", o->placed[i].cpus[c]);
		}
		fprintf(f, "\n");
		fclose(f);
	}
}

/* The run, below the stack offset main() has drawn. */
static __attribute__((noinline)) int run(const struct opts *o, struct lbn_env *e, const struct lbn_job *jobs, int hv)
{
	struct lbn_slicelog log = { 0 };
	struct lbn_unit *u;
	unsigned int n, i;
	FILE *trace = NULL;
	int rc = 0;

	if (lbn_pin_enter(e->cpus[0]))
		return 3;
	e->tsc_khz = lbn_tsc_khz(50);
	e->tsc_step = lbn_tsc_step();
	e->timer = lbn_timer_overhead();
	e->work_per_ms = lbn_work_calibrate(e->tsc_khz);
	/* What the kernel's delay calibration finds with a TSC delay. */
	loops_per_jiffy = e->tsc_khz * 1000 / lbn_hz;
	u = make_units(o, e, jobs, &n);
	if (!u)
		return 3;
	if (o->trace)
		trace = create(o->trace);
	rc = lbn_sched_run(e, u, n, o->slices, o->seed, trace, &log);
	if (trace)
		fclose(trace);
	if (rc)
		return rc;
	write_outputs(o, e, hv, u, n, &log);
	for (i = 0; i < n; i++)
		if (u[i].type == LBN_U_JOB && strcmp(u[i].r.status, "ok"))
			rc = 5;
	return rc;
}

int main(int argc, char **argv)
{
	static struct lbn_job jobs[LBN_MAX_JOBS];
	struct opts o = { 0 };
	struct lbn_env e = { 0 };
	char why[1024], *cpuinfo;
	const char *ci = getenv("LBN_CPUINFO");
	volatile char *pad;
	unsigned int i, k;
	int hv;

	setvbuf(stderr, NULL, _IOLBF, 0);
	parse_opts(argc, argv, &o);
	cpuinfo = slurp(ci ? ci : "/proc/cpuinfo");
	if (!cpuinfo || lbn_tsc_usable(cpuinfo, &hv, why, sizeof(why))) {
		fprintf(stderr, "lb-native: error: %s\n", cpuinfo ? why : "cannot read /proc/cpuinfo");
		return 2;
	}
	e.ncpus = lbn_cpus(e.cpus, LBN_NR_CPUS);
	for (i = 0; i < o.nv; i++) {
		if (*o.v[i]->nkinds != lbn_schema_kinds) {
			fprintf(stderr, "lb-native: error: %s's kernel half has %u kinds, the schema %u: rebuild (make native)\n",
				o.v[i]->name, *o.v[i]->nkinds, lbn_schema_kinds);
			return 2;
		}
	}
	/* Every job is checked, against every variant, before the first runs. */
	for (i = 0; i < o.njobs; i++) {
		struct lbn_kind_fns padded;

		if (lbn_job_parse(o.jobs[i], e.ncpus, &jobs[i], why, sizeof(why)) ||
		    place_job(&o, &e, &jobs[i], why, sizeof(why))) {
			fprintf(stderr, "lb-native: error: job %u '%s': %s\n", i + 1, o.jobs[i], why);
			return 2;
		}
		for (k = 0; k < o.nv; k++) {
			if (jobs[i].pad && pad_loop(o.v[k], jobs[i].pad, &padded)) {
				fprintf(stderr, "lb-native: error: job %u '%s': pad=%llu is not one of the compiled pads (lb-validate --describe pads)\n",
					i + 1, o.jobs[i], (unsigned long long)jobs[i].pad);
				return 2;
			}
		}
	}
	if (o.check_only) {
		for (i = 0; o.print_jobs && i < o.njobs; i++)
			printf("%s\n", o.jobs[i]);
		return fflush(stdout) ? 2 : 0;
	}
	/* The layout's stack offset: the run's frames start this far down. */
	pad = alloca(lbn_stack_pad + 1);
	pad[0] = 0;
	return run(&o, &e, jobs, hv);
}
