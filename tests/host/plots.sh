#!/usr/bin/env bash
# scripts/report/plots.sh on the SYNTHETIC fixture run (tests/fixtures/plots):
# every graph in PNG and SVG, non-trivial and titled; a run missing a
# variant still plots, with a note; a corrupt or missing summary.csv fails
# naming the file and leaves RUN/plots as it was.
# Every graph can be lifted as it is: drawn from the fixture and, for the
# path-length graph, from the published icount table, no text is clipped.
#  - SVG: every <text>'s estimated box lies inside the canvas
#    (plots-clip.awk, generous per-character widths).
#  - PNG: the PNG terminal lays text out by its own font metrics, so a
#    label can fit the SVG and still run off the PNG: no ink in the PNG's
#    outermost 2 pixels, where a cut glyph would leave some.
#  - Drawing twice gives the same bytes.
# Each clipping check is first shown failing on a graph clipped on purpose.
# check: slow
. "$(dirname "$0")/../lib.bash"
command -v gnuplot >/dev/null || skip "gnuplot is not installed"
command -v pnmcrop >/dev/null || skip "netpbm is not installed (make deps)"
export LC_ALL=C
graphs=(uncontended-debug-off uncontended-debug-on contended-throughput fairness wait-latency debug-overhead headline)
run=$TMP/run
cp -r "$TOP/tests/fixtures/plots" "$run"

