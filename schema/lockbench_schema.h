/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lockbench's contract: the one definition shared by the kernel module
 * (which writes the job and measurement columns), the guest runner (which
 * prefixes the context columns), every host tool (which read records) and
 * the scripts, awk and gnuplot, which read it as TSV from
 * "lb-validate --describe" (one table per list below) and write no kind
 * list or column position of their own (tests/host/contract.sh).
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
#define LB_SCHEMA_VERSION	4
#define LB_SCHEMA_MAGIC		"#lockbench-results v4"
/*
 * Older files are still read: v3 without LB_JOB_V4_FIELDS (its records
 * read as placement "any", the first of LB_PLACEMENTS: no job named one
 * then), v2 also without LB_MEASURE_V3_FIELDS (read as 0).
 */
#define LB_SCHEMA_MAGIC_V3	"#lockbench-results v3"
#define LB_SCHEMA_MAGIC_V2	"#lockbench-results v2"
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
	X(pad,		U64, "hot spin_lock: known instructions added") \
	LB_JOB_V4_FIELDS(X)

/* Added in v4: where the job's threads ran (cold and contended). */
#define LB_JOB_V4_FIELDS(X)						\
	X(placement,	STR, "the CPUs' relation, one of LB_PLACEMENTS")

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
	X(cs_expected,	U64, "sum of per-thread counts")			\
	LB_MEASURE_V3_FIELDS(X)

/*
 * Added in v3: what a contended run measured besides its throughput
 * (bench-module/lockbench_contend.h says how each is taken).  A v2 file,
 * written before them, is read with these columns 0.
 */
#define LB_MEASURE_V3_FIELDS(X)						\
	X(jain,		DEC, "contended: Jain's index of per-thread ops, 1/threads to 1") \
	X(handoff_ns,	DEC, "contended: mean release to acquire by a waiting other thread") \
	X(handoffs,	U64, "contended: hand-offs in handoff_ns")		\
	X(hold_meas_ns,	DEC, "contended: hold section as measured, timer read out") \
	X(par_meas_ns,	DEC, "contended: parallel section as measured, timer read out") \
	X(timer_ns,	DEC, "contended: the iteration's four timer reads")	\
	X(lock_ovh_ns,	DEC, "contended: thread time per op less sections and timer") \
	X(all_run_pct,	DEC, "contended: share of the run with every thread in its loop")

/*
 * Accelerators and the unit their cost columns (overhead_cyc, cyc_op,
 * cyc_p25, cyc_p75) are in.  native is no QEMU at all: the variant's lock
 * code linked into a user process on the host's CPUs (bench-user/native),
 * timed with the host's TSC.  Under icount (single-threaded TCG with
 * -icount shift=0) the guest TSC advances by one per executed guest
 * instruction, so the same columns count instructions.  Records of
 * different units never mix in one file or one comparison.
 */
#define LB_ACCELS(X)				\
	X(tcg,		cycles)			\
	X(kvm,		cycles)			\
	X(icount,	instructions)		\
	X(metal,	cycles)			\
	X(native,	cycles)

/*
 * Instruments: what the user chooses to measure with, one row each, as
 * the lock kinds are rows.  A stage that treats every instrument
 * (compare, results, publish, plan, check-args, calibrate) loops over
 * these rows and names none.
 *   unit      the unit of its figures (never converted into another's)
 *   rundir    where its data lies in a run directory ("." the top)
 *   boots     1: it boots a guest, so its make target builds the
 *             variants' kernels, modules and initramfs first; 0: it
 *             boots none
 *   alias     the make target that runs it besides its name ("-": none)
 *   place     its folder: run.sh (what its make target runs), section.sh (the
 *             report's tables and facts), section.md.in (its appendix
 *             section, expanded by scripts/report/render.sh) and
 *             publish.list (what results/raw keeps of it)
 *   question  what it answers
 * The row order is the order of the report's appendix.  "timed" is the
 * timed run under an accelerator, ACCEL= (the records' tcg or kvm:
 * LB_ACCELS), the run directory itself.
 */
#define LB_INSTRUMENT_COLUMNS "instrument\tunit\trundir\tboots\talias\tplace\tquestion"
#define LB_INSTRUMENTS(X)						\
	X(icount, instructions,	icount,	1, pathlen, scripts/icount,	\
	  "what runs: guest instructions per acquire+release, exact")	\
	X(native, cycles,	native,	0, -,	scripts/native,		\
	  "what it costs: TSC cycles of the variant's own lock code on this host") \
	X(events, events,	events,	1, -,	scripts/events,		\
	  "where the cycles go: locked RMWs, fences, cache-line transfers per op") \
	X(timed, ns,		.,	1, run,	scripts/timed,		\
	  "what QEMU takes to emulate it: ns per op under TCG or KVM")

