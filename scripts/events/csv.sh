#!/usr/bin/env bash
# events/csv.sh --header | VARIANT MACHINE VCPUS EVENTS.TSV: the plugin's file
# (bench-user/events/events-out.c) as events.csv rows, in the contract's
# columns (lb-validate --describe events).  A marker's id is a kind's
# position in LB_KINDS (or a pad), so the names come from the contract.
. "$(dirname "$0")/../lib.sh"
. "$LB_TOP/schema/contract.sh"
if [ "${1:-}" = --header ]; then
	contract_header events
	exit 0
fi
[ $# -eq 4 ] || die "usage: events/csv.sh --header | VARIANT MACHINE VCPUS EVENTS.TSV"
v=$1 accel=$2 vcpus=$3 tsv=$4
[ -f "$tsv" ] || die "$tsv does not exist"
head -n 1 "$tsv" | grep -qx '#lockbench-events v1' || die "$tsv is not a lockbench-events v1 file"
grep -q '^# no ops seen' "$tsv" && die "$tsv: no ops seen (no lockbench marker ran in that boot)"
kinds=$(contract_list kinds)
cols=$(contract_header events)
awk -F '\t' -v OFS=, -v variant="$v" -v accel="$accel" -v vcpus="$vcpus" -v kinds="$kinds" -v cols="$cols" -v f="$tsv" '
	BEGIN { nk = split(kinds, kind, " "); nc = split(cols, col, ",") }
	/^#/ { next }
	$1 == "site" { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{
		ops = $c["ops"]
		if ($c["site"] == "pad") { r["kind"] = "spin_lock"; r["pad"] = $c["id"] }
		else {
			if ($c["id"] + 1 > nk) { printf "lockbench: error: %s: kind id %s is not in LB_KINDS\n", f, $c["id"] > "/dev/stderr"; exit 1 }
			r["kind"] = kind[$c["id"] + 1]; r["pad"] = 0
		}
		m = $c["site"]
		r["mode"] = m == "op" ? "cold" : m == "contend" ? "contended" : "hot"
		r["variant"] = variant; r["accel"] = accel; r["vcpus"] = vcpus; r["ops"] = ops
		r["mode_share"] = sprintf("%.3f", $c["modal_ops"] / ops)
		split("insns atomics fences loads stores lines", x, " ")
		for (i = 1; i <= 6; i++) r[x[i]] = $c[x[i]]
		r["insns_mean"] = sprintf("%.3f", $c["sum_insns"] / ops)
		r["atomics_mean"] = sprintf("%.3f", $c["sum_atomics"] / ops)
		r["transfers"] = sprintf("%.3f", $c["transfers"] / ops)
		r["invalidations"] = sprintf("%.3f", $c["invalidations"] / ops)
		r["handoffs"] = $c["handoffs"]
		r["transfers_per_handoff"] = $c["handoffs"] > 0 ? sprintf("%.3f", $c["transfers"] / $c["handoffs"]) : ""
		line = ""
		for (i = 1; i <= nc; i++) {
			if (!(col[i] in r)) { printf "lockbench: error: events/csv.sh fills no column %s (schema changed?)\n", col[i] > "/dev/stderr"; exit 1 }
			line = line (i > 1 ? "," : "") r[col[i]]
		}
		print line
	}' "$tsv"
