// SPDX-License-Identifier: GPL-2.0
/*
 * The lock ops table: for every kind in LB_KINDS one timed loop (hot mode)
 * and one single acquire+release (cold mode and the cold-mode toucher).
 * Each is its own noinline function with the kind as a constant, so the
 * measured code is exactly the lock API call and nothing dispatches on the
 * kind inside the timed region.  lb_mark() brackets each acquire+release
 * for the events instrument (schema: LB_MARK_DISP).
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>

#include "lockbench_ops.h"

#define LB_KIND_FUNCS(name, ...)	LB_LOOP_FUNCS(lb, name)

LB_KINDS(LB_KIND_FUNCS)

/* Positional: LB_KINDS also generates enum lb_kind in the same order. */
#define LB_KIND_OPS(k, ...)						\
	{								\
		.name = #k,						\
		.loop = lb_loop_##k,					\
		.op = lb_op_##k,					\
		.contend = lb_contend_##k,				\
	},

const struct lb_kind_ops lb_kinds[LB_KIND_NR] = {
	LB_KINDS(LB_KIND_OPS)
};

/*
 * The calibration loops: spin_lock's hot loop with npad single-instruction
 * increments of a clobbered register inside each critical section.  Only
 * the increments differ from lb_loop_spin_lock, so an exact instrument
 * must see exactly npad more instructions per op (make calibrate).
 */
#define LB_PAD_FUNC(npad)	LB_PAD_LOOP_FUNC(lb, npad)
LB_PADS(LB_PAD_FUNC)

#define LB_PAD_OPS(npad)						\
	{ .name = "spin_lock", .loop = lb_loop_pad##npad },

static const struct lb_kind_ops lb_pad_table[] = {
	LB_PADS(LB_PAD_OPS)
};

#define LB_PAD_VALUE(npad)	npad,
static const u64 lb_pad_values[] = { LB_PADS(LB_PAD_VALUE) };

const struct lb_kind_ops *lb_pad_ops(u64 pad)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(lb_pad_values); i++)
		if (lb_pad_values[i] == pad)
			return &lb_pad_table[i];
	return NULL;
}

/* Positional too: LB_MODES generates enum lb_mode in this order. */
#define LB_MODE_DESC(k, ...)	{ .name = #k, .run = lb_run_##k },

const struct lb_mode_desc lb_modes[LB_MODE_NR] = {
	LB_MODES(LB_MODE_DESC)
};
