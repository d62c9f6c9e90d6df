/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lockbench's own declarations of the QEMU TCG plugin API, version 1: the
 * API of QEMU 4.2 to 7.2, as Debian 12's qemu-system-x86 (7.2) exports it.
 * Debian ships no qemu-plugin.h, so the plugin is built against this file,
 * which declares only what lockbench-events uses.  check-api.sh compares
 * every function named here with the symbols the installed QEMU exports,
 * and the plugin refuses at load time an API version other than 1 (see
 * events.c): a later QEMU changed these types (API 2 and up), and a plugin
 * built against the wrong ones would misread its arguments.
 *
 * Written from QEMU 7.2's documented interface; names and argument order
 * are what the ABI fixes.
 */
#ifndef LB_QEMU_PLUGIN_V1_H
#define LB_QEMU_PLUGIN_V1_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define LB_QEMU_PLUGIN_API	1

typedef uint64_t qemu_plugin_id_t;
/* Handles QEMU passes to callbacks; opaque here. */
struct qemu_plugin_tb;
struct qemu_plugin_insn;
struct qemu_plugin_hwaddr;
typedef uint32_t qemu_plugin_meminfo_t;

/* What QEMU tells the plugin at install time (valid during the call only). */
typedef struct qemu_info_t {
	const char *target_name;
	struct {
		int min;	/* oldest API version this QEMU still loads */
		int cur;	/* the version it implements */
	} version;
	bool system_emulation;
	union {
		struct {
			int smp_vcpus;
			int max_vcpus;
		} system;
	};
} qemu_info_t;

enum qemu_plugin_cb_flags {
	QEMU_PLUGIN_CB_NO_REGS,
	QEMU_PLUGIN_CB_R_REGS,
	QEMU_PLUGIN_CB_RW_REGS,
};

enum qemu_plugin_mem_rw {
	QEMU_PLUGIN_MEM_R = 1,
	QEMU_PLUGIN_MEM_W,
	QEMU_PLUGIN_MEM_RW,
};

typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *udata);
typedef void (*qemu_plugin_vcpu_simple_cb_t)(qemu_plugin_id_t id,
					     unsigned int vcpu);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu, void *udata);
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id,
					       struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_vcpu_mem_cb_t)(unsigned int vcpu,
					  qemu_plugin_meminfo_t info,
					  uint64_t vaddr, void *udata);

/* Exported by the plugin. */
extern __attribute__((visibility("default"))) int qemu_plugin_version;
__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
			int argc, char **argv);

/* Provided by QEMU: the only ones used (check-api.sh's list). */
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
					   qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn,
					    qemu_plugin_vcpu_udata_cb_t cb,
					    enum qemu_plugin_cb_flags flags,
					    void *udata);
void qemu_plugin_register_vcpu_mem_cb(struct qemu_plugin_insn *insn,
				      qemu_plugin_vcpu_mem_cb_t cb,
				      enum qemu_plugin_cb_flags flags,
				      enum qemu_plugin_mem_rw rw, void *udata);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
				    qemu_plugin_udata_cb_t cb, void *udata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb,
						 size_t idx);
const void *qemu_plugin_insn_data(const struct qemu_plugin_insn *insn);
size_t qemu_plugin_insn_size(const struct qemu_plugin_insn *insn);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
bool qemu_plugin_mem_is_store(qemu_plugin_meminfo_t info);
unsigned int qemu_plugin_mem_size_shift(qemu_plugin_meminfo_t info);
void qemu_plugin_outs(const char *string);

#endif /* LB_QEMU_PLUGIN_V1_H */
