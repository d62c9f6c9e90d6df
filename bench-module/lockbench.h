/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lockbench internals shared by the module's files.  Everything that is part
 * of the results format lives in lockbench_schema.h; this only derives C
 * types from it.
 */
#ifndef LOCKBENCH_H
#define LOCKBENCH_H

#include <linux/types.h>
#include <linux/atomic.h>
#include <linux/cache.h>
#include <linux/compiler.h>
#include <linux/bitops.h>
#include <linux/build_bug.h>
#include <linux/fs.h>
#include <linux/spinlock.h>
#include <asm/tsc.h>

#include "lockbench_schema.h"
#include "lockbench_contend.h"
#include "lockbench_hist.h"
#include "lockbench_summary.h"

#define LB_KIND_ENUM(name, ...)	LB_KIND_##name,
enum lb_kind {
	LB_KINDS(LB_KIND_ENUM)
	LB_KIND_NR
};

#undef LB_KIND_ENUM

/* The schema's side column: what an acquisition of a kind takes. */
enum lb_side { LB_SIDE_none, LB_SIDE_excl, LB_SIDE_shared, LB_SIDE_mix };

#define LB_MODE_ENUM(name, ...)	LB_MODE_##name,
enum lb_mode {
	LB_MODES(LB_MODE_ENUM)
	LB_MODE_NR
};

#undef LB_MODE_ENUM

/*
 * Expands to nothing.  The member generators below end in it rather than
 * in a bare ';' only so that checkpatch does not read them as statement
 * macros with a trailing semicolon.
 */
#define LB_DECL_END

/* A parsed job; the integer members come straight from LB_JOB_INT_KEYS. */
#define LB_JOB_MEMBER(name, min, max, def)	u64 name; LB_DECL_END
struct lb_job {
	enum lb_kind kind;
	enum lb_mode mode;
	const char *placement;	/* always LB_PLACEMENTS' first (job.c) */

	LB_JOB_INT_KEYS(LB_JOB_MEMBER)
};

#undef LB_JOB_MEMBER

/* One result row, generated from the schema so it cannot drift from it. */
#define LB_CTYPE_STR(name)	char name[LB_STR_MAX]; LB_DECL_END
#define LB_CTYPE_U64(name)	u64 name; LB_DECL_END
#define LB_CTYPE_DEC(name)	u64 name; LB_DECL_END
#define LB_RESULT_MEMBER(name, type, desc)	LB_CTYPE_##type(name)
struct lb_result {
	LB_MODULE_FIELDS(LB_RESULT_MEMBER)
};

#undef LB_RESULT_MEMBER

/* Field types of the schema, for the table-driven emitter. */
enum lb_ftype { LB_FT_STR, LB_FT_U64, LB_FT_DEC };

/*
 * Where an integer job key's value lives in struct lb_job and struct
 * lb_result: a row per key in LB_JOB_INT_KEYS' order, the order of the
 * job line's own table (lockbench_jobline.h's lb_jobline_keys), which has
 * the key's name, limits and default.
 */
struct lb_int_key {
	size_t job_off, res_off;
};

#define LB_INT_KEY_ENUM(name, min, max, def)	LB_IK_##name,
enum {
	LB_JOB_INT_KEYS(LB_INT_KEY_ENUM)
	LB_NR_INT_KEYS
};

#undef LB_INT_KEY_ENUM

extern const struct lb_int_key lb_int_keys[LB_NR_INT_KEYS];

/*
 * Everything a lock kind may touch, on one cache line in every variant.
 * A job uses one kind, so the kinds' lock words share storage: side by
 * side, CONFIG_DEBUG_SPINLOCK's 24-byte spinlock_t and rwlock_t pushed
 * cs, rel_tsc and owner onto a second line, which a contended holder
 * then missed on after each hand-off in the debug variants alone.
 * Cache-line aligned so that no other data shares the lock's line (hot
 * mode) and so the cold-mode ping-pong moves just this object between
 * CPUs.  lb_lock_init() (lockbench_ops.h) readies the word of the job's
 * kind.
 */
struct lb_lock {
	union {
		spinlock_t spin;	/* the spin_* kinds */
		rwlock_t rw;		/* the read_*, write_* and rwlock_mix kinds */
		unsigned long bits;	/* bit 0 is the bit spinlock */
		int broken;		/* broken_lock's non-atomic flag */
	};
	int writer;		/* set inside exclusive sections */
	unsigned int owner;	/* contended: the last exclusive holder's id + 1 */
	u64 cs;			/* non-atomic critical-section count */
	u64 rel_tsc;		/* contended: that holder's release stamp */
	u64 touch;		/* cold mode: written by the remote CPU */
} ____cacheline_aligned_in_smp;

