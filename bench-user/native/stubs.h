/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Stand-ins for what the variant's objects call but a user process does
 * not have (printk, dump_stack, ...).  scripts/native/link.sh writes one
 * per undefined function symbol, from nm -u, into the binary's stubs.c.
 * The lock paths measured call none of them, so a call means the lock
 * code took a path the harness does not reproduce (a debug check fired,
 * a softirq was due).  A stub cannot give the value the kernel's function
 * would have, and the lock code would go on with a made-up one (a slow
 * path that "returns" without taking the lock), so the first call ends
 * the process, naming the stub and the unit that reached it.
 */
#ifndef LBN_STUBS_H
#define LBN_STUBS_H

#include <stddef.h>

extern const char *const lbn_stub_names[];
extern const unsigned int lbn_nstubs;

/* The unit running (schedule.c names each before its slice). */
extern char lbn_stub_where[256];

/* Prints the stub's name and lbn_stub_where, and exits 4: never returns. */
void lbn_stub_hit(unsigned int idx) __attribute__((noreturn));

#endif
