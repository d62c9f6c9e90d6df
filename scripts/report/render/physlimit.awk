# physlimit: the bare pairs each native process timed.
#   render.sh physlimit physlimit.csv
FNR == 1 { header(); next }

# The bare atomics each native process timed on its own CPU: per pair, the
# median over processes, with the smallest and largest.
{
	PK = g("pair")
	if (!(PK in PN)) PORDER[++NPP] = PK
	PV[PK, ++PN[PK]] = g("cyc_op") + 0
	PS[PK, PN[PK]] = g("ns_op") + 0
	next
}

END {
	print "| bare pair | processes | cycles, median [min, max] | ns, median |"
	print "|---|---:|---:|---:|"
	for (r = 1; r <= NPP; r++) {
		m = median_of(PV, PORDER[r], PN[PORDER[r]])
		lo = MIN; hi = MAX
		printf "| `%s` | %d | %s [%s, %s] | %s |\n", PORDER[r], PN[PORDER[r]], fmt("median", m), fmt("median", lo),
			fmt("median", hi), fmt("median", median_of(PS, PORDER[r], PN[PORDER[r]]))
	}
}
