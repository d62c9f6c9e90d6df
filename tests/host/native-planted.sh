#!/usr/bin/env bash
# scripts/native/planted.sh: the chain calibration's planted changes as
# pairs, through lb-stat.  In a stand-in run, variant a's spin_lock gets
# 10% slower with one chain step in every process and variant b's does
# not change: a must be changed-no-floor at the smallest p ten processes
# a side can reach, b not-significant.
. "$(dirname "$0")/../lib.bash"
run=$TMP/run
mkdir -p "$run"
echo accel=native >"$run/run.info"
# Ten processes of a and b, one spin_lock hot record each (the unit
# fixture's row), and calibration rows of 0 and 1 steps.
for v in a b; do
	awk -F, -v OFS=, -v v="$v" 'FNR <= 2 { print; if (FNR == 2) for (i = 1; i <= NF; i++) h[$i] = i; next }
		/^#/ || $h["kind"] != "spin_lock" || $h["mode"] != "hot" { next }
		{ for (b = 1; b <= 10; b++) { $h["variant"] = v; $h["boot"] = b; print } exit }' \
		"$TOP/tests/unit/fixtures/pre.csv" >"$run/$v.csv"
done
{
	echo "variant,boot,steps,cyc_op,cyc_p25,cyc_p75,batches"
	for b in $(seq 10); do
		base=$((1200 + b))
		echo "a,$b,0,$base.000,0,0,100"
		echo "a,$b,1,$((base * 11 / 10)).000,0,0,100"
		echo "b,$b,0,$base.000,0,0,100"
		echo "b,$b,1,$((base + (b % 2 ? 3 : -3))).000,0,0,100"
	done
} >"$run/calibration.csv"
"$TOP/scripts/native/planted.sh" "$run" 1 >"$TMP/out" 2>"$TMP/err" || fail "planted.sh failed: $(cat "$TMP/err")"
declare -A V=() P=()
while IFS=, read -r _ other _ _ _ _ _ _ _ _ p verdict; do V[$other]=$verdict P[$other]=$p; done <"$TMP/out"
[ "${V[a+1]:-}" = changed-no-floor ] || fail "a, 10% slower with one step: '${V[a+1]:-none}', not changed-no-floor: $(cat "$TMP/out")"
[ "${P[a+1]:-}" = 1.083e-05 ] || fail "a's p is ${P[a+1]:-none}, not the smallest ten a side reach (2/184756)"
[ "${V[b+1]:-}" = not-significant ] || fail "b, unchanged: '${V[b+1]:-none}', not not-significant"
[ -f "$run/planted/pairs-1.csv" ] || fail "no planted/pairs-1.csv kept"
expect_error "no such chain" "has no chain of 3 steps" "$TOP/scripts/native/planted.sh" "$run" 3
expect_error "no calibration" "has no calibration.csv" "$TOP/scripts/native/planted.sh" "$TMP"
echo "ok: a planted 10% is changed at p ${P[a+1]}; no change is ${V[b+1]}"
