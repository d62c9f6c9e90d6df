#!/usr/bin/env bash
# events/calibration.sh EVENTS.TSV: the plugin's calibration (a boot of
# bench-user/events/lb-events-cal) checked and tabled in Markdown (by
# render.sh, from the rows as CSV); exits
# 1 when a row is not what the code it counted must give:
#   pad id N (1..16)  N locked increments: N instructions, N atomics,
#                     N loads, N stores, 1 line, in every op;
#   pad id 1000       one store to the line the other vCPU wrote last:
#                     1 transfer and 1 invalidation per op, within 1%
#                     (the first op finds the line at home; an interrupt
#                     inside an op adds its own accesses);
#   pad id 1001       the same store on one vCPU: no transfer (at most 1%).
. "$(dirname "$0")/../lib.sh"
tsv=${1:?usage: events/calibration.sh EVENTS.TSV}
[ -f "$tsv" ] || die "$tsv does not exist"
grep -q '^# no ops seen' "$tsv" && die "$tsv: no ops seen: lb-events-cal did not run"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The rows as CSV (an empty cell where a row is missing); render.sh draws
# the table.  awk's exit status is the verdict.
rc=0
awk -F'\t' '
	$1 == "site" { for (i = 1; i <= NF; i++) c[$i] = i; next }
	/^#/ || $1 != "pad" { next }
	{ id = $c["id"]; row[id] = $0; n++ }
	function f(id, col,   a) { split(row[id], a, "\t"); return a[c[col]] }
	function out(what, id, t, v, ok) {
		printf "\"%s\",%d,%d,%d,%d,%d,%d,%.6f,%.6f,%s\n", what, f(id, "ops"), f(id, "insns"), f(id, "atomics"),
			f(id, "loads"), f(id, "stores"), f(id, "lines"), t, v, ok ? "exact" : "off"
		if (!ok) bad++
	}
	function missing(what) { print "\"" what "\",,,,,,,,,missing"; bad++ }
	END {
		print "code,ops,insns,atomics,loads,stores,lines,transfers_per_op,invalidations_per_op,verdict"
		for (k = 1; k <= 16; k *= 2) {
			what = k " locked increments"
			if (!(k in row)) { missing(what); continue }
			out(what, k, f(k, "transfers") / f(k, "ops"), f(k, "invalidations") / f(k, "ops"),
			    f(k, "modal_ops") == f(k, "ops") && f(k, "insns") == k && f(k, "atomics") == k &&
			    f(k, "loads") == k && f(k, "stores") == k && f(k, "lines") == 1)
		}
		split("1000 1001", ids, " ")
		for (j = 1; j <= 2; j++) {
			id = ids[j]
			what = id == 1000 ? "1 store, line last written by the other vCPU" : "1 store, same vCPU every time"
			if (!(id in row)) { missing(what); continue }
			t = f(id, "transfers") / f(id, "ops"); v = f(id, "invalidations") / f(id, "ops")
			out(what, id, t, v, f(id, "insns") == 1 && f(id, "stores") == 1 && f(id, "atomics") == 0 &&
			    (id == 1000 ? t >= 0.99 && t <= 1.01 && v >= 0.99 && v <= 1.01 : t <= 0.01))
		}
		exit bad > 0
	}' "$tsv" >"$tmp/calibration.csv" || rc=$?
printf '## Calibration of the events plugin (bench-user/events/lb-events-cal)\n\n'
"$LB_TOP/scripts/report/render.sh" table -v align=lrrrrrrrrl -v empty=– \
	-v labels='code in the op|ops|insns|atomics|loads|stores|lines|transfers/op|invalidations/op|verdict' \
	"$tmp/calibration.csv"
exit $rc
