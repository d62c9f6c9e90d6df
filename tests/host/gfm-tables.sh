#!/usr/bin/env bash
# Every table written in RESULTS.md, results/tables.md, README.md and
# docs/ is valid GFM: GitHub's renderer (cmark-gfm) turns each one into a
# <table>, rather than a
# paragraph of pipes (a header row whose cell count differs from its
# delimiter row's is not a table).
. "$(dirname "$0")/../lib.bash"
command -v cmark-gfm >/dev/null || skip "cmark-gfm is not installed (make deps)"
# tables FILE: delimiter rows that follow a row of cells, as written.
tables() { awk '/^\|( *:?-+:? *\|)+ *$/ && prev ~ /^\|/ { n++ } { prev = $0 } END { print n + 0 }' "$1"; }
checked=0
for f in "$TOP/RESULTS.md" "$TOP/results/tables.md" "$TOP/README.md" "$TOP"/docs/*.md "$@"; do
	[ -f "$f" ] || continue
	want=$(tables "$f")
	got=$(cmark-gfm --unsafe -e table "$f" | grep -c '<table>' || true)
	[ "$got" -eq "$want" ] || fail "${f#"$TOP"/}: $want tables written, $got rendered as <table> by cmark-gfm"
	checked=$((checked + want))
done
[ "$checked" -gt 0 ] || fail "no tables found to check"
echo "ok: $checked tables render as <table>"
