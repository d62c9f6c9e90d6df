# The events instrument as stacked bars: per hot kind, a bar per variant
# whose segments are what one acquire+release runs (hot, icount, exact):
# atomics, fences, the other loads and the other stores (the counts of
# loads and stores include each atomic's access; the bars count it once),
# then the cache lines a cold op pulls from the other vCPU (2 vCPUs, TCG),
# where the run has a cold job of that kind.  A panel per kind family:
# the spinlocks (the contract's rw=0 kinds: spin_*, bit_spin_*), then the
# rwlocks (rw=1), so that each group of bars is wide enough for its kind's
# name and every bar for its variant's.
#   -v variants="pre post ..." -v skip="base kinds" -v rw="rw=1 kinds" events.csv
# Output: #meta, #variants, #kinds, #panels N, per panel p: #fam<p> (spin
# or rw), #kinds<p>, #centers<p> (each kind's middle x); #xmax (the widest
# panel's, for one bar width in all); #zero, the segments no bar has
# (1 atomics .. 5 transfers: drawn as none, in the key as none); then a
# block a panel (two blank lines apart), a row per bar: x variant kind and
# the cumulative tops
#   atomics +fences +loads +stores +transfers
# (a segment is its top minus the one before it).
BEGIN {
	nv = split(variants, vs, " "); ns = split(skip, sk, " "); for (i = 1; i <= ns; i++) skipk[sk[i]] = 1
	nr = split(rw, rr, " "); for (i = 1; i <= nr; i++) isrw[rr[i]] = 1
}
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
	np = 0; xmax = 0; kl = ""
	for (f = 0; f <= 1; f++) {
		x = 0; out = ""; cen = ""; pk = ""; nkk = 0
		for (i = 1; i <= nk; i++) {
			if ((ks[i] in isrw) != f) continue
			first = ""; last = ""
			for (j = 1; j <= nv; j++) {
				key = vs[j] SUBSEP ks[i]
				if (!(key in at)) continue
				x++; if (first == "") first = x; last = x
				t1 = at[key]; t2 = t1 + fe[key]; t3 = t2 + lo[key]; t4 = t3 + st[key]
				t5 = t4 + ((key in tr) ? tr[key] : 0)
				if (t1 > 0) any[1] = 1; if (t2 > t1) any[2] = 1; if (t3 > t2) any[3] = 1; if (t4 > t3) any[4] = 1; if (t5 > t4) any[5] = 1
				out = out sprintf("%d %s %s %g %g %g %g %g\n", x, vs[j], ks[i], t1, t2, t3, t4, t5)
			}
			if (first == "") continue
			nkk++; pk = pk (pk == "" ? "" : " ") ks[i]; cen = cen (cen == "" ? "" : " ") (first + last) / 2
			x++ # a gap between kinds
		}
		if (!nkk) continue
		np++; kl = kl (kl == "" ? "" : " ") pk
		head = head sprintf("#fam%d %s\n#kinds%d %s\n#centers%d %s\n", np, f ? "rw" : "spin", np, pk, np, cen)
		body = body (np > 1 ? "\n\n" : "") out
		if (x > xmax) xmax = x
	}
	for (j = 1; j <= 5; j++) if (!(j in any)) zero = zero (zero == "" ? "" : " ") j
	printf "#variants %s\n#kinds %s\n#panels %d\n%s#xmax %d\n#zero %s\n%s", (np ? variants : ""), kl, np, head, xmax, zero, body
}
