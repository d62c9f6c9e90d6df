#!/usr/bin/env bash
# Fairness against threads (plots/series.awk on Jain's index, drawn by
# plots/contended.gp with fair=1): the reshaper against the SYNTHETIC
# fixture (tests/fixtures/plots, gen.awk's v3 rows), then plots.sh with
# that summary as the run's native one: the graph named native-fairness,
# a panel per kind and shape, the host in its subtitle; and a native
# summary of v2 records (the published one: no jain rows) draws none.
# shellcheck source=tests/lib.bash
. "$(dirname "$0")/../lib.bash"
command -v gnuplot >/dev/null || skip "gnuplot is not installed"
export LC_ALL=C
fix=$TOP/tests/fixtures/plots
series() { awk -f "$TOP/plots/csv.awk" -f "$TOP/plots/series.awk" "$@"; }

# 1. The reshaper: a block per variant, threads median lo hi oversub, from
# 2 threads (a thread alone has no fairness); gen.awk's pre: 1 - 0.04 (t -
# 1) - 0.005, CI +-0.0072; oversubscribed from 3 threads.
series -v kind=spin_lock -v shape=100/200/any -v metrics=jain -v variants="pre pre-debug" "$fix/summary.csv" >"$TMP/fair.dat"
got=$(awk '/^# pre$/ { on = 1; next } /^# / { on = 0 } on && NF { print }' "$TMP/fair.dat" | paste -sd';')
want="2 0.955 0.9478 0.9622 0;3 0.915 0.9078 0.9222 1;4 0.875 0.8678 0.8822 1"
[ "$got" = "$want" ] || fail "series.awk, jain of pre: got '$got', want '$want'"
# The debug twin falls twice as fast (gen.awk's dbg = 2).
got=$(awk '/^# pre-debug$/ { on = 1; next } on && $1 == 4 { print $2; exit }' "$TMP/fair.dat")
[ "$got" = 0.75 ] || fail "series.awk, jain of pre-debug at 4 threads: got '$got', want 0.75"
echo "ok: series.awk gives Jain's index per variant and thread count from 2 threads"

# 2. The graph, from a native summary with jain rows.
run=$TMP/run
cp -r "$fix" "$run"
mkdir -p "$run/native"
cp "$fix/summary.csv" "$run/native/"
cp "$TOP"/results/native/{run.info,host-facts.txt} "$run/native/"
bash "$TOP/scripts/report/plots.sh" "$run" >"$TMP/out" 2>&1 || fail "plots.sh failed: $(cat "$TMP/out")"
svg=$run/plots/native-fairness.svg
[ -s "$svg" ] && [ -s "$run/plots/native-fairness.png" ] || fail "no native-fairness graph for a native summary with jain rows: $(cat "$TMP/out")"
cpu=$("$TOP/scripts/report/host-name.sh" "$TOP/results/native/host-facts.txt") # as every graph names it
for want in "Native fairness against threads" "Jain's index, 1/threads to 1" "1 = equal shares" "native (rdtsc), $cpu" \
	"threads (one per CPU)" "hold 2000 ns, parallel 100 ns" "rwlock_mix, 90% read"; do
	grep -q -F -e "$want" "$svg" || fail "native-fairness.svg lacks '$want'"
done
# Every variant in the key, the line at 1 after them (keys of 8 and of 10
# entries once ran off the canvas).
keyed=0
for v in $(sed -n 's/^variants=//p' "$TOP/results/native/run.info"); do
	grep -q "<text>$v</text>" "$svg" || fail "native-fairness.svg: variant $v is not in the key"
	keyed=$((keyed + 1))
done
checked $keyed "results/native/run.info names no variants"
n=$(grep -c '^#variants' "$run"/plots/data/fair-*.dat | awk -F: '{ s += $2 } END { print s }')
[ "$n" -ge 2 ] || fail "native-fairness: $n panels' data, want one per kind and shape"
! grep -i warning "$TMP/out" || fail "plots.sh printed a warning (above)"
echo "ok: native-fairness: $n panels, Jain's index, the host $cpu"

# 2b. Two placements: a panel per kind, shape and placement, each named
# with its placement; the jain rows copied at placement llc, lower.
np1=$(find "$run/plots/data" -name 'fair-*.dat' | wc -l)
# (gen.awk gives some kinds the same Jain's index: distinct data, counted)
distinct() { for f in "$run"/plots/data/fair-*.dat; do grep -v '^#' "$f" | md5sum; done | sort -u | wc -l; }
nd1=$(distinct)
awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next } { print }
	$c["mode"] == "contended" && $c["metric"] == "jain" { $c["placement"] = "llc"; $c["median"] /= 2; $c["ci_lo"] /= 2; $c["ci_hi"] /= 2; print }' \
	"$fix/summary.csv" >"$run/native/summary.csv"
rm -r "$run/plots"
bash "$TOP/scripts/report/plots.sh" "$run" >"$TMP/out" 2>&1 || fail "plots.sh failed with two placements: $(cat "$TMP/out")"
np2=$(find "$run/plots/data" -name 'fair-*.dat' | wc -l)
[ "$np2" -eq $((2 * np1)) ] || fail "native-fairness: two placements drew $np2 panels, want twice one placement's $np1"
nd2=$(distinct)
[ "$nd2" -eq $((2 * nd1)) ] || fail "native-fairness: two placements' panels hold $nd2 distinct data, want twice one placement's $nd1"
for p in any llc; do
	grep -q "placement $p" "$run/plots/native-fairness.svg" || fail "native-fairness: no panel titled with placement $p"
done
echo "ok: native-fairness: two placements draw $np2 panels, each titled with its placement"

# 3. A native summary of v2 records has no jain rows: no graph, a note.
# (The published summary with its v3 columns' rows taken out.)
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
	$c["metric"] !~ /^(jain|fair_ratio|handoff_ns|hold_meas_ns|par_meas_ns|lock_ovh_ns|all_run_pct)$/' \
	"$TOP/results/native/summary.csv" >"$run/native/summary.csv"
bash "$TOP/scripts/report/plots.sh" "$run" >"$TMP/out" 2>&1 || fail "plots.sh failed on a v2 native summary: $(cat "$TMP/out")"
[ ! -e "$run/plots/native-fairness.svg" ] || fail "a native-fairness graph drawn from a summary without jain rows"
grep -q 'native-fairness: no contended jain rows' "$TMP/out" || fail "no note that the native summary has no jain rows: $(cat "$TMP/out")"
echo "ok: a v2 native summary draws no fairness graph, and says so"