#define LB_MODULE_FIELDS(X) LB_JOB_FIELDS(X) LB_MEASURE_FIELDS(X)
#define LB_RECORD_FIELDS(X) LB_CONTEXT_FIELDS(X) LB_MODULE_FIELDS(X)

/*
 * Lock kinds and what each stage needs to know about them:
 *   rw    an rwlock kind (read_pct applies)
 *   side  which side an acquisition takes: excl (holders exclude each other:
 *         contended mode checks cs_count), shared (read side), mix (read_pct
 *         decides per acquisition), none (no lock at all)
 *   irq   what the acquire masks: none, irq, irqsave (saves and disables), bh
 *   base  a baseline: no lock, the harness alone; tables list it first
 *   hot   drawn in the hot-mode graphs (uncontended cost, debug overhead,
 *         headline)
 *   cont  drawn as a contended-throughput panel (rw kinds: one per read_pct)
 *   test  a test of the bench's own checks, never a measurement
 */
#define LB_KINDS(X)						\
	X(empty,		0, none,	none,		1, 1, 0, 0) \
	X(irqsave_only,		0, none,	irqsave,	1, 1, 0, 0) \
	X(spin_lock,		0, excl,	none,		0, 1, 1, 0) \
	X(spin_lock_irq,	0, excl,	irq,		0, 1, 0, 0) \
	X(spin_lock_irqsave,	0, excl,	irqsave,	0, 1, 1, 0) \
	X(spin_lock_bh,		0, excl,	bh,		0, 1, 0, 0) \
	X(spin_trylock,		0, excl,	none,		0, 1, 0, 0) \
	X(read_lock,		1, shared,	none,		0, 1, 0, 0) \
	X(write_lock,		1, excl,	none,		0, 1, 0, 0) \
	X(read_lock_irqsave,	1, shared,	irqsave,	0, 1, 0, 0) \
	X(write_lock_irqsave,	1, excl,	irqsave,	0, 1, 0, 0) \
	X(read_trylock,		1, shared,	none,		0, 1, 0, 0) \
	X(write_trylock,	1, excl,	none,		0, 1, 0, 0) \
	X(rwlock_mix,		1, mix,		none,		0, 0, 1, 0) \
	X(bit_spin_lock,	0, excl,	none,		0, 1, 1, 0) \
	X(bit_spin_trylock,	0, excl,	none,		0, 1, 0, 0) \
	X(broken_lock,		0, excl,	none,		0, 0, 0, 1)
#define LB_KIND_COLUMNS "kind\trw\tside\tirq\tbase\thot\tcont\ttest"

/* Modes: name, and the CPUs a job needs beyond its threads. */
#define LB_MODES(X)							\
	X(hot,		0, "one pinned thread, the lock line in its cache") \
	X(cold,		1, "a second CPU takes the lock before each acquire") \
	X(contended,	0, "threads kthreads, one per CPU, on one lock")
#define LB_MODE_COLUMNS "mode\textra_cpus\tdescription"

/*
 * Placements: how the CPUs of a cold or contended job sit in the host's
 * topology (its /sys: scripts/native/topology.sh picks them).  The first
 * is the default, a job that names none.  Only lb-native places threads:
 * lockbench.ko runs in a guest, whose vCPUs the hypervisor moves over the
 * host's CPUs as it likes, so it refuses every placement but the first.
 * A hot job runs on one CPU and names none.  Names are strings: they hold
 * hyphens.
 */
#define LB_PLACEMENTS(X)						\
	X("any",	"the first CPUs the process may run on, whatever their relation") \
	X("smt",	"SMT siblings: the hardware threads of one core")	\
	X("llc",	"different cores sharing one last-level cache")	\
	X("cross-llc",	"cores in different last-level caches, in one NUMA node if any") \
	X("cross-node",	"cores in different NUMA nodes")
#define LB_PLACEMENT_COLUMNS "placement\tdescription"

/*
 * The status column of a record: ok, or why its numbers are not a
 * measurement.  match is word (the whole value) or prefix (followed by an
 * errno name, as strerrorname_np() spells it: err_EBUSY); by says who
 * writes it, the module or the guest runner.
 */
