# Debug overhead, from pairs.csv: for each pair X:X-debug in twins that is
# there, per hot kind, the ratio of boot medians X-debug / X with its
# bootstrap 95% CI (1 + pct_change/100, and the same for pct_lo, pct_hi).
#   -v variants="pre post stock" -v kinds="..."  (orders)
#   -v bases="..."  (baseline kinds, drawn first)
#   -v twins="pre:pre-debug ..."  (plots.sh pairs them by their fragments)
# Writes ratio rows in the layout overhead.gp reads.
BEGIN {
	nv = split(variants, vs, " "); nk = split(kinds, ks, " ")
	for (i = 1; i <= nk; i++) korder[ks[i]] = i
	split(bases, b, " "); for (i in b) isbase[b[i]] = 1
	nt = split(twins, tw, " "); for (i = 1; i <= nt; i++) istwin[tw[i]] = 1
}
function r(s) { return isnum(s) ? 1 + s / 100 : "NaN" }
NR == 1 { header(); next }
v("mode") != "hot" || v("metric") != "ns_op" || !((v("base") ":" v("other")) in istwin) { next }
{
	x = v("base"); k = v("kind"); key = x SUBSEP k
	if (key in mid) next
	if (!(k in korder)) { korder[k] = ++nk; ks[nk] = k }
	mid[key] = r(v("pct_change")); lo[key] = r(v("pct_lo")); hi[key] = r(v("pct_hi"))
	if (lo[key] == "NaN") lo[key] = mid[key]
	if (hi[key] == "NaN") hi[key] = mid[key]
	have[x] = 1; hk[k] = 1
	if (v("oversub") == 1) ovk[k] = 1
	n = v("n_base") + 0; if (nmin == "" || n < nmin) nmin = n; if (nmax == "" || n > nmax) nmax = n
}
END {
	printf "#meta nmin=%s nmax=%s oversub=\n", nmin == "" ? 0 : nmin, nmax == "" ? 0 : nmax
	for (i = 1; i <= nv; i++) if (vs[i] in have) pv = pv (pv == "" ? "" : " ") vs[i]
	printf "#variants %s\n", pv
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
