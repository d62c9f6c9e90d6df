#!/usr/bin/env bash
# lb-stat compare --tsc-step on a synthetic native run whose TSC advances
# 26 ticks at a time (tests/fixtures/slices/gen.sh step=26: every per-op
# figure a multiple of 0.026 cycles, as on the Zen 4 host): each cycles
# and ns row's quantum is 26 ticks over the batch's 1000 ops, its floor at
# least that, and no CI has zero width although pre, pre~A and post read
# the same in every process.
. "$(dirname "$0")/../lib.bash"
bin=$TOP/bench-user/lb-stat gen=$TOP/tests/fixtures/slices/gen.sh
[ -x "$bin" ] || fail "lb-stat is not built"
cd "$TMP"
printf '%s\n' "state 1 probe 20 chain 1" "cost pre spin_lock hot 5.564" "cost pre~A spin_lock hot 5.564" \
	"cost post spin_lock hot 5.564" "cost pre read_lock hot 7.8" "cost pre~A read_lock hot 7.8" \
	"cost post read_lock hot 7.8" "cost pre spin_lock contended 1000000" "cost pre~A spin_lock contended 1000000" \
	"cost post spin_lock contended 1000000" >run.model
"$gen" run run.model step=26 jitter=0.001 || fail "gen.sh failed"
# The records say what the Zen 4 run's do: multiples of 0.026.
awk -F, 'NR == 2 { for (i = 1; i <= NF; i++) h[$i] = i; next } NR > 2 { n++; v = $h["cyc_op"] * 1000; if (v % 26) bad++ }
	END { exit bad || n < 30 }' run/pre.csv run/post.csv || fail "the generated figures are not multiples of 0.026"
for k in 1 26; do
	(cd run && "$bin" compare --tsc-step "$k" --aa pre:pre~A --pair pre:pre~A --pair pre:post -o "../step$k.csv" \
		pre.csv pre~A.csv post.csv) || fail "compare --tsc-step $k failed"
done
# The same from adjacent slices.
(cd run && "$bin" compare --tsc-step 26 --slices slices.csv --aa pre:pre~A --pair pre:pre~A --pair pre:post \
	-o ../slices26.csv pre.csv pre~A.csv post.csv) || fail "compare --slices --tsc-step 26 failed"
grep -q ',slice-ratios,' slices26.csv || fail "compare --slices measured no row from the slices"
# Every cycles and ns row: its quantum is 26 ticks over 1000 ops of its
# median (ns at the records' 2 GHz), its floor at least that, its CI wider.
for f in step26.csv slices26.csv; do
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
		function v(c) { return $h[c] + 0 }
		$h["metric"] ~ /^(cyc_op|ns_op)$/ {
			n++; tick = $h["metric"] == "ns_op" ? 13 : 26
			want = 100 * tick / 1000 / v("median_base")
			if ((v("quantum_pct") - want) ^ 2 > (1e-3 * want) ^ 2) { print "quantum " $h["quantum_pct"] ", want " want ": " $0; bad = 1 }
			if (v("floor_pct") < v("quantum_pct") * 0.9999) { print "floor under the quantum: " $0; bad = 1 }
			if (!(v("pct_hi") - v("pct_lo") >= v("quantum_pct") * 0.9999)) { print "CI narrower than the quantum: " $0; bad = 1 }
			if (!(v("pct_lo") <= v("pct_change") && v("pct_change") <= v("pct_hi"))) { print "CI misses the change: " $0; bad = 1 } }
		END { exit bad || n < 8 }' "$f" >bad || fail "$f: $(head -n 3 bad)"
done
# At a step of 1 the quantum is 26 times finer, and still no CI has zero width.
# (The two files list the same rows in the same order.)
awk -F, 'FNR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } { q = $h["quantum_pct"] }
	FILENAME == "step1.csv" { one[FNR] = q; next }
	q != "nan" && $h["metric"] ~ /^(cyc_op|ns_op)$/ { n++; if ((q - 26 * one[FNR]) ^ 2 > (1e-3 * q) ^ 2) { print; bad = 1 } }
	END { exit bad || !n }' step1.csv step26.csv >ratio || fail "the quantum at step 26 is not 26 times step 1's: $(head -n 2 ratio)"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } $h["metric"] ~ /^(cyc_op|ns_op)$/ && $h["pct_lo"] == $h["pct_hi"] { print; bad = 1 }
	END { exit bad }' step1.csv >zero || fail "a CI of zero width at step 1: $(head -n 2 zero)"
echo "ok: a TSC stepping by 26: quantum 26 ticks over 1000 ops, floors at least that, no CI of zero width"
# A wait percentile is one op's wait, in a histogram bucket: the
# generated runs' 100 ns p50 (200 cycles at 2 GHz, in a bucket of 16
# cycles) resolves 8 ns at a step of 1 and 13 ns (26 ticks) at 26; their
# 1000 ns maximum, no bucket, 1 ns (whole ns) and 13 ns.
for k in 1 26; do
	awk -F, -v k="$k" 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
		BEGIN { want["wait_p50_ns", 1] = 8; want["wait_p50_ns", 26] = 13; want["wait_max_ns", 1] = 0.1; want["wait_max_ns", 26] = 1.3 }
		$h["metric"] ~ /^wait_(p50|max)_ns$/ { n++; w = want[$h["metric"], k]
			if (!($h["quantum_pct"] + 0 > 0) || ($h["quantum_pct"] - w) ^ 2 > (1e-3 * w) ^ 2) { print "quantum " $h["quantum_pct"] "%, want " w "%: " $0; bad = 1 }
			if (!($h["pct_hi"] - $h["pct_lo"] > 0)) { print "CI narrower than the quantum: " $0; bad = 1 } }
		END { exit bad || n != 4 }' "step$k.csv" >wait || fail "waits at a step of $k: $(head -n 2 wait)"
done
echo "ok: wait percentiles: a bucket or a step, whichever is wider, and no CI of zero width"
