// SPDX-License-Identifier: GPL-2.0
/*
 * The instruction classifier (classify.h).  Only the encodings a kernel
 * lock path can contain need to be right; anything else is "plain".
 *
 * Fences and serialising instructions counted (Intel SDM vol. 3, 9.3):
 * lfence, mfence, sfence (0f ae /5 /6 /7, register form); cpuid (0f a2);
 * serialize (0f 01 e8); iret (cf); wrmsr (0f 30); invd and wbinvd
 * (0f 08, 0f 09); mov to a control register (0f 22).  rdtsc is not
 * serialising and is not counted; a locked RMW orders memory too but is
 * counted as an atomic only.
 */
#include "classify.h"

#include "lockbench_schema.h"

static int is_legacy_prefix(uint8_t b)
{
	switch (b) {
	case 0xf0: case 0xf2: case 0xf3:
	case 0x2e: case 0x36: case 0x3e: case 0x26: case 0x64: case 0x65:
	case 0x66: case 0x67:
		return 1;
	}
	return 0;
}

/* The marker: exactly 0f 1f 80 disp32, no prefix, LB_MARK_MAGIC on top. */
static int is_marker(const uint8_t *b, size_t n, uint32_t *mark)
{
	uint32_t d;

	if (n != 7 || b[0] != 0x0f || b[1] != 0x1f || b[2] != 0x80)
		return 0;
	d = (uint32_t)b[3] | (uint32_t)b[4] << 8 | (uint32_t)b[5] << 16 |
	    (uint32_t)b[6] << 24;
	if (d >> 16 != LB_MARK_MAGIC)
		return 0;
	*mark = d;
	return 1;
}

unsigned int lb_classify(const uint8_t *b, size_t n, uint32_t *mark)
{
	size_t i = 0;
	int lock = 0, rep_or_opsize = 0;
	uint8_t op, modrm;

	if (is_marker(b, n, mark))
		return LB_INSN_MARK;
	for (; i < n && is_legacy_prefix(b[i]); i++) {
		if (b[i] == 0xf0)
			lock = 1;
		else if (b[i] == 0x66 || b[i] == 0xf3 || b[i] == 0xf2)
			rep_or_opsize = 1;
	}
	if (i < n && (b[i] & 0xf0) == 0x40)	/* REX */
		i++;
	if (i >= n)
		return 0;
	if (lock)
		return LB_INSN_LOCKED;
	op = b[i++];
	switch (op) {
	case 0x86:
	case 0x87:	/* xchg: locked by definition when one side is memory */
		if (i < n && (b[i] >> 6) != 3)
			return LB_INSN_LOCKED;
		return 0;
	case 0xcf:	/* iret, iretq */
		return LB_INSN_FENCE;
	case 0x0f:
		break;
	default:
		return 0;
	}
	if (i >= n)
		return 0;
	op = b[i++];
	modrm = i < n ? b[i] : 0;
	switch (op) {
	case 0xae:	/* register forms /5 /6 /7 without 66/f3: the fences */
		if (i < n && !rep_or_opsize && (modrm >> 6) == 3 &&
		    ((modrm >> 3) & 7) >= 5)
			return LB_INSN_FENCE;
		return 0;
	case 0xa2:	/* cpuid */
	case 0x30:	/* wrmsr */
	case 0x08:	/* invd */
	case 0x09:	/* wbinvd */
	case 0x22:	/* mov to cr */
		return LB_INSN_FENCE;
	case 0x01:	/* serialize */
		return i < n && modrm == 0xe8 ? LB_INSN_FENCE : 0;
	}
	return 0;
}
