#!/usr/bin/env bash
# The events instrument on the first variant under test (make events with
# short job lists):
#   - the plugin's instructions per hot op equal the icount instrument's
#     cyc_op for every kind of the same boot (two instruments, one count);
#   - the lock kinds run at least one locked RMW per op (noreplace-smp
#     keeps the lock prefixes of a 1-CPU guest), the empty kind none;
#   - pad=N adds exactly N instructions and nothing else (the table's
#     calibration, which exits non-zero when a pad is off);
#   - cold spin_lock pulls about one line per op from the other vCPU;
#   - a contended job counts handoffs and transfers per handoff.
. "$(dirname "$0")/lib.bash"
v=${VARIANTS_UNDER_TEST%% *}
printf '%s\n' 'kind=empty mode=hot batches=5 batch_ops=100' 'kind=spin_lock mode=hot batches=5 batch_ops=100' \
	'kind=read_lock mode=hot batches=5 batch_ops=100' 'kind=bit_spin_lock mode=hot batches=5 batch_ops=100' \
	'kind=spin_lock mode=hot batches=5 batch_ops=100 pad=8' >"$TMP/hot.jobs"
printf '%s\n' 'kind=spin_lock mode=cold batches=5 batch_ops=100' \
	'kind=spin_lock mode=contended threads=2 duration_ms=100 hold_ns=100 parallel_ns=200' >"$TMP/smp.jobs"
name=check-events-$$
env LB_RUN_NAME=$name VARIANTS="$v" EVENTS_HOT="$TMP/hot.jobs" EVENTS_SMP="$TMP/smp.jobs" TIMEOUT=300 \
	"$TOP/scripts/events/run.sh" || fail "make events failed on $v"
run=$TOP/build/runs/$name/events
csv=$run/events.csv
get() { # mode kind pad column
	awk -F, -v m="$1" -v k="$2" -v p="$3" -v col="$4" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["mode"] == m && $c["kind"] == k && $c["pad"] == p { print $c[col] }' "$csv"
}
# Every pass of an icount boot counts the same (make exports REPEAT=3): the first.
res=$run/boots/$v/hot/guest/results.csv
for k in spin_lock read_lock bit_spin_lock; do # contract-exempt: the kinds this short hot list runs
	icount=$(awk -F, -v k="$k" 'NR == 2 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		NR > 2 && $c["kind"] == k && $c["pad"] == 0 { sub(/\.000$/, "", $c["cyc_op"]); print $c["cyc_op"]; exit }' "$res")
	ev=$(get hot "$k" 0 insns) at=$(get hot "$k" 0 atomics)
	[ -n "$ev" ] && [ "$ev" = "$icount" ] || fail "$v $k: the plugin counts '$ev' instructions per op, icount '$icount'"
	[ "${at:-0}" -ge 1 ] || fail "$v $k: no locked RMW per op ($at): were the lock prefixes patched away?"
	echo "ok: $v $k: $ev instructions per op in both instruments, $at atomics"
done
[ "$(get hot empty 0 insns)" = 0 ] || fail "$v empty: $(get hot empty 0 insns) instructions between the markers, expected 0"
grep -q '| exact |' "$run/events.md" || fail "no exact calibration row: $(cat "$run/events.md")"
echo "ok: pad=8: $(get hot spin_lock 8 insns) instructions, exact"
tr=$(get cold spin_lock 0 transfers)
awk -v t="$tr" 'BEGIN { exit !(t >= 0.9 && t <= 1.1) }' || fail "$v cold spin_lock: $tr transfers per op, expected about 1"
echo "ok: cold spin_lock: $tr transfers per op"
h=$(get contended spin_lock 0 handoffs) tph=$(get contended spin_lock 0 transfers_per_handoff)
[ "${h:-0}" -gt 0 ] && [ -n "$tph" ] || fail "$v contended spin_lock: handoffs '$h', transfers per handoff '$tph'"
echo "ok: contended spin_lock: $h handoffs, $tph transfers per handoff"
rm -rf "$TOP/build/runs/$name"
