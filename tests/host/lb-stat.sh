#!/usr/bin/env bash
# lb-stat from the command line, on the unit fixtures spread over 10
# boots: the columns and verdicts it writes, refusals (accelerator, vCPUs,
# host: unless --force; units: always), corrupt input named by file:line,
# bad options, no overwriting, and byte-identical output for one seed.
. "$(dirname "$0")/../lib.bash"
bin=$TOP/bench-user/lb-stat fx=$TOP/tests/unit/fixtures
[ -x "$bin" ] || fail "lb-stat is not built"
# Boot k gets every record whose line number is k mod 10: 10 boots a side.
# (One awk for every fixture, each written under its own name in $TMP.)
awk -F, -v OFS=, -v dir="$TMP" 'FNR == 1 { out = FILENAME; sub(/.*\//, "", out); out = dir "/" out }
	FNR == 2 { for (i = 1; i <= NF; i++) h[$i] = i } FNR > 2 && !/^#/ { $h["boot"] = FNR % 10 + 1 } { print > out }' \
	"$fx/pre.csv" "$fx/post.csv" "$fx/post-failed.csv" "$fx/post-vcpus4.csv" "$fx/post-otherhost.csv" "$fx/post-icount.csv"
cd "$TMP"

"$bin" compare --aa pre:post --pair pre:post -o pairs.csv pre.csv post.csv ||
	fail "compare failed"
render() { "$TOP/scripts/report/render.sh" "$@"; }
render tables pairs.csv >tables.md
# spin_lock hot ns_op's columns, read once; the bounds checked in one awk.
read -r n_base verdict p_rank p_min p_holm_min m < <(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
	$h["kind"] "," $h["mode"] "," $h["metric"] == "spin_lock,hot,ns_op" {
		print $h["n_base"], $h["verdict"], $h["p_rank"], $h["p_min"], $h["p_holm_min"], $h["family_size"]; exit }' pairs.csv) || true
[ "$n_base" = 10 ] || fail "spin_lock hot: n_base is $n_base, not 10 boots"
[ "$verdict" = a-a ] || fail "the A/A pair's verdict is $verdict, not a-a"
# 10 boots a side: the smallest p is 2 / C(20, 10), and Holm's is m times it.
why=$(awk -v p="$p_rank" -v q="$p_min" -v h="$p_holm_min" -v m="$m" 'BEGIN {
	if (!(p > 0 && p <= 1)) print "no rank-sum p"
	else if (!(q > 1.08e-5 && q < 1.09e-5)) print "p_min is " q ", not 2/184756"
	else if (!(m > 0 && h > 0.999 * m * q && h < 1.001 * m * q)) print "p_holm_min is not m x p_min" }')
[ -z "$why" ] || fail "$why"
grep -q '^### pre → post' tables.md || fail "no table for pre → post"
echo "ok: compare: 10 boots a side, a rank-sum p, its floor 2/184756, the A/A verdict, a table"

# A copy of the A/A's other side changes exactly as much as the A/A: within
# noise, although its p is small.  The same side with ns and cycles doubled is a
# change.
# (post2 is sed '3,$s/^post,/post2,/', from the same awk.)
awk -F, -v OFS=, 'NR == 2 { for (i = 1; i <= NF; i++) h[$i] = i } { l = $0 } NR > 2 && sub(/^post,/, "post2,", l) {}
	{ print l > "post2.csv" } NR > 2 && !/^#/ { $h["variant"] = "post3"; $h["ns_op"] = sprintf("%.3f", 2 * $h["ns_op"]); $h["cyc_op"] = sprintf("%.3f", 2 * $h["cyc_op"]) } { print > "post3.csv" }' post.csv
# post4 is pre under another name: no change, a large p, below the floor.
sed '3,$s/^pre,/post4,/' pre.csv >post4.csv
# post5 is post with 6 boots of 10 half as slow again: the point change is
# large, but resamples with more fast boots reach inside the floor.
awk -F, -v OFS=, 'NR == 2 { for (i = 1; i <= NF; i++) h[$i] = i } NR > 2 && !/^#/ {
	$h["variant"] = "post5"; if ($h["boot"] <= 6) { $h["ns_op"] = sprintf("%.3f", 1.5 * $h["ns_op"]); $h["cyc_op"] = sprintf("%.3f", 1.5 * $h["cyc_op"]) } } { print }' post.csv >post5.csv
