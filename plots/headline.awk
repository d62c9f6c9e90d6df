# Pre vs post, hot ns_op, from pairs.csv: per kind (in kinds order,
# baselines first) and per pair in pairs ("pre:post pre-debug:post-debug"):
#   position "kind" pct lo hi significant   ... one block per pair.
# Pairs with no rows get no block; #pairs lists those present, #missing the rest.
BEGIN {
	np = split(pairs, pp, " "); nk = split(kinds, ks, " ")
	for (i = 1; i <= nk; i++) korder[ks[i]] = i
	for (i = 1; i <= np; i++) wantp[pp[i]] = 1
}
NR == 1 { header(); next }
!((v("base") ":" v("other")) in wantp) { next }
v("mode") != "hot" || v("metric") != "ns_op" { next }
tolower(v("pct_change")) ~ /nan/ { next }
{
	key = v("base") ":" v("other") SUBSEP v("kind")
	if (key in pct) next
	k = v("kind"); if (!(k in korder)) { korder[k] = ++nk; ks[nk] = k }
	pct[key] = v("pct_change"); lo[key] = bound(v("pct_lo"), v("pct_change")); hi[key] = bound(v("pct_hi"), v("pct_change"))
	sig[key] = v("significant") == 1; hk[k] = 1; hp[v("base") ":" v("other")] = 1
}
END {
	for (i = 1; i <= np; i++) if (pp[i] in hp) { nq++; q[nq] = pp[i]; pv = pv " " pp[i] } else miss = miss " " pp[i]
	printf "#missing%s\n#pairs%s\n", miss, pv
	for (i = 1; i <= nk; i++) if (ks[i] in hk) { n++; kk[n] = ks[i] }
	printf "#nkinds %d\n", n
	for (j = 1; j <= nq; j++) {
		printf "%s# %s\n", (j > 1) ? "\n\n" : "", q[j]
		for (i = 1; i <= n; i++) {
			key = q[j] SUBSEP kk[i]
			if (key in pct) printf "%d \"%s\" %s %s %s %d\n", n - i, kk[i], pct[key], lo[key], hi[key], sig[key]
		}
	}
}
