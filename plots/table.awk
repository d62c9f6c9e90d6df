# One row per lock kind, three columns (median, ci_lo, ci_hi) per variant, for
# the rows of one mode and metric: the input of a clustered histogram
# (clusters.awk, which reads -v variants, kinds and bases).
#   -v mode=hot -v metric=ns_op
# Only variants with at least one cell get columns; a missing cell is
# NaN.  A kind with an oversubscribed cell is labelled with a dagger.
NR == 1 { header(); next }
v("mode") != mode || v("metric") != metric { next }
{
	k = v("kind")
	if (!cluster_cell(v("variant"), k, v("median"), bound(v("ci_lo"), v("median")), bound(v("ci_hi"), v("median")), v("oversub"))) { dup++; next }
	if (v("median") + 0 != 0) nonzero[k] = 1
	seen()
}
END {
	meta()
	pv = cluster_variants()
	printf "#variants %s\n#dup %d\n", pv, dup
	# A kind that is 0 in every variant is the subtracted baseline itself
	# (empty): an empty slot, left out.
	for (i = 1; i <= nk; i++) if (!(ks[i] in nonzero)) delete hk[ks[i]]
	cluster_rows(pv)
}