"$bin" compare --aa pre:post --pair pre:post --pair pre:post2 --pair pre:post3 --pair pre:post4 --pair pre:post5 -o p2.csv \
	pre.csv post.csv post2.csv post3.csv post4.csv post5.csv
render findings -v accel=tcg p2.csv >f2.md
# Each other side's spin_lock hot ns_op verdict and Holm p, read once.
declare -A V=() HP=()
while read -r o v hp; do V[$o]=$v HP[$o]=$hp; done < <(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
	$h["kind"] == "spin_lock" && $h["mode"] == "hot" && $h["metric"] == "ns_op" { print $h["other"], $h["verdict"], $h["p_holm"] }' p2.csv)
verdict() { echo "${V[$1]:-} (Holm p ${HP[$1]:-})"; }
[ "${V[post2]:-}" = within-noise ] || fail "a copy of the A/A side is '$(verdict post2)', not within-noise"
[ "${V[post4]:-}" = within-noise ] || fail "no change at all is '$(verdict post4)', not within-noise"
[ "${V[post3]:-}" = changed ] || fail "doubled ns_op is '$(verdict post3)', not changed"
grep -q 'pre → post3.*spin_lock hot, ns_op' f2.md || fail "the change is not in the findings: $(cat f2.md)"
! grep -q 'post2' f2.md || fail "a within-noise change is in the findings"
# Every change at or below the floor is within noise, whatever its p.
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
	$h["verdict"] !~ /^(a-a|n-too-small|no-ratio)$/ && $h["floor_pct"] != "nan" {
		d = $h["pct_change"] + 0; if (d < 0) d = -d
		if (d <= $h["floor_pct"] + 0 && $h["verdict"] != "within-noise") { print; bad = 1 } }
	END { exit bad }' p2.csv >below || fail "a change below the floor is not within-noise: $(head -n 2 below)"
echo "ok: as large as the A/A: within-noise (Holm p ${HP[post2]}); doubled: changed, and in the findings"
# Verdicts on intervals: a change is "changed" only with its whole CI
# beyond the floor on one side; its delta is median_base x pct / 100.
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
	function v(c) { return $h[c] + 0 }
	$h["verdict"] == "changed" && !(v("pct_lo") > v("floor_pct") || v("pct_hi") < -v("floor_pct")) { print "CI inside the floor: " $0; bad = 1 }
	$h["verdict"] != "changed" && $h["verdict"] !~ /^(a-a|n-too-small|no-ratio)$/ && $h["p_holm"] + 0 < 0.05 &&
		(v("pct_lo") > v("floor_pct") || v("pct_hi") < -v("floor_pct")) { print "CI clear of the floor, not changed: " $0; bad = 1 }
	$h["pct_change"] != "nan" && ((d = v("delta") - v("median_base") * v("pct_change") / 100) > 1e-4 * v("median_base") || -d > 1e-4 * v("median_base")) {
		print "delta is not median_base x pct: " $0; bad = 1 }
	END { exit bad }' p2.csv >ci || fail "$(head -n 2 ci)"
# The cycles row's delta_ns (at the records' TSC rate) is the ns row's.
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
	$h["pct_change"] != "nan" && $h["metric"] ~ /^(ns_op|cyc_op)$/ {
		k = $h["other"] " " $h["kind"] " " $h["mode"]; d[k, $h["metric"]] = $h["delta_ns"] + 0; keys[k] = 1 }
	END { for (k in keys) { a = d[k, "ns_op"]; b = d[k, "cyc_op"]; m = (a < 0 ? -a : a)
		if ((a - b) ^ 2 > (0.01 * m + 1e-3) ^ 2) { print k ": ns row " a " ns, cycles row " b " ns"; bad = 1 } }
		exit bad }' p2.csv >dns || fail "delta_ns disagrees between the ns and cycles rows: $(head -n 2 dns)"
echo "ok: every changed row's CI clears the floor; deltas in the unit agree with the %, in ns with the ns rows"

# The layout pair: pre against a copy of itself whose boots move by up to
# x2 or x0.5 (as one variant at another layout might), beside post6, post 60%
# slower.  post6 clears the A/A floor with --layout or without: the layout
# pair sets no floor.  It is a research pair with a verdict of its own,
# not a-a.
awk -F, -v OFS=, 'NR == 2 { for (i = 1; i <= NF; i++) h[$i] = i } NR > 2 && !/^#/ {
	f = $h["boot"] % 2 ? 2 : 0.5; $h["variant"] = "preL2"; $h["ns_op"] = sprintf("%.3f", f * $h["ns_op"]); $h["cyc_op"] = sprintf("%.3f", f * $h["cyc_op"]) } { print }' pre.csv >preL2.csv
