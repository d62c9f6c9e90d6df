/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Stand-ins for what the variant's objects call but a user process does
 * not have (printk, dump_stack, ...).  scripts/native/link.sh writes one
 * per undefined function symbol, from nm -u, into the binary's stubs.c;
 * each counts its calls.  The lock paths measured call none of them, so a
 * call means the lock code took a path the harness does not reproduce
 * (a debug check fired, a softirq was due) and fails the run.
 */
#ifndef LBN_STUBS_H
#define LBN_STUBS_H

#include <stddef.h>

extern const char *const lbn_stub_names[];
extern const unsigned int lbn_nstubs;
extern unsigned long lbn_stub_calls[];

void lbn_stub_hit(unsigned int idx);

/* 0 when no stub was called; else -1 with each one named in MSG. */
int lbn_stubs_check(char *msg, size_t len);

#endif
