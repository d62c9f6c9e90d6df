#!/usr/bin/env bash
# lb-resolution finds the smallest pad the timed instrument resolves, says
# when none is, and refuses too few records, mixed units and records
# lb-stat would not compare (another vCPU count here).
. "$(dirname "$0")/../lib.bash"
bin=$TOP/bench-user/lb-resolution
fx=$TOP/tests/unit/fixtures/post-tcg.csv
# recs "PAD NS..."...: the fixture's two header lines, then per argument
# spin_lock hot records of one pad, from the fixture's shape, the k-th
# value in boot k (the boot is the replicate).  One awk for the file.
recs() {
	awk -F, -v OFS=, -v specs="$(printf '%s\n' "$@")" 'NR <= 2 { print } NR == 2 { for (i = 1; i <= NF; i++) c[$i] = i }
		NR == 3 { ns = split(specs, sp, "\n")
			for (s = 1; s <= ns; s++) { n = split(sp[s], v, " ")
				for (b = 2; b <= n; b++) { $c["pad"] = v[1]; $c["ns_op"] = sprintf("%.3f", v[b]); $c["boot"] = b - 1; print } }
			exit }' "$fx"
}
recs "0 10 11 12 13 14 15 16 17 18 19" "8 10.5 11 12 13 14 15 16 17 18 19" "16 30 31 32 33 34 35 36 37 38 39" >"$TMP/cal.csv"
"$TOP/bench-user/lb-validate" "$TMP/cal.csv" >/dev/null || fail "the fixture does not validate"
out=$("$bin" "$TMP/cal.csv") || fail "lb-resolution failed: $out"
# (The output's lines matched in bash, as grep -q on it would.)
line() { local l; while IFS= read -r l; do [[ $l =~ $1 ]] && return 0; done <<<"$out"; return 1; }
line '^resolution: smallest N resolved at Holm-adjusted p < 0\.01: 16 instructions' || fail "wrong resolution: $out"
line '^8,10,.*,no$' || fail "pad 8 should not be resolved: $out"
# 16 lies above every pad=0 boot: the exact rank-sum p is 2 / C(20, 10),
# the smallest the test can reach, and Holm over 2 pads doubles it.
line '^16,10,.*,1\.083e-05,1\.083e-05,2\.165e-05,2\.165e-05,yes$' || fail "pad 16: not the exact p 2/184756: $out"
echo "ok: ${out##*$'\n'}"
recs "0 10 11 12 13 14" "8 10 11 12 13 14" >"$TMP/none.csv"
rc=0
out=$("$bin" "$TMP/none.csv") || rc=$?
[ $rc -eq 3 ] && line 'none of the pads was resolved' || fail "unresolved run: rc $rc, $out"
echo "ok: none resolved -> exit 3"
recs "0 10" "8 10" >"$TMP/one.csv"
rc=0
out=$("$bin" "$TMP/one.csv") || rc=$?
[ $rc -eq 3 ] && line '^8,1,.*,n-too-small$' || fail "one boot per pad: rc $rc, $out"
echo "ok: one boot per pad -> n too small, exit 3"
expect_error "mixed units" "the units do not mix" "$bin" "$TMP/cal.csv" "$TOP/tests/unit/fixtures/post-icount.csv"
# Another vCPU count is another experiment: refused as lb-stat refuses it.
awk -F, -v OFS=, 'NR == 2 { for (i = 1; i <= NF; i++) h[$i] = i } NR > 2 && !/^#/ { $h["vcpus"] = 4 } { print }' \
	"$TMP/cal.csv" >"$TMP/vcpus4.csv"
expect_error "mixed vCPU counts" "differ in vcpus" "$bin" "$TMP/cal.csv" "$TMP/vcpus4.csv"
"$bin" --force "$TMP/cal.csv" "$TMP/vcpus4.csv" >/dev/null || [ $? -eq 3 ] || fail "--force did not override the vCPU count"
expect_error "bad alpha" "--alpha 2: expected a number in \\(0, 1\\)" "$bin" --alpha 2 "$TMP/cal.csv"
