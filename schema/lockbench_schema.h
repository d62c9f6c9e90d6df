/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lockbench results schema: the one definition shared by the kernel module
 * (which writes the job and measurement columns), the guest runner (which
 * prefixes the context columns) and every host tool (which read records).
 *
 * A record is one CSV line.  Column order is the order of LB_RECORD_FIELDS.
 * Files begin with the header line LB_SCHEMA_MAGIC, then a line of column
 * names.  Lines starting with '#' after that are comments.
 *
 * Field types:
 *   STR  text without commas, spaces or newlines, at most LB_STR_MAX-1 bytes
 *   U64  unsigned decimal integer
 *   DEC  unsigned fixed point with three decimals ("12.345"), stored as
 *        thousandths in a u64 so the kernel never needs floating point
 */
#ifndef LOCKBENCH_SCHEMA_H
#define LOCKBENCH_SCHEMA_H

#define LB_SCHEMA_NAME		"lockbench"
#define LB_SCHEMA_VERSION	2
#define LB_SCHEMA_MAGIC		"#lockbench-results v2"
#define LB_STR_MAX		48
#define LB_DEC_SCALE		1000

/* Columns written by the guest runner from the kernel command line. */
#define LB_CONTEXT_FIELDS(X)						\
	X(variant,	STR, "kernel variant name from vm-configs/matrix") \
	X(accel,	STR, "QEMU accelerator, one of LB_ACCELS")	\
	X(host,		STR, "host identity: CPU model and core count")	\
	X(host_cpus,	U64, "host logical CPUs")			\
	X(vcpus,	U64, "guest vCPUs")				\
	X(oversub,	U64, "1 when vcpus exceed host_cpus")		\
	X(boot,		U64, "boot index within the run")		\
	X(seq,		U64, "job index within the boot")

/* Columns written by lockbench.ko: first the job as it ran ... */
#define LB_JOB_FIELDS(X)						\
	X(kind,		STR, "lock kind, see LB_KINDS")			\
	X(mode,		STR, "hot, cold or contended")			\
	X(threads,	U64, "kthreads, one pinned per CPU")		\
	X(read_pct,	U64, "rwlock read share in percent")		\
	X(hold_ns,	U64, "work inside the critical section")	\
	X(parallel_ns,	U64, "work outside the critical section")	\
	X(duration_ms,	U64, "contended: wall time each thread runs")	\
	X(batches,	U64, "hot/cold: timed batches")			\
	X(batch_ops,	U64, "hot/cold: acquire+release pairs per batch") \
	X(slope,	U64, "hot: 1 = cost is the slope from n to 2n ops") \
	X(pad,		U64, "hot spin_lock: known instructions added")

/* ... then what it measured.  Unused columns are 0 for that mode. */
#define LB_MEASURE_FIELDS(X)						\
	X(status,	STR, "ok, or why the job failed")		\
	X(tsc_khz,	U64, "calibrated TSC frequency")		\
	X(overhead_cyc,	DEC, "empty-batch cycles per op, subtracted")	\
	X(cyc_op,	DEC, "median cycles per acquire+release")	\
	X(cyc_p25,	DEC, "25th percentile cycles per op")		\
	X(cyc_p75,	DEC, "75th percentile cycles per op")		\
	X(ns_op,	DEC, "median ns per acquire+release")		\
	X(total_ops,	U64, "contended: acquisitions by all threads")	\
	X(ops_per_s,	U64, "contended: acquisitions per second")	\
	X(thread_ops_mean, U64, "contended: mean acquisitions per thread") \
	X(fair_cv,	DEC, "contended: stddev/mean of per-thread ops")	\
	X(share_min,	DEC, "contended: smallest thread share, percent") \
	X(share_max,	DEC, "contended: largest thread share, percent") \
	X(wait_p50_ns,	U64, "contended: acquire-wait 50th percentile")	\
	X(wait_p90_ns,	U64, "contended: acquire-wait 90th percentile")	\
	X(wait_p99_ns,	U64, "contended: acquire-wait 99th percentile")	\
	X(wait_max_ns,	U64, "contended: acquire-wait maximum")		\
	X(cs_count,	U64, "critical sections counted inside the lock") \
	X(cs_expected,	U64, "sum of per-thread counts")

/*
 * Accelerators and the unit their cost columns (overhead_cyc, cyc_op,
 * cyc_p25, cyc_p75) are in.  Under icount (single-threaded TCG with
 * -icount shift=0) the guest TSC advances by one per executed guest
 * instruction, so the same columns count instructions.  Records of
 * different units never mix in one file or one comparison.
 */
#define LB_ACCELS(X)				\
	X(tcg,		cycles)			\
	X(kvm,		cycles)			\
	X(icount,	instructions)

#define LB_MODULE_FIELDS(X) LB_JOB_FIELDS(X) LB_MEASURE_FIELDS(X)
#define LB_RECORD_FIELDS(X) LB_CONTEXT_FIELDS(X) LB_MODULE_FIELDS(X)

/* Lock kinds: name, whether it is an rwlock kind (read_pct applies). */
#define LB_KINDS(X)				\
	X(empty,		0)		\
	X(irqsave_only,		0)		\
	X(spin_lock,		0)		\
	X(spin_lock_irq,	0)		\
	X(spin_lock_irqsave,	0)		\
	X(spin_lock_bh,		0)		\
	X(spin_trylock,		0)		\
	X(read_lock,		1)		\
	X(write_lock,		1)		\
	X(read_lock_irqsave,	1)		\
	X(write_lock_irqsave,	1)		\
	X(read_trylock,		1)		\
	X(write_trylock,	1)		\
	X(rwlock_mix,		1)		\
	X(bit_spin_lock,	0)		\
	X(bit_spin_trylock,	0)		\
	X(broken_lock,		0)

#define LB_MODES(X) X(hot) X(cold) X(contended)

/*
 * Job keys accepted by the control file, as "key=value" words on one line:
 * name, minimum, maximum, default.  kind and mode are words from the lists
 * above; the rest are integers.  A job's run time is capped by LB_MAX_JOB_MS.
 */
#define LB_MAX_JOB_MS		10000
/*
 * pad=N adds exactly N single-instruction ALU ops inside each spin_lock
 * critical section of a hot job: the calibration of both instruments.  N
 * is compiled in, so it must be one of LB_PADS.
 */
#define LB_PAD_MAX		512
#define LB_PADS(X) X(1) X(2) X(4) X(8) X(16) X(32) X(64) X(128) X(256) X(512)
#define LB_JOB_INT_KEYS(X)					\
	X(threads,	1,	64,		1)		\
	X(read_pct,	0,	100,		100)		\
	X(hold_ns,	0,	100000,		0)		\
	X(parallel_ns,	0,	100000,		0)		\
	X(duration_ms,	1,	LB_MAX_JOB_MS,	200)		\
	X(batches,	1,	100000,		200)		\
	X(batch_ops,	1,	100000,		100)		\
	X(slope,	0,	1,		0)		\
	X(pad,		0,	LB_PAD_MAX,	0)

#endif /* LOCKBENCH_SCHEMA_H */
