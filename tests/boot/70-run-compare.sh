#!/usr/bin/env bash
# The whole data path on the variants under test: make run (a short job
# list, 3 passes), the collector, lb-stat (summary and compare), the graphs, and
# perf in the guest naming the lock functions of that variant's vmlinux.
. "$(dirname "$0")/lib.bash"
cat >"$TMP/jobs" <<'EOT'
kind=empty mode=hot batches=50 batch_ops=100
kind=spin_lock mode=hot batches=50 batch_ops=100
kind=spin_lock_irqsave mode=hot batches=50 batch_ops=100
kind=read_lock mode=hot batches=50 batch_ops=100
kind=write_lock mode=hot batches=50 batch_ops=100
kind=spin_lock mode=contended threads=SWEEP duration_ms=100 hold_ns=100 parallel_ns=200
kind=rwlock_mix mode=contended threads=SWEEP duration_ms=100 read_pct=90 hold_ns=100 parallel_ns=200
EOT
# The perf check must be able to fail: a summary whose only lines are the
# job header and unresolved addresses does not pass.
v1=${VARIANTS_UNDER_TEST%% *}
printf '# perf top symbols: variant x, event cpu-clock, job: kind=spin_lock mode=contended\n    50.00%%  [lockbench]  [k] 0x00000000000018cb\n' >"$TMP/fake-top"
perf_top_ok "$TMP/fake-top" "$TOP/build/kernel/$v1/vmlinux" 2>/dev/null && fail "perf_top_ok accepted a summary without lock functions"
lockfn=$(nm --target=elf64-x86-64 "$TOP/build/kernel/$v1/vmlinux" | awk '$2 ~ /^[tT]$/ && $3 == "_raw_spin_lock" { f = $3 } END { print f }')
printf '# h\n    60.00%%  [kernel.kallsyms]  [k] %s\n    30.00%%  [lockbench]  [k] lb_loop_spin_lock\n     2.86%%  [lockbench]  [k] 0x938\n' "$lockfn" >"$TMP/fake-top"
perf_top_ok "$TMP/fake-top" "$TOP/build/kernel/$v1/vmlinux" 2>/dev/null && fail "perf_top_ok accepted an unresolved address in the top 10"
printf '# h\n    60.00%%  [kernel.kallsyms]  [k] %s\n    30.00%%  [lockbench]  [k] 0x938\n' "$lockfn" >"$TMP/fake-top"
perf_top_ok "$TMP/fake-top" "$TOP/build/kernel/$v1/vmlinux" 2>/dev/null && fail "perf_top_ok accepted a summary naming no lockbench.ko function"
printf '# h\n    60.00%%  [kernel.kallsyms]  [k] %s\n    30.00%%  [lockbench]  [k] lb_loop_spin_lock\n' "$lockfn" >"$TMP/fake-top"
for i in $(seq 1 8); do printf '     0.50%%  [kernel.kallsyms]  [k] %s\n' "$lockfn" >>"$TMP/fake-top"; done
printf '     0.40%%  [lockbench]  [k] 0x938\n' >>"$TMP/fake-top"
perf_top_ok "$TMP/fake-top" "$TOP/build/kernel/$v1/vmlinux" || fail "perf_top_ok refused an unresolved address below the top 10"
vs=$(echo $VARIANTS_UNDER_TEST | tr ' ' ,)
env VARIANTS="$vs" JOBFILE="$TMP/jobs" BOOTS=1 REPEAT=3 VCPUS=2 ACCEL=tcg PERF=1 TIMEOUT=300 \
	"$TOP/scripts/timed/run.sh" || fail "make run failed"
run=$(readlink -f "$TOP/build/runs/latest")
[ ! -f "$run/failures.csv" ] || fail "boots failed: $(cat "$run/failures.csv")"
for v in $VARIANTS_UNDER_TEST; do
	"$TOP/bench-user/lb-validate" "$run/$v.csv" || fail "$v.csv does not validate"
	n=$(grep -c "^$v," "$run/$v.csv")
	[ "$n" -eq 27 ] || fail "$v.csv has $n records, expected 27 (9 jobs x 3 passes)"
	grep -q ",tcg," "$run/$v.csv" || fail "$v.csv records do not name the accelerator"
	top=$run/perf/$v/perf-top.txt
	[ -s "$top" ] || fail "no perf summary for $v"
	perf_top_ok "$top" "$TOP/build/kernel/$v/vmlinux" || fail "perf for $v: $(head "$top")"
	echo "ok: $v: $n records; perf top: $(grep -v '^#' "$top" | head -n 1 | tr -s ' ')"
done
# The run is self-contained: what it measured, its log and real build time.
for v in $VARIANTS_UNDER_TEST; do
	k=$run/kernels/$v
	for f in vmlinux config lockbench.ko build-ids; do [ -s "$k/$f" ] || fail "$v: the run kept no kernels/$v/$f"; done
	id=$(readelf -n "$TOP/build/kernel/$v/vmlinux" | awk '/Build ID:/ { print $3; exit }')
	grep -qx "$id vmlinux" "$k/build-ids" || fail "$v: kernels/$v/build-ids does not name the build id $id of the vmlinux it booted"
