#!/usr/bin/env bash
# pmu-table.sh RUN: RUN/pmu.csv (perf stat in the guest, lb.pmu=) as a
# Markdown table: per variant, job shape and event, the median over boots
# of each boot's median count per job, and instructions per cycle where
# both were counted.  The figures are computed here as CSV; render.sh
# draws the table.  The boot is the replicate, as in lb-stat.  Counts
# are whole jobs on every CPU (perf stat -a), never per acquire+release.
. "$(dirname "$0")/../lib.sh"
. "$LB_TOP/schema/contract.sh"

run=$(run_dir "${1:?usage: pmu-table.sh RUNDIR}")
csv=$run/pmu.csv
[ -f "$csv" ] || die "$csv is missing: no job of run $(dir_id "$run") was counted (lb.pmu=, docs/accelerators.md)"
hdr=$(contract_header pmu)
[ "$(head -n 1 "$csv")" = "$hdr" ] || die "$csv: its header is not the contract's ($hdr)"

awk -F, -v cols="$hdr" '
function median(list,    n, a, i, j, t) {
	n = split(list, a, " ")
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
BEGIN { n = split(cols, name, ","); for (i = 1; i <= n; i++) c[name[i]] = i }
NR == 1 { next }
{
	shape = $c["variant"] SUBSEP $c["kind"] SUBSEP $c["mode"] SUBSEP $c["threads"] SUBSEP $c["read_pct"]
	if (!(shape in seen)) { seen[shape] = 1; order[++nshape] = shape }
	key = shape SUBSEP $c["event"]
	if (!(key in unit)) { unit[key] = $c["unit"]; events[shape] = events[shape] " " $c["event"] }
	if ($c["state"] != "counted") { state[key] = $c["state"]; next }
	bk = key SUBSEP $c["boot"]
	if (!(bk in per_boot)) boots[key] = boots[key] " " $c["boot"]
	per_boot[bk] = per_boot[bk] " " $c["count"]
}
END {
	print "variant,kind,mode,threads,read_pct,event,boots,per_job,unit,ipc"
	for (s = 1; s <= nshape; s++) {
		shape = order[s]
		split(shape, f, SUBSEP)
		ne = split(events[shape], ev, " ")
		delete med
		for (e = 1; e <= ne; e++) {
			key = shape SUBSEP ev[e]
			nb = split(boots[key], b, " ")
			list = ""
			for (i = 1; i <= nb; i++) list = list " " median(per_boot[key SUBSEP b[i]])
			med[ev[e]] = nb ? median(list) : ""
			nboots[ev[e]] = nb
		}
		ipc = ""
		if (("cycles" in med) && ("instructions" in med) && med["cycles"] > 0 && med["instructions"] != "")
			ipc = sprintf("%.3f", med["instructions"] / med["cycles"])
		for (e = 1; e <= ne; e++) {
			key = shape SUBSEP ev[e]
			shown = med[ev[e]] == "" ? state[key] : sprintf("%.0f", med[ev[e]])
			if (unit[key] == "msec" && med[ev[e]] != "") shown = sprintf("%.3f", med[ev[e]])
			printf "%s,%s,%s,%s,%s,%s,%d,%s,%s,%s\n", f[1], f[2], f[3], f[4], f[5],
				ev[e], nboots[ev[e]], shown, unit[key], ev[e] == "instructions" ? ipc : ""
		}
	}
}' "$csv" | "$LB_TOP/scripts/report/render.sh" table \
	-v labels="variant|kind|mode|threads|read %|event|boots|median per job|unit|instructions per cycle"