#define LB_STATUSES(X)							\
	X(ok,		word,	module, "the job ran; its numbers count")	\
	X(timeout,	word,	module, "hot/cold: the other CPU stopped answering") \
	X(aborted,	word,	module, "stopped by the abort file or rmmod")	\
	X(capped,	word,	module, "hot/cold: LB_MAX_JOB_MS passed before the last batch") \
	X(mismatch,	word,	module, "contended: cs_count != cs_expected, exclusion failed") \
	X(err_,		prefix,	runner, "writing the job failed with this errno") \
	X(err_result_,	prefix,	runner, "reading the result failed with this errno") \
	X(err_module_,	prefix,	runner, "loading the module failed with this errno") \
	X(err_header_,	prefix,	runner, "reading the module's header failed with this errno") \
	X(err_schema_drift, word, runner, "the module's columns are not this runner's") \
	X(err_bad_result, word,	runner, "the module's result line did not parse")
#define LB_STATUS_COLUMNS "status\tmatch\tby\tdescription"

/*
 * Job keys accepted by the control file, as "key=value" words on one line:
 * name, minimum, maximum, default.  kind, mode and placement are words
 * from the lists above; the rest are integers.  A job's run time is capped by LB_MAX_JOB_MS.
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

/*
 * A cell: the records one figure summarises, the passes of every boot of
 * one job shape (bench-user/stat/cells.c).  Its columns name it in the derived
 * tables; slope and pad tell cells apart too but are not written there.
 */
#define LB_CELL_COLUMNS(X)						\
	X(kind,		"lock kind")					\
	X(mode,		"hot, cold or contended")			\
	X(threads,	"kthreads")					\
	X(placement,	"the CPUs' relation (LB_PLACEMENTS)")		\
	X(read_pct,	"rwlock read share in percent")			\
	X(hold_ns,	"work inside the critical section")		\
	X(parallel_ns,	"work outside the critical section")
#define LB_CELL_EXTRA(X)						\
	X(slope,	"hot: cost as the slope from n to 2n ops")	\
	X(pad,		"hot spin_lock: known instructions added")
#define LB_CELL_FIELDS(X) LB_CELL_COLUMNS(X) LB_CELL_EXTRA(X)

/* summary.csv (lb-stat summary): per variant, cell and metric. */
#define LB_SUMMARY_COLUMNS(X)						\
	X(variant,	"kernel variant")				\
	LB_CELL_COLUMNS(X)						\
	X(metric,	"the record field or derived figure (fair_ratio)") \
	X(unit,		"the metric's unit under the run's accelerator") \
	X(n,		"boots with a value: the replicates")		\
	X(n_records,	"records behind them")				\
	X(median,	"median of the boot medians")			\
	X(ci_lo,	"bootstrap 95% CI, low")			\
	X(ci_hi,	"bootstrap 95% CI, high")			\
	X(mean,		"mean of the boot medians")			\
	X(sd,		"their standard deviation")			\
	X(cv_pct,	"sd / mean, in percent")			\
	X(modes,	"1, or 2 when the boot medians split into two groups (bootstat.h)") \
	X(mode_sizes,	"boots in each mode, low to high, as 8+2")	\
	X(mode_median_low, "the low group's median (all boots' with one mode)") \
	X(mode_median_high, "the high group's median; nan with one mode")	\
	X(mode_gap_ratio, "the groups' means apart, in pooled within-group SDs") \
	X(oversub,	"1 when any record was oversubscribed")

/*
 * The metrics summary.csv describes besides those pairs.csv compares
 * (bench-user/stat/cells.c): what a contended record measured besides
 * its throughput (LB_MEASURE_V3_FIELDS), a row each per cell, with the
 * median, CI and spread of every row.  min_threads: the fewest threads
 * at which the figure means something; unit: summary.csv's unit column.
 * A record without them (v2, read with jain 0) gives no row; handoff_ns
 * counts only where handoffs > 0.
 */
#define LB_SUMMARY_CONTENDED(X)						\
	X(jain,		2, index,	"Jain's index of per-thread ops, 1/threads to 1") \
	X(handoff_ns,	2, ns,		"mean release to acquire by a waiting other thread") \
	X(lock_ovh_ns,	1, ns,		"time per op less sections and timer (lockhammer)") \
	X(all_run_pct,	1, percent,	"share of the run with every thread in its loop") \
	X(hold_meas_ns,	1, ns,		"the hold section as measured; asked: hold_ns") \
	X(par_meas_ns,	1, ns,		"the parallel section as measured; asked: parallel_ns")
