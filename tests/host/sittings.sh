#!/usr/bin/env bash
# scripts/report/hosts/sittings.sh: one A/A pair across native sittings.  Two
# stand-in runs whose A/A change is +0.50% and -0.30% and whose base
# median is 10 and 11 cycles: the spreads are 0.80 points and 10.0%.
. "$(dirname "$0")/../lib.bash"
sitting() { # NAME AA_PCT MEDIAN
	local d=$TMP/$1/native
	mkdir -p "$d"
	printf 'run_id=native\naccel=native\n' >"$d/run.info"
	echo aa_pair=pre:post >"$d/stat.info"
	{
		echo "base,other,kind,mode,metric,pct_change,pct_lo,pct_hi,floor_pct,verdict"
		echo "pre,post,spin_lock,hot,cyc_op,$2,-1,1,1.5,a-a"
		echo "pre,post,spin_lock,hot,ns_op,9,-1,1,1.5,a-a"
		echo "pre,pre-debug,spin_lock,hot,cyc_op,30,29,31,1.5,changed"
	} >"$d/pairs.csv"
	{
		echo "variant,kind,mode,metric,median"
		echo "pre,spin_lock,hot,cyc_op,$3"
		echo "post,spin_lock,hot,cyc_op,99"
	} >"$d/summary.csv"
}
sitting one 0.5 10
sitting two -0.3 11
"$TOP/scripts/report/hosts/sittings.sh" "$TMP/one/native" "$TMP/two/native" >"$TMP/out" 2>"$TMP/err" ||
	fail "sittings.sh failed: $(cat "$TMP/err")"
row=$(grep '^| spin_lock |' "$TMP/out") || fail "no spin_lock row: $(cat "$TMP/out")"
[[ $(head -n 1 "$TMP/out") == "| kind | one | two |"* ]] || fail "the sittings are not named by their runs: $(head -n 1 "$TMP/out")"
[[ $row == *"+0.50 [-1.00, +1.00], ±1.50; 10.00 | -0.30 [-1.00, +1.00], ±1.50; 11.00 | 0.80 | 10.0 |" ]] ||
	fail "spin_lock across two sittings: $row"
expect_error "one sitting" "two or more native runs" "$TOP/scripts/report/hosts/sittings.sh" "$TMP/one/native"
rm "$TMP/two/native/summary.csv"
expect_error "no summary" "has no summary.csv" "$TOP/scripts/report/hosts/sittings.sh" "$TMP/one/native" "$TMP/two/native"
echo "ok: $row"
