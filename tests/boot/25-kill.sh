#!/usr/bin/env bash
# A guest killed in the middle of its job list keeps every job it finished:
# QEMU is sent SIGKILL after the 4th job, the boot is reported "killed"
# (not "boot-timeout"), its journal holds the 4 finished records, and the
# collector adds them to the variant's file with a failure line that says
# so.
. "$(dirname "$0")/lib.bash"
v=${VARIANTS_UNDER_TEST%% *}
for i in $(seq 1 12); do echo "kind=spin_lock mode=hot batches=3000 batch_ops=100"; done >"$TMP/jobs"
B=$OUTROOT/kill-$v
rm -rf "$B"
env MACHINE=tcg JOBFILE="$TMP/jobs" TIMEOUT=120 BOOT=1 "$TOP/scripts/boot/qemu-boot.sh" "$v" "$B" >"$TMP/boot.log" 2>&1 &
boot=$!
for _ in $(seq 1 600); do
	grep -a -q 'lockbench: job 3 done' "$B/console.log" 2>/dev/null && break
	kill -0 $boot 2>/dev/null || break
	sleep 0.1
done
grep -a -q 'lockbench: job 3 done' "$B/console.log" || fail "the guest never finished job 3: $(tail -n 5 "$B/console.log")"
pkill -KILL -f -- "-serial file:$B/console.log" || fail "no QEMU process to kill"
wait $boot && fail "a killed boot was reported ok"
st=$(cat "$B/status")
[ "$st" = killed ] || fail "status is '$st', not killed: $(cat "$TMP/boot.log")"
done_jobs=$(grep -a -c 'lockbench: job [0-9]* done' "$B/console.log")
"$TOP/bench-user/lb-validate" "$B/records.csv" >/dev/null || fail "the journal does not validate: $(head -c 300 "$B/records.csv")"
kept=$(($(grep -c -v '^#' "$B/records.csv") - 1))
[ "$kept" -ge 4 ] && [ "$kept" -ge "$done_jobs" ] || fail "kept $kept records, but $done_jobs jobs were done"
echo "ok: killed after $done_jobs finished jobs; the journal kept $kept records"
run=$TMP/run
mkdir -p "$run"
"$TOP/scripts/boot/collect.sh" "$run" "$v" "$B" 2>/dev/null
[ "$(($(grep -c -v '^#' "$run/$v.csv") - 1))" -eq "$kept" ] || fail "the collector did not keep the $kept records"
grep -q ",killed (kept $kept finished records)," "$run/failures.csv" || fail "failures.csv does not say so: $(cat "$run/failures.csv")"
echo "ok: collected $kept records; failures.csv: $(tail -n 1 "$run/failures.csv")"
