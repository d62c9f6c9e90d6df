#!/usr/bin/env bash
# events-table.sh RUN: the events instrument's tables, Markdown on stdout,
# from RUN/events.csv (make events) alone:
#   "where the cycles go": kind x variant, what one acquire+release runs
#   (hot, icount, exact), the lines a cold op pulls from the other vCPU,
#   and the transfers per handoff of the contended jobs;
#   the differences between the compared variants (the comparisons file,
#   COMPARISONS= as elsewhere), in events;
#   the calibration: pad=N adds N instructions and nothing else.
. "$(dirname "$0")/../lib.sh"
run=${1:?usage: events-table.sh RUN}
csv=$run/events.csv
[ -f "$csv" ] || die "$csv does not exist: run make events first"
[ "$(wc -l <"$csv")" -gt 1 ] || die "$csv has no rows: no ops seen"
pairs=$(comparison_lines | awk -F'\t' '{ print $2 ":" $3 }' | tr '\n' ' ')

awk -F, -v pairs="$pairs" '
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
	function hotcell(v, k, col,   x) { x = g(v, "hot", k, 0, col); return x == "" ? "–" : x }
	function num(x) { return x == "" ? "–" : sprintf("%.2f", x) }
	END {
		print "## Where the cycles go: events per acquire+release\n"
		print "Counted by the lockbench-events TCG plugin between the module'"'"'s marker NOPs."
		print "insns to lines: the hot op (icount, 1 vCPU, lock prefixes kept with noreplace-smp),"
		print "exact: the shape most ops had (`mode_share` in events.csv; an interrupt inside"
		print "an op makes it an outlier). cold: lines arriving from the other vCPU'"'"'s cache per"
		print "op, and copies invalidated there (MTTCG, 2 vCPUs, directory model). contended:"
		print "transfers per handoff (an op on another vCPU than the op before), never per unit"
		print "of time: TCG'"'"'s interleaving of vCPUs is not hardware'"'"'s. The markers (two NOPs a"
		print "loop, empty'"'"'s too) leave the path lengths of the icount table as they were.\n"
		print "| kind | variant | insns | atomics | fences | loads | stores | lines | cold transfers | cold invalidations | contended transfers/handoff | handoffs |"
		print "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
		for (a = 1; a <= nk; a++) for (b = 1; b <= nv; b++) {
			k = kord[a]; v = vord[b]
			printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", k, v,
				hotcell(v, k, "insns"), hotcell(v, k, "atomics"), hotcell(v, k, "fences"),
				hotcell(v, k, "loads"), hotcell(v, k, "stores"), hotcell(v, k, "lines"),
				num(g(v, "cold", k, 0, "transfers")), num(g(v, "cold", k, 0, "invalidations")),
				num(g(v, "contended", k, 0, "transfers_per_handoff")),
				g(v, "contended", k, 0, "handoffs") == "" ? "–" : g(v, "contended", k, 0, "handoffs")
		}
		n = split(pairs, pr, " ")
		first = 1
		for (i = 1; i <= n; i++) {
			split(pr[i], ab, ":"); A = ab[1]; B = ab[2]
			if (!(A in vs) || !(B in vs)) continue
			if (first) { print "\n## Differences in events (hot op; cold transfers)\n"; first = 0 }
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
			printf "- **%s → %s**:%s\n", A, B, line == "" ? " the same events on every kind" : ""
			printf "%s", line
		}
		print "\n## Calibration: pad=N adds N instructions inside spin_lock'"'"'s section\n"
		print "| variant | pad | insns | expected | atomics | loads | stores | verdict |"
		print "|---|---:|---:|---:|---:|---:|---:|---|"
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
				printf "| %s | %d | %s | %s | %s | %s | %s | %s |\n", v, p, x, base == "" ? "–" : base + p,
					g(v, "hot", "spin_lock", p, "atomics"), g(v, "hot", "spin_lock", p, "loads"),
					g(v, "hot", "spin_lock", p, "stores"), ok ? "exact" : "**off**"
			}
		}
		if (bad) { printf "\n%d calibration rows are off.\n", bad; exit 3 }
	}' "$csv"
