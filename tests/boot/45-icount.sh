#!/usr/bin/env bash
# The instruction-count instrument on the variants under test:
#   - make icount's run (scripts/icount/run.sh: 2 boots, the default hot
#     jobs) gives byte-identical cost columns in both boots, whole
#     instructions, and a path-length table;
#   - make calibrate: every pad=N adds exactly N instructions and nothing
#     else moves (the timed half runs short here: 1 boot x 3 passes);
#   - perf still records on the icount machine.
. "$(dirname "$0")/lib.bash"
vs=$(echo $VARIANTS_UNDER_TEST | tr ' ' ,)
name=check-icount-$$
env LB_RUN_NAME=$name VARIANTS="$vs" BOOTS_ICOUNT=2 TIMEOUT=300 JOBFILE= \
	"$TOP/scripts/icount/run.sh" || fail "the icount run failed"
# One run directory: the path lengths are its icount/.
run=$TOP/build/runs/$name/icount
[ -f "$run/run.info" ] || fail "the icount run is not in build/runs/$name/icount"
[ ! -f "$run/failures.csv" ] || fail "icount boots failed: $(cat "$run/failures.csv")"
cost="overhead_cyc cyc_op cyc_p25 cyc_p75"
cols() { # results.csv -> seq,kind + the cost columns, by name, with their header
	awk -F, -v want="seq kind $cost" 'NR == 2 { n = split(want, w, " "); for (i = 1; i <= NF; i++) c[$i] = i; gsub(/ /, ",", want); print want; next }
		NR > 2 { line = ""; for (i = 1; i <= n; i++) line = line (i > 1 ? "," : "") $c[w[i]]; print line }' "$1"
}
for v in $VARIANTS_UNDER_TEST; do
	b1=$run/boots/$v/boot1/guest/results.csv b2=$run/boots/$v/boot2/guest/results.csv
	cols "$b1" >"$TMP/$v.1"
	cols "$b2" >"$TMP/$v.2"
	[ "$(($(wc -l <"$TMP/$v.1") - 1))" -eq 15 ] || fail "$v boot 1 has $(($(wc -l <"$TMP/$v.1") - 1)) hot records, expected 15"
	cmp -s "$TMP/$v.1" "$TMP/$v.2" || fail "$v: cost columns differ between boots: $(diff "$TMP/$v.1" "$TMP/$v.2" | head -n 6)"
	# Whole instructions: every cyc_op ends in .000.
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["cyc_op"] !~ /\.000$/ { bad = bad " " $c["kind"] "=" $c["cyc_op"] } END { if (bad) { print "not whole:" bad; exit 1 } }' "$TMP/$v.1" ||
		fail "$v: counts are not whole instructions"
	spin=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["kind"] == "spin_lock" { print $c["cyc_op"] }' "$TMP/$v.1")
	echo "ok: $v: 15 hot kinds, both boots byte-identical ($cost); spin_lock $spin instructions; boots $(cat "$run"/boots/"$v"/boot*/wall_s | paste -sd/ -) s wall"
done
grep -q '^| spin_lock |' "$run/pathlen.md" || fail "no spin_lock row in pathlen.md"
echo "ok: path-length table: $(grep -c '^| ' "$run/pathlen.md") lines"

# Calibration on the first variant under test.
v=${VARIANTS_UNDER_TEST%% *}
env LB_RUN_NAME=$name BOOTS=1 REPEAT=3 ACCEL=tcg "$TOP/scripts/calibrate/run.sh" "$v" || fail "calibrate failed on $v"
cal=$TOP/build/runs/$name/calibrate
grep -q '^icount=calibration: exact' "$cal/report.txt" || fail "icount calibration not exact: $(cat "$cal/report.txt")"
[ "$(grep -c '^ok   pad=' "$cal/icount.txt")" -eq "$(grep -c 'pad=' "$cal/icount-padded.jobs")" ] ||
	fail "not every pad was checked: $(cat "$cal/icount.txt")"
grep -q '^timed=resolution' "$cal/report.txt" || fail "no timed resolution line: $(cat "$cal/report.txt")"
# One boot per side is one replicate: no pad may be called resolved, and
# each row must say why (a p needs 3 boots a side; make all runs 10).
[ "$(grep -c '^[0-9]' "$cal/timed.txt")" -eq "$(grep -c 'pad=' "$cal/icount-padded.jobs")" ] ||
	fail "timed.txt does not have one row per pad: $(cat "$cal/timed.txt")"
! grep '^[0-9]' "$cal/timed.txt" | grep -v -q ',n-too-small$' ||
	fail "a p-value from 1 boot a side: $(grep '^[0-9]' "$cal/timed.txt" | grep -v 'n-too-small' | head -n 2)"
echo "ok: calibrate $v: $(sed -n 's/^icount=//p' "$cal/report.txt"); $(sed -n 's/^timed=//p' "$cal/report.txt")"

# perf on the icount machine: it records, and names a lock function.
env MACHINE=icount VCPUS= "$TOP/scripts/boot/perf.sh" "$v" "kind=spin_lock mode=hot batches=2000 batch_ops=1000 slope=1" \
	"$TMP/perf" || fail "perf under icount failed"
[ -s "$TMP/perf/perf.data" ] || fail "no perf.data under icount"
perf_top_ok "$TMP/perf/perf-top.txt" "$TOP/build/kernel/$v/vmlinux" ||
	fail "perf under icount: $(head "$TMP/perf/perf-top.txt")"
echo "ok: perf under icount: $(grep -v '^#' "$TMP/perf/perf-top.txt" | head -n 1 | tr -s ' ')"
rm -rf "$TOP/build/runs/$name"