done
grep -q "run: $(basename "$run"): " "$run/run.log" || fail "run.log does not hold the run's output"
awk -F= '$1 == "build_seconds" { b = $2 } $1 == "check_seconds" { c = $2 } END { exit !(b != "" && c != "" && b + 0 >= c + 0) }' "$run/run.info" ||
	fail "run.info's build_seconds/check_seconds are missing or build < check"
echo "ok: the run kept its kernels (build ids match), run.log; build $(sed -n 's/^build_seconds=//p' "$run/run.info") s"
# make again: the same jobs and settings into a new run (one variant here).
env -u VARIANTS make -s -C "$TOP" again RUN="$run" VARIANTS="$v1" PERF=0 >"$TMP/again.log" 2>&1 ||
	fail "make again failed: $(tail -n 5 "$TMP/again.log")"
again=$(readlink -f "$TOP/build/runs/latest")
[ "$again" != "$run" ] || fail "make again wrote no new run"
grep -qx "rerun_of=$(basename "$run")" "$again/run.info" || fail "the new run does not name the run it repeats"
cmp -s "$run/jobs" "$again/jobs" || fail "make again ran another job list"
for k in boots repeat vcpus order_seed accel; do
	[ "$(grep "^$k=" "$run/run.info")" = "$(grep "^$k=" "$again/run.info")" ] || fail "make again changed $k"
done
[ "$(grep -c "^$v1," "$again/$v1.csv")" -eq 27 ] || fail "make again's $v1.csv lacks the 27 records"
echo "ok: make again repeated $(basename "$run") as $(basename "$again") (same jobs, boots, passes, seed)"
rm -rf "$again"
ln -sfn "$(basename "$run")" "$TOP/build/runs/latest"
"$TOP/scripts/report/compare.sh" "$run" || fail "compare failed"
[ -s "$run/summary.csv" ] && [ -s "$run/pairs.csv" ] || fail "no summary/pairs"
[ -s "$run/compare/tables.md" ] || fail "no comparison tables"
[ -s "$run/findings.md" ] || fail "no findings"
# The report stage, not the boot stage, disassembles the kernels the run kept.
grep -q '_raw_spin_lock' "$run/disasm.md" || fail "compare wrote no disassembly of the run's kernels (disasm.md)"
# perf diff of each compared pair among the variants under test, its
# samples resolved by build id (module functions by name, not address).
. "$TOP/scripts/lib.sh"
diffs=0
for p in $(comparisons aa headline pair timed); do
	case " $VARIANTS_UNDER_TEST " in *" ${p%%:*} "*) ;; *) continue ;; esac
	case " $VARIANTS_UNDER_TEST " in *" ${p##*:} "*) ;; *) continue ;; esac
	d=$run/compare/perf-diff/${p%%:*}..${p##*:}.txt
	[ -s "$d" ] || fail "no perf diff for $p ($d)"
	# The perf job is contended spin_lock: lockbench.ko's lb_contend_spin_lock
	# and a lock function of the kernel, both by name on both sides.
	grep -q 'lb_contend_spin_lock' "$d" || fail "perf diff $p does not name lockbench.ko's lb_contend_spin_lock: $(grep -v '^#' "$d" | head -n 8)"
	grep -E -q '_raw_spin_(lock|unlock)|queued_spin|do_raw_spin' "$d" || fail "perf diff $p names no kernel lock function: $(grep -v '^#' "$d" | head -n 8)"
	echo "ok: perf diff $p: $(grep -c '%' "$d") symbol lines"
	diffs=$((diffs + 1))
done
checked $diffs "no pair of vm-configs/comparisons has both variants under test (CHECK_VARIANTS=$VARIANTS_UNDER_TEST): name a pair, e.g. CHECK_VARIANTS='pre-debug post-debug'"
# One boot per variant: the statistics must say so, not print a p.
grep -q ',n-too-small,' "$run/pairs.csv" || fail "1-boot pairs are not marked n-too-small"
! awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["p_rank"] !~ /nan/ { bad = 1 } END { exit !bad }' "$run/pairs.csv" ||
	fail "a p-value was printed from 1 boot per variant"
"$TOP/scripts/report/plots.sh" "$run" >/dev/null || fail "plots failed"
[ "$(ls "$run"/plots/*.png | wc -l)" -ge 7 ] || fail "graphs missing"
# Refusal: the same run compared against a copy claiming another host.
# A record file, told by its first line (derived tables sit beside it).
. "$TOP/scripts/lib.sh"
f=
for x in "$run"/*.csv; do
	is_record_file "$x" && { f=$x; break; }
done
[ -n "$f" ] || fail "no record file in $run"
awk -F, -v OFS=, 'NR == 2 { for (i = 1; i <= NF; i++) c[$i] = i } NR > 2 && !/^#/ { $c["host"] = "Other_host" } { print }' "$f" >"$TMP/other.csv"
rc=0
"$TOP/bench-user/lb-stat" summary -o "$TMP/mixed.csv" "$f" "$TMP/other.csv" 2>"$TMP/err" || rc=$?
[ $rc -eq 2 ] || fail "comparing runs from different hosts was not refused (rc $rc)"
grep -q host "$TMP/err" || fail "refusal does not say why: $(cat "$TMP/err")"
[ ! -e "$TMP/mixed.csv" ] || fail "a refused summary left a file behind"
echo "ok: comparison tables, findings, n-too-small on 1 boot, $(ls "$run"/plots/*.png | wc -l) graphs; host mismatch refused"
rm -rf "$run"
