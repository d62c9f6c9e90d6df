#!/usr/bin/env bash
# scripts/report/plots.sh on the SYNTHETIC fixture run (tests/fixtures/plots):
# every graph in PNG and SVG, non-trivial and titled; a run missing a
# variant still plots, with a note; a corrupt or missing summary.csv fails
# naming the file and leaves RUN/plots as it was.
# check: slow
. "$(dirname "$0")/../lib.bash"
command -v gnuplot >/dev/null || skip "gnuplot is not installed"
graphs="uncontended-debug-off uncontended-debug-on contended-throughput fairness wait-latency debug-overhead headline"
run=$TMP/run
cp -r "$TOP/tests/fixtures/plots" "$run"

check_plots() { # check_plots DIR
	local g png svg
	for g in $graphs; do
		png=$1/$g.png svg=$1/$g.svg
		[ -s "$png" ] || fail "$png missing or empty"
		[ "$(head -c 8 "$png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "$png is not a PNG"
		[ "$(stat -c %s "$png")" -gt 5120 ] || fail "$png is under 5 KB"
		[ -s "$svg" ] || fail "$svg missing or empty"
		grep -q '<svg' "$svg" || fail "$svg is not an SVG"
		grep -q 'TCG, Synthetic Test Host (2 CPUs)' "$svg" || fail "$svg lacks the accelerator/host subtitle"
		grep -q 'TCG: emulated, compare variants only' "$svg" || fail "$svg lacks the TCG caveat"
		! grep -q 'no data:' "$svg" || fail "$svg is a no-data placeholder"
	done
}

"$TOP/scripts/report/plots.sh" "$run" >"$TMP/out" 2>&1 || fail "plots.sh failed: $(cat "$TMP/out")"
check_plots "$run/plots"
grep -q 'Uncontended lock cost, debug off' "$run/plots/uncontended-debug-off.svg" || fail "title text missing from the SVG"
grep -q 'oversubscribed' "$run/plots/contended-throughput.svg" || fail "oversubscribed cells not marked"
# Every hold/parallel shape of the fixture has its panels (issue 26).
for g in contended-throughput fairness; do
	grep -q 'hold 2000 ns, parallel 100 ns' "$run/plots/$g.svg" || fail "$g lacks the fixture's second shape (hold 2000, parallel 100)"
done
[ "$(grep -c '<text>hold 100 ns, parallel 200 ns, [234] threads</text>' "$run/plots/fairness.svg")" -eq 3 ] || fail "fairness lacks a panel per thread count"
grep -q 'acquisitions per second, all threads' "$run/plots/contended-throughput.svg" || fail "contended-throughput has no y-axis title"
grep -q 'filled: changed' "$run/plots/headline.svg" && grep -q 'open: not shown to change' "$run/plots/headline.svg" ||
	fail "the headline's key does not say what filled and open markers mean"
[ -z "$(find "$run" -maxdepth 1 -name '.plots.*')" ] || fail "a temporary folder was left behind"
echo "ok: $(wc -w <<<"$graphs") graphs as PNG and SVG"

# A variant missing from the run: still every graph, and a note.
part=$TMP/part
cp -r "$TOP/tests/fixtures/plots" "$part"
grep -v '^stock-debug,' "$run/summary.csv" >"$part/summary.csv"
"$TOP/scripts/report/plots.sh" "$part" >"$TMP/out" 2>&1 || fail "plots.sh failed without stock-debug: $(cat "$TMP/out")"
grep -q 'variant stock-debug is not in this run' "$TMP/out" || fail "no note about the missing variant: $(cat "$TMP/out")"
check_plots "$part/plots"
! grep -q '>stock-debug<' "$part/plots/uncontended-debug-on.svg" || fail "a missing variant is in the key"
echo "ok: a run without stock-debug plots the rest, with a note"

# No pairs.csv: a headline placeholder, the rest as before.
rm "$part/pairs.csv"
"$TOP/scripts/report/plots.sh" "$part" >"$TMP/out" 2>&1 || fail "plots.sh failed without pairs.csv: $(cat "$TMP/out")"
grep -q 'pairs.csv is missing' "$TMP/out" || fail "no note about the missing pairs.csv"
grep -q 'no data:' "$part/plots/headline.svg" || fail "the headline is not a placeholder"
echo "ok: no pairs.csv gives a headline placeholder"

# Corrupt input: an error naming the file, RUN/plots untouched.
before=$(cd "$run/plots" && find . -type f -exec md5sum {} + | sort)
corrupt() { # corrupt WHAT PATTERN: run plots.sh on the current fixture files
	expect_error "$1" "$2" "$TOP/scripts/report/plots.sh" "$run"
	[ "$(cd "$run/plots" && find . -type f -exec md5sum {} + | sort)" = "$before" ] || fail "$1: RUN/plots changed"
	[ -z "$(find "$run" -maxdepth 1 -name '.plots.*')" ] || fail "$1: a temporary folder was left behind"
}
cp "$run/summary.csv" "$TMP/good.csv"
sed -i '5s/,[^,]*$//' "$run/summary.csv"
nf=$(head -n 1 "$run/summary.csv" | tr ',' '\n' | wc -l)
corrupt "short row" "summary.csv: line 5: $((nf - 1)) fields, the header has $nf"
cp "$TMP/good.csv" "$run/summary.csv" && sed -i '1s/,median,/,middle,/' "$run/summary.csv"
corrupt "renamed column" "summary.csv: line 1: header lacks column 'median'"
cp "$TMP/good.csv" "$run/summary.csv" && sed -i '7s/,10,30,\([0-9.]*\),/,10,30,abc,/' "$run/summary.csv"
corrupt "non-numeric median" "summary.csv: line 7: column median is 'abc'"
head -c 300 /dev/urandom >"$run/summary.csv"
corrupt "binary garbage" "summary.csv"
: >"$run/summary.csv"
corrupt "empty file" "summary.csv: empty file"
rm "$run/summary.csv"
corrupt "missing file" "summary.csv is missing"
echo "ok: corrupt summaries fail, RUN/plots untouched"

# An icount run is refused: these graphs are in ns and cycles.
ic=$TMP/icount
cp -r "$TOP/tests/fixtures/plots" "$ic"
sed -i 's/^accel=.*/accel=icount/' "$ic/run.info"
expect_error "an icount run" "is an icount run \\(instructions, not time\\)" "$TOP/scripts/report/plots.sh" "$ic"
[ ! -d "$ic/plots" ] || fail "a refused icount run got a plots folder"
