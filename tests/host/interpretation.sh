#!/usr/bin/env bash
# report/interpretation.md quotes figures only as
# {{...}} references, which the renderer fills from the published tables:
# every reference must resolve in the published run, and a percentage, ns
# figure or p written out by hand outside one is refused (it could differ
# from the table it cites).  A reference to a cell the run lacks fails.
. "$(dirname "$0")/../lib.bash"
r=$TOP/results render=$TOP/scripts/report/render.sh
mkdir -p "$TMP/cal"
for c in timed native; do
	[ ! -f "$r/calibrate/$c.txt" ] || sed -n '/^pad,/,/^resolution:/{/^resolution:/!p}' "$r/calibrate/$c.txt" >"$TMP/cal/$c.csv"
done
expand() { "$render" expand -v run="$r" -v icount="$r/pathlen" -v cal="$TMP/cal" "$1"; }
for f in interpretation.md; do
	expand "$TOP/report/$f" >"$TMP/$f" || fail "report/$f: a {{...}} reference matches nothing in the published run"
	# Outside {{...}}: no +12%, 1.7%, 3.4 ns or p = 0.01 typed in by hand
	# (thresholds such as p < 0.05, a 95% CI or a job's hold 100 ns are
	# settings, not results).
	bad=$(sed 's/{{[^}]*}}//g' "$TOP/report/$f" |
		grep -n -E '[-+−±][0-9]+(\.[0-9]+)? ?%|[0-9]+\.[0-9]+ ?%|[0-9]+\.[0-9]+ ?ns\b|\bp ?= ?0\.[0-9]' || true)
	[ -z "$bad" ] || fail "report/$f quotes figures by hand, outside {{...}}: $bad"
	grep -q -F '{{' "$TMP/$f" && fail "report/$f: a reference was left unexpanded"
	echo "ok: report/$f: $(grep -o '{{' "$TOP/report/$f" | wc -l) references resolve"
done
# The published RESULTS.md carries the expanded interpretation.
line=$(grep -m1 -F "spin_lock: +" "$TMP/interpretation.md" | sed "s/^ *//")
[ -n "$line" ] && grep -q -F -e "$line" "$TOP/RESULTS.md" ||
	fail "RESULTS.md does not carry the interpretation as expanded from results/"
# README.md's "What it found" is RESULTS.md's summary, word for word.
awk '/^<!-- headline/ { on = 1; next } /^<!-- \/headline -->/ { on = 0 } on' "$TOP/README.md" >"$TMP/readme-head"
[ -s "$TMP/readme-head" ] || fail "README.md has no headline between its markers (make publish writes it)"
# (RESULTS.md's lines from the third up to its machine line, the
# trailing blank lines dropped)
awk 'NR > 2 && /^\*\*Machine\.\*\*/ { exit } NR > 2' "$TOP/RESULTS.md" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' >"$TMP/results-head"
cmp -s "$TMP/readme-head" "$TMP/results-head" || fail "README.md's headline differs from RESULTS.md's summary: $(diff "$TMP/readme-head" "$TMP/results-head" | head -n 6)"
echo "ok: README.md's headline is RESULTS.md's summary"
# Broken on purpose: a cell the run does not have, and a figure by hand.
echo 'x {{change pre:post no_such_kind hot}} y' >"$TMP/bad.md"
expect_error "a reference to no cell" "matches nothing" expand "$TMP/bad.md"
