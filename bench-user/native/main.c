// SPDX-License-Identifier: GPL-2.0
/*
 * lb-native: one replicate of ACCEL=native.  It runs job lines (the
 * module's syntax) on this host's CPUs against the lock code of the
 * variant it was linked with (scripts/native/link.sh) and writes records
 * in the contract's schema with accel=native.  One process is one
 * replicate, as one boot is under QEMU: the TSC rate, the timer's cost and
 * the work loop's rate are measured anew in each.
 *
 * usage: lb-native -v VARIANT -b BOOT -H HOST [-o RESULTS] [-p PHYSLIMIT]
 *                  [-F FACTS] [-j JOBFILE] [-n] [JOB...]
 * -n checks the host and the jobs and stops before any work.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "job.h"
#include "lbrec.h"
#include "modes.h"
#include "physlimit.h"
#include "stubs.h"
#include "threads.h"
#include "tsc.h"

#ifndef __x86_64__
#error "lb-native runs x86_64 kernel objects: build it on an x86_64 host"
#endif

/* Each kind once: the kernel half must have been built from this schema. */
#define LBN_ONE(...) + 1
static const unsigned int lbn_schema_kinds = 0 LB_KINDS(LBN_ONE);

#define LBN_MAX_JOBS 256

extern unsigned long loops_per_jiffy;
/* The variant's CONFIG_HZ (link.sh writes it beside the stubs). */
extern const unsigned int lbn_hz;

struct opts {
	const char *variant, *host, *out, *phys, *facts, *jobfile;
	uint64_t boot;
	int check_only;
	char *jobs[LBN_MAX_JOBS];
	unsigned int njobs;
};