# is_png FILE: its first 8 bytes are the PNG signature (read by bash: a
# process per file was most of this test's checks).
is_png() {
	local magic=""
	{ IFS= read -r -N 8 magic; } 2>/dev/null <"$1" || true
	[ "$magic" = $'\x89PNG\r\n\x1a\n' ]
}
check_plots() { # check_plots DIR
	local g png svg pngs=() svgs=() msg
	for g in "${graphs[@]}"; do
		png=$1/$g.png svg=$1/$g.svg
		[ -s "$png" ] || fail "$png missing or empty"
		is_png "$png" || fail "$png is not a PNG"
		[ -s "$svg" ] || fail "$svg missing or empty"
		pngs+=("$png") svgs+=("$svg")
	done
	# Sizes by one find: -size -5121c is 5120 bytes or fewer.
	msg=$(find "${pngs[@]}" -maxdepth 0 -size -5121c)
	[ -z "$msg" ] || fail "${msg%%$'\n'*} is under 5 KB"
	# The SVGs' texts by one awk, the checks in the order grep made them.
	msg=$(awk 'FNR == 1 { f[++n] = FILENAME }
		index($0, "<svg") { s[FILENAME] = 1 }
		index($0, "TCG, Synthetic Test Host (2 CPUs)") { h[FILENAME] = 1 }
		index($0, "TCG: emulated, compare variants only") { c[FILENAME] = 1 }
		index($0, "no data:") { nd[FILENAME] = 1 }
		END {
			for (i = 1; i <= n; i++) {
				x = f[i]
				if (!(x in s)) { print x " is not an SVG"; exit 1 }
				if (!(x in h)) { print x " lacks the accelerator/host subtitle"; exit 1 }
				if (!(x in c)) { print x " lacks the TCG caveat"; exit 1 }
				if (x in nd) { print x " is a no-data placeholder"; exit 1 }
			}
		}' "${svgs[@]}") || fail "$msg"
}

# The first run as make runs it (its #! line); the others by bash itself,
# one exec fewer each (env's).
plots=(bash "$TOP/scripts/report/plots.sh")
"$TOP/scripts/report/plots.sh" "$run" >"$TMP/out" 2>&1 || fail "plots.sh failed: $(cat "$TMP/out")"
check_plots "$run/plots"
# No gnuplot warning (the iconv one came twice on every rebuild under
# LC_ALL=C), and SI tick labels: 500k and 0, never 500.0k or 0.0.
! grep -i 'warning' "$TMP/out" || fail "plots.sh printed a warning (above)"
! grep -E '<text>[0-9]+\.0[kMG]?</text>' "$run/plots/contended-throughput.svg" | head -n 3 ||
	fail "contended-throughput has tick labels with a useless .0 (above)"
# The native headline, drawn when the run has a native run (the
# published one's statistics and bare pairs, copied beside the fixture):
# each variant's own release shape marked, the host's CPU named.
nat=$TMP/natrun
cp -r "$TOP/tests/fixtures/plots" "$nat"
mkdir -p "$nat/native"
cp "$TOP"/results/native/{summary.csv,physlimit.csv,host-facts.txt,run.info} "$nat/native/"
# and the published events counts: their stacked bars.
mkdir -p "$nat/events"
cp "$TOP/results/events/events.csv" "$nat/events/"
"${plots[@]}" "$nat" >"$TMP/out" 2>&1 || fail "plots.sh failed with a native run: $(cat "$TMP/out")"
nsvg=$nat/plots/native-headline.svg
[ -s "$nat/plots/native-headline.png" ] && [ -s "$nsvg" ] || fail "no native-headline graph for a run with native/"
cpu=$("$TOP/scripts/report/host-name.sh" "$TOP/results/native/host-facts.txt") # as every graph names it
for want in "bare lock decb; movb \$1 (byte release" "bare lock cmpxchgl; movb \$0 (byte release after a dword atomic" "native (rdtsc), $cpu" "TSC cycles per spin_lock pair"; do
	grep -q -F -e "$want" "$nsvg" || fail "native-headline.svg lacks '$want'"
done
echo "ok: native-headline: TSC cycles, each variant's own bare pair, host $cpu"
# A PREEMPT twin takes a tint of its family's colour, a debug one the
# colour itself (hatched or dashed): lib.sh's fragment rule, as gnuplot sees it.
gpv=$(cd "$TOP" && bash -c '. scripts/lib.sh && variant_gp pre pre-debug pre-preempt')
[[ $gpv == *"pmt='pre-preempt'"* && $gpv == *"dbg='pre-debug'"* ]] || fail "variant_gp does not mark pre-preempt as PREEMPT and pre-debug as debug: $gpv"
read -r c_pre c_dbg c_pmt < <(LC_ALL=C.UTF-8 gnuplot -e "dir='$TOP/plots'; out='$TMP/colours'; fmt='svg'; ttl=''; sub=''; $gpv" \
	-e "load '$TOP/plots/common.gp'; set print '-'; print vcolor('pre', 1).' '.vcolor('pre-debug', 2).' '.vcolor('pre-preempt', 3)")
[ "$c_pre" = "$c_dbg" ] && [ -n "$c_pmt" ] && [ "$c_pmt" != "$c_pre" ] ||
	fail "colours: pre $c_pre, pre-debug $c_dbg, pre-preempt $c_pmt (want the family's colour for debug, a tint for PREEMPT)"
echo "ok: colours: pre and pre-debug $c_pre, pre-preempt $c_pmt"
# The published contended graph (raw-regen redraws it from results/raw)
# names every variant of its run in its key: nine entries in a 3-row
# layout once ran into a second column, off the canvas.
keyed=0
for v in $(sed -n 's/^variants=//p' "$TOP/results/run.info"); do
	grep -q "<text>$v</text>" "$TOP/results/graphs/contended-throughput.svg" ||
		fail "results/graphs/contended-throughput.svg: variant $v is not in the key"
	keyed=$((keyed + 1))
done
checked $keyed "results/run.info names no variants"
echo "ok: the published contended-throughput key names every variant"
# The events as stacked bars: each segment's top is the sum of the ones
# below (pre spin_lock: 1 atomic, 0 fences, 3 loads and 4 stores less the
# atomic's own, then the cold op's transfers), every segment in the key.
esvg=$nat/plots/events.svg
[ -s "$nat/plots/events.png" ] && [ -s "$esvg" ] || fail "no events graph for a run with events/"
want=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["variant"] == "pre" && $c["kind"] == "spin_lock" && $c["pad"] == 0 {
	if ($c["mode"] == "hot") { a = $c["atomics"]; f = $c["fences"]; l = $c["loads"]; s = $c["stores"] } else if ($c["mode"] == "cold") t = $c["transfers"] }
	END { printf "%g %g %g %g %g", a, a + f, a + f + l - a, a + f + l - a + s - a, a + f + l - a + s - a + t }' "$TOP/results/events/events.csv")
got=$(awk '$2 == "pre" && $3 == "spin_lock" { print $4, $5, $6, $7, $8 }' "$nat/plots/data/events.dat")
[ "$got" = "$want" ] || fail "events.dat: pre spin_lock's stacked tops are '$got', want '$want'"
for want in atomics fences "other loads" "other stores" "transfers (cold op)" "events (TCG plugin"; do
	grep -q -F -e "$want" "$esvg" || fail "events.svg lacks '$want'"
done
echo "ok: events: stacked tops $got for pre spin_lock, every segment in the key"
# The panels of one shape share one scale; another shape's say so.
grep -q "y scale: this shape's own" "$run/plots/contended-throughput.svg" || fail "the second shape's panels do not mark their own y scale"
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
! compgen -G "$run/.plots.*" >/dev/null || fail "a temporary folder was left behind"
echo "ok: ${#graphs[@]} graphs as PNG and SVG"

clip() { awk -f "$TOP/tests/host/plots-clip.awk" "$@"; }
# edge PNG: the fewest white pixels between the PNG's ink and any of its
# four edges (netpbm's pnmcrop measures the white margins, "-L -R -T -B
# ..."), so a glyph cut at the edge gives 0 or 1.  Into EDGE.
edge() {
	local m i
	m=$(pngtopnm "$1" | pnmcrop -white -reportfull 2>/dev/null) || fail "netpbm cannot read $1"
	[[ $m =~ ^(-?[0-9]+)\ (-?[0-9]+)\ (-?[0-9]+)\ (-?[0-9]+)( |$) ]] || fail "pnmcrop's report on $1 is not four numbers: $m"
	EDGE=$((-BASH_REMATCH[1]))
	for i in 2 3 4; do [ $((-BASH_REMATCH[i])) -ge "$EDGE" ] || EDGE=$((-BASH_REMATCH[i])); done
}

# The checks can fail: a title moved half off an SVG, a label drawn across
# a PNG's right edge.
sed '0,/<g transform="translate(\([0-9.]*\),/s//<g transform="translate(-40,/' "$run/plots/headline.svg" >"$TMP/moved.svg"
rc=0 && clip "$TMP/moved.svg" >"$TMP/clip" || rc=$?
[ $rc -eq 1 ] && grep -q 'outside the' "$TMP/clip" || fail "a text moved to x=-40 was not reported clipped (exit $rc): $(cat "$TMP/clip")"
gnuplot -e "set terminal pngcairo size 400,200 background rgb 'white'; set output '$TMP/cut.png'; unset border; unset tics; unset key; set xrange [0:1]; set yrange [0:1]; set label 'cut off here' at screen 0.9, screen 0.5; plot -1"
edge "$TMP/cut.png"
[ "$EDGE" -lt 2 ] || fail "a label drawn across a PNG's right edge was not seen"
echo "ok: the checks see a text moved off an SVG and a label across a PNG's edge"

# The path-length graph, from the published icount table.
mkdir -p "$TMP/pathlen"
cp "$TOP/results/pathlen/pathlen.csv" "$TOP/results/pathlen/run.info" "$TMP/pathlen/"
bash "$TOP/scripts/icount/plot.sh" "$TMP/pathlen" >"$TMP/out" 2>&1 || fail "icount/plot.sh failed: $(cat "$TMP/out")"
# Its subtitle names the run by its id, not by its folder's name.
rid=$(sed -n 's/^run_id=//p' "$TOP/results/pathlen/run.info")
grep -q -F -e "run $rid" "$TMP/pathlen/plots/pathlen.svg" || fail "pathlen.svg does not name run $rid"
cp "$TMP"/pathlen/plots/pathlen.* "$run/plots/"

svgs=() n=0
for g in "${graphs[@]}" pathlen; do
	png=$run/plots/$g.png svg=$run/plots/$g.svg
	is_png "$png" || fail "$png is missing or not a PNG"
	[ -s "$svg" ] || fail "$svg is missing"
	svgs+=("$svg")
	edge "$png"
	[ "$EDGE" -ge 2 ] || fail "$g.png: ink $EDGE pixels from its edge: something is cut off there"
	n=$((n + 1))
done
edge "$nat/plots/events.png"
[ "$EDGE" -ge 2 ] || fail "events.png: ink $EDGE pixels from its edge: something is cut off there"
svgs+=("$nat/plots/events.svg") n=$((n + 1))
clip "${svgs[@]}" >"$TMP/clip" || fail "clipped text: $(cat "$TMP/clip")"
read -r clipped <"$TMP/clip"
echo "ok: $n graphs, PNG and SVG: $clipped, no ink within 2 pixels of the PNGs' edges"

# The same graphs from the same data: byte for byte.
# (a folder of the same name: a run without a run_id is named by its
# folder, and every graph names its run)
again=$TMP/again/run
mkdir "$TMP/again"
cp -r "$TOP/tests/fixtures/plots" "$again"
"${plots[@]}" "$again" >"$TMP/out" 2>&1 || fail "plots.sh failed the second time: $(cat "$TMP/out")"
# One diff of the two folders, the path-length graph (added above) aside:
# it names a file that differs, or that one of them lacks.
d=$(diff -rq -x 'pathlen.*' "$run/plots" "$again/plots") || fail "RUN/plots differs between two runs on the same data: $d"
echo "ok: drawn twice, the same bytes"
# plots.sh draws every graph in one gnuplot, plots/svg-fresh.gp resetting
# what the SVG terminal keeps from the graph before: an SVG drawn after a
# graph with another line width, colour and dashes is byte for byte the
# SVG of a gnuplot of its own (seen failing without svg-fresh.gp).
nd="dir='$TOP/plots'; fmt='svg'; ttl='t'; sub='s'; msg='no data: m'"
gnuplot -e "$nd; out='$TMP/fresh'" "$TOP/plots/nodata.gp" 2>"$TMP/gp.log" || fail "gnuplot: $(cat "$TMP/gp.log")"
gnuplot -e "set terminal svg; set output '$TMP/dirty.svg'; set border lw 1.2; plot x lc rgb '#333333' dt 2; unset output; reset session" \
	-e "load '$TOP/plots/svg-fresh.gp'; reset session" -e "$nd; out='$TMP/after'; load '$TOP/plots/nodata.gp'" 2>"$TMP/gp.log" ||
	fail "gnuplot: $(cat "$TMP/gp.log")"
cmp -s "$TMP/fresh.svg" "$TMP/after.svg" || fail "an SVG drawn after another graph in one gnuplot differs from its own gnuplot's: plots/svg-fresh.gp no longer resets the SVG terminal"
echo "ok: an SVG drawn after another in one gnuplot is the same as in a gnuplot of its own"

# A variant missing from the run: still every graph, and a note.
part=$TMP/part
cp -r "$TOP/tests/fixtures/plots" "$part"
grep -v '^stock-debug,' "$run/summary.csv" >"$part/summary.csv"
"${plots[@]}" "$part" >"$TMP/out" 2>&1 || fail "plots.sh failed without stock-debug: $(cat "$TMP/out")"
grep -q 'variant stock-debug is not in this run' "$TMP/out" || fail "no note about the missing variant: $(cat "$TMP/out")"
check_plots "$part/plots"
! grep -q '>stock-debug<' "$part/plots/uncontended-debug-on.svg" || fail "a missing variant is in the key"
echo "ok: a run without stock-debug plots the rest, with a note"

# Two placements: the contended throughput gets a panel per shape and
# placement, each titled with its placement, and the panels of one shape
# one y scale (the same shape index); the contended rows copied at
# placement llc, twice as high.
pl=$TMP/placed
cp -r "$TOP/tests/fixtures/plots" "$pl"
awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next } { print }
	$c["mode"] == "contended" { $c["placement"] = "llc"; $c["median"] *= 2; $c["ci_lo"] *= 2; $c["ci_hi"] *= 2; print }' \
	"$run/summary.csv" >"$pl/summary.csv"
