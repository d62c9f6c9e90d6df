#!/usr/bin/env bash
# lb-stat compare --slices on synthetic native runs
# (tests/fixtures/slices/gen.sh).  Two planted machine states, as on the
# Intel host: state 1 has pre 20 and post-debug 30 cycles a pair, state 2
# pre 24 and post-debug 36, and pre-debug moves the other way (34.5 in
# state 1, 34.3 in state 2), with 0.5% jitter and the state switching
# every 5 slices on average.  lb-stat states finds 2 states; compare per
# state recovers each state's costs within 0.5% and its changes within
# 0.5 points, with a verdict per state, and the sign of pre-debug ->
# post-debug differs between them.  The figures printed beside a change
# are the estimator's own; without --slices the records answer as before.
. "$(dirname "$0")/../lib.bash"
bin=$TOP/bench-user/lb-stat gen=$TOP/tests/fixtures/slices/gen.sh
[ -x "$bin" ] || fail "lb-stat is not built"
cd "$TMP"
cat >two.model <<'EOF'
state 1 probe 20 chain 1
state 2 probe 24 chain 1
cost pre spin_lock hot 20 24
cost pre~A spin_lock hot 20 24
cost post-debug spin_lock hot 30 36
cost pre-debug spin_lock hot 34.5 34.3
cost pre spin_lock contended 1000000 900000
cost pre~A spin_lock contended 1000000 900000
cost post-debug spin_lock contended 800000 700000
EOF
"$gen" two two.model seed=11 || fail "gen.sh failed"
cd two
"$bin" states -o states.csv --assign slice-states.csv slices.csv || fail "lb-stat states failed"
[ "$(awk 'END { print NR - 1 }' states.csv)" = 2 ] || fail "two planted states: $(cat states.csv)"
pairs=(--aa pre:pre~A --pair pre:pre~A --pair pre:post-debug --pair pre-debug:post-debug)
files=(pre.csv pre~A.csv post-debug.csv pre-debug.csv)
"$bin" compare "${pairs[@]}" -o records.csv "${files[@]}" || fail "compare without --slices failed"
"$bin" compare "${pairs[@]}" --slices slices.csv -o all.csv "${files[@]}" || fail "compare --slices failed"
for s in 1 2; do
	"$bin" compare "${pairs[@]}" --slices slices.csv --slice-states slice-states.csv --state "$s" -o "state$s.csv" \
		"${files[@]}" || fail "compare --state $s failed"
done
# Each state's hot cyc_op rows against the model: costs within 0.5%,
# changes within 0.5 points, a verdict each; state 1's pre-debug ->
# post-debug falls (-13.04%), state 2's rises (+4.96%).
check() { # FILE STATE: what is wrong with its rows, one line each
	awk -F, -v st="$2" 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
	BEGIN { cost["pre", 1] = 20; cost["pre", 2] = 24; cost["post-debug", 1] = 30; cost["post-debug", 2] = 36
		cost["pre-debug", 1] = 34.5; cost["pre-debug", 2] = 34.3; cost["pre~A", 1] = 20; cost["pre~A", 2] = 24 }
	function off(got, want) { d = got / want - 1; return d < 0 ? -d : d }
	$h["mode"] == "hot" && $h["metric"] == "cyc_op" {
		n++; b = $h["base"]; o = $h["other"]; pct = 100 * (cost[o, st] / cost[b, st] - 1)
		if ($h["state"] != st) print "state column " $h["state"] ", not " st
		if ($h["estimator"] != "slice-ratios") print b " -> " o ": estimator " $h["estimator"]
		if (off($h["median_base"], cost[b, st]) > 0.005) print b " costs " $h["median_base"] " in state " st ", planted " cost[b, st]
		if (off($h["median_other"], cost[o, st]) > 0.005) print o " costs " $h["median_other"] " in state " st ", planted " cost[o, st]
		d = $h["pct_change"] - pct; if (d > 0.5 || d < -0.5) print b " -> " o ": " $h["pct_change"] "% in state " st ", planted " pct "%"
		want = b == "pre" && o == "pre~A" ? "a-a" : "changed"
		if ($h["verdict"] != want) print b " -> " o ": " $h["verdict"] " in state " st ", not " want }
	END { if (n != 3) print n + 0 " hot cyc_op rows, not 3" }' "$1"
}
for s in 1 2; do
	why=$(check "state$s.csv" "$s")
	[ -z "$why" ] || fail "$why"
