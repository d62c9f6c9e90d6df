#!/usr/bin/env bash
# lb-stat compare --blocks 2 on a synthetic native run of 20 processes
# (tests/fixtures/slices/gen.sh): the first 10 and the last 10 are two
# blocks.  post is 5% slower than pre in both; post-debug is 50% slower
# in the first block and 57.5% in the second (its cost moves 5% from
# process 11 on).  post-debug's blocks disagree and are flagged, post's
# agree and are not, from the records and from the slices alike; with one
# block nothing is flagged and the block columns are empty.
. "$(dirname "$0")/../lib.bash"
bin=$TOP/bench-user/lb-stat gen=$TOP/tests/fixtures/slices/gen.sh
[ -x "$bin" ] || fail "lb-stat is not built"
cd "$TMP"
cat >run.model <<'EOF'
state 1 probe 20 chain 1
cost pre spin_lock hot 20
cost pre~A spin_lock hot 20
cost post spin_lock hot 21
cost post-debug spin_lock hot 30
shift post-debug spin_lock 1.05 11
EOF
"$gen" run run.model procs=20 rounds=10 seed=5 || fail "gen.sh failed"
cd run
pairs=(--aa pre:pre~A --pair pre:pre~A --pair pre:post --pair pre:post-debug)
files=(pre.csv pre~A.csv post.csv post-debug.csv)
"$bin" compare --blocks 2 "${pairs[@]}" -o records.csv "${files[@]}" || fail "compare --blocks 2 failed"
"$bin" compare --blocks 2 --slices slices.csv "${pairs[@]}" -o slices2.csv "${files[@]}" || fail "compare --slices --blocks 2 failed"
"$bin" compare "${pairs[@]}" -o one.csv "${files[@]}" || fail "compare with one block failed"
for f in records.csv slices2.csv; do
	declare -A A=() D=()
	while read -r o a d lo hi; do A[$o]=$a D[$o]="$d [$lo, $hi]"; done < <(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
		$h["mode"] == "hot" && $h["metric"] == "cyc_op" { print $h["other"], $h["blocks_agree"], $h["block_diff_pct"], $h["block_diff_lo"], $h["block_diff_hi"] }' "$f")
	[ "${A[post-debug]:-}" = 0 ] || fail "$f: post-debug's blocks differ by 7.5 points (${D[post-debug]:-none}) and are not flagged"
	[ "${A[post]:-} ${A[pre~A]:-}" = "1 1" ] || fail "$f: post's blocks (${D[post]:-none}) or the A/A's (${D[pre~A]:-none}) are flagged"
	awk -v d="${D[post-debug]%% *}" 'BEGIN { exit !(d > 6 && d < 9) }' || fail "$f: post-debug's blocks differ by ${D[post-debug]}, planted 7.5"
	echo "ok: $f: post-debug's blocks disagree (${D[post-debug]} points), post's agree (${D[post]})"
	unset A D
done
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } $h["blocks_agree"] != 1 || $h["block_diff_pct"] != "nan" { bad = 1 }
	END { exit bad || NR < 2 }' one.csv || fail "one block: a row is flagged or has a block difference"
expect_error "three blocks" "--blocks 3: 1 or 2" "$bin" compare --blocks 3 "${pairs[@]}" -o x.csv "${files[@]}"
expect_error "blocks on summary" "usage:" "$bin" summary --blocks 2 -o x.csv pre.csv
[ ! -e x.csv ] || fail "a refused call left a file"
