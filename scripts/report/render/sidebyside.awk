# sidebyside: the headline pairs with the instruments side by side.
#   render.sh sidebyside -v pairs=" pre:post a:b " -v taccel=TCG [pathlen.csv] [native/pairs.csv] [pairs.csv]
FNR == 1 { header(); next }

# The headline pairs with the instruments side by side, per hot kind:
# icount's instructions base → other, native cycles and TCG ns base →
# other with the change, its CI and lb-stat's verdict.  The rows are the
# kinds of the native run (else of the timed one).
{
	if (FILENAME ~ /pathlen.csv$/) {
		if (g("pad") + 0 == 0 && g("read_pct") + 0 == 100) SI_[g("kind"), g("variant")] = fmt("instructions", g("instructions"))
		next
	}
	if (g("mode") != "hot" || g("kind") == "empty" || g("threads") != 1) next
	if (!index(pairs, " " g("base") ":" g("other") " ")) next
	nat = FILENAME ~ /native\/pairs.csv$/
	if (g("metric") != (nat ? "cyc_op" : "ns_op")) next
	if (nat || !HAVE_NATIVE) {
		if (nat) HAVE_NATIVE = 1
		if (!(g("kind") in SROW)) { SROW[g("kind")] = 1; SKINDS[++NSK] = g("kind") }
	}
	k = g("base") ":" g("other") SUBSEP g("kind") SUBSEP nat
	SM[k] = f("median_base") " → " f("median_other")
	SC[k] = change() ", " g("verdict")
	next
}

END {
	print "| pair | kind | icount: instructions | native: TSC cycles | native: change [95% CI], verdict | " taccel ": ns | " taccel ": change [95% CI], verdict |"
	print "|---|---|---:|---:|---:|---:|---:|"
	np = split(pairs, ps, " ")
	for (j = 1; j <= np; j++) {
		split(ps[j], bo, ":")
		for (r = 1; r <= NSK; r++) {
			kd = SKINDS[r]; k1 = ps[j] SUBSEP kd SUBSEP 1; k0 = ps[j] SUBSEP kd SUBSEP 0
			if (!(k1 in SM) && !(k0 in SM)) continue
			ic = ((kd, bo[1]) in SI_) && ((kd, bo[2]) in SI_) ? SI_[kd, bo[1]] " → " SI_[kd, bo[2]] : "–"
			printf "| %s → %s | %s | %s | %s | %s | %s | %s |\n", bo[1], bo[2], kd, ic, (k1 in SM) ? SM[k1] : "–",
				(k1 in SC) ? SC[k1] : "–", (k0 in SM) ? SM[k0] : "–", (k0 in SC) ? SC[k0] : "–"
		}
	}
}
