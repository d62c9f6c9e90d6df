# A clustered histogram's data (a cluster per lock kind, a bar per
# variant, each bar a median with its CI), as table.awk and overhead.awk
# reshape summary.csv and pairs.csv for it:
#   -v variants="pre post stock" -v kinds="..."  (orders)
#   -v bases="..."  (the contract's baseline kinds, drawn first)
# kinds gives the order; kinds not named follow in input order.  A
# reshaper gives its cells with cluster_cell(), then writes its "#meta"
# line, cluster_variants() (the variants with a cell, in order) as
# "#variants", lines of its own, and cluster_rows().
BEGIN {
	nv = split(variants, vs, " "); nk = split(kinds, ks, " ")
	for (i = 1; i <= nk; i++) korder[ks[i]] = i
	split(bases, b, " "); for (i in b) isbase[b[i]] = 1
}
# cluster_cell(VARIANT, KIND, MID, LO, HI, OVERSUB): one bar; 0 when the
# variant's kind has one already (the first is kept).
function cluster_cell(var, k, m, l, h, over,   key) {
	key = var SUBSEP k
	if (key in mid) return 0
	if (!(k in korder)) { korder[k] = ++nk; ks[nk] = k }
	mid[key] = m; lo[key] = l; hi[key] = h
	have[var] = 1; hk[k] = 1
	if (over == 1) ovk[k] = 1
	return 1
}
function cluster_variants(   i, pv) {
	for (i = 1; i <= nv; i++) if (vs[i] in have) pv = pv (pv == "" ? "" : " ") vs[i]
	return pv
}
# cluster_rows(PV): "#nbase N", then a row per kind that has a cell
# (hk), baselines first, then in kinds order: its label, with a dagger
# when a cell was oversubscribed, and median, low and high per variant
# of PV, NaN for a missing cell.
function cluster_rows(pv,   p, np, nb, i, j, k, key, pass) {
	np = split(pv, p, " ")
	for (i = 1; i <= nk; i++) if ((ks[i] in hk) && (ks[i] in isbase)) nb++
	printf "#nbase %d\n", nb
	for (pass = 1; pass <= 2; pass++)
		for (i = 1; i <= nk; i++) {
			k = ks[i]
			if (!(k in hk) || (pass == 1) != (k in isbase)) continue
			printf "\"%s%s\"", k, (k in ovk) ? " \342\200\240" : ""
			for (j = 1; j <= np; j++) {
				key = p[j] SUBSEP k
				if (key in mid) printf " %s %s %s", mid[key], lo[key], hi[key]
				else printf " NaN NaN NaN"
			}
			printf "\n"
		}
}
