/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What an x86-64 instruction is to the events instrument, from its bytes
 * alone: a locked read-modify-write, a fence or serialising instruction,
 * or one of lockbench's markers.  Bytes, not QEMU's memory callbacks:
 * under MTTCG a locked RMW reaches the plugin as one access, under serial
 * TCG as a load and a store (design/measured-facts.md).
 */
#ifndef LB_EVENTS_CLASSIFY_H
#define LB_EVENTS_CLASSIFY_H

#include <stddef.h>
#include <stdint.h>

#include "lockbench_schema.h"

enum lb_insn_class {
	LB_INSN_LOCKED = 1 << 0,	/* lock prefix, or xchg with memory */
	LB_INSN_FENCE = 1 << 1,		/* m/l/sfence, or serialising */
	LB_INSN_MARK = 1 << 2,		/* a marker: *mark holds its displacement */
};

/* Flags of the instruction in b[0..n); *mark is set for a marker. */
unsigned int lb_classify(const uint8_t *b, size_t n, uint32_t *mark);

#endif /* LB_EVENTS_CLASSIFY_H */