awk -F, -v OFS=, 'NR == 2 { for (i = 1; i <= NF; i++) h[$i] = i } NR > 2 && !/^#/ {
	$h["variant"] = "post6"; $h["ns_op"] = sprintf("%.3f", 1.6 * $h["ns_op"]); $h["cyc_op"] = sprintf("%.3f", 1.6 * $h["cyc_op"]) } { print }' post.csv >post6.csv
row() { # FILE BASE OTHER: spin_lock hot cyc_op's verdict, floor_by and floor
	awk -F, -v b="$2" -v o="$3" 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
		$h["base"] == b && $h["other"] == o && $h["kind"] == "spin_lock" && $h["mode"] == "hot" && $h["metric"] == "cyc_op" {
			print $h["verdict"], $h["floor_by"], $h["floor_pct"] }' "$1"
}
"$bin" compare --aa pre:post --pair pre:post --pair pre:post6 --pair pre:preL2 -o nol.csv pre.csv post.csv post6.csv preL2.csv
"$bin" compare --aa pre:post --layout pre:preL2 --pair pre:post --pair pre:post6 --pair pre:preL2 -o lay.csv \
	pre.csv post.csv post6.csv preL2.csv
read -r v1 by1 f1 < <(row nol.csv pre post6) || true
read -r v2 by2 f2 < <(row lay.csv pre post6) || true
read -r v3 by3 _ < <(row lay.csv pre preL2) || true
[ "$v1 $by1" = "changed a-a" ] || fail "post 60% slower without --layout: '$v1' by '$by1' (floor $f1), not changed by a-a"
[ "$v2 $by2 $f2" = "changed a-a $f1" ] ||
	fail "post 60% slower with --layout: '$v2' by '$by2' (floor $f2), not changed by the same a-a floor ($f1)"
[ "$by3" = a-a ] && [ -n "$v3" ] && [ "$v3" != a-a ] || fail "the layout pair's own verdict is '$v3' by '$by3', not a research pair's over the A/A floor"
expect_error "--layout not a pair" "--layout pre:preL2 is not one of the --pair" \
	"$bin" compare --aa pre:post --layout pre:preL2 --pair pre:post -o x.csv pre.csv post.csv preL2.csv
expect_error "--layout without --aa" "usage:" "$bin" compare --layout pre:preL2 --pair pre:preL2 -o x.csv pre.csv preL2.csv
echo "ok: the layout pair sets no floor ($f1 % with it and without): its own verdict is $v3"

# Every replicate the same to the TSC's quantum (a quiet host: each
# cell's ns and cycles one value in every boot, on both sides): the
# resampled bound is 0, so a cycles or ns row's floor is its quantum, one
# TSC tick over the batch's ops, never 0, and floor_by says so.
awk -F, -v OFS=, 'NR == 2 { for (i = 1; i <= NF; i++) h[$i] = i } NR > 2 && !/^#/ {
	$h["ns_op"] = $h["cyc_op"] = "5.564"; print > "flat1.csv"; $h["variant"] = "flat2"; print > "flat2.csv"; next }
	{ print > "flat1.csv"; print > "flat2.csv" }' pre.csv
sed -i '3,$s/^pre,/flat1,/' flat1.csv
"$bin" compare --aa flat1:flat2 --pair flat1:flat2 -o q.csv flat1.csv flat2.csv
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
	$h["metric"] ~ /^(ns_op|cyc_op)$/ && $h["median_base"] + 0 > 0 {
		n++; if ($h["floor_by"] != "quantum" || !($h["floor_pct"] > 0) || ($h["floor_pct"] - $h["quantum_pct"]) ^ 2 > 1e-6 * $h["quantum_pct"] ^ 2) { print; bad = 1 } }
	END { exit bad || !n }' q.csv >qbad || fail "identical A/A sides: a floor that is not the quantum: $(head -n 2 qbad)"
