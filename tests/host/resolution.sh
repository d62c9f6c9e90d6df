#!/usr/bin/env bash
# lb-resolution finds the smallest pad the timed instrument resolves, says
# when none is, and refuses too few records, mixed units and records
# lb-stat would not compare (another vCPU count here).
. "${0%"${0##*/}"}../lib.bash"
bin=$TOP/bench-user/lb-resolution
fx=$TOP/tests/unit/fixtures/post-tcg.csv
# rec PAD NS...: spin_lock hot records of one pad, from the fixture's
# shape, the k-th value in boot k (the boot is the replicate).
rec() {
	local pad=$1 b=0
	shift
	for ns in "$@"; do
		b=$((b + 1))
		awk -F, -v OFS=, -v pad="$pad" -v ns="$ns" -v b="$b" 'NR == 2 { for (i = 1; i <= NF; i++) c[$i] = i }
			NR == 3 { $c["pad"] = pad; $c["ns_op"] = sprintf("%.3f", ns); $c["boot"] = b; print; exit }' "$fx"
	done
}
head -n 2 "$fx" >"$TMP/cal.csv"
rec 0 10 11 12 13 14 15 16 17 18 19 >>"$TMP/cal.csv"
rec 8 10.5 11 12 13 14 15 16 17 18 19 >>"$TMP/cal.csv"
rec 16 30 31 32 33 34 35 36 37 38 39 >>"$TMP/cal.csv"
"$TOP/bench-user/lb-validate" "$TMP/cal.csv" >/dev/null || fail "the fixture does not validate"
out=$("$bin" "$TMP/cal.csv") || fail "lb-resolution failed: $out"
grep -q '^resolution: smallest N resolved at Holm-adjusted p < 0.01: 16 instructions' <<<"$out" || fail "wrong resolution: $out"
grep -q '^8,10,.*,no$' <<<"$out" || fail "pad 8 should not be resolved: $out"
# 16 lies above every pad=0 boot: the exact rank-sum p is 2 / C(20, 10),
# the smallest the test can reach, and Holm over 2 pads doubles it.
grep -q '^16,10,.*,1.083e-05,1.083e-05,2.165e-05,2.165e-05,yes$' <<<"$out" || fail "pad 16: not the exact p 2/184756: $out"
echo "ok: $(tail -n 1 <<<"$out")"
head -n 2 "$fx" >"$TMP/none.csv"
rec 0 10 11 12 13 14 >>"$TMP/none.csv"
rec 8 10 11 12 13 14 >>"$TMP/none.csv"
rc=0
out=$("$bin" "$TMP/none.csv") || rc=$?
[ $rc -eq 3 ] && grep -q 'none of the pads was resolved' <<<"$out" || fail "unresolved run: rc $rc, $out"
echo "ok: none resolved -> exit 3"
head -n 2 "$fx" >"$TMP/one.csv"
rec 0 10 >>"$TMP/one.csv"
rec 8 10 >>"$TMP/one.csv"
rc=0
out=$("$bin" "$TMP/one.csv") || rc=$?
[ $rc -eq 3 ] && grep -q '^8,1,.*,n-too-small$' <<<"$out" || fail "one boot per pad: rc $rc, $out"
echo "ok: one boot per pad -> n too small, exit 3"
expect_error "mixed units" "the units do not mix" "$bin" "$TMP/cal.csv" "$TOP/tests/unit/fixtures/post-icount.csv"
# Another vCPU count is another experiment: refused as lb-stat refuses it.
awk -F, -v OFS=, 'NR == 2 { for (i = 1; i <= NF; i++) h[$i] = i } NR > 2 && !/^#/ { $h["vcpus"] = 4 } { print }' \
	"$TMP/cal.csv" >"$TMP/vcpus4.csv"
expect_error "mixed vCPU counts" "differ in vcpus" "$bin" "$TMP/cal.csv" "$TMP/vcpus4.csv"
"$bin" --force "$TMP/cal.csv" "$TMP/vcpus4.csv" >/dev/null || [ $? -eq 3 ] || fail "--force did not override the vCPU count"
expect_error "bad alpha" "--alpha 2: expected a number in \\(0, 1\\)" "$bin" --alpha 2 "$TMP/cal.csv"