"${plots[@]}" "$pl" >"$TMP/out" 2>&1 || fail "plots.sh failed with two placements: $(cat "$TMP/out")"
n1=$(find "$run/plots/data" -name 'ct-*.dat' | wc -l) n2=$(find "$pl/plots/data" -name 'ct-*.dat' | wc -l)
[ "$n2" -eq $((2 * n1)) ] || fail "two placements drew $n2 throughput panels, want twice one placement's $n1"
# (each panel its own placement's rows: no two panels' data alike)
for f in "$pl"/plots/data/ct-*.dat; do grep -v '^#' "$f" | md5sum; done | sort | uniq -d | grep -q . &&
	fail "two placements' panels hold the same data"
for p in any llc; do
	grep -q "placement $p" "$pl/plots/contended-throughput.svg" || fail "no panel titled with placement $p"
done
! grep -q "placement any" "$run/plots/contended-throughput.svg" || fail "a run of one placement names it in its panels"
grep -q "placement" "$TMP/out" && fail "two placements: plots.sh noted dropped rows: $(cat "$TMP/out")"
# The fairness dot plot: a panel per shape, placement and thread count.
f1=$(sed -n 's/^#panels //p' "$run/plots/data/fairness.dat") f2=$(sed -n 's/^#panels //p' "$pl/plots/data/fairness.dat")
[ "$f2" -eq $((2 * f1)) ] || fail "two placements drew $f2 fairness panels, want twice one placement's $f1"
grep -q '^#dup 0$' "$pl/plots/data/fairness.dat" || fail "fairness: two placements' rows counted as repeats"
grep -q "placement llc" "$pl/plots/fairness.svg" || fail "fairness: no panel titled with placement llc"
echo "ok: two placements draw a throughput panel and a fairness panel each, titled with it"