#define LB_SUMMARY_CONTENDED_COLUMNS "metric\tmin_threads\tunit\tdescription"

/* baseline.csv (lb-stat baseline): a kind over a baseline kind, per cell. */
#define LB_BASELINE_COLUMNS(X)						\
	X(variant,	"kernel variant")				\
	LB_CELL_COLUMNS(X)						\
	X(baseline,	"the baseline kind (a kind with base=1)")	\
	X(metric,	"the mode's headline metric")			\
	X(unit,		"as in summary.csv")				\
	X(n,		"boots of the kind")				\
	X(n_baseline,	"boots of the baseline")			\
	X(median,	"median of the kind's boot medians")		\
	X(median_baseline, "median of the baseline's boot medians")	\
	X(ratio,	"median over median_baseline")			\
	X(ratio_lo,	"its bootstrap 95% CI, low")			\
	X(ratio_hi,	"its bootstrap 95% CI, high")

/*
 * pairs.csv (lb-stat compare): per pair of variants, cell and metric.
 * The change (pct_change) is one of three estimators, named in the
 * estimator column; every replicate is a boot (a process under native):
 *   slice-ratios (native with slices.csv: cycles, ns and ops/s): in
 *     each process p, each round where both variants ran a slice of the
 *     cell (with a state named, both in it) gives the ratio of their
 *     medians, p50_other / p50_base, of two slices at most a block apart
 *     that share the machine's state; q_p is the median of p's ratios,
 *     and the change is the median over processes of q_p, its CI a
 *     bootstrap over processes.  x_p and y_p are the medians of each
 *     side's p50 over those same slices; median_base is the median of
 *     x_p and median_other = median_base x (1 + change): the figures are
 *     the estimator's own, so the change beside them is computed from
 *     them.  The rank-sum p compares x_p with y_p.
 *   replicate-ratios (native records without slices; a timed run's
 *     rounds that booted both variants, --rounds): the median over
 *     replicates of each one's ratio of its two boot medians; the
 *     figures are each side's median of boot medians.
 *   ratio-of-medians (unpaired: timed boots without rounds, icount): the
 *     ratio of the two sides' medians of boot medians, each side
 *     resampled on its own.
 * Every variant of a native run runs in each of the same processes.
 * quantum_pct is the figure's resolution: one TSC step (--tsc-step K
 * ticks; icount: one instruction) per timed sample over the ops a sample
 * times; a wait percentile's, its histogram bucket or the step, the
 * wider, at least 1 ns.  A bootstrap CI narrower than the quantum is
 * widened to reach at least half a quantum each side of pct_change, so
 * no CI of zero width is printed.  The floor is the A/A pair's bound for
 * the row's own mode, metric and kind, or the quantum where larger.
 * With --blocks 2 the replicates (processes) split by index into a first
 * and a second half: each block's change is the row's estimator on its
 * replicates alone, and their difference has a bootstrap CI that
 * resamples each block within itself.
 */
