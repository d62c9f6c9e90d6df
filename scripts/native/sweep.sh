#!/usr/bin/env bash
# sweep.sh: the contended sweep for a machine with many CPUs (issue 28's
# question: where does qspinlock overtake the 2.6.13 byte lock as threads
# grow?).  Prepared for a bigger machine; nothing depends on it.
#
# The matrix:
#   - thread counts: THREADS, default 1, 2, 4, ... up to the online CPUs
#     (always including that count);
#   - kinds and shapes: the contended lines of bench-user/jobs/native.jobs
#     (hold 100 ns, parallel 200 ns) plus the module's hold-dominated
#     shape (hold 2000 ns, parallel 100 ns), where the lock is the
#     bottleneck;
#   - variants: VARIANTS, default pre,post,stock; replicates: RUNS (10);
#   - placements: PLACEMENTS (default smt,llc,cross-llc,cross-node), each a
#     pass of its own at 2 threads, every job naming it (placement=: the
#     pair topology.sh picks, and the records say it), RUNS_PLACED
#     replicates (5); a placement this machine has no pair for is skipped,
#     named with the reason (LBN_SYSFS= reads another /sys tree).
# The main pass lands in build/runs/TS-native-sweep (RUN_DIR overrides),
# each placement's in RUN_DIR-PLACEMENT, with the same files as make
# native.
#
# DRYRUN=1 runs nothing: it states the matrix and the arithmetic of its
# time against SWEEP_BUDGET seconds (300), for SWEEP_CPUS CPUs (default
# this machine's; SWEEP_CPUS=16 for a 16-CPU one), and fails when it does
# not fit.  The per-process and per-job costs it adds were measured here
# (lb-native on the fake kernel half, AMD family 26, 2 vCPUs, 17:00 UTC
# 2026-12-06): 74-97 ms a process beyond its jobs (TSC and work
# calibration, the physical-limit pairs), 13 ms a contended job beyond
# its duration_ms; the arithmetic uses 100 ms and 15 ms.
. "$(dirname "$0")/common.sh"
proc_ms=100 job_ms=15
budget=${SWEEP_BUDGET:-300}
dry=${DRYRUN:-0}
n=${SWEEP_CPUS:-$(nproc)}
[[ $n =~ ^[1-9][0-9]*$ ]] || die "SWEEP_CPUS=$n: want a CPU count"
[ "$dry" = 1 ] || [ -z "${SWEEP_CPUS:-}" ] || die "SWEEP_CPUS= is for DRYRUN=1: a real sweep uses this machine's CPUs"
THREADS=$(native_threads "${THREADS:-all}" "$n")
runs=${RUNS:-10} runs_placed=${RUNS_PLACED:-5}
[[ $runs =~ ^[1-9][0-9]*$ && $runs_placed =~ ^[1-9][0-9]*$ ]] || die "RUNS=$runs RUNS_PLACED=$runs_placed: want whole numbers of replicates"
placements=${PLACEMENTS-smt,llc,cross-llc,cross-node}
export VARIANTS=${VARIANTS:-pre,post,stock}
list=$(parse_variants "$VARIANTS")
mapfile -t variants <<<"$list"
nv=${#variants[@]}
jobs=$(mktemp)
trap 'rm -f "$jobs" "$jobs".*' EXIT
{
	grep 'mode=contended' "$LB_TOP/bench-user/jobs/native.jobs"
	echo "kind=empty mode=contended threads=SWEEP duration_ms=200 hold_ns=2000 parallel_ns=100"
	echo "kind=spin_lock mode=contended threads=SWEEP duration_ms=200 hold_ns=2000 parallel_ns=100"
	echo "kind=bit_spin_lock mode=contended threads=SWEEP duration_ms=200 hold_ns=2000 parallel_ns=100"
} >"$jobs"
IFS=, read -r -a tl <<<"$THREADS"
IFS=, read -r -a pl <<<"$placements"
nt=${#tl[@]} np=${#pl[@]}
# One process at one thread count: each job's duration plus its cost.
mapfile -t jl <"$jobs"
per_t=0 kinds="" shapes=""
for l in "${jl[@]}"; do
	[[ $l =~ duration_ms=([0-9]+) ]] || die "sweep: a job without duration_ms: $l"
	per_t=$((per_t + BASH_REMATCH[1] + job_ms))
	[[ $l =~ kind=([a-z_]+) ]] && [[ " $kinds " != *" ${BASH_REMATCH[1]} "* ]] && kinds+="${kinds:+ }${BASH_REMATCH[1]}"
	[[ $l =~ hold_ns=([0-9]+)\ parallel_ns=([0-9]+) ]] || [[ $l =~ hold_ns=([0-9]+).*parallel_ns=([0-9]+) ]]
	s="hold ${BASH_REMATCH[1]} ns/parallel ${BASH_REMATCH[2]} ns"
	[[ ",$shapes," == *",$s,"* ]] || shapes+="${shapes:+,}$s"
done
main_proc=$((nt * per_t + proc_ms))
main_ms=$((nv * runs * main_proc))
place_proc=$((per_t + proc_ms))
place_ms=$((np * nv * runs_placed * place_proc))
total_ms=$((main_ms + place_ms))

if [ "$dry" = 1 ]; then
	echo "sweep (dry run) for $n CPUs:"
	echo "  thread counts: ${tl[*]} ($nt)"
	echo "  kinds: $kinds; shapes: ${shapes//,/; }"
	echo "  jobs per thread count: ${#jl[@]} (durations and ${job_ms} ms a job: $per_t ms)"
	echo "  variants: ${variants[*]} ($nv); replicates: $runs (one process each)"
	echo "  placements: ${pl[*]:-none} ($np), each at 2 threads, $runs_placed replicates"
	echo "time:"
	echo "  main pass: $nv variants x $runs replicates x ($nt thread counts x $per_t ms + $proc_ms ms a process) = $nv x $runs x $main_proc ms = $((main_ms / 1000)).$((main_ms % 1000 / 100)) s"
	echo "  placements: $np x $nv variants x $runs_placed replicates x ($per_t ms + $proc_ms ms) = $np x $nv x $runs_placed x $place_proc ms = $((place_ms / 1000)).$((place_ms % 1000 / 100)) s"
	echo "  total: $((total_ms / 1000)).$((total_ms % 1000 / 100)) s of a ${budget} s budget"
	if [ "$np" -gt 0 ]; then
		echo "placements on this machine ($(nproc) CPUs):"
		for p in "${pl[@]}"; do
			if pair=$(sh "$LB_TOP/scripts/native/topology.sh" -s "${LBN_SYSFS:-/sys}" pair "$p" 2>"$jobs.why"); then
				echo "  $p: CPUs $pair"
			else
				echo "  $p: skipped: $(sed 's/^topology.sh: //' "$jobs.why")"
			fi
		done
		rm -f "$jobs.why"
	fi
	[ "$total_ms" -le $((budget * 1000)) ] || die "the sweep takes $((total_ms / 1000)) s, over the ${budget} s budget: fewer RUNS, THREADS or PLACEMENTS"
	exit 0
fi

[ "$total_ms" -le $((budget * 1000)) ] || die "the sweep takes $((total_ms / 1000)) s by its arithmetic (DRYRUN=1 shows it), over the ${budget} s budget"
# A process runs every job at every thread count: give it the time.
export JOBFILE=$jobs
base=${RUN_DIR:-$LB_BUILD/runs/$(date -u +%Y%m%dT%H%M%SZ)-native-sweep}
# run.sh sizes each process's timeout from its units.
THREADS=$THREADS RUNS=$runs RUN_DIR=$base "$LB_TOP/scripts/native/run.sh" || die "sweep: the main pass failed"
for p in "${pl[@]}"; do
	if ! pair=$(sh "$LB_TOP/scripts/native/topology.sh" -s "${LBN_SYSFS:-/sys}" pair "$p"); then
		note "sweep: placement $p skipped (see above)"
		continue
	fi
	# The same jobs, each naming the placement: run.sh gives lb-native
	# its CPUs, and the records say it.
	sed "s/\$/ placement=$p/" "$jobs" >"$jobs.$p"
	JOBFILE=$jobs.$p THREADS=2 RUNS=$runs_placed RUN_DIR=$base-$p "$LB_TOP/scripts/native/run.sh" || die "sweep: placement $p failed"
done