# No pairs.csv: a headline placeholder, the rest as before.
rm "$part/pairs.csv"
"${plots[@]}" "$part" >"$TMP/out" 2>&1 || fail "plots.sh failed without pairs.csv: $(cat "$TMP/out")"
grep -q 'pairs.csv is missing' "$TMP/out" || fail "no note about the missing pairs.csv"
grep -q 'no data:' "$part/plots/headline.svg" || fail "the headline is not a placeholder"
echo "ok: no pairs.csv gives a headline placeholder"

# Corrupt input: an error naming the file, RUN/plots untouched.
# Untouched: every entry's inode, size, mtime and ctime (a write or a
# replacement changes one), listed by one find, the same before and after.
state() { find "$run/plots" -printf '%i %s %T@ %C@ %y %P\n'; }
before=$(state)
corrupt() { # corrupt WHAT PATTERN: run plots.sh on the current fixture files
	expect_error "$1" "$2" "${plots[@]}" "$run"
	[ "$(state)" = "$before" ] || fail "$1: RUN/plots changed"
	! compgen -G "$run/.plots.*" >/dev/null || fail "$1: a temporary folder was left behind"
}
cp "$run/summary.csv" "$TMP/good.csv"
sed '5s/,[^,]*$//' "$TMP/good.csv" >"$run/summary.csv"
IFS= read -r nf <"$run/summary.csv" && nf=${nf//[^,]/} && nf=$((${#nf} + 1)) # the header's fields
corrupt "short row" "summary.csv: line 5: $((nf - 1)) fields, the header has $nf"
sed '1s/,median,/,middle,/' "$TMP/good.csv" >"$run/summary.csv"
corrupt "renamed column" "summary.csv: line 1: header lacks column 'median'"
sed '7s/,10,30,\([0-9.]*\),/,10,30,abc,/' "$TMP/good.csv" >"$run/summary.csv"
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
expect_error "an icount run" "is an icount run \\(instructions, not time\\)" "${plots[@]}" "$ic"
[ ! -d "$ic/plots" ] || fail "a refused icount run got a plots folder"