echo "ok: identical A/A sides: each floor is its quantum, above 0"

# The fixtures as they are: every record in boot 1.
"$bin" compare --pair pre:post -o small.csv "$fx/pre.csv" "$fx/post.csv" || fail "compare of one boot a side failed"
grep -q ',n-too-small,' small.csv || fail "one boot a side is not n-too-small"
! awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } $h["p_rank"] !~ /nan/ { x = 1 } END { exit !x }' small.csv ||
	fail "a p-value from fewer than 3 boots"
echo "ok: fewer than 3 boots: n-too-small, no p"

# Refusals, and no file left behind.
expect_error "different vCPUs" "differ in vcpus \(pre: 2, post: 4\); --force overrides" "$bin" summary -o r1.csv pre.csv post-vcpus4.csv
expect_error "different hosts" "differ in host \(pre: Test_CPU_x4, post: Other_CPU_x8\)" "$bin" summary -o r2.csv pre.csv post-otherhost.csv
awk -F, -v OFS=, 'NR == 2 { for (i = 1; i <= NF; i++) h[$i] = i } NR > 2 && !/^#/ { $h["variant"] = "post"; $h["tsc_khz"] = 2442000 } { print }' pre.csv >post-tsc.csv
expect_error "another TSC rate, one host name" "differ in tsc_khz \(pre: 2400000, post: 2442000" "$bin" summary -o r4.csv pre.csv post-tsc.csv
expect_error "instructions with cycles, forced" "count instructions" "$bin" summary --force -o r3.csv pre.csv post-icount.csv
[ ! -e r1.csv ] && [ ! -e r2.csv ] && [ ! -e r3.csv ] && [ ! -e r4.csv ] || fail "a refused call left a file"
"$bin" summary --force -o forced.csv pre.csv post-vcpus4.csv || fail "--force did not override vcpus"
"$bin" summary -o failed.csv pre.csv post-failed.csv 2>err || fail "failed records made the summary fail"
grep -q "left out 2 failed records" err || fail "failed records not counted: $(cat err)"
echo "ok: failed records: $(cat err)"
expect_error "truncated file" "truncated.csv:[0-9]+" "$bin" summary -o t.csv "$fx/bad/truncated.csv"
expect_error "NUL bytes" "nul.csv:[0-9]+" "$bin" summary -o t.csv "$fx/bad/nul.csv"
expect_error "old schema" "v1.csv:1" "$bin" summary -o t.csv "$fx/bad/v1.csv"
expect_error "missing file" "nosuch.csv" "$bin" summary -o t.csv nosuch.csv
[ ! -e t.csv ] || fail "corrupt input left an output file"
expect_error "bad alpha" "--alpha 2 is not a number in \(0, 1\)" "$bin" compare --alpha 2 --pair pre:post -o x.csv pre.csv
expect_error "too few resamples" "--resamples 5 is not an integer >= 100" "$bin" summary --resamples 5 -o x.csv pre.csv
expect_error "bad pair" "'pre' is not BASE:OTHER" "$bin" compare --pair pre -o x.csv pre.csv
expect_error "bad seed" "--seed -1 is not an integer" "$bin" summary --seed -1 -o x.csv pre.csv
expect_error "no subcommand" "usage: lb-stat summary" "$bin" pre.csv
expect_error "compare without pairs" "usage:" "$bin" compare -o x.csv pre.csv
echo keep >kept.csv
expect_error "existing output" "kept.csv: File exists" "$bin" summary -o kept.csv pre.csv
read -r kept <kept.csv
[ "$kept" = keep ] || fail "an existing file was overwritten"

# One seed, one answer; another seed, other resamples.
"$bin" compare --seed 7 --pair pre:post -o s7a.csv pre.csv post.csv
"$bin" compare --seed 7 --pair pre:post -o s7b.csv pre.csv post.csv
"$bin" compare --seed 8 --pair pre:post -o s8.csv pre.csv post.csv
cmp -s s7a.csv s7b.csv || fail "one seed gave two answers"
! cmp -s s7a.csv s8.csv || fail "the seed is not used"
echo "ok: seeded: byte-identical for one seed, different for another"

