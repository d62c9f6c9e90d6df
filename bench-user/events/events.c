// SPDX-License-Identifier: GPL-2.0
/*
 * lockbench-events.so: a QEMU TCG plugin that counts, per marked lock op,
 * the instructions, locked RMWs, fences, loads, stores and distinct lines
 * it runs, and through a directory model (directory.h) the cache lines it
 * pulls from other vCPUs.  Ops are the code between lockbench.ko's marker
 * NOPs (schema: LB_MARK_DISP); nothing outside them is counted.
 *
 *   qemu-system-x86_64 ... -plugin ./lockbench-events.so,out=FILE[,dir=on|off][,slots=N]
 *
 * out=   where the counts go at exit (opened at load, so a bad path stops
 *        QEMU before the guest runs);
 * dir=   the coherence model, on by default (off: no transfers, faster);
 * slots= lines the directory can watch, a power of two (default 65536).
 *
 * Each vCPU thread (MTTCG) writes only its own counters; the directory
 * and the handoff bookkeeping are shared (directory.c, __atomic).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qemu-plugin-v1.h"
#include "classify.h"
#include "directory.h"
#include "events-out.h"
#include "lockbench_schema.h"

__attribute__((visibility("default"))) int qemu_plugin_version = LB_QEMU_PLUGIN_API;

#define LB_EV_OPLINES	64	/* distinct lines one op can list */

struct lb_ev_vcpu {
	int counting;		/* inside an op and not paused */
	int open;		/* the open op's key, or -1 */
	uint64_t cur[LB_EV_NSUM];
	uint64_t lines[LB_EV_OPLINES];
	unsigned int nlines;
	struct lb_ev_key *keys[LB_EV_KEYS];	/* allocated on first use */
	uint64_t unbalanced;	/* markers out of order (begin in an op, ...) */
	uint64_t line_overflow;
} __attribute__((aligned(64)));

static struct {
	FILE *out;
	const char *out_path;
	struct lb_dir *dir;
	unsigned int nvcpus;
	struct lb_ev_vcpu *cpu;
	int last_end[LB_EV_KEYS];	/* vCPU + 1 of the key's last op, 0: none */
} ev;

static struct lb_ev_key *key_of(struct lb_ev_vcpu *v, int key)
{
	if (!v->keys[key]) {
		v->keys[key] = calloc(1, sizeof(*v->keys[key]));
		if (!v->keys[key]) {
			fprintf(stderr, "lockbench-events: out of memory\n");
			abort();
		}
	}
	return v->keys[key];
}

static void op_begin(struct lb_ev_vcpu *v, int key)
{
	if (v->open >= 0)
		v->unbalanced++;
	memset(v->cur, 0, sizeof(v->cur));
	v->nlines = 0;
	v->open = key;
	v->counting = 1;
}

static void op_end(struct lb_ev_vcpu *v, unsigned int vcpu, int key)
{
	struct lb_ev_key *k;
	int prev;

	if (v->open != key) {
		v->unbalanced++;
		v->open = -1;
		v->counting = 0;
		return;
	}
	v->cur[LB_EV_LINES] = v->nlines;
	k = key_of(v, key);
	lb_ev_add_op(k, v->cur);
	/* Handoff: this op's vCPU is not the one of the kind's last op. */
	prev = __atomic_exchange_n(&ev.last_end[key], (int)vcpu + 1, __ATOMIC_RELAXED);
	if (prev && prev != (int)vcpu + 1)
		k->handoffs++;
	v->open = -1;
	v->counting = 0;
}

static void on_mark(unsigned int vcpu, void *udata)
{
	uint32_t d = (uint32_t)(uintptr_t)udata;
	struct lb_ev_vcpu *v = &ev.cpu[vcpu];
	int key = lb_ev_key_of_mark(d);

	switch ((d >> 12) & 0xf) {
	case LB_MARK_begin:
		op_begin(v, key);
		break;
	case LB_MARK_end:
		op_end(v, vcpu, key);
		break;
	case LB_MARK_pause:
	case LB_MARK_resume:
		if (v->open != key) {
			v->unbalanced++;
			break;
		}
		v->counting = ((d >> 12) & 0xf) == LB_MARK_resume;
		break;
	default:
		v->unbalanced++;
	}
}

static void on_insn(unsigned int vcpu, void *udata)
{
	unsigned int f = (unsigned int)(uintptr_t)udata;
	struct lb_ev_vcpu *v = &ev.cpu[vcpu];

	if (!v->counting)
		return;
	v->cur[LB_EV_INSNS]++;
	if (f & LB_INSN_LOCKED) {
		/* One load and one store, however QEMU reports the access. */
		v->cur[LB_EV_ATOMICS]++;
		v->cur[LB_EV_LOADS]++;
		v->cur[LB_EV_STORES]++;
	}
	if (f & LB_INSN_FENCE)
		v->cur[LB_EV_FENCES]++;
}

static void note_line(struct lb_ev_vcpu *v, uint64_t line)
{
	unsigned int i;

	for (i = 0; i < v->nlines; i++)
		if (v->lines[i] == line)
			return;
	if (v->nlines < LB_EV_OPLINES)
		v->lines[v->nlines++] = line;
	else
		v->line_overflow++;
}