#define LB_PAIRS_COLUMNS(X)						\
	X(base,		"the variant compared against")			\
	X(other,	"the variant compared")				\
	LB_CELL_COLUMNS(X)						\
	X(metric,	"as in summary.csv")				\
	X(n_base,	"boots (processes) of base; slice-ratios: processes with a pair") \
	X(n_other,	"boots (processes) of other; slice-ratios: as n_base") \
	X(unit,		"as in summary.csv")				\
	X(median_base,	"median of base's boot medians; slice-ratios: median of x_p") \
	X(median_other,	"median of other's boot medians; slice-ratios: see above") \
	X(pct_change,	"the change in %, by the row's estimator (above)")	\
	X(pct_lo,	"its 95% CI, low: at least half a quantum below pct_change") \
	X(pct_hi,	"its 95% CI, high: at least half a quantum above pct_change") \
	X(paired,	"1: per-replicate ratios (a native process; a timed round)") \
	X(delta,	"the change in the unit: median_base x pct_change / 100") \
	X(delta_lo,	"its 95% CI, low, in the unit")			\
	X(delta_hi,	"its 95% CI, high, in the unit")			\
	X(delta_ns,	"the change in ns (cycles at the records' tsc_khz); nan for other units") \
	X(p_rank,	"exact Wilcoxon-Mann-Whitney p (mid-ranks)")	\
	X(p_min,	"smallest p the test can reach at these n")	\
	X(p_holm,	"Holm-adjusted p inside the family")		\
	X(p_holm_min,	"smallest Holm p reachable: m x p_min")		\
	X(family_size,	"m: testable cells in the family (pair x mode x metric)") \
	X(mde_pct,	"change this test detects at 80% power, percent") \
	X(floor_pct,	"the noise floor: its kind's A/A bound or quantum_pct, the larger") \
	X(quantum_pct,	"the figure's resolution, in % of median_base (above)") \
	X(floor_by,	"what sets floor_pct: a-a (the A/A pair's bound), quantum or none") \
	X(verdict,	"one of LB_VERDICTS")				\
	X(significant,	"1 when the verdict is changed")		\
	X(oversub,	"1 when either side was oversubscribed")			\
	X(estimator,	"slice-ratios, replicate-ratios or ratio-of-medians (above)") \
	X(state,	"the machine state the row's slices were in (states.csv), or all") \
	X(block_pct_1,	"--blocks 2: the change in the first block (above); else nan") \
	X(block_pct_2,	"the same in the second half")			\
	X(block_diff_pct, "block_pct_2 - block_pct_1, in points")	\
	X(block_diff_lo, "its bootstrap 95% CI, low (each block resampled within)") \
	X(block_diff_hi, "its high end")				\
	X(blocks_agree,	"0: that CI excludes 0 and |block_diff_pct| > floor_pct; else 1")

/*
 * The verdict column of pairs.csv (bench-user/stat/bootstat.c,
 * lbs_verdict).  Names are strings: they hold hyphens.
 */
#define LB_VERDICTS(X)							\
	X("changed",	"the whole 95% CI beyond the floor on one side, Holm p < alpha") \
	X("changed-no-floor", "no A/A pair: the CI excludes 0 and Holm p < alpha") \
	X("within-noise", "the CI reaches inside the floor, whatever its p") \
	X("not-significant", "beyond the floor (or no floor, CI off 0) but Holm p >= alpha") \
	X("no-ratio",	"the base median is 0: no change to state")	\
	X("a-a",	"the A/A pair itself: its changes make the floor") \
	X("n-too-small", "fewer than 3 replicates a side: no p, no CI")

/*
 * What a boot ended as (BOOT/status, written by scripts/boot/qemu-boot.sh and
 * collect.sh): names of their own, apart from the record statuses above.
 * keeps says whether collect.sh still takes the finished records from the
 * boot's journal.  Names are strings: they hold hyphens.
 */
#define LB_BOOT_STATUSES(X)						\
	X("ok",		0, "the runner finished, the console is clean")	\
	X("boot-timeout",	1, "killed at TIMEOUT seconds")			\
	X("killed",	1, "QEMU died of a signal")			\
	X("qemu-error",	1, "QEMU exited non-zero")			\
	X("no-results",	1, "no results archive came back")		\
	X("guest-error",	0, "the runner or script exited non-zero")	\
	X("fault",	0, "a kernel fault in the console or dmesg")	\
	X("missing",	0, "collect.sh: the boot wrote no status")	\
	X("no-results-file", 0, "collect.sh: no results.csv")		\
	X("invalid-results", 0, "collect.sh: lb-validate refused results.csv")
#define LB_BOOT_STATUS_COLUMNS "boot_status\tkeeps\tdescription"

/* failures.csv (collect.sh): one line per failed boot. */
#define LB_FAILURES_COLUMNS(X)						\
	X(variant,	"kernel variant")				\
	X(boot,		"bootN, the boot's directory")			\
	X(status,	"a boot status, with what was kept or why")	\
	X(last_job,	"the job running when it stopped, or none")	\
	X(console,	"the console log, relative to the run")

/*
 * pmu.csv: perf stat's counts of each job, when the guest counts them
 * (lb.pmu=, bench-user/guest/pmu.h): the guest runner writes BOOT/guest/pmu.csv,
 * collect.sh gathers RUN/pmu.csv.  One line per job and event; the whole
 * job is counted on every CPU (perf stat -a), harness and setup included,
 * so a count is per job, never per acquire+release.
 */