# baseline: spin_lock over a no-lock baseline of the same shape whose
# throughput is exactly twice as high in every record: ratio 0.5, and the
# CI holds it.  The CV of the boot medians is in the summary.
awk -F, -v OFS=, 'NR == 2 { for (i = 1; i <= NF; i++) h[$i] = i } NR > 2 && !/^#/ && $h["mode"] == "contended" && $h["kind"] == "spin_lock" {
	$h["kind"] = "empty"; $h["ops_per_s"] = 2 * $h["ops_per_s"]; print }' pre.csv >empty.rows
cat pre.csv empty.rows >withbase.csv
"$bin" baseline --kind spin_lock --over empty -o base.csv withbase.csv || fail "baseline failed"
read -r ratio lo hi < <(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
	$h["kind"] == "spin_lock" && $h["mode"] == "contended" { print $h["ratio"], $h["ratio_lo"], $h["ratio_hi"]; exit }' base.csv) || true
[ "$ratio" = 0.5 ] || fail "spin_lock over a baseline twice as fast: ratio $ratio, not 0.5"
awk -v lo="$lo" -v hi="$hi" 'BEGIN { exit !(lo <= 0.5 && hi >= 0.5 && lo > 0.4) }' ||
	fail "ratio CI [$lo, $hi] misses 0.5"
[ "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } $h["kind"] != "spin_lock"' base.csv)" = "" ] || fail "baseline rows for kinds other than spin_lock: $(cat base.csv)"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
	$h["variant"] == "pre" && $h["kind"] == "spin_lock" && $h["mode"] == "hot" && $h["n_baseline"] == 0 && $h["ratio"] == "nan" { ok = 1 }
	END { exit !ok }' base.csv || fail "a cell the baseline lacks has no row with n_baseline 0: $(cat base.csv)"
expect_error "baseline without --over" "usage:" "$bin" baseline --kind spin_lock -o b2.csv withbase.csv
expect_error "baseline over itself" "usage:" "$bin" baseline --kind empty --over empty -o b3.csv withbase.csv
expect_error "--kind on summary" "usage:" "$bin" summary --kind spin_lock -o b4.csv withbase.csv
"$bin" summary -o cv.csv pre.csv
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } $h["kind"] == "spin_lock" && $h["metric"] == "ns_op" {
	want = 100 * $h["sd"] / $h["mean"]; d = $h["cv_pct"] - want; exit !(d < 0.01 && d > -0.01) }' cv.csv ||
	fail "cv_pct is not 100 sd / mean: $(head -n 2 cv.csv | tr '\n' ' ')"
echo "ok: baseline: spin_lock / empty = $ratio [$lo, $hi]; summary has the CV of the boot medians"

# Two placements of one shape resample apart: the Intel host's placement
# run's contended records at any, the same records again labelled smt
# (a placement that run does not have).  Their medians
# agree; their bootstrap CIs must not all agree, as they would if the
# seed name left the placement out.  A cell at any keeps the seed it had
# before placements existed (the published figures re-derive).
src=$(ls -d "$TOP"/results/hosts/*/native/*placement*/ | head -n 1)
[ -n "$src" ] || fail "no placement run in results/hosts"
awk -F, 'NR == 2 { for (i = 1; i <= NF; i++) c[$i] = i; p = c["placement"] }
	{ print } NR > 2 && !/^#/ && $p == "any" && $c["mode"] == "contended" { $p = "smt"; print > "/dev/stderr" }' OFS=, \
	"$src/pre.csv" >placed.csv 2>smt.rows
grep -q ',smt,' smt.rows || fail "the placement run has no contended rows at any"
! grep -q ',smt,' placed.csv || fail "the placement run already has smt rows"
cat smt.rows >>placed.csv
"$bin" summary -o placed-sum.csv placed.csv
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } $h["mode"] == "contended" {
		k = $h["kind"] "/" $h["threads"] "/" $h["hold_ns"] "/" $h["parallel_ns"] "/" $h["metric"]
		v[k, $h["placement"]] = $h["median"] " " $h["ci_lo"] " " $h["ci_hi"]; m[k, $h["placement"]] = $h["median"]; keys[k] = 1 }
	END { for (k in keys) { if (m[k, "any"] != m[k, "smt"]) exit 2; if (v[k, "any"] != v[k, "smt"]) apart++ }
		exit !apart }' placed-sum.csv || fail "two placements of the same records got the same bootstrap draws"
echo "ok: the same records at any and at smt: equal medians, CIs drawn apart"