static void on_mem(unsigned int vcpu, qemu_plugin_meminfo_t info,
		   uint64_t vaddr, void *udata)
{
	unsigned int f = (unsigned int)(uintptr_t)udata;
	struct lb_ev_vcpu *v = &ev.cpu[vcpu];
	bool store = qemu_plugin_mem_is_store(info);
	bool write = store || (f & LB_INSN_LOCKED);
	uint64_t size = 1ULL << qemu_plugin_mem_size_shift(info);
	uint64_t line = vaddr >> LB_DIR_LINE_SHIFT;
	uint64_t last = (vaddr + size - 1) >> LB_DIR_LINE_SHIFT;
	struct lb_dir_result r;

	if (v->counting && !(f & LB_INSN_LOCKED))
		v->cur[store ? LB_EV_STORES : LB_EV_LOADS]++;
	for (; line <= last; line++) {
		if (v->counting)
			note_line(v, line);
		if (!ev.dir)
			continue;
		memset(&r, 0, sizeof(r));
		lb_dir_access(ev.dir, vcpu, line, write, v->counting, &r);
		if (v->counting) {
			v->cur[LB_EV_TRANSFERS] += r.transfers;
			v->cur[LB_EV_INVALS] += r.invalidations;
			v->cur[LB_EV_COLD] += r.cold;
		}
	}
}

static void on_tb(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t i, n = qemu_plugin_tb_n_insns(tb);
	struct qemu_plugin_insn *insn;
	unsigned int f;
	uint32_t mark;

	(void)id;
	for (i = 0; i < n; i++) {
		insn = qemu_plugin_tb_get_insn(tb, i);
		f = lb_classify(qemu_plugin_insn_data(insn),
				qemu_plugin_insn_size(insn), &mark);
		if (f & LB_INSN_MARK) {
			qemu_plugin_register_vcpu_insn_exec_cb(insn, on_mark,
				QEMU_PLUGIN_CB_NO_REGS, (void *)(uintptr_t)mark);
			continue;
		}
		qemu_plugin_register_vcpu_insn_exec_cb(insn, on_insn,
			QEMU_PLUGIN_CB_NO_REGS, (void *)(uintptr_t)f);
		qemu_plugin_register_vcpu_mem_cb(insn, on_mem, QEMU_PLUGIN_CB_NO_REGS,
						 QEMU_PLUGIN_MEM_RW, (void *)(uintptr_t)f);
	}
}

static void on_atexit(qemu_plugin_id_t id, void *udata)
{
	struct lb_ev_report rep = {
		.out = ev.out,
		.nvcpus = ev.nvcpus,
		.dir = ev.dir != NULL,
		.watched = ev.dir ? lb_dir_watched(ev.dir) : 0,
		.dropped = ev.dir ? lb_dir_dropped(ev.dir) : 0,
	};
	unsigned int c, k;

	(void)id;
	(void)udata;
	for (c = 0; c < ev.nvcpus; c++) {
		rep.unbalanced += ev.cpu[c].unbalanced;
		rep.line_overflow += ev.cpu[c].line_overflow;
	}
	for (k = 0; k < LB_EV_KEYS; k++) {
		struct lb_ev_key *parts[LB_DIR_MAX_VCPUS];
		unsigned int n = 0;

		for (c = 0; c < ev.nvcpus; c++)
			if (ev.cpu[c].keys[k])
				parts[n++] = ev.cpu[c].keys[k];
		if (n)
			lb_ev_report_key(&rep, k, parts, n);
	}
	lb_ev_report_end(&rep);
	if (!rep.ops)
		fprintf(stderr, "lockbench-events: no ops seen: no lockbench marker ran (%s says so too)\n",
			ev.out_path);
	fclose(ev.out);
}

int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
			int argc, char **argv)
{
	struct lb_ev_args a;
	unsigned int c;

	if (lb_ev_check_info(info, stderr) || lb_ev_parse_args(argc, argv, &a, stderr))
		return -1;
	ev.nvcpus = info->system.max_vcpus;
	if (a.dir && ev.nvcpus > LB_DIR_MAX_VCPUS) {
		fprintf(stderr, "lockbench-events: dir=on models at most %d vCPUs, this guest has %u: use dir=off or fewer vCPUs\n",
			LB_DIR_MAX_VCPUS, ev.nvcpus);
		return -1;
	}
	ev.out = fopen(a.out, "w");
	if (!ev.out) {
		fprintf(stderr, "lockbench-events: out=%s: cannot write it: %s\n", a.out, strerror(errno));
		return -1;
	}
	ev.out_path = a.out;
	ev.cpu = aligned_alloc(64, sizeof(*ev.cpu) * ev.nvcpus);
	if (!ev.cpu)
		return -1;
	memset(ev.cpu, 0, sizeof(*ev.cpu) * ev.nvcpus);
	for (c = 0; c < ev.nvcpus; c++)
		ev.cpu[c].open = -1;
	if (a.dir) {
		ev.dir = lb_dir_new(a.slots);
		if (!ev.dir)
			return -1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_tb);
	qemu_plugin_register_atexit_cb(id, on_atexit, NULL);
	return 0;
}