static_assert(sizeof(struct lb_lock) <= SMP_CACHE_BYTES,
	      "struct lb_lock must fit one cache line");

/*
 * One kind: a timed loop of n pairs (hot), a single pair (cold) and a
 * contended-mode thread, each generated with the schema's properties of
 * the kind built in.
 */
struct lb_kind_ops {
	const char *name;
	void (*loop)(struct lb_lock *l, u64 n, unsigned int read_pct);
	void (*op)(struct lb_lock *l, bool read);
	int (*contend)(void *arg);
};

extern const struct lb_kind_ops lb_kinds[LB_KIND_NR];

/* Each kind's contended-mode thread (lockbench_contended.c). */
#define LB_CONTEND_DECL(name, ...)	int lb_contend_##name(void *arg); LB_DECL_END
LB_KINDS(LB_CONTEND_DECL)
#undef LB_CONTEND_DECL

/* spin_lock's hot loop with pad extra instructions; NULL if not in LB_PADS. */
const struct lb_kind_ops *lb_pad_ops(u64 pad);
#define LB_PAD_WORD(npad)	" " #npad
#define LB_PAD_LIST		LB_PADS(LB_PAD_WORD)
/* One mode: its name and the function that runs a job of it. */
struct lb_mode_desc {
	const char *name;
	int (*run)(const struct lb_job *job, struct lb_result *res);
};

extern const struct lb_mode_desc lb_modes[LB_MODE_NR];

/* Job parsing and the stop request shared by all run loops. */
int lb_job_parse(char *line, struct lb_job *job);

extern bool lb_unloading, lb_abort;

/* Checked by every run loop; cheap enough for each iteration. */
static inline bool lb_should_stop(void)
{
	return READ_ONCE(lb_unloading) || READ_ONCE(lb_abort);
}

int lb_run_hot(const struct lb_job *job, struct lb_result *res);
int lb_run_cold(const struct lb_job *job, struct lb_result *res);
int lb_run_contended(const struct lb_job *job, struct lb_result *res);

/*
 * Statistics (lockbench_stats.c): the shared core's (lockbench_summary.h,
 * lockbench_hist.h) into a result row, at this machine's tsc_khz.
 */
void lb_set_status(struct lb_result *res, const char *status);
u64 lb_cyc_to_ns(u64 cyc);
u64 lb_ns_to_cyc(u64 ns);
void lb_uncontended_summary(struct lb_result *res, u64 *samp, u64 *empty,
			    size_t n);

/* What a contended job's threads counted besides their acquisitions. */
struct lb_ctotals {
	u64 excl;		/* exclusive acquisitions, all threads */
	u64 bad_reads;		/* read sections that saw a writer inside */
	u64 elapsed;		/* cycles, the longest thread's */
	u64 wait_max;		/* cycles, the longest acquire wait */
	u64 cs_count;		/* critical sections the lock counted */
	u64 *hist;		/* LB_HIST_BUCKETS, every thread's waits */
};

void lb_contended_summary(struct lb_result *res, const u64 *ops,
			  unsigned int n, const struct lb_ctotals *t);

/*
 * A set of kthreads pinned one to a CPU (lockbench_kthreads.c), as every
 * mode runs its work: k[i] runs fn(arg) on the i-th online CPU.
 */
struct task_struct;

struct lb_kthread {
	int (*fn)(void *arg);
	void *arg;
	struct task_struct *task;
};

struct lb_kthreads {
	unsigned int n;
	struct lb_kthread *k;
	atomic_t ready ____cacheline_aligned_in_smp;	/* the start barrier */
};

int lb_kthreads_start(struct lb_kthreads *s);
bool lb_kthreads_barrier(struct lb_kthreads *s);
void lb_kthreads_stop(struct lb_kthreads *s);
void lb_park_until_stopped(void);

/*
 * Contended mode's hold and parallel work (lockbench_work.c calibrates
 * it): lockbench_contend.h's lb_cwork(), the native harness's too.
 */
static __always_inline void lb_work(u64 turns)
{
	lb_cwork(turns);
}

int lb_work_calibrate(void);
u64 lb_work_rate(void);
u64 lb_ns_to_work(u64 ns);

/* debugfs lockbench/provoke (lockbench_provoke.c): test only. */
extern const struct file_operations lb_provoke_fops;

#endif /* LOCKBENCH_H */
