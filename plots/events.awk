# The events instrument as stacked bars: per hot kind, a bar per variant
# whose segments are what one acquire+release runs (hot, icount, exact):
# atomics, fences, the other loads and the other stores (the counts of
# loads and stores include each atomic's access; the bars count it once),
# then the cache lines a cold op pulls from the other vCPU (2 vCPUs, TCG),
# where the run has a cold job of that kind.
#   -v variants="pre post ..." -v skip="base kinds" events.csv
# Output: #meta, #variants, #kinds, #nkinds, #centers (each kind's middle
# x), #xmax, then a row per bar: x variant kind and the cumulative tops
#   atomics +fences +loads +stores +transfers
# (a segment is its top minus the one before it).
BEGIN { nv = split(variants, vs, " "); ns = split(skip, sk, " "); for (i = 1; i <= ns; i++) skipk[sk[i]] = 1 }
NR == 1 { header(); next }
v("pad") != 0 || v("kind") == "empty" || (v("kind") in skipk) { next }
v("mode") == "hot" {
	k = v("kind")
	if (!(k in kseen)) { kseen[k] = 1; ks[++nk] = k }
	key = v("variant") SUBSEP k
	if (key in at) { dup++; next }
	at[key] = v("atomics"); fe[key] = v("fences")
	lo[key] = v("loads") - v("atomics"); st[key] = v("stores") - v("atomics")
	next
}
v("mode") == "cold" { tr[v("variant"), v("kind")] = v("transfers") }
END {
	printf "#meta nmin=1 nmax=1 oversub=\n#dup %d\n", dup
	x = 0; out = ""; cen = ""; kl = ""; nkk = 0
	for (i = 1; i <= nk; i++) {
		first = ""; last = ""
		for (j = 1; j <= nv; j++) {
			key = vs[j] SUBSEP ks[i]
			if (!(key in at)) continue
			x++; if (first == "") first = x; last = x
			t1 = at[key]; t2 = t1 + fe[key]; t3 = t2 + lo[key]; t4 = t3 + st[key]
			t5 = t4 + ((key in tr) ? tr[key] : 0)
			out = out sprintf("%d %s %s %g %g %g %g %g\n", x, vs[j], ks[i], t1, t2, t3, t4, t5)
		}
		if (first == "") continue
		nkk++; kl = kl (kl == "" ? "" : " ") ks[i]; cen = cen (cen == "" ? "" : " ") (first + last) / 2
		x++ # a gap between kinds
	}
	printf "#variants %s\n#kinds %s\n#nkinds %d\n#centers %s\n#xmax %d\n%s", (nkk ? variants : ""), kl, nkk, cen, x, out
}
