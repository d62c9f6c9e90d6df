#!/usr/bin/env bash
# events/table.sh RUN: the events instrument's tables, Markdown on stdout,
# from RUN/events.csv (make events) alone:
#   "where the cycles go": kind x variant, what one acquire+release runs
#   (hot, icount, exact), the lines a cold op pulls from the other vCPU,
#   and the transfers per handoff of the contended jobs;
#   the differences between the compared variants (the comparisons file,
#   COMPARISONS= as elsewhere), in events;
#   the calibration: pad=N adds N instructions and nothing else.
# The tables' figures are computed here as CSV (cycles.csv, pads.csv in a
# temporary folder); render.sh draws them.
. "$(dirname "$0")/../lib.sh"
run=${1:?usage: events/table.sh RUN}
csv=$run/events.csv
[ -f "$csv" ] || die "$csv does not exist: run make events first"
[ "$(wc -l <"$csv")" -gt 1 ] || die "$csv has no rows: no ops seen"
pairs=$(comparison_lines | awk -F'\t' '{ print $2 ":" $3 }' | tr '\n' ' ')
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

rc=0
awk -F, -v pairs="$pairs" -v dir="$tmp" '
	NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	function key(v, m, k, p) { return v SUBSEP m SUBSEP k SUBSEP p }
	{
		v = $c["variant"]; m = $c["mode"]; k = $c["kind"]; p = $c["pad"]
		if (!(v in vs)) { vs[v] = 1; vord[++nv] = v }
		if (m == "hot" && p == 0 && k != "empty" && !(k in ks)) { ks[k] = 1; kord[++nk] = k }
		for (i = 1; i <= NF; i++) val[key(v, m, k, p), i] = $i
		have[key(v, m, k, p)] = 1
	}
	function g(v, m, k, p, col) { return have[key(v, m, k, p)] ? val[key(v, m, k, p), c[col]] : "" }
	END {
		cyc = dir "/cycles.csv"; pads = dir "/pads.csv"; dif = dir "/diff.md"
		print "kind,variant,insns,atomics,fences,loads,stores,lines,cold_transfers,cold_invalidations,contended_transfers_per_handoff,handoffs" > cyc
		for (a = 1; a <= nk; a++) for (b = 1; b <= nv; b++) {
			k = kord[a]; v = vord[b]
			printf "%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n", k, v,
				g(v, "hot", k, 0, "insns"), g(v, "hot", k, 0, "atomics"), g(v, "hot", k, 0, "fences"),
				g(v, "hot", k, 0, "loads"), g(v, "hot", k, 0, "stores"), g(v, "hot", k, 0, "lines"),
				g(v, "cold", k, 0, "transfers"), g(v, "cold", k, 0, "invalidations"),
				g(v, "contended", k, 0, "transfers_per_handoff"), g(v, "contended", k, 0, "handoffs") > cyc
		}
		printf "" > dif
		n = split(pairs, pr, " ")
		first = 1
		for (i = 1; i <= n; i++) {
			split(pr[i], ab, ":"); A = ab[1]; B = ab[2]
			if (!(A in vs) || !(B in vs)) continue
			if (first) { print "\n## Differences in events (hot op; cold transfers)\n" > dif; first = 0 }
			line = ""
			for (a = 1; a <= nk; a++) {
				k = kord[a]; d = ""
				split("insns atomics fences loads stores lines", f, " ")
				for (j = 1; j <= 6; j++) {
					x = g(A, "hot", k, 0, f[j]); y = g(B, "hot", k, 0, f[j])
					if (x != "" && y != "" && x != y) d = d (d == "" ? "" : ", ") sprintf("%s %s → %s", f[j], x, y)
				}
				x = g(A, "cold", k, 0, "transfers"); y = g(B, "cold", k, 0, "transfers")
				if (x != "" && y != "" && (x - y > 0.05 || y - x > 0.05)) d = d (d == "" ? "" : ", ") sprintf("cold transfers %.2f → %.2f", x, y)
				if (d != "") line = line sprintf("  - %s: %s\n", k, d)
			}
			printf "- **%s → %s**:%s\n", A, B, line == "" ? " the same events on every kind" : "" > dif
			printf "%s", line > dif
		}
		print "variant,pad,insns,expected,atomics,loads,stores,verdict" > pads
		for (b = 1; b <= nv; b++) {
			v = vord[b]; base = g(v, "hot", "spin_lock", 0, "insns")
			for (p = 1; p <= 1024; p++) {
				if (!have[key(v, "hot", "spin_lock", p)]) continue
				x = g(v, "hot", "spin_lock", p, "insns")
				ok = base != "" && x == base + p &&
				     g(v, "hot", "spin_lock", p, "atomics") == g(v, "hot", "spin_lock", 0, "atomics") &&
				     g(v, "hot", "spin_lock", p, "loads") == g(v, "hot", "spin_lock", 0, "loads") &&
				     g(v, "hot", "spin_lock", p, "stores") == g(v, "hot", "spin_lock", 0, "stores")
				if (!ok) bad++
				printf "%s,%d,%s,%s,%s,%s,%s,%s\n", v, p, x, base == "" ? "" : base + p,
					g(v, "hot", "spin_lock", p, "atomics"), g(v, "hot", "spin_lock", p, "loads"),
					g(v, "hot", "spin_lock", p, "stores"), ok ? "exact" : "off" > pads
			}
		}
		if (bad) { print bad > (dir "/bad"); exit 3 }
	}' "$csv" || rc=$?
[ $rc = 0 ] || [ $rc = 3 ] || exit $rc

render() { "$LB_TOP/scripts/report/render.sh" table -v empty="–" "$@"; }
printf '%s\n' "## Where the cycles go: events per acquire+release" "" \
	"Counted by the lockbench-events TCG plugin between the module's marker NOPs." \
	"insns to lines: the hot op (icount, 1 vCPU, lock prefixes kept with noreplace-smp)," \
	"exact: the shape most ops had (\`mode_share\` in events.csv; an interrupt inside" \
	"an op makes it an outlier). cold: lines arriving from the other vCPU's cache per" \
	"op, and copies invalidated there (MTTCG, 2 vCPUs, directory model). contended:" \
	"transfers per handoff (an op on another vCPU than the op before), never per unit" \
	"of time: TCG's interleaving of vCPUs is not hardware's. The markers (two NOPs a" \
	"loop, empty's too) leave the path lengths of the icount table as they were." ""
render -v align=llrrrrrrrrrr \
	-v labels="kind|variant|insns|atomics|fences|loads|stores|lines|cold transfers|cold invalidations|contended transfers/handoff|handoffs" \
	"$tmp/cycles.csv"
mapfile -t diff <"$tmp/diff.md"
[ ${#diff[@]} = 0 ] || printf '%s\n' "${diff[@]}"
printf '\n%s\n\n' "## Calibration: pad=N adds N instructions inside spin_lock's section"
render -v align=lrrrrrrl -v labels="variant|pad|insns|expected|atomics|loads|stores|verdict" "$tmp/pads.csv"
if [ $rc = 3 ]; then
	read -r bad <"$tmp/bad"
	printf '\n%d calibration rows are off.\n' "$bad"
	exit 3
fi