#define LB_PMU_COLUMNS(X)						\
	X(variant,	"kernel variant")				\
	X(accel,	"the accelerator the guest ran under")		\
	X(boot,		"boot index within the run")			\
	X(seq,		"job index within the boot")			\
	X(kind,		"lock kind")					\
	X(mode,		"hot, cold or contended")			\
	X(threads,	"kthreads")					\
	X(read_pct,	"rwlock read share in percent")			\
	X(event,	"perf's event name (cycles, instructions, ...)") \
	X(count,	"the count, three decimals (task-clock is in msec)") \
	X(unit,		"perf's unit for the count, or none")		\
	X(running_pct,	"share of the job the counter ran (below 100: multiplexed)") \
	X(state,	"counted, not-counted or not-supported")

/*
 * The events instrument (bench-user/events/, a QEMU TCG plugin) finds the
 * measured ops by marker instructions the module puts around them: nopl
 * with a 32-bit displacement, 0f 1f 80 followed by the displacement, a NOP
 * on every x86-64 CPU and in TCG.  The displacement says what the marker
 * is: LB_MARK_MAGIC in bits 31..16, the edge in bits 15..12, the site in
 * bits 11..10 and the kind (its LB_KINDS position) or the pad in 9..0.
 * An op is the code between a begin and its end; pause and resume leave
 * out what a contended thread does while it holds the lock.
 */
#define LB_MARK_MAGIC		0x4c42
#define LB_MARK_ID_MAX		1023
#define LB_MARK_EDGES(X)						\
	X(begin,	1, "an op starts: counting on")			\
	X(end,		2, "the op ends: counting off, one op more")	\
	X(pause,	3, "contended: the lock is held, hold work not counted") \
	X(resume,	4, "contended: the release starts, counting again")
/* Sites: where the marked op runs; id is a kind, or a pad for site pad. */
#define LB_MARK_SITES(X)						\
	X(loop,		0, "hot: one op of a kind's timed loop")	\
	X(op,		1, "cold: one acquire+release, timer or toucher") \
	X(contend,	2, "contended: one acquisition of a thread")	\
	X(pad,		3, "hot: one op of the pad=N calibration loop")
#define LB_MARK_DISP(edge, site, id)					\
	((LB_MARK_MAGIC << 16) | ((edge) << 12) | ((site) << 10) | (id))
/*
 * The marker's parts by name for the module and the plugin alike, numbered
 * in list order: edges from 1 (0 is no marker), sites from 0.
 */
#define LB_MARK_ENUM(name, ...)	LB_MARK_##name,
enum lb_mark_edge {
	LB_MARK_EDGE_NONE,
	LB_MARK_EDGES(LB_MARK_ENUM)
};

enum lb_mark_site {
	LB_MARK_SITES(LB_MARK_ENUM)
};

#undef LB_MARK_ENUM

/*
 * events.csv (make events): per variant, mode, kind and site, what one
 * marked op runs, from the plugin's counts.  The exact columns are the
 * modal op (the op shape most ops had: an interrupt inside an op makes
 * it an outlier, not a new mean); mode_share says how many ops had it.
 * Transfers and invalidations come from the plugin's directory model
 * (bench-user/events/README.md says what it leaves out).
 */
#define LB_EVENTS_COLUMNS(X)						\
	X(variant,	"kernel variant")				\
	X(accel,	"icount (hot, exact) or tcg (MTTCG: cold, contended)") \
	X(vcpus,	"guest vCPUs")					\
	X(mode,		"hot, cold or contended")			\
	X(kind,		"lock kind, or spin_lock for a pad")		\
	X(pad,		"pad=N of the calibration loop, else 0")	\
	X(ops,		"marked ops seen, on every vCPU")		\
	X(mode_share,	"share of ops with the modal shape, 0 to 1")	\
	X(insns,	"instructions of the modal op")			\
	X(atomics,	"locked RMWs of the modal op: lock prefix, xchg with memory") \
	X(fences,	"fences and serialising instructions of the modal op") \
	X(loads,	"loads of the modal op (a locked RMW is one load)") \
	X(stores,	"stores of the modal op (and one store)")	\
	X(lines,	"distinct 64-byte lines of the modal op")	\
	X(insns_mean,	"instructions per op, mean over every op")	\
	X(atomics_mean,	"locked RMWs per op, mean")			\
	X(transfers,	"lines arriving from another vCPU's cache, per op") \
	X(invalidations, "copies invalidated in other vCPUs' caches, per op") \
	X(handoffs,	"ops whose vCPU differs from the op before (same kind)") \
	X(transfers_per_handoff, "transfers of all ops over handoffs, or blank")

