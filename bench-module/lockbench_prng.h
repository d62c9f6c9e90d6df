/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The contended loop's read-or-write draw (rwlock_mix), one copy for the
 * module (lockbench_contended.c) and the native harness (bench-user/
 * native/contended.c), so that both instruments draw the same mix of
 * sections from the same seed.  Freestanding: it needs only the
 * fixed-width integer types the includer already has, as
 * lockbench_hist.h (the kernel's u32 is uint32_t).
 */
#ifndef LOCKBENCH_PRNG_H
#define LOCKBENCH_PRNG_H

/* Marsaglia's xorshift32 (13, 17, 5): the next state, returned and kept. */
static inline uint32_t lb_xorshift(uint32_t *s)
{
	uint32_t x = *s;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	*s = x;
	return x;
}

#endif /* LOCKBENCH_PRNG_H */
