/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The variants linked into this lb-native (scripts/native/link.sh writes
 * their table, variants.c).  Each variant's kernel half and lock objects
 * were merged and every symbol they define was renamed VARIANT.SYMBOL
 * (prefix.sh), so no two variants reach each other's functions; what
 * they leave undefined (the per-CPU variables, the stubs,
 * __per_cpu_offset, loops_per_jiffy) resolves to this harness's one
 * definition.  The A/A variant may be linked twice: its second copy,
 * named VARIANT~L2, sits at a second layout in the same process.
 */
#ifndef LBN_VARIANTS_H
#define LBN_VARIANTS_H

#include "lbn_abi.h"

struct lbn_variant {
	const char *name;		/* in the records: pre, or pre~L2 */
	const char *prefix;		/* its symbols' prefix, "pre." */
	unsigned int copy;		/* 1, or 2 for the A/A's second layout */
	unsigned int link_pos;		/* its place in the link order, from 1 */
	unsigned long text_pad, data_pad;	/* bytes before its text, its data */
	const struct lbn_kind_fns *kinds;
	const unsigned int *nkinds;
	const struct lbn_pad_fn *pads;
	const unsigned int *npads;
	const struct lbn_chain_fn *chains;
	const unsigned int *nchains;
	const unsigned long *lock_size;
	void (*lock_init)(void *l, unsigned int kind);
	unsigned long long (*lock_cs)(void *l);
};

/* What link.sh's variants.c says for copy ID, whose symbols are PREFIX*. */
#define LBN_VARIANT_DECLS(id, prefix)					\
extern const struct lbn_kind_fns lbv##id##_kinds[] __asm__(prefix "lbn_kinds"); \
extern const unsigned int lbv##id##_nkinds __asm__(prefix "lbn_nkinds"); \
extern const struct lbn_pad_fn lbv##id##_pads[] __asm__(prefix "lbn_pads"); \
extern const unsigned int lbv##id##_npads __asm__(prefix "lbn_npads"); \
extern const struct lbn_chain_fn lbv##id##_chains[] __asm__(prefix "lbn_chains"); \
extern const unsigned int lbv##id##_nchains __asm__(prefix "lbn_nchains"); \
extern const unsigned long lbv##id##_lock_size __asm__(prefix "lbn_lock_size"); \
void lbv##id##_lock_init(void *l, unsigned int kind) __asm__(prefix "lbn_lock_init"); \
unsigned long long lbv##id##_lock_cs(void *l) __asm__(prefix "lbn_lock_cs");

#define LBN_VARIANT_ROW(id, vname, vprefix, vcopy, pos, tpad, dpad)	\
	{ .name = vname, .prefix = vprefix, .copy = vcopy, .link_pos = pos, \
	  .text_pad = tpad, .data_pad = dpad,				\
	  .kinds = lbv##id##_kinds, .nkinds = &lbv##id##_nkinds,	\
	  .pads = lbv##id##_pads, .npads = &lbv##id##_npads,		\
	  .chains = lbv##id##_chains, .nchains = &lbv##id##_nchains,	\
	  .lock_size = &lbv##id##_lock_size,				\
	  .lock_init = lbv##id##_lock_init, .lock_cs = lbv##id##_lock_cs }

extern const struct lbn_variant lbn_variants[];
extern const unsigned int lbn_nvariants;
/* The layout's seed and the stack offset it drew (bytes below main's frame). */
extern const unsigned long long lbn_layout_seed;
extern const unsigned long lbn_stack_pad;

#endif
