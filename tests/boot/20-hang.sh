#!/usr/bin/env bash
# A guest that hangs is killed at its time limit, recorded as failed with
# the tail of its console, and the other variants of the run still run.
. "$(dirname "$0")/lib.bash"
set -- $VARIANTS_UNDER_TEST
v=$1
s=$EPOCHSECONDS
if guest hang "$v" 'echo never reached' TIMEOUT=15 APPEND=lb.hang=1; then
	fail "a hanging guest was reported ok"
fi
took=$(($EPOCHSECONDS - s))
[ "$(cat "$B/status")" = boot-timeout ] || fail "status is $(cat "$B/status"), not boot-timeout"
[ $took -le 40 ] || fail "the hung guest took ${took}s to be killed (limit 15s)"
pgrep -f "$B/console.log" >/dev/null && fail "qemu for the hung guest is still running"
echo "ok: hung guest killed after ${took}s"

# In a run: the hanging variant fails, the next one still runs and collects.
[ $# -ge 2 ] || skip "needs two variants for the run part"
w=$2
printf 'kind=empty mode=hot batches=10 batch_ops=10\n' >"$TMP/jobs"
out=$(env VARIANTS="$v,$w" JOBFILE="$TMP/jobs" BOOTS=1 REPEAT=1 PERF=0 ACCEL=tcg TIMEOUT=20 \
	"APPEND_${v//-/_}=lb.hang=1" "$TOP/scripts/timed/run.sh" 2>&1) || fail "run failed outright: $out"
run=$(readlink -f "$TOP/build/runs/latest")
grep -q "^$v,boot1,boot-timeout," "$run/failures.csv" || fail "failures.csv lacks the hung boot: $(cat "$run/failures.csv")"
grep -q "lb.hang=1, hanging" "$run/failures.txt" || fail "failures.txt lacks the console tail"
[ -s "$run/$w.csv" ] || fail "the variant after the hung one produced no results"
grep -q "^$w," "$run/$w.csv" || fail "$w.csv has no records"
[ ! -e "$run/$v.csv" ] || fail "the hung variant left results"
echo "ok: run recorded $v as boot-timeout and still collected $w"
rm -rf "$run"
