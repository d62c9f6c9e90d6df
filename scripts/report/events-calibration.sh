#!/usr/bin/env bash
# events-calibration.sh EVENTS.TSV: the plugin's calibration (a boot of
# bench-user/events/lb-events-cal) checked and tabled in Markdown; exits
# 1 when a row is not what the code it counted must give:
#   pad id N (1..16)  N locked increments: N instructions, N atomics,
#                     N loads, N stores, 1 line, in every op;
#   pad id 1000       one store to the line the other vCPU wrote last:
#                     1 transfer and 1 invalidation per op, within 1%
#                     (the first op finds the line at home; an interrupt
#                     inside an op adds its own accesses);
#   pad id 1001       the same store on one vCPU: no transfer (at most 1%).
. "$(dirname "$0")/../lib.sh"
tsv=${1:?usage: events-calibration.sh EVENTS.TSV}
[ -f "$tsv" ] || die "$tsv does not exist"
grep -q '^# no ops seen' "$tsv" && die "$tsv: no ops seen: lb-events-cal did not run"
awk -F'\t' '
	$1 == "site" { for (i = 1; i <= NF; i++) c[$i] = i; next }
	/^#/ || $1 != "pad" { next }
	{ id = $c["id"]; row[id] = $0; n++ }
	function f(id, col,   a) { split(row[id], a, "\t"); return a[c[col]] }
	END {
		print "## Calibration of the events plugin (bench-user/events/lb-events-cal)\n"
		print "| code in the op | ops | insns | atomics | loads | stores | lines | transfers/op | invalidations/op | verdict |"
		print "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"
		for (k = 1; k <= 16; k *= 2) {
			if (!(k in row)) { printf "| %d locked increments | – | | | | | | | | **missing** |\n", k; bad++; continue }
			ok = f(k, "modal_ops") == f(k, "ops") && f(k, "insns") == k && f(k, "atomics") == k &&
			     f(k, "loads") == k && f(k, "stores") == k && f(k, "lines") == 1
			if (!ok) bad++
			printf "| %d locked increments | %d | %d | %d | %d | %d | %d | %.3f | %.3f | %s |\n", k, f(k, "ops"),
				f(k, "insns"), f(k, "atomics"), f(k, "loads"), f(k, "stores"), f(k, "lines"),
				f(k, "transfers") / f(k, "ops"), f(k, "invalidations") / f(k, "ops"), ok ? "exact" : "**off**"
		}
		split("1000 1001", ids, " ")
		for (j = 1; j <= 2; j++) {
			id = ids[j]
			what = id == 1000 ? "1 store, line last written by the other vCPU" : "1 store, same vCPU every time"
			if (!(id in row)) { printf "| %s | – | | | | | | | | **missing** |\n", what; bad++; continue }
			t = f(id, "transfers") / f(id, "ops"); v = f(id, "invalidations") / f(id, "ops")
			ok = f(id, "insns") == 1 && f(id, "stores") == 1 && f(id, "atomics") == 0 &&
			     (id == 1000 ? t >= 0.99 && t <= 1.01 && v >= 0.99 && v <= 1.01 : t <= 0.01)
			if (!ok) bad++
			printf "| %s | %d | %d | %d | %d | %d | %d | %.3f | %.3f | %s |\n", what, f(id, "ops"), f(id, "insns"),
				f(id, "atomics"), f(id, "loads"), f(id, "stores"), f(id, "lines"), t, v, ok ? "exact" : "**off**"
		}
		exit bad > 0
	}' "$tsv"