done
read -r d1 d2 < <(awk -F, 'FNR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
	$h["base"] == "pre-debug" && $h["mode"] == "hot" && $h["metric"] == "cyc_op" { d = d " " $h["pct_change"] } END { print d }' state1.csv state2.csv)
echo "ok: two states recovered: pre-debug -> post-debug $d1% in state 1, $d2% in state 2, each changed"
# Over both states, pre -> post-debug (+50% in each) from adjacent slices,
# which share their state: within 0.5 points, its CI at most +-1 point,
# where the records' per-process medians, mixing states, spread widely.
read -r sp slo shi rlo rhi < <(awk -F, 'FNR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
	$h["base"] == "pre" && $h["other"] == "post-debug" && $h["mode"] == "hot" && $h["metric"] == "cyc_op" {
		if (FILENAME == "all.csv") s = $h["pct_change"] " " $h["pct_lo"] " " $h["pct_hi"]; else r = $h["pct_lo"] " " $h["pct_hi"] }
	END { print s, r }' all.csv records.csv)
awk -v p="$sp" -v lo="$slo" -v hi="$shi" 'BEGIN { exit !(p > 49.5 && p < 50.5 && hi - lo <= 2) }' ||
	fail "pre -> post-debug over both states: $sp% [$slo, $shi] from slices, want +50% +-1 (records: [$rlo, $rhi])"
echo "ok: over both states, adjacent slices give $sp% [$slo, $shi]; the records' medians [$rlo, $rhi]"

# The figures are the estimator's own: median_other is median_base
# times the change, to the 6 digits printed.
awk -F, 'FNR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } $h["estimator"] == "slice-ratios" {
		n++; want = $h["median_base"] * (1 + $h["pct_change"] / 100); d = $h["median_other"] / want - 1
		if (d > 2e-5 || d < -2e-5) { print; bad = 1 } }
	END { exit bad || n < 9 }' all.csv state1.csv state2.csv >own || fail "median_other is not median_base x (1 + change): $(head -n 2 own)"
# A state's rows are its slices' only: no wait percentiles (records); the
# run's whole compare keeps them from the records, as without --slices.
awk -F, 'FNR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } $h["metric"] ~ /^wait/ { n[FILENAME]++ }
	END { exit !(n["all.csv"] > 0 && n["all.csv"] == n["records.csv"] && !n["state1.csv"]) }' all.csv records.csv state1.csv ||
	fail "wait percentiles: from the records in the whole compare, none in a state's"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } $h["estimator"] != "replicate-ratios" || $h["state"] != "all" { bad = 1 }
	END { exit bad }' records.csv || fail "without --slices a row is not the records' replicate-ratios"
echo "ok: figures are the estimator's own; records answer what slices cannot"

expect_error "--state without --slice-states" "usage:" "$bin" compare --pair pre:post-debug --slices slices.csv --state 1 -o x.csv pre.csv post-debug.csv
expect_error "--slice-states without --slices" "usage:" "$bin" compare --pair pre:post-debug --slice-states slice-states.csv --state 1 -o x.csv pre.csv post-debug.csv
expect_error "--slices on summary" "usage:" "$bin" summary --slices slices.csv -o x.csv pre.csv
head -n 5 slice-states.csv | sed '2s/^1,/99,/' >other-states.csv
expect_error "states of another run" "no slice 1 of process 99" \
	"$bin" compare --pair pre:post-debug --slices slices.csv --slice-states other-states.csv --state 1 -o x.csv pre.csv post-debug.csv
[ ! -e x.csv ] || fail "a refused call left a file"
