#!/usr/bin/env bash
# perf stat per job (PMU=, lb.pmu=): the guest runner counts each job with
# Debian's perf, pmu.csv comes back beside the records, the collector
# gathers RUN/pmu.csv, the console carries the counts as KTAP diagnostics
# and the report tables them.  TCG has no hardware PMU, so the counted
# run names software events: the path (perf stat -a around --run-job) is
# the one cycles and instructions take on KVM.  The default, auto, must
# count nothing here and say why; a bad PMU= is refused before a boot.
. "$(dirname "$0")/lib.bash"
export LB_VALIDATE=$TOP/bench-user/lb-validate
. "$TOP/schema/contract.sh"
v=${VARIANTS_UNDER_TEST%% *}
[ "${ACCEL:-tcg}" != icount ] || skip "perf stat is the timed side's instrument; icount counts instructions already"
printf '%s\n' 'kind=spin_lock mode=hot batches=20 batch_ops=100' \
	'kind=read_lock mode=hot batches=20 batch_ops=100' >"$TMP/jobs"
runit() { # PMU value, then run.sh's output in $TMP/run.out
	env VARIANTS="$v" JOBFILE="$TMP/jobs" BOOTS=2 REPEAT=1 PERF=0 ACCEL=tcg PMU="$1" \
		"$TOP/scripts/timed/run.sh" >"$TMP/run.out" 2>&1
}

runit task-clock,context-switches || fail "the counted run failed: $(tail -n 5 "$TMP/run.out")"
run=$(readlink -f "$TOP/build/runs/latest")
csv=$run/pmu.csv
[ -f "$csv" ] || fail "no $csv"
[ "$(head -n 1 "$csv")" = "$(contract_header pmu)" ] ||
	fail "pmu.csv's header is not the contract's: $(head -n 1 "$csv")"
# 2 boots x 2 jobs x 2 events, every one counted, task-clock above zero
# (columns by name: the contract's header).
names='FNR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }'
rows=$(awk -F, "$names"' $c["state"] == "counted" { n++ } END { print n + 0 }' "$csv")
[ "$rows" -eq 8 ] || fail "pmu.csv has $rows counted rows, not 8: $(cat "$csv")"
awk -F, "$names"' $c["event"] == "task-clock" && !($c["count"] > 0 && $c["unit"] == "msec") { bad = 1 } END { exit bad }' "$csv" ||
	fail "a task-clock count is not a positive msec figure: $(grep task-clock "$csv")"
# Each row is the job of the record with the same boot and seq.
tail -n +2 "$run/$v.csv" >"$TMP/records"
awk -F, 'FNR == 1 { f++; for (i = 1; i <= NF; i++) c[f, $i] = i; next }
	f == 1 { job[$c[1, "boot"] "," $c[1, "seq"]] = $c[1, "kind"] "," $c[1, "mode"] }
	f == 2 && job[$c[2, "boot"] "," $c[2, "seq"]] != $c[2, "kind"] "," $c[2, "mode"] { bad = 1 }
	END { exit bad }' "$TMP/records" "$csv" || fail "pmu.csv rows do not match the records' jobs"
b1=$run/boots/$v/boot1
[ "$(grep -c '^# perf_stat task-clock: [0-9.]* msec' "$b1/console.log")" -eq 2 ] ||
	fail "the console lacks a KTAP perf_stat line per job: $(grep perf_stat "$b1/console.log")"
"$TOP/scripts/report/pmu-table.sh" "$run" >"$TMP/table.md" || fail "pmu-table.sh failed"
grep -q "^| $v | spin_lock | hot | 1 | 100 | task-clock | 2 | [0-9.]* | msec |" "$TMP/table.md" ||
	fail "the table lacks spin_lock's task-clock over 2 boots: $(cat "$TMP/table.md")"
echo "ok: 8 counted rows, KTAP lines, table: $(grep -c '^| ' "$TMP/table.md") lines"
rm -rf "$run"

# auto on TCG: no PMU, so nothing counted, and the runner says why.
runit auto || fail "the auto run failed: $(tail -n 5 "$TMP/run.out")"
run=$(readlink -f "$TOP/build/runs/latest")
[ ! -e "$run/pmu.csv" ] || fail "lb.pmu=auto counted jobs on a guest with no PMU"
grep -q 'pmu: lb.pmu=auto and no hardware PMU' "$run"/boots/"$v"/boot1/guest/runner.log ||
	fail "runner.log does not say why nothing was counted"
[ -s "$run/$v.csv" ] || fail "the auto run kept no records"
echo "ok: auto on TCG counts nothing and says so"
rm -rf "$run"

# A raw event spec would hold commas that perf stat -x, splits: refused
# before any boot, naming the character.
before=$(readlink -f "$TOP/build/runs/latest")
if runit 'cpu/event=0x3c/'; then fail "PMU=cpu/event=0x3c/ was taken"; fi
grep -q "PMU=cpu/event=0x3c/: lb.pmu=cpu/event=0x3c/: '/' is not in a perf event name" "$TMP/run.out" ||
	fail "no clear error for a raw event: $(cat "$TMP/run.out")"
[ "$(readlink -f "$TOP/build/runs/latest")" = "$before" ] || fail "a refused PMU= still started a run"
echo "ok: a bad PMU= is refused before booting"
