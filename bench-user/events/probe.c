// SPDX-License-Identifier: GPL-2.0
/*
 * lb-events-probe: runs lockbench-events.so without QEMU, for the tests.
 * It exports stand-ins of the QEMU functions the plugin calls (built with
 * -rdynamic), so dlopen() binds the plugin to them.
 *
 *   lb-events-probe classify HEX...          what the classifier makes of
 *                                            one instruction's bytes
 *   lb-events-probe load SO CUR MIN TARGET SYSEMU VCPUS [ARG...] < SCRIPT
 *       install the plugin as QEMU CUR/MIN would (exit 1 if it refuses),
 *       then run SCRIPT, one command a line:
 *         tb HEX,HEX,...        translate a block of these instructions
 *         x VCPU TB I [r|w ADDR SIZE]...
 *                               vCPU runs instruction I of block TB with
 *                               these memory accesses
 *         exit                  QEMU's exit: the plugin writes its file
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qemu-plugin-v1.h"
#include "classify.h"

#define EXPORT __attribute__((visibility("default")))
#define MAX_INSNS 32
#define MAX_TBS 64

struct qemu_plugin_insn {
	uint8_t b[16];
	size_t n;
	uint64_t vaddr;
	qemu_plugin_vcpu_udata_cb_t exec;
	void *exec_udata;
	qemu_plugin_vcpu_mem_cb_t mem;
	void *mem_udata;
};

struct qemu_plugin_tb {
	size_t n;
	struct qemu_plugin_insn insn[MAX_INSNS];
};

static qemu_plugin_vcpu_tb_trans_cb_t trans_cb;
static qemu_plugin_udata_cb_t exit_cb;
static void *exit_udata;
static struct qemu_plugin_tb tbs[MAX_TBS];
static size_t ntbs;

EXPORT void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
						  qemu_plugin_vcpu_tb_trans_cb_t cb)
{
	(void)id;
	trans_cb = cb;
}

EXPORT void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
					   qemu_plugin_udata_cb_t cb, void *udata)
{
	(void)id;
	exit_cb = cb;
	exit_udata = udata;
}

EXPORT void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn,
						   qemu_plugin_vcpu_udata_cb_t cb,
						   enum qemu_plugin_cb_flags flags, void *udata)
{
	(void)flags;
	insn->exec = cb;
	insn->exec_udata = udata;
}

EXPORT void qemu_plugin_register_vcpu_mem_cb(struct qemu_plugin_insn *insn,
					     qemu_plugin_vcpu_mem_cb_t cb,
					     enum qemu_plugin_cb_flags flags,
					     enum qemu_plugin_mem_rw rw, void *udata)
{
	(void)flags;
	(void)rw;
	insn->mem = cb;
	insn->mem_udata = udata;
}

EXPORT size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb)
{
	return tb->n;
}

EXPORT struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb,
							size_t idx)
{
	return (struct qemu_plugin_insn *)&tb->insn[idx];
}

EXPORT const void *qemu_plugin_insn_data(const struct qemu_plugin_insn *insn)
{
	return insn->b;
}

EXPORT size_t qemu_plugin_insn_size(const struct qemu_plugin_insn *insn)
{
	return insn->n;
}

EXPORT uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn)
{
	return insn->vaddr;
}

/* The stand-in meminfo: the size shift in bits 0..3, bit 8 a store. */
EXPORT bool qemu_plugin_mem_is_store(qemu_plugin_meminfo_t info)
{
	return info & 0x100;
}

EXPORT unsigned int qemu_plugin_mem_size_shift(qemu_plugin_meminfo_t info)
{
	return info & 0xf;
}

EXPORT void qemu_plugin_outs(const char *s)
{
	fputs(s, stderr);
}

static size_t parse_hex(const char *s, uint8_t *b, size_t max)
{
	size_t n = 0;
	char *end;

	while (*s && n < max) {
		unsigned long v = strtoul(s, &end, 16);

		if (end == s || v > 0xff) {
			fprintf(stderr, "lb-events-probe: bad byte at '%s'\n", s);
			exit(2);
		}
		b[n++] = (uint8_t)v;
		s = end;
		while (*s == ' ' || *s == ':')
			s++;
	}
	return n;
}

