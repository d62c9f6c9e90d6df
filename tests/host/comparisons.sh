#!/usr/bin/env bash
# The comparisons are data: compare (lb-stat), the path-length table and
# the report's headline read vm-configs/comparisons, or COMPARISONS=, and
# a bad line stops them with its file, line and fix.
# check: slow
. "${0%"${0##*/}"}../lib.bash"
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

bad() { # what pattern file-content
	printf '%s\n' "$3" >"$TMP/c.$1"
	expect_error "$1" "$2" env COMPARISONS="$TMP/c.$1" "$TOP/scripts/report/compare.sh" "$run"
}
bad "unknown variant" "c.unknown variant:2: unknown variant \"nosuch\": add it to vm-configs/matrix" \
	"$(printf '# a comment\naa pre nosuch')"
bad "unknown role" "c.unknown role:1: unknown role \"best\"" "best pre post"
bad "short line" "want: role base other" "pair pre"
bad "two aa" "a second aa pair" "$(printf 'aa pre post\naa pre-debug post-debug')"
bad "self" "compared with itself" "pair pre pre"
expect_error "missing file" "COMPARISONS=$TMP/none does not exist" env COMPARISONS="$TMP/none" "$TOP/scripts/report/compare.sh" "$run"

# One A/A pair and one headline pair of our own: exactly those are
# compared.  make results runs compare (lb-stat, and the path-length
# tables of icount/), plots and results, each reading COMPARISONS.
printf 'aa pre post\nheadline stock pre-debug stock → pre-debug, our label\npathlen stock post\n' >"$TMP/mine"
# Q=1: each step says its summary line and nothing else.
COMPARISONS=$TMP/mine Q=1 make -s -C "$TOP" results RUN="$run" >/dev/null 2>"$TMP/results.log" ||
	fail "make results failed: $(tail -n 5 "$TMP/results.log")"
got=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } { print $c["base"] ":" $c["other"] }' "$run/pairs.csv" | sort -u | paste -sd' ')
[ "$got" = "pre:post stock:pre-debug" ] || fail "pairs.csv has pairs '$got', want 'pre:post stock:pre-debug' (from COMPARISONS)"
grep -q '^aa_pair=pre:post$' "$run/stat.info" || fail "stat.info does not name the A/A pair pre:post"
echo "ok: compare took its pairs from COMPARISONS: $got"
grep -q 'stock' "$run/icount/pathlen-diff.md" || fail "pathlen-diff.md lacks the pathlen pair stock:post"
grep -q 'pre-debug' "$run/icount/pathlen-diff.md" || fail "pathlen-diff.md lacks the headline pair stock:pre-debug"
grep -q 'post-debug' "$run/icount/pathlen-diff.md" && fail "pathlen-diff.md has post-debug, which COMPARISONS does not compare"
echo "ok: the path-length differences are of the pairs of COMPARISONS"
rep=$run/report/RESULTS.md
[ -f "$rep" ] || fail "make results wrote no report"
grep -q '^| stock → pre-debug | spin_lock |' "$rep" || fail "the report's headline table has no stock → pre-debug rows"
grep -q '^| pre-debug → post-debug |' "$rep" && fail "the report's headline table still shows pre-debug → post-debug, which COMPARISONS does not name"
echo "ok: the report's headline table shows the pairs of COMPARISONS"
# Q=1 kept each step's summary line and dropped the rest (notes such as
# plots' rows left out, which this run has).
for step in 'compare: tables in' 'plots: [0-9]+ graphs in' 'results: '; do
	grep -qE "^lockbench: $step" "$TMP/results.log" || fail "Q=1 dropped the summary line '$step': $(cat "$TMP/results.log")"
done
others=$(grep '^lockbench: ' "$TMP/results.log" | grep -vE '^lockbench: (compare: tables in|plots: [0-9]+ graphs in|pathlen: (tables|graph) in|results: )' || true)
[ -z "$others" ] || fail "Q=1 still printed: $others"
echo "ok: Q=1: $(grep -c '^lockbench: ' "$TMP/results.log") summary lines, no notes"