static void usage(void)
{
	fprintf(stderr, "usage: lb-native -v VARIANT -b BOOT -H HOST [-o RESULTS] [-p PHYSLIMIT] [-F FACTS] [-j JOBFILE] [-n] [JOB...]\n");
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

static void parse_opts(int argc, char **argv, struct opts *o)
{
	int c;

	while ((c = getopt(argc, argv, "v:b:H:o:p:F:j:n")) != -1) {
		switch (c) {
		case 'v': o->variant = optarg; break;
		case 'b': o->boot = strtoull(optarg, NULL, 10); break;
		case 'H': o->host = optarg; break;
		case 'o': o->out = optarg; break;
		case 'p': o->phys = optarg; break;
		case 'F': o->facts = optarg; break;
		case 'j': o->jobfile = optarg; break;
		case 'n': o->check_only = 1; break;
		default: usage();
		}
	}
	if (!o->variant || !o->host)
		usage();
	for (; optind < argc && o->njobs < LBN_MAX_JOBS; optind++)
		o->jobs[o->njobs++] = argv[optind];
	if (o->jobfile) {
		char *text = slurp(o->jobfile), *line, *save;

		if (!text) {
			fprintf(stderr, "lb-native: %s: %s\n", o->jobfile, strerror(errno));
			exit(2);
		}
		for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
			if (line[strspn(line, " \t")] && line[strspn(line, " \t")] != '#' &&
			    o->njobs < LBN_MAX_JOBS)
				o->jobs[o->njobs++] = line;
	}
	if (!o->njobs) {
		fprintf(stderr, "lb-native: no jobs\n");
		exit(2);
	}
}

static const struct lbn_kind_fns *kind_fns(const char *name)
{
	unsigned int i;

	for (i = 0; i < lbn_nkinds; i++)
		if (!strcmp(lbn_kinds[i].name, name))
			return &lbn_kinds[i];
	return NULL;
}

/* A padded job runs spin_lock's calibration loop in place of its own. */
static int pad_fns(uint64_t pad, struct lbn_kind_fns *k)
{
	unsigned int i;

	for (i = 0; i < lbn_npads; i++) {
		if (lbn_pads[i].pad == pad) {
			k->loop = lbn_pads[i].loop;
			return 0;
		}
	}
	return -1;
}

static void context(struct lb_record *r, const struct opts *o,
		    const struct lbn_env *e, const struct lbn_job *j, uint64_t seq)
{
	memset(r, 0, sizeof(*r));
	snprintf(r->variant, sizeof(r->variant), "%s", o->variant);
	strcpy(r->accel, "native");
	snprintf(r->host, sizeof(r->host), "%s", o->host);
	r->host_cpus = sysconf(_SC_NPROCESSORS_ONLN);
	r->vcpus = e->ncpus;
	r->boot = o->boot;
	r->seq = seq;
	strcpy(r->kind, j->kind);
	strcpy(r->mode, j->mode);
#define LBN_COPY(name, min, max, def) r->name = j->name;
	LB_JOB_INT_KEYS(LBN_COPY)
#undef LBN_COPY
	strcpy(r->status, "ok");
	r->tsc_khz = e->tsc_khz;
}

int main(int argc, char **argv)
{
	static struct lbn_job jobs[LBN_MAX_JOBS];
	struct opts o = { 0 };
	struct lbn_env e = { 0 };
	char why[1024], *cpuinfo;
	const char *ci = getenv("LBN_CPUINFO");
	FILE *out = stdout, *phys;
	uint64_t timer;
	unsigned int i;
	int hv, rc = 0;

	setvbuf(stderr, NULL, _IOLBF, 0);
	parse_opts(argc, argv, &o);
	cpuinfo = slurp(ci ? ci : "/proc/cpuinfo");
	if (!cpuinfo || lbn_tsc_usable(cpuinfo, &hv, why, sizeof(why))) {
		fprintf(stderr, "lb-native: error: %s\n", cpuinfo ? why : "cannot read /proc/cpuinfo");
		return 2;
	}
	e.ncpus = lbn_cpus(e.cpus, LBN_NR_CPUS);
	if (lbn_nkinds != lbn_schema_kinds) {
		fprintf(stderr, "lb-native: error: the kernel half has %u kinds, the schema %u: rebuild (make native)\n",
			lbn_nkinds, lbn_schema_kinds);
		return 2;
	}
	/* Every job is checked before the first one runs. */
	for (i = 0; i < o.njobs; i++) {
		struct lbn_kind_fns padded;

		if (lbn_job_parse(o.jobs[i], e.ncpus, &jobs[i], why, sizeof(why))) {
			fprintf(stderr, "lb-native: error: job %u '%s': %s\n", i + 1, o.jobs[i], why);
			return 2;
		}
		if (jobs[i].pad && pad_fns(jobs[i].pad, &padded)) {
			fprintf(stderr, "lb-native: error: job %u '%s': pad=%llu is not one of the compiled pads (lb-validate --describe pads)\n",
				i + 1, o.jobs[i], (unsigned long long)jobs[i].pad);
			return 2;
		}
	}
	if (o.check_only)
		return 0;
	if (o.out && !(out = lb_create_new("lb-native", o.out)))
		return 2;
	if (lbn_pin_enter(e.cpus[0]))
		return 3;
	e.tsc_khz = lbn_tsc_khz(50);
	timer = lbn_timer_overhead();
	e.work_per_ms = lbn_work_calibrate(e.tsc_khz);
	/* What the kernel's delay calibration finds with a TSC delay. */
	loops_per_jiffy = e.tsc_khz * 1000 / lbn_hz;

	lb_write_header(out);
	for (i = 0; i < o.njobs; i++) {
		const struct lbn_kind_fns *k = kind_fns(jobs[i].kind);
		struct lbn_kind_fns padded;
		struct lb_record r;
		int err;

		if (jobs[i].pad) {
			padded = *k;
			pad_fns(jobs[i].pad, &padded);
			k = &padded;
		}

		context(&r, &o, &e, &jobs[i], i);
		if (!strcmp(jobs[i].mode, "hot"))
			err = lbn_run_hot(&e, &jobs[i], k, &r);
		else if (!strcmp(jobs[i].mode, "cold"))
			err = lbn_run_cold(&e, &jobs[i], k, &r);
		else
			err = lbn_run_contended(&e, &jobs[i], k, &r);
		if (err) {
			fprintf(stderr, "lb-native: error: job %u: out of memory or threads\n", i + 1);
			return 3;
		}
		if (lbn_stubs_check(why, sizeof(why))) {
			fprintf(stderr, "lb-native: error: job %u (%s %s): the lock code called what a user process only stubs: %s; its numbers are not the kernel's path\n",
				i + 1, r.kind, r.mode, why);
			return 4;
		}
		if (strcmp(r.status, "ok"))
			rc = 5;
		lb_write_record(out, &r);
	}
	if (o.phys) {
		phys = lb_create_new("lb-native", o.phys);
		if (!phys || lbn_physlimit(phys, o.variant, o.boot, 200, 1000, e.tsc_khz))
			return 3;
		fclose(phys);
	}
	if (o.facts) {
		FILE *f = lb_create_new("lb-native", o.facts);

		if (!f)
			return 3;
		fprintf(f, "tsc_khz=%llu\ntimer_overhead_cyc=%llu\nwork_per_ms=%llu\nhypervisor=%d\nlock_size=%lu\nstubs=",
			(unsigned long long)e.tsc_khz, (unsigned long long)timer,
			(unsigned long long)e.work_per_ms, hv, lbn_lock_size);
		for (i = 0; i < lbn_nstubs; i++)
			fprintf(f, "%s%s", i ? " " : "", lbn_stub_names[i]);
		fprintf(f, "\ncpus=");
		for (i = 0; i < e.ncpus; i++)
			fprintf(f, "%s%u", i ? "," : "", e.cpus[i]);
		fprintf(f, "\n");
		fclose(f);
	}
	if (out != stdout && fclose(out))
		return 3;
	return rc;
}
