/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The contended loop's measurement, one text for the module
 * (lockbench_contended.c) and the native harness (bench-user/native/
 * contended.c), so that the two cannot drift apart.  Freestanding: plain
 * C types and no includes, as lbn_abi.h, because the user harness
 * compiles it with libc and the module with the kernel's headers.  The
 * iteration itself (acquire, the critical section, release, stamped) is
 * lockbench_ops.h's LB_CONTEND_CS; this file is what the loop around it
 * adds up, and the figures made from the sums.
 *
 * Hand-off latency: an exclusive holder leaves the TSC it read just
 * before its release, and its thread id, in the lock's own line (where
 * the critical-section counter already moves with every holder, so no
 * extra line travels).  The next exclusive holder reads them inside its
 * section.  A hand-off is counted when the previous holder was another
 * thread and this one was already waiting when it released (its acquire
 * began before that stamp), so idle time with nobody waiting is never
 * taken for latency.  It includes: the release itself and the two stores
 * before it, the lock line's transfer, the waiter's acquire, one timer
 * read, and any offset between the two CPUs' TSCs (none where the TSC is
 * synchronised; a stamp that reads backwards is dropped).
 */
#ifndef LOCKBENCH_CONTEND_H
#define LOCKBENCH_CONTEND_H

/* What one iteration stamped and saw (LB_CONTEND_CS fills it). */
struct lb_citer {
	unsigned long long ts[4];	/* before acquire, after it, before release, after it */
	unsigned long long prev_rel;	/* the previous exclusive holder's release stamp */
	unsigned int prev_owner;	/* its thread id + 1; 0: none, or not an exclusive kind */
	unsigned int excl;		/* 1: an exclusive section, counted in the lock */
	unsigned int bad_read;		/* 1: a read section saw a writer inside */
};

/*
 * Iterations a thread runs between two corrections of its sections' work.
 * At 100 + 200 ns a window is some 50 us: hundreds of corrections in a
 * 10 ms slice, so a section follows the CPU's speed as it changes.
 */
#define LB_CWIN		128

/*
 * One thread's sums, over a run (module) or a slice (native).  The caps
 * (TSC ticks) leave out of the section and hand-off means an interval in
 * which the thread was evidently preempted.
 *
 * The sections' work: hold_turns and par_turns of lb_cwork(), which the
 * thread corrects after every LB_CWIN iterations from what the window's
 * sections measured (less one timer read each) against want_hold and
 * want_par, at turns_per_tick (thousandths) of the work's rate.  The
 * caller sets these five; a want of 0 leaves its turns alone.
 */
struct lb_cacc {
	unsigned long long ops, excl, bad_reads, wait_max;
	unsigned long long hold_sum, hold_n, par_sum, par_n, ho_sum, ho_n;
	unsigned long long hold_turns, par_turns, want_hold, want_par, timer, turns_per_tick;
	unsigned long long win, win_hold, win_hn, win_par, win_pn;
	unsigned long long first, last;	/* first ts[0], last ts[3]; 0: none yet */
	unsigned long long cpu_ns;	/* the thread's CPU time in its loop (the caller's clock) */
	unsigned long long cap_hold, cap_par, cap_ho;
};

/*
 * TURNS moved by half of what a window measured (MEAN ticks) short of
 * WANT: a full step would oscillate for ever where the work runs at half
 * the rate assumed; half a step converges while the rate is within 4x.
 */
static inline unsigned long long lb_cturns(unsigned long long turns, unsigned long long want,
					   unsigned long long mean, unsigned long long turns_per_tick)
{
	long long t = (long long)turns +
		      ((long long)want - (long long)mean) * (long long)turns_per_tick / 2000;

	return t > 0 ? (unsigned long long)t : 1;
}

/* After LB_CWIN iterations: each section's work corrected, the window reset. */
static inline void lb_cacc_correct(struct lb_cacc *a)
{
	unsigned long long m;

	if (a->want_hold && a->win_hn) {
		m = a->win_hold / a->win_hn;
		m = m > a->timer ? m - a->timer : 0;
		a->hold_turns = lb_cturns(a->hold_turns, a->want_hold, m, a->turns_per_tick);
	}
	if (a->want_par && a->win_pn) {
		m = a->win_par / a->win_pn;
		m = m > a->timer ? m - a->timer : 0;
		a->par_turns = lb_cturns(a->par_turns, a->want_par, m, a->turns_per_tick);
	}
	a->win = a->win_hold = a->win_hn = a->win_par = a->win_pn = 0;
}

/*
 * Adds one iteration of thread SELF; returns its acquire wait in ticks
 * for the caller's histogram.  The hold is ts[1] to ts[2], the parallel
 * section the previous ts[3] to this ts[0]: each holds one timer read,
 * which the caller subtracts when it reports them.
 */
