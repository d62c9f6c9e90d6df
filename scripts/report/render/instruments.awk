# instruments: the instruments side by side, per hot kind and variant.
#   render.sh instruments -v variants="pre post" [pathlen.csv] native/summary.csv summary.csv
FNR == 1 { header(); next }

# The instruments side by side, per hot kind and variant: icount's
# instructions, native cycles and ns, TCG ns (each with its CI).  The rows
# are the kinds the native instrument ran.
{
	if (FILENAME ~ /pathlen.csv$/) {
		if (g("pad") + 0 == 0) IC[g("kind"), g("variant")] = fmt("instructions", g("instructions"))
		next
	}
	if (g("mode") != "hot" || g("kind") == "empty") next
	if (FILENAME ~ /native\/summary.csv$/) {
		if (!(g("kind") in IROW)) { IROW[g("kind")] = 1; IKINDS[++NIK] = g("kind") }
		if (g("metric") == "cyc_op") NC[g("kind"), g("variant")] = ci("median", g("median"), g("ci_lo"), g("ci_hi"))
		if (g("metric") == "ns_op") NN[g("kind"), g("variant")] = fmt("median", g("median"))
		next
	}
	if (g("metric") == "ns_op") TN[g("kind"), g("variant")] = ci("median", g("median"), g("ci_lo"), g("ci_hi"))
	next
}

END {
	nv = split(variants, vs, " ")
	print "| kind | variant | icount: instructions | native: cycles [95% CI] | native: ns | TCG: ns [95% CI] |"
	print "|---|---|---:|---:|---:|---:|"
	for (r = 1; r <= NIK; r++)
		for (i = 1; i <= nv; i++) {
			k = IKINDS[r] SUBSEP vs[i]
			if (!(k in NC)) continue
			printf "| %s | %s | %s | %s | %s | %s |\n", IKINDS[r], vs[i], (k in IC) ? IC[k] : "–", NC[k],
				(k in NN) ? NN[k] : "–", (k in TN) ? TN[k] : "–"
		}
}