static int classify(int argc, char **argv)
{
	uint8_t b[16];
	size_t n = 0;
	uint32_t mark = 0;
	unsigned int f;
	int i;

	for (i = 0; i < argc && n < sizeof(b); i++)
		n += parse_hex(argv[i], b + n, sizeof(b) - n);
	f = lb_classify(b, n, &mark);
	if (f & LB_INSN_MARK)
		printf("mark 0x%08x\n", mark);
	else
		printf("%s%s%s\n", f & LB_INSN_LOCKED ? "locked" : "", f == 3 ? " " : "",
		       f & LB_INSN_FENCE ? "fence" : (f ? "" : "plain"));
	return 0;
}

static void translate(char *list)
{
	struct qemu_plugin_tb *tb = &tbs[ntbs++];
	char *save = NULL, *tok;

	for (tok = strtok_r(list, ",", &save); tok && tb->n < MAX_INSNS;
	     tok = strtok_r(NULL, ",", &save)) {
		struct qemu_plugin_insn *in = &tb->insn[tb->n++];

		in->n = parse_hex(tok, in->b, sizeof(in->b));
		in->vaddr = 0x1000 * ntbs + 16 * tb->n;
	}
	trans_cb(1, tb);
}

static void execute(char *args)
{
	unsigned int vcpu, t, i;
	char rw;
	unsigned long long addr;
	unsigned int size, sh;
	int used;
	struct qemu_plugin_insn *in;

	if (sscanf(args, "%u %u %u%n", &vcpu, &t, &i, &used) != 3 || t >= ntbs || i >= tbs[t].n) {
		fprintf(stderr, "lb-events-probe: bad x line '%s'\n", args);
		exit(2);
	}
	in = &tbs[t].insn[i];
	if (in->exec)
		in->exec(vcpu, in->exec_udata);
	args += used;
	while (sscanf(args, " %c %llx %u%n", &rw, &addr, &size, &used) == 3) {
		for (sh = 0; (1u << sh) < size; sh++)
			;
		if (in->mem)
			in->mem(vcpu, sh | (rw == 'w' ? 0x100 : 0), addr, in->mem_udata);
		args += used;
	}
}

static int load(int argc, char **argv)
{
	int (*install)(qemu_plugin_id_t, const qemu_info_t *, int, char **);
	qemu_info_t info = { 0 };
	char line[1024];
	int *version;
	void *h;

	if (argc < 6) {
		fprintf(stderr, "usage: lb-events-probe load SO CUR MIN TARGET SYSEMU VCPUS [ARG...]\n");
		return 2;
	}
	h = dlopen(argv[0], RTLD_NOW);
	if (!h) {
		fprintf(stderr, "lb-events-probe: %s\n", dlerror());
		return 2;
	}
	version = dlsym(h, "qemu_plugin_version");
	install = (int (*)(qemu_plugin_id_t, const qemu_info_t *, int, char **))dlsym(h, "qemu_plugin_install");
	if (!version || !install) {
		fprintf(stderr, "lb-events-probe: %s lacks qemu_plugin_version or qemu_plugin_install\n", argv[0]);
		return 2;
	}
	/* What QEMU itself checks first: the version the plugin was built for. */
	info.version.cur = atoi(argv[1]);
	info.version.min = atoi(argv[2]);
	if (*version < info.version.min || *version > info.version.cur)
		fprintf(stderr, "lb-events-probe: (QEMU would refuse a plugin of API %d itself)\n", *version);
	info.target_name = argv[3];
	info.system_emulation = atoi(argv[4]);
	info.system.smp_vcpus = info.system.max_vcpus = atoi(argv[5]);
	if (install(1, &info, argc - 6, argv + 6)) {
		fprintf(stderr, "lb-events-probe: the plugin refused to load\n");
		return 1;
	}
	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, "\n")] = 0;
		if (!strncmp(line, "tb ", 3))
			translate(line + 3);
		else if (!strncmp(line, "x ", 2))
			execute(line + 2);
		else if (!strcmp(line, "exit"))
			break;
		else if (*line && *line != '#') {
			fprintf(stderr, "lb-events-probe: bad script line '%s'\n", line);
			return 2;
		}
	}
	if (exit_cb)
		exit_cb(1, exit_udata);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "classify"))
		return classify(argc - 2, argv + 2);
	if (argc >= 2 && !strcmp(argv[1], "load"))
		return load(argc - 2, argv + 2);
	fprintf(stderr, "usage: lb-events-probe classify HEX... | load SO CUR MIN TARGET SYSEMU VCPUS [ARG...] < SCRIPT\n");
	return 2;
}