/*
 * What lb-native (bench-user/native/main.c) writes besides the records,
 * a file of each a process (replicate); scripts/native/run.sh and
 * scripts/lab/import-native.sh join the processes' files under these
 * headers.  A process's physlimit.csv has no header line; the others
 * begin with theirs.
 */
/* physlimit.csv: the bare atomic pairs (bench-user/native/physlimit.c). */
#define LB_PHYSLIMIT_COLUMNS(X)						\
	X(variant,	"all: one process runs every variant")		\
	X(boot,		"the process, as the records' boot")		\
	X(pair,		"the bare pair: its atomic and its release")	\
	X(cyc_op,	"median TSC cycles per pair")			\
	X(ns_op,	"the same in ns")				\
	X(tsc_khz,	"the process's calibrated TSC frequency")

/* calibration.csv: spin_lock's hot loop with a chain on its path (LBN_CHAINS). */
#define LB_CALIBRATION_COLUMNS(X)					\
	X(variant,	"kernel variant, or its second copy VARIANT~L2") \
	X(boot,		"the process, as the records' boot")		\
	X(steps,	"dependent one-cycle adds in the critical section") \
	X(cyc_op,	"median cycles per acquire+release")		\
	X(cyc_p25,	"25th percentile cycles per op")		\
	X(cyc_p75,	"75th percentile cycles per op")		\
	X(batches,	"timed batches")

/* sections.csv: hot and contended jobs' sections as their loops ran them. */
#define LB_SECTIONS_COLUMNS(X)						\
	X(variant,	"kernel variant")				\
	X(boot,		"the process, as the records' boot")		\
	X(kind,		"lock kind")					\
	X(mode,		"hot or contended")				\
	X(threads,	"threads")					\
	X(read_pct,	"rwlock read share in percent")			\
	X(hold_ns,	"asked: work inside the critical section")	\
	X(parallel_ns,	"asked: work outside the critical section")	\
	X(hold_measured_ns, "contended: the hold section as measured, timer read out") \
	X(parallel_measured_ns, "the parallel section as measured (hot: the median empty batch)") \
	X(timer_ns_per_op, "the timer's reads per op, in ns")

/* layout.csv: where each variant's code and data lay in the process. */
#define LB_LAYOUT_COLUMNS(X)						\
	X(boot,		"the process, as the records' boot")		\
	X(variant,	"kernel variant, or its second copy VARIANT~L2") \
	X(copy,		"1, or 2 for the A/A's second layout")		\
	X(link_pos,	"its place in the link order, from 1")		\
	X(text_pad,	"bytes before its text")			\
	X(data_pad,	"bytes before its data")			\
	X(stack_pad,	"the process's stack offset in bytes")		\
	X(layout_seed,	"the seed of the process's layout")		\
	X(spin_lock_loop, "the address of its spin_lock hot loop")

/*
 * slices.csv: every timed slice of a process, in the order it ran, so
 * that a state the machine was in, and what put it there, can be seen
 * after the fact.  A unit's slices of one round run side by side with
 * the other variants' slices of the same job (schedule.c), so the
 * adjacent slices of a pair share the machine's state.  Before each
 * slice two probes run: a bare byte-lock pair (what a state moves) and
 * a chain of dependent adds (what a frequency change moves).  The
 * quantiles are of the slice's batches, each less the slice's median
 * empty batch; contended slices have no batches: p50 is their ops per
 * second and the other quantiles are blank.
 */
#define LB_SLICES_COLUMNS(X)						\
	X(boot,		"the process, as the records' boot")		\
	X(seq,		"the slice's place in the process, from 1")	\
	X(round,	"the schedule's round, from 1")			\
	X(variant,	"kernel variant, VARIANT~A or VARIANT~L2, or all (a bare pair)") \
	LB_CELL_FIELDS(X)						\
	X(prev,		"the variant run just before it, all for a bare pair or chain (- first)") \
	X(start_us,	"its start: TSC microseconds after the first slice's") \
	X(ticks,	"its length in TSC ticks")			\
	X(batches,	"its timed batches (contended: 0)")		\
	X(metric,	"cyc_op (TSC cycles per op) or ops_per_s")	\
	X(p10,		"10th percentile of its batches")		\
	X(p25,		"25th percentile")				\
	X(p50,		"median; contended: the slice's ops per second") \
	X(p75,		"75th percentile")				\
	X(p90,		"90th percentile")				\
	X(probe_pair,	"TSC cycles per lock decb; movb $1 pair, just before it") \
	X(probe_chain,	"TSC cycles per dependent add, just before it")	\
	X(steal_us,	"its CPU's steal time over it (/proc/stat, USER_HZ steps)") \
	X(nivcsw,	"involuntary context switches of its timing thread")

