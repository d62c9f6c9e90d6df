#!/usr/bin/env bash
# The comparisons are data: compare (lb-stat), the path-length table and
# the report's headline read vm-configs/comparisons, or COMPARISONS=, and
# a bad line stops them with its file, line and fix.
# check: slow
. "$(dirname "$0")/../lib.bash"
export LB_BUILD=$TMP/build
# Which pairs are compared is the question here, not their CIs: fewer
# resamples keep the test short.
export STAT_RESAMPLES=400
run=$TMP/run
cp -r "$TOP/results/raw" "$run"
# A run of our own, not published raw data (which is analysed in a copy).
# The calibration names no pair (native/ and events/ do: their tables
# follow COMPARISONS too, and the report's checks below read them).
rm -r "$run/raw.info" "$run/calibrate"

# Every bad line of one file is named, each with its line (the check goes
# on after a bad line): one compare.sh call refuses them all.
printf '%s\n' '# a comment' 'aa pre nosuch' 'best pre post' 'pair pre' 'aa pre post' 'aa pre-debug post-debug' 'pair pre pre' >"$TMP/c.bad"
expect_error "bad comparisons" "fix the comparisons file" env COMPARISONS="$TMP/c.bad" "$TOP/scripts/report/compare.sh" "$run"
bad() { # what pattern: a line of that one refusal
	local line
	while IFS= read -r line; do [[ $line =~ $2 ]] && echo "ok: $1 -> $line" && return; done <<<"$EXPECT_OUT"
	fail "$1: the refusal lacks /$2/: $EXPECT_OUT"
}
bad "unknown variant" "c.bad:2: unknown variant \"nosuch\": add it to vm-configs/matrix"
bad "unknown role" "c.bad:3: unknown role \"best\""
bad "short line" "c.bad:4: want: role base other"
bad "two aa" "c.bad:6: a second aa pair"
bad "self" "c.bad:7: a variant compared with itself"
expect_error "missing file" "COMPARISONS=$TMP/none does not exist" env COMPARISONS="$TMP/none" "$TOP/scripts/report/compare.sh" "$run"

# One A/A pair and one headline pair of our own: exactly those are
# compared.  make results runs compare (lb-stat, and the path-length
# tables of icount/), plots and results, each reading COMPARISONS.
printf 'aa pre post\nheadline stock pre-debug stock → pre-debug, our label\npathlen stock post\n' >"$TMP/mine"
# Q=1: each step says its summary line and nothing else.
COMPARISONS=$TMP/mine Q=1 make -s -C "$TOP" results RUN="$run" >/dev/null 2>"$TMP/results.log" ||
	fail "make results failed: $(tail -n 5 "$TMP/results.log")"
# The pairs, each once, sorted (as sort -u | paste -sd' ', in the awk).
got=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } !s[$c["base"] ":" $c["other"]]++ { p[++n] = $c["base"] ":" $c["other"] }
	END { for (i = 2; i <= n; i++) for (j = i; j > 1 && p[j - 1] > p[j]; j--) { t = p[j]; p[j] = p[j - 1]; p[j - 1] = t }
		for (i = 1; i <= n; i++) printf "%s%s", p[i], i < n ? " " : "" }' "$run/pairs.csv")
[ "$got" = "pre:post stock:pre-debug" ] || fail "pairs.csv has pairs '$got', want 'pre:post stock:pre-debug' (from COMPARISONS)"
# has FILE ERE: a line of FILE matches (grep -qE, in bash: no process).
has() {
	local l
	while IFS= read -r l || [ -n "$l" ]; do [[ $l =~ $2 ]] && return 0; done <"$1"
	return 1
}
has "$run/stat.info" '^aa_pair=pre:post$' || fail "stat.info does not name the A/A pair pre:post"
echo "ok: compare took its pairs from COMPARISONS: $got"
d=$run/icount/pathlen-diff.md
has "$d" 'stock' || fail "pathlen-diff.md lacks the pathlen pair stock:post"
has "$d" 'pre-debug' || fail "pathlen-diff.md lacks the headline pair stock:pre-debug"
has "$d" 'post-debug' && fail "pathlen-diff.md has post-debug, which COMPARISONS does not compare"
echo "ok: the path-length differences are of the pairs of COMPARISONS"
rep=$run/report/RESULTS.md
[ -f "$rep" ] || fail "make results wrote no report"
has "$rep" '^\| stock → pre-debug \| spin_lock \|' || fail "the report's headline table has no stock → pre-debug rows"
has "$rep" '^\| pre-debug → post-debug \|' && fail "the report's headline table still shows pre-debug → post-debug, which COMPARISONS does not name"
echo "ok: the report's headline table shows the pairs of COMPARISONS"
# Q=1 kept each step's summary line and dropped the rest (notes such as
# plots' rows left out, which this run has): the log's lines, read once.
mapfile -t log <"$TMP/results.log"
summary=0 others=
for l in "${log[@]}"; do
	[[ $l == 'lockbench: '* ]] || continue
	summary=$((summary + 1))
	[[ $l =~ ^lockbench:\ (compare:\ tables\ in|plots:\ [0-9]+\ graphs\ in|pathlen:\ (tables|graph)\ in|results:\ ) ]] ||
		others+="$l"$'\n'
done
for step in 'compare: tables in' 'plots: [0-9]+ graphs in' 'results: '; do
	has "$TMP/results.log" "^lockbench: $step" || fail "Q=1 dropped the summary line '$step': $(printf '%s\n' "${log[@]}")"
done
[ -z "$others" ] || fail "Q=1 still printed: $others"
echo "ok: Q=1: $summary summary lines, no notes"
