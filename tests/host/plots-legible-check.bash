#!/usr/bin/env bash
# plots-legible-check.bash DIR LOG: every defect of the published run's
# graphs in DIR (plots.sh's SVGs, its data in DIR/data, and
# hosts-side.svg), LOG being what plots.sh printed: a line each, and exit
# 1 if any (tests/host/plots-legible.sh says what is checked, and why).
# All are listed, not the first alone, so that a run on graphs drawn
# before the fixes shows every defect at once.
set -euo pipefail
export LC_ALL=C
dir=${1:?usage: plots-legible-check.bash DIR LOG}
log=${2:?usage: plots-legible-check.bash DIR LOG}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
bad=0
defect() { echo "defect: $*"; bad=$((bad + 1)); }
shopt -s nullglob
svgs=("$dir"/*.svg)
[ ${#svgs[@]} -ge 8 ] || { echo "only ${#svgs[@]} graphs in $dir"; exit 1; }
rid=$(sed -n 's/^run_id=//p' "$top/results/run.info")
host=$("$top/scripts/report/host-name.sh" "$top/results/native/host-facts.txt")

# Texts that run into each other, in the SVG's sizes.
if out=$(awk -f "$here/plots-overlap.awk" "${svgs[@]}"); then echo "ok: $out"; else
	while IFS= read -r l; do defect "$l"; done <<<"$out"
fi
# Key entries with nothing of their colour drawn.
only='^(filled: |open: |median, 95% CI$|oversubscribed$|overtakes$|1 = )'
if out=$(awk -v legendonly="$only" -f "$here/plots-legend.awk" "${svgs[@]}"); then echo "ok: $out"; else
	while IFS= read -r l; do defect "$l"; done <<<"$out"
fi

# The events graph, at the PNG's size (pngcairo's points at 96 dpi: 4/3 of
# the SVG's pixels): the variants' names (size 9) under neighbouring
# bars at least 1.3 of that size apart across their slant, and the
# kinds' names (size 11) on one line a panel (a row of variant names),
# each clear of the next.
ev=$dir/events.svg
if [ -f "$ev" ]; then
	out=$(awk '
		function share(ch) { return ch ~ /[mwMW%@]/ ? 0.9 : ch ~ /[ ijlItfr.,:;|!()]/ ? 0.35 : ch ~ /[A-Z0-9]/ ? 0.64 : 0.6 }
		function width(s, z,   i, w) { for (i = 1; i <= length(s); i++) w += share(substr(s, i, 1)); return w * z }
		/<g transform="translate\(/ {
			t = $0; sub(/.*translate\(/, "", t); split(t, xy, /[,)]/); x = xy[1] + 0; y = xy[2] + 0
			a = 0; if (match($0, /rotate\([-0-9.]+\)/)) a = substr($0, RSTART + 7, RLENGTH - 8) + 0
			z = $0; sub(/.*font-size="/, "", z); z = z + 0; want = 1; next
		}
		want && /<text>/ {
			s = $0; sub(/.*<text>/, "", s); sub(/<\/text>.*/, "", s); want = 0
			if (z == 9) { r = sprintf("%.0f", y); nt[r]++; tx[r, nt[r]] = x; ta[r] = a; rows[r] = 1 }
			if (z == 11) { r = sprintf("%.0f", y); nk[r]++; kx[r, nk[r]] = x; ks[r, nk[r]] = s; krow[r] = 1 }
		}
		function sortx(arr, r, n,   i, j, t) { for (i = 2; i <= n; i++) for (j = i; j > 1 && arr[r, j - 1] > arr[r, j]; j--) { t = arr[r, j]; arr[r, j] = arr[r, j - 1]; arr[r, j - 1] = t } }
		END {
			em = 9 * 4 / 3
			for (r in rows) {
				np++; sortx(tx, r, nt[r]); s = ta[r] < 0 ? -ta[r] : ta[r]
				sn = (s == 0) ? 0 : sin(s * 3.14159265 / 180)
				for (i = 2; i <= nt[r]; i++) {
					d = (tx[r, i] - tx[r, i - 1]) * sn
					if (s != 0 && d < 1.3 * em) { printf "events.svg: variant names %.1f px apart across their %d-degree slant, under 1.3 of their %.0f-px size\n", d, s, em; break }
				}
			}
			for (r in krow) {
				nr++
				for (i = 2; i <= nk[r]; i++) for (j = 1; j < i; j++) {
					d = kx[r, i] - kx[r, j]; if (d < 0) d = -d
					if (d < (width(ks[r, i], 11) + width(ks[r, j], 11)) / 2 * 4 / 3 + 4) printf "events.svg: kind names \"%s\" and \"%s\" run into each other\n", ks[r, j], ks[r, i]
				}
			}
			if (nr > np) printf "events.svg: the kinds'"'"' names stand on %d lines under %d rows of bars: they stagger\n", nr, np
			if (!np || !nr) print "events.svg: no variant or kind names found"
		}' "$ev")
	if [ -z "$out" ]; then echo "ok: events: variant and kind names clear of each other at the PNG's size, a line of kinds a panel"; else
		while IFS= read -r l; do defect "$l"; done <<<"$out"
	fi
	# A segment 0 in every bar: said so in the note (its key entry is the
	# legend check's).
	zero=$(awk '!/^#/ && NF >= 8 { for (j = 1; j <= 5; j++) if ($(j + 3) - (j > 1 ? $(j + 2) : 0) > 0) any[j] = 1 }
		END { for (j = 1; j <= 5; j++) if (!(j in any)) printf "%s ", j }' "$dir/data/events.dat")
	if [ -n "$zero" ] && ! grep -q '0 in every bar' "$ev"; then defect "events.svg: segment(s) ${zero% } are 0 in every bar, and no note says so"; fi
fi

# No graph against threads with one thread count: a drawn contended
# graph's panels hold two x values at least; an undrawn one says why.
# The published run has contended cells: a check of neither graph is a
# defect of the check.
nthr=0
for g in contended-throughput:ct native-fairness:fair; do
	name=${g%%:*} pre=${g#*:}
	files=("$dir/data/$pre"-*.dat)
	[ ${#files[@]} -gt 0 ] || continue
	nthr=$((nthr + 1))
	nx=$(awk '!/^#/ && NF && $2 != "NaN" { x[$1] = 1 } END { print length(x) }' "${files[@]}")
	if [ -f "$dir/$name.svg" ] && ! grep -q 'no data:' "$dir/$name.svg"; then
		if [ "$nx" -lt 2 ]; then defect "$name.svg: drawn against threads with $nx thread count"; else echo "ok: $name: $nx thread counts"; fi
	elif grep -q "$name.*needs two" "$log" || grep -q 'a graph against threads needs two' "$dir/$name.svg" 2>/dev/null; then
		echo "ok: $name: not drawn against $nx thread count, and said so"
	else
		defect "$name: not drawn, and no word why"
	fi
done
[ "$nthr" -gt 0 ] || defect "no data of a graph against threads (ct-*.dat, fair-*.dat) in $dir/data: nothing checked"
# The contended graph: a panel per kind and lock design.
ct=$dir/contended-throughput.svg
if [ -f "$ct" ] && ! grep -q 'no data:' "$ct"; then
	n=$(find "$dir/data" -name 'ct-*.dat' | wc -l)
	p=$(grep -cE '<text>(pre|post|stock) layer: ' "$ct") || true
	if [ "$p" -ne $((3 * n)) ]; then defect "contended-throughput.svg: $p panels by lock design for $n kinds, want $((3 * n))"; else
		echo "ok: contended-throughput: $n kinds x 3 lock designs"
	fi
fi

# No empty loop drawn as a result.
for f in "${svgs[@]}"; do ! grep -q '<text>empty' "$f" || defect "${f##*/}: draws the empty kind"; done
for f in "$dir"/data/*.dat; do ! grep -qE '^([0-9]+ )?"empty' "$f" || defect "data/${f##*/}: has a row for the empty kind"; done

# Every graph: its run and its kernels; the host by its name.
for f in "${svgs[@]}"; do
	g=${f##*/}
	grep -q 'kernels under test: Debian linux-source-6.1' "$f" || defect "$g: names no kernel under test"
	[ "$g" = hosts-side.svg ] || grep -q "run $rid" "$f" || defect "$g: does not name run $rid"
	if grep -qE '<text>(TCG, |native \(rdtsc\), )' "$f"; then
		grep -qF "$host" "$f" || defect "$g: names its host otherwise than \"$host\""
	fi
done
for h in "Zen 4 (Genoa), 2-vCPU VM" "Zen 5 (Turin), 2-vCPU VM" "Emerald Rapids, 2-vCPU VM"; do
	[ ! -f "$dir/hosts-side.svg" ] || grep -qF "$h" "$dir/hosts-side.svg" || defect "hosts-side.svg: does not name $h"
done
[ "$bad" -eq 0 ] || { echo "$bad defects"; exit 1; }
echo "ok: ${#svgs[@]} graphs: no defect"
