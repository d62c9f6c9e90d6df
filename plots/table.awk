# One row per lock kind, three columns (median, ci_lo, ci_hi) per variant, for
# the rows of one mode and metric: the input of a clustered histogram.
#   -v mode=hot -v metric=ns_op -v variants="pre post stock" -v kinds="..."
#   -v bases="..."  (the contract's baseline kinds, drawn first)
# kinds gives the order; kinds not named follow in input
# order.  Only variants with at least one cell get columns; a missing cell
# is NaN.  A kind with an oversubscribed cell is labelled with a dagger.
BEGIN {
	nv = split(variants, vs, " "); nk = split(kinds, ks, " ")
	for (i = 1; i <= nk; i++) korder[ks[i]] = i
	split(bases, b, " "); for (i in b) isbase[b[i]] = 1
}
NR == 1 { header(); next }
v("mode") != mode || v("metric") != metric { next }
{
	k = v("kind"); var = v("variant"); key = var SUBSEP k
	if (key in mean) { dup++; next }
	if (!(k in korder)) { korder[k] = ++nk; ks[nk] = k }
	mean[key] = v("median"); lo[key] = bound(v("ci_lo"), v("median")); hi[key] = bound(v("ci_hi"), v("median"))
	have[var] = 1; hk[k] = 1
	if (v("median") + 0 != 0) nonzero[k] = 1
	if (v("oversub") == 1) ovk[k] = 1
	seen()
}
END {
	meta()
	for (i = 1; i <= nv; i++) if (vs[i] in have) pv = pv (pv == "" ? "" : " ") vs[i]
	printf "#variants %s\n#dup %d\n", pv, dup
	np = split(pv, p, " ")
	# A kind that is 0 in every variant is the subtracted baseline itself
	# (empty): an empty slot, left out.
	for (i = 1; i <= nk; i++) if (!(ks[i] in nonzero)) delete hk[ks[i]]
	for (i = 1; i <= nk; i++) if ((ks[i] in hk) && (ks[i] in isbase)) nb++
	printf "#nbase %d\n", nb
	# Baselines first, then the rest in kinds order.
	for (pass = 1; pass <= 2; pass++)
		for (i = 1; i <= nk; i++) {
			k = ks[i]
			if (!(k in hk) || (pass == 1) != (k in isbase)) continue
			printf "\"%s%s\"", k, (k in ovk) ? " \342\200\240" : ""
			for (j = 1; j <= np; j++) {
				key = p[j] SUBSEP k
				if (key in mean) printf " %s %s %s", mean[key], lo[key], hi[key]
				else printf " NaN NaN NaN"
			}
			printf "\n"
		}
}