static inline unsigned long long lb_cacc_add(struct lb_cacc *a, const struct lb_citer *it,
					     unsigned int self)
{
	unsigned long long w = it->ts[1] - it->ts[0], d;

	a->ops++;
	a->excl += it->excl;
	a->bad_reads += it->bad_read;
	if (w > a->wait_max)
		a->wait_max = w;
	d = it->ts[2] - it->ts[1];
	if (d < a->cap_hold) {
		a->hold_sum += d;
		a->hold_n++;
		a->win_hold += d;
		a->win_hn++;
	}
	if (a->last) {
		d = it->ts[0] - a->last;
		if (d < a->cap_par) {
			a->par_sum += d;
			a->par_n++;
			a->win_par += d;
			a->win_pn++;
		}
	} else {
		a->first = it->ts[0];
	}
	if (it->prev_owner && it->prev_owner != self + 1 &&
	    (long long)(it->prev_rel - it->ts[0]) > 0 &&
	    (long long)(it->ts[1] - it->prev_rel) >= 0) {
		d = it->ts[1] - it->prev_rel;
		if (d < a->cap_ho) {
			a->ho_sum += d;
			a->ho_n++;
		}
	}
	a->last = it->ts[3];
	if (++a->win == LB_CWIN)
		lb_cacc_correct(a);
	return w;
}

/*
 * Jain's fairness index of N per-thread counts, in thousandths:
 * (sum x)^2 / (n sum x^2), from 1000/n (one thread did everything) to
 * 1000 (all equal); 1 / (1 + cv^2) with fair_cv's population cv.  The
 * counts are scaled below 2^20 first so that the sums fit 64 bits with
 * no 128-bit division (the kernel has none): a relative error under 1e-6.
 */
static inline unsigned long long lb_jain_milli(const unsigned long long *ops, unsigned int n)
{
	unsigned long long max = 0, s = 0, q = 0, x;
	unsigned int i, shift = 0;

	for (i = 0; i < n; i++)
		max = ops[i] > max ? ops[i] : max;
	while ((max >> shift) >= (1ull << 20))
		shift++;
	for (i = 0; i < n; i++) {
		x = ops[i] >> shift;
		s += x;
		q += x * x;
	}
	if (!q)
		return 0;
	return (s * s * 1000 + (unsigned long long)n * q / 2) / ((unsigned long long)n * q);
}

/*
 * lockhammer's overhead in thousandths of a ns: the threads' CPU time per
 * acquisition, less the measured hold and parallel sections and the
 * timer reads (all in thousandths of a ns a op).  CPU time, not the TSC,
 * so that time the host or the kernel gave another task is not taken for
 * the lock's; what remains is the acquire (its wait included), the
 * release and the loop's own bookkeeping.  0 where the sections measured
 * more than the CPU time.
 */
static inline unsigned long long lb_overhead_milli(unsigned long long cpu_ns, unsigned long long ops,
						   unsigned long long sections_milli)
{
	unsigned long long per_op;

	if (!ops)
		return 0;
	per_op = cpu_ns * 1000 / ops;
	return per_op > sections_milli ? per_op - sections_milli : 0;
}

/*
 * The share of a span in which all threads were in their loops, in
 * thousandths of a percent: from the latest first stamp to the earliest
 * last one, over the earliest first to the latest last.  A thread the
 * host preempts in mid-run still counts as running; one that starts late
 * or stops early does not.
 */
static inline void lb_overlap_add(const struct lb_cacc *a, unsigned int n,
				  unsigned long long *all, unsigned long long *span)
{
	unsigned long long lo = a[0].first, hi = a[0].last, in = a[0].first, out = a[0].last;
	unsigned int i;

	for (i = 1; i < n; i++) {
		lo = (long long)(a[i].first - lo) < 0 ? a[i].first : lo;
		hi = (long long)(a[i].last - hi) > 0 ? a[i].last : hi;
		in = (long long)(a[i].first - in) > 0 ? a[i].first : in;
		out = (long long)(a[i].last - out) < 0 ? a[i].last : out;
	}
	*span += hi - lo;
	if ((long long)(out - in) > 0)
		*all += out - in;
}

/*
 * The work of the hold and parallel sections: a register loop of two
 * instructions a turn, no clock read inside (under TCG each rdtsc takes a
 * QEMU-wide lock).  Its two instructions start a 64-byte line of their
 * own: a loop that straddled a line boundary ran at half speed in one
 * binary (issue 35).  The padding nops run once a call.
 */
static __always_inline void lb_cwork(unsigned long long turns)
{
	if (!turns)
		return;
	asm volatile(".p2align 6\n1:\tdec %0\n\tjnz 1b" : "+r" (turns) : : "cc");
}

#endif /* LOCKBENCH_CONTEND_H */
