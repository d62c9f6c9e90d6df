/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The native harness's two halves meet here: kern/lbn_kloops.c, built by
 * Kbuild against one variant's tree, and the user-space harness.  Plain C
 * types only, no includes, so both sides compile it: the kernel half with
 * LBN_LOCK_T = struct lb_lock, the harness with an opaque void.
 */
#ifndef LBN_ABI_H
#define LBN_ABI_H

#ifndef LBN_LOCK_T
#define LBN_LOCK_T void
#endif

/*
 * One lock kind of LB_KINDS, in schema order.  loop and op are the
 * module's lb_loop_KIND and lb_op_KIND with the same body; cs is one
 * contended-mode iteration of the module's lb_contend() (acquire, timed;
 * the critical section with its exclusion check; release) and returns the
 * acquire's wait in TSC ticks.
 */
struct lbn_kind_fns {
	const char *name;
	void (*loop)(LBN_LOCK_T *l, unsigned long long n, unsigned int read_pct);
	void (*op)(LBN_LOCK_T *l, _Bool read);
	unsigned long long (*cs)(LBN_LOCK_T *l, _Bool read,
				 unsigned long long hold_turns,
				 unsigned long long *excl,
				 unsigned long long *bad_reads);
};

extern const struct lbn_kind_fns lbn_kinds[];
extern const unsigned int lbn_nkinds;

/* spin_lock's hot loop with PAD increments in each critical section. */
struct lbn_pad_fn {
	unsigned long long pad;
	void (*loop)(LBN_LOCK_T *l, unsigned long long n, unsigned int read_pct);
};

extern const struct lbn_pad_fn lbn_pads[];
extern const unsigned int lbn_npads;
/* sizeof(struct lb_lock) in this variant: the debug layouts are larger. */
extern const unsigned long lbn_lock_size;
void lbn_lock_init(LBN_LOCK_T *l);
/* The lock's non-atomic critical-section counter (lb_lock.cs). */
unsigned long long lbn_lock_cs(LBN_LOCK_T *l);

/* lb_work(): the module's hold and parallel work, a register loop. */
static inline void lbn_work(unsigned long long turns)
{
	if (!turns)
		return;
	asm volatile("1:\tdec %0\n\tjnz 1b" : "+r" (turns) : : "cc");
}

/*
 * The timer: lfence orders rdtsc after everything before it, as the
 * kernel's rdtsc_ordered() does once alternatives pick lfence;rdtsc on a
 * CPU without rdtscp.  Written out here because in a user process the
 * kernel's alternatives are never applied: its rdtsc_ordered() would stay
 * a bare rdtsc.
 */
static inline unsigned long long lbn_rdtsc(void)
{
	unsigned int lo, hi;

	asm volatile("lfence\n\trdtsc" : "=a" (lo), "=d" (hi) : : "memory");
	return ((unsigned long long)hi << 32) | lo;
}

#endif /* LBN_ABI_H */
