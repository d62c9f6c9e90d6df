#!/usr/bin/env bash
# sweep.sh: the contended sweep for a machine with many CPUs (issue 28's
# question: where does qspinlock overtake the 2.6.13 byte lock as threads
# grow?).  Prepared for a bigger machine; nothing depends on it.
#
# THREADS defaults to 1, 2, 4, ... up to the online CPUs (always
# including that count); VARIANTS to pre,post,stock; RUNS to 10.  The
# jobs are the contended lines of bench-user/jobs/native.jobs plus the
# module's hold-dominated shape (hold 2000 ns, parallel 100 ns), where the
# lock is the bottleneck.  The run lands in build/runs/TS-native-sweep
# (RUN_DIR overrides) with the same files as make native.
. "${0%"${0##*/}"}common.sh"
n=$(nproc)
if [ -z "${THREADS:-}" ]; then
	t=1 THREADS=""
	while [ "$t" -lt "$n" ]; do THREADS+="$t,"; t=$((t * 2)); done
	THREADS+=$n
fi
jobs=$(mktemp)
trap 'rm -f "$jobs"' EXIT
{
	grep 'mode=contended' "$LB_TOP/bench-user/jobs/native.jobs"
	echo "kind=empty mode=contended threads=SWEEP duration_ms=200 hold_ns=2000 parallel_ns=100"
	echo "kind=spin_lock mode=contended threads=SWEEP duration_ms=200 hold_ns=2000 parallel_ns=100"
	echo "kind=bit_spin_lock mode=contended threads=SWEEP duration_ms=200 hold_ns=2000 parallel_ns=100"
} >"$jobs"
# run.sh sizes each process's timeout from its units.
export THREADS JOBFILE=$jobs VARIANTS=${VARIANTS:-pre,post,stock}
export RUN_DIR=${RUN_DIR:-$LB_BUILD/runs/$(date -u +%Y%m%dT%H%M%SZ)-native-sweep}
exec "$LB_TOP/scripts/native/run.sh"
