#!/usr/bin/env bash
# placement-check.sh NATIVE-RUN: do the placements' labels agree with the
# hand-offs measured across them?  A placement's label comes from /sys
# (topology.sh), which in a VM is the hypervisor's word, not the chip's;
# a cold job's cost is an acquire+release that finds the lock's line last
# written by the other CPU, so it grows with the distance the line moves.
# Per variant, the cold spin_lock cell's ns per acquire+release at each
# placement (median of the process medians, bootstrap 95% CI, from the
# run's summary.csv), in the contract's placement order, nearest first
# (smt, llc, cross-llc, cross-node; any has no label and is shown apart),
# each labelled placement against the nearer one before it:
#   slower       its whole CI above the nearer one's: the labels agree
#   within-noise the CIs overlap: the labels are not borne out
#   faster       its whole CI below: the labels disagree
# Writes NATIVE-RUN/placement-check.csv (variant, kind, placement, n,
# median, ci_lo, ci_hi, against, verdict) and NATIVE-RUN/placement-check.txt,
# one sentence: what the run shows, or why there is nothing to compare
# (one placement, or no cold cell).
. "$(dirname "$0")/../lib.sh"
. "$LB_TOP/schema/contract.sh"
nat=${1:?usage: placement-check.sh NATIVE-RUN}
sum=$nat/summary.csv
[ -f "$sum" ] || die "placement-check: no $sum (compare.sh writes it)"
order=$(contract_list placements) || exit 1
vm= hostp=
[ ! -f "$nat/host-facts.txt" ] || vm=$(sed -n 's/^vm=//p' "$nat/host-facts.txt")
[ ! -f "$nat/host-facts.txt" ] || hostp=$(sed -n 's/^placements=//p' "$nat/host-facts.txt")
awk -F, -v order="$order" -v vm="$vm" -v hostp="$hostp" -v csv="$nat/placement-check.csv" '
NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i
	if (!("placement" in h)) { print FILENAME ": no placement column (a summary before schema v4)" >"/dev/stderr"; bad = 2; exit 2 }
	next }
$h["mode"] != "cold" || $h["kind"] != "spin_lock" || $h["metric"] != "ns_op" { next }
{
	v = $h["variant"]; p = $h["placement"]
	if (!(v in seenv)) { seenv[v] = 1; vs[++nv] = v }
	if (!(p in seenp)) { seenp[p] = 1; np++ }
	N[v, p] = $h["n"]; M[v, p] = $h["median"]; LO[v, p] = $h["ci_lo"]; HI[v, p] = $h["ci_hi"]; have[v, p] = 1
}
END {
	if (bad) exit bad
	no = split(order, pl, " ")
	print "variant,kind,placement,n,median,ci_lo,ci_hi,against,verdict" >csv
	for (i = 1; i <= nv; i++) {
		v = vs[i]; prev = ""
		for (k = 1; k <= no; k++) {
			p = pl[k]
			if (!((v, p) in have)) continue
			verdict = "no label"; against = ""
			if (k > 1 && prev == "") verdict = "nearest"
			if (k > 1 && prev != "") {
				against = prev
				if (LO[v, p] > HI[v, prev]) verdict = "slower"
				else if (HI[v, p] < LO[v, prev]) { verdict = "faster"; dis = dis (dis == "" ? "" : "; ") v ": " p " faster than " prev }
				else { verdict = "within-noise"; flat = flat (flat == "" ? "" : "; ") v ": " p " within " prev "\047s CI" }
				if (verdict == "slower") agree++
			}
			if (k > 1) { prev = p; labelled[p] = 1 }
			printf "%s,spin_lock,%s,%s,%s,%s,%s,%s,%s\n", v, p, N[v, p], M[v, p], LO[v, p], HI[v, p], against, verdict >csv
		}
	}
	close(csv)
	for (p in labelled) nl++
	for (p in seenp) ms = ms (ms == "" ? "" : ", ") p
	where = vm == 1 ? ", a VM: its /sys shows the hypervisor\047s topology, not where the vCPUs run" : ""
	host = hostp != "" ? " (this host\047s /sys offers " hostp where ")" : vm == 1 ? " (" substr(where, 3) ")" : ""
	if (!np) print "No cold spin_lock cell: no hand-off was measured, so no placement label can be checked."
	else if (nl < 2) print "Cold hand-offs were measured at " ms " alone" host ": " (nl ? "one labelled placement has none to be compared with" : "any names no relation between its CPUs") ", so there is nothing to check the labels against."
	else if (dis != "") print "The labels disagree with the measurements: " dis "."
	else if (flat != "") print "The labels are not borne out beyond the noise: " flat "; " (agree + 0) " nearer-farther steps are slower as labelled."
	else print "The labels agree: every farther placement is slower than the nearer one, CIs apart (" agree " steps)."
}' "$sum" >"$nat/placement-check.txt" || die "placement-check: $sum could not be read (see above)"
cat "$nat/placement-check.txt"
