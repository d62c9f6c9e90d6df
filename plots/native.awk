# The native headline: one hot kind's TSC cycles per acquire+release per
# variant (native/summary.csv), and beside each the bare pair of its own
# release shape (physlimit.csv): the median over that variant's own
# processes, else over the one-process harness's (variant "all").  A
# variant may name alternatives, the first measured drawn (the older
# harness had no byte-after-dword pair).
#   -v kind=spin_lock -v variants="..." -v shapes=" pre=lock_decb+movb stock=a|b ..."
#   summary.csv physlimit.csv
# Output: #variants, #pairs (the bare pairs drawn), then a line per variant:
#   position median ci_lo ci_hi limit shape_index
# shape_index is the bare pair's place in #pairs (0: none for this variant).
BEGIN { nv = split(variants, vs, " "); ns = split(shapes, sh, " ")
	for (i = 1; i <= ns; i++) { split(sh[i], kv, "="); own[kv[1]] = kv[2] } }
FNR == 1 { delete col; header(); file++; next }
file == 1 && v("kind") == kind && v("mode") == "hot" && v("metric") == "cyc_op" && v("threads") == 1 {
	if (v("variant") in med) { dup++; next }
	med[v("variant")] = v("median"); lo[v("variant")] = bound(v("ci_lo"), v("median")); hi[v("variant")] = bound(v("ci_hi"), v("median"))
	seen()
}
file == 2 { pv[v("variant"), v("pair"), ++pn[v("variant"), v("pair")]] = v("cyc_op") + 0 }
# The pair drawn for variant var, as "who SUBSEP pair" ("" when none).
function drawn(var,   alt, na, i) {
	na = split(own[var], alt, "|")
	for (i = 1; i <= na; i++) {
		if ((var, alt[i]) in pn) return var SUBSEP alt[i]
		if (("all", alt[i]) in pn) return "all" SUBSEP alt[i]
	}
	return ""
}
function median(key, n,   a, i, j, t) {
	for (i = 1; i <= n; i++) a[i] = pv[key, i]
	for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
END {
	meta()
	for (i = 1; i <= nv; i++) if (vs[i] in med) { n++; out = out (n > 1 ? " " : "") vs[i] }
	npair = 0
	for (i = 1; i <= nv; i++) {
		d[vs[i]] = drawn(vs[i])
		if (!(vs[i] in med) || d[vs[i]] == "") continue
		split(d[vs[i]], wp, SUBSEP); p = wp[2]
		if (p in pidx) continue
		pidx[p] = ++npair; plist = plist (npair > 1 ? " " : "") p
	}
	printf "#variants %s\n#pairs %s\n#dup %d\n", out, plist, dup
	n = 0
	for (i = 1; i <= nv; i++) {
		if (!(vs[i] in med)) continue
		n++
		if (d[vs[i]] != "") {
			split(d[vs[i]], wp, SUBSEP)
			printf "%d %s %s %s %s %d\n", n, med[vs[i]], lo[vs[i]], hi[vs[i]], median(d[vs[i]], pn[d[vs[i]]]), pidx[wp[2]]
		} else printf "%d %s %s %s NaN 0\n", n, med[vs[i]], lo[vs[i]], hi[vs[i]]
	}
}