/*
 * states.csv (lb-stat states): the machine states a run's slices show,
 * from the pair probe.  A second state is named only when the data force
 * it (bench-user/stat/states.h): one row a state, the first the fastest.
 */
#define LB_STATES_COLUMNS(X)						\
	X(state,	"1, 2, ...: the first the fastest")		\
	X(slices,	"slices in it")					\
	X(share_pct,	"its share of the run's slice time")		\
	X(probe_pair,	"the pair probe's median in it, TSC cycles")	\
	X(probe_pair_lo, "its 10th percentile")				\
	X(probe_pair_hi, "its 90th percentile")				\
	X(probe_chain,	"the chain probe's median in it, TSC cycles a step") \
	X(runs,		"runs of consecutive slices in it")		\
	X(mean_run,	"slices a run, mean")				\
	X(switches,	"entries into it from another state")		\
	X(processes,	"processes with a slice in it")			\
	X(steal_us,	"steal time over its slices")			\
	X(nivcsw,	"involuntary context switches over its slices")

/* slice-states.csv (lb-stat states): each slice's state. */
#define LB_SLICE_STATES_COLUMNS(X)					\
	X(boot,		"the process, as slices.csv's")			\
	X(seq,		"the slice, as slices.csv's")			\
	X(state,	"its state, as states.csv's")

/*
 * state-causes.csv (lb-stat states --causes): what the states track.
 * Each factor sorts the slices into levels; a row gives one level's
 * slices and how many of them were in one state.  A state that tracks a
 * factor is in far more (or fewer) of some level's slices than its share
 * of all slices; cramers_v sums that up over the factor.  The factors
 * and what each points at: prev, the unit whose slice ran before it (the
 * interleaving: a state inherited from the code run before); half, the
 * first or second half of its process's time (a drift); process, the
 * process (a state that lives in whole processes: the layout, drawn per
 * process, or the CPU it ran on); chain, the chain probe below or above
 * the run's median (a frequency change moves the chain, a
 * microarchitectural state does not); steal and nivcsw, none or some
 * over the slice (the hypervisor, a preemption).
 */
#define LB_STATE_CAUSES_COLUMNS(X)					\
	X(factor,	"prev, half, process, chain, steal or nivcsw")	\
	X(level,	"a variant, first or second, a boot, low or high, none or some") \
	X(state,	"as states.csv's")				\
	X(slices,	"the level's slices")				\
	X(in_state,	"those of them in the state")			\
	X(pct,		"in_state over slices, in percent")		\
	X(all_pct,	"the state's share of all slices, in percent")	\
	X(cramers_v,	"Cramer's V, factor by state: 0 unrelated, 1 decided; nan: one of either")

/* run.info (run.sh): KEY=VALUE lines; order_round_N repeats per round. */
#define LB_RUN_INFO_KEYS(X)						\
	X(run_id,	"the run's name (its timestamp)")		\
	X(variants,	"the variants, space-separated")		\
	X(accel,	"tcg, kvm or icount")				\
	X(accel_detail,	"the accelerator as probed (kvm:CPU)")		\
	X(qemu_args,	"QEMU's accelerator arguments")			\
	X(vcpus,	"guest vCPUs")					\
	X(host_cpus,	"host logical CPUs")				\
	X(oversubscribed, "1 when vcpus exceed host_cpus")		\
	X(boots,	"boots per variant")				\
	X(repeat,	"passes over the job list per boot")		\
	X(order_seed,	"the seed of the shuffled variant orders")	\
	X(jobs,		"lines of the job list")			\
	X(build_seconds, "each kernel's last real build, plus check_seconds") \
	X(check_seconds, "run.sh's own time before the first boot")	\
	X(rerun_of,	"make again: the run this one repeats (else absent)") \
	X(kernel_build_seconds, "VARIANT:SECONDS of each kernel's last build") \
	X(order_round_N, "round N's variant order")			\
	X(total_seconds, "the run's wall time")				\
	X(failed_boots,	"lines of failures.csv")				\
	X(status,	"complete, or incomplete: the run was cut short")

#endif /* LOCKBENCH_SCHEMA_H */
