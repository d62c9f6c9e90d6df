#!/usr/bin/env bash
# Every graph can be lifted as it is: drawn from the SYNTHETIC fixture run
# (tests/fixtures/plots) and, for the path-length graph, from the published
# icount table, no text is clipped.
#  - SVG: every <text>'s estimated box lies inside the canvas
#    (plots-clip.awk, generous per-character widths).
#  - PNG: the PNG terminal lays text out by its own font metrics, so a
#    label can fit the SVG and still run off the PNG: no ink in the PNG's
#    outermost 2 pixels, where a cut glyph would leave some.
#  - Drawing twice gives the same bytes.
# Each check is first shown failing on a graph made clipped on purpose.
# check: slow
. "$(dirname "$0")/../lib.bash"
command -v gnuplot >/dev/null || skip "gnuplot is not installed"
command -v pnmcrop >/dev/null || skip "netpbm is not installed (make deps)"
export LC_ALL=C
graphs="uncontended-debug-off uncontended-debug-on contended-throughput fairness wait-latency debug-overhead headline pathlen"
clip() { awk -f "$TOP/tests/host/plots-clip.awk" "$@"; }
# edge PNG: the fewest white pixels between the PNG's ink and any of its
# four edges (netpbm's pnmcrop measures the white margins), so a glyph cut
# at the edge gives 0 or 1.
edge() {
	local m
	m=$(pngtopnm "$1" | pnmcrop -white -reportfull 2>/dev/null) || fail "netpbm cannot read $1"
	awk '{ m = -$1; for (i = 2; i <= 4; i++) if (-$i < m) m = -$i; print m }' <<<"$m"
}

# The checks can fail: a title moved half off an SVG, a label drawn across
# a PNG's right edge.
run=$TMP/run
cp -r "$TOP/tests/fixtures/plots" "$run"
"$TOP/scripts/report/plots.sh" "$run" >"$TMP/out" 2>&1 || fail "plots.sh failed: $(cat "$TMP/out")"
sed '0,/<g transform="translate(\([0-9.]*\),/s//<g transform="translate(-40,/' "$run/plots/headline.svg" >"$TMP/moved.svg"
rc=0 && clip "$TMP/moved.svg" >"$TMP/clip" || rc=$?
[ $rc -eq 1 ] && grep -q 'outside the' "$TMP/clip" || fail "a text moved to x=-40 was not reported clipped (exit $rc): $(cat "$TMP/clip")"
gnuplot -e "set terminal pngcairo size 400,200 background rgb 'white'; set output '$TMP/cut.png'; unset border; unset tics; unset key; set xrange [0:1]; set yrange [0:1]; set label 'cut off here' at screen 0.9, screen 0.5; plot -1"
[ "$(edge "$TMP/cut.png")" -lt 2 ] || fail "a label drawn across a PNG's right edge was not seen"
echo "ok: the checks see a text moved off an SVG and a label across a PNG's edge"

# The path-length graph, from the published icount table.
mkdir -p "$TMP/icount"
cp "$TOP/results/pathlen/pathlen.csv" "$TMP/icount/"
"$TOP/scripts/report/pathlen-plot.sh" "$TMP/icount" >"$TMP/out" 2>&1 || fail "pathlen-plot.sh failed: $(cat "$TMP/out")"
cp "$TMP"/icount/plots/pathlen.* "$run/plots/"

svgs=() n=0
for g in $graphs; do
	png=$run/plots/$g.png svg=$run/plots/$g.svg
	[ "$(head -c 8 "$png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "$png is missing or not a PNG"
	[ -s "$svg" ] || fail "$svg is missing"
	svgs+=("$svg")
	e=$(edge "$png")
	[ "$e" -ge 2 ] || fail "$g.png: ink $e pixels from its edge: something is cut off there"
	n=$((n + 1))
done
clip "${svgs[@]}" >"$TMP/clip" || fail "clipped text: $(cat "$TMP/clip")"
echo "ok: $n graphs, PNG and SVG: $(cat "$TMP/clip"), no ink within 2 pixels of the PNGs' edges"

# The same graphs from the same data: byte for byte.
again=$TMP/again
cp -r "$TOP/tests/fixtures/plots" "$again"
"$TOP/scripts/report/plots.sh" "$again" >"$TMP/out" 2>&1 || fail "plots.sh failed the second time: $(cat "$TMP/out")"
for f in "$run"/plots/*.png "$run"/plots/*.svg "$run"/plots/data/*; do
	[ "${f##*/}" != pathlen.png ] && [ "${f##*/}" != pathlen.svg ] || continue
	cmp -s "$f" "$again/plots/${f#"$run"/plots/}" || fail "${f#"$run"/} differs between two runs on the same data"
done
echo "ok: drawn twice, the same bytes"
