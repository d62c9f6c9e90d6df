# Debug overhead, from pairs.csv: for each pair X:X-debug in twins that is
# there, per hot kind, the ratio of boot medians X-debug / X with its
# bootstrap 95% CI (1 + pct_change/100, and the same for pct_lo, pct_hi),
# as a clustered histogram's rows (clusters.awk, which reads -v variants,
# kinds and bases).
#   -v twins="pre:pre-debug ..."  (plots.sh pairs them by their fragments)
# Writes ratio rows in the layout overhead.gp reads.
BEGIN { nt = split(twins, tw, " "); for (i = 1; i <= nt; i++) istwin[tw[i]] = 1 }
function r(s) { return isnum(s) ? 1 + s / 100 : "NaN" }
NR == 1 { header(); next }
v("mode") != "hot" || v("metric") != "ns_op" || !((v("base") ":" v("other")) in istwin) { next }
{
	m = r(v("pct_change")); l = r(v("pct_lo")); h = r(v("pct_hi"))
	if (l == "NaN") l = m
	if (h == "NaN") h = m
	if (!cluster_cell(v("base"), v("kind"), m, l, h, v("oversub"))) next
	n = v("n_base") + 0; if (nmin == "" || n < nmin) nmin = n; if (nmax == "" || n > nmax) nmax = n
}
END {
	meta()
	pv = cluster_variants()
	printf "#variants %s\n", pv
	cluster_rows(pv)
}
