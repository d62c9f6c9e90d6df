# One metric of one contended kind as a dot plot by variant: a panel per
# hold/parallel shape, placement and thread count (by hold then parallel
# time, then placement, then threads), one block per panel (two blank
# lines apart) of
#   position median lo hi oversub
# where position is the variant's place in #variants (the variants of
# variants that have a row in any panel), so a variant keeps its column in
# every panel.  #shapeN (HOLD/PARALLEL/PLACEMENT) and #threadsN say what
# panel N is; #ylo and #yhi
# span every panel's bars, for one y range across panels.
#   -v kind=spin_lock -v metric=fair_ratio -v variants="..."
BEGIN { nv = split(variants, vs, " ") }
NR == 1 { header(); next }
v("mode") != "contended" || v("kind") != kind || v("metric") != metric { next }
{
	p = v("hold_ns") SUBSEP v("parallel_ns") SUBSEP v("placement") SUBSEP v("threads") + 0
	key = p SUBSEP v("variant")
	if (key in med) { dup++; next }
	if (!(p in panel)) { panel[p] = 1; pk[++np] = p }
	med[key] = v("median"); lo[key] = bound(v("ci_lo"), v("median")); hi[key] = bound(v("ci_hi"), v("median"))
	ov[key] = v("oversub") == 1
	have[v("variant")] = 1
	if (ylo == "" || lo[key] + 0 < ylo) ylo = lo[key] + 0
	if (yhi == "" || hi[key] + 0 > yhi) yhi = hi[key] + 0
	seen()
}
# a before b: hold, then parallel (numerically), then placement (by
# name), then threads (numerically).
function before(a, b,   x, y) {
	split(a, x, SUBSEP); split(b, y, SUBSEP)
	if (x[1] + 0 != y[1] + 0) return x[1] + 0 < y[1] + 0
	if (x[2] + 0 != y[2] + 0) return x[2] + 0 < y[2] + 0
	if (x[3] != y[3]) return x[3] < y[3]
	return x[4] + 0 < y[4] + 0
}
END {
	meta()
	for (i = 1; i <= nv; i++) if (vs[i] in have) { n++; pv = pv (n > 1 ? " " : "") vs[i]; pos[vs[i]] = n }
	printf "#variants %s\n#dup %d\n#panels %d\n#ylo %s\n#yhi %s\n", pv, dup, np, ylo, yhi
	for (a = 2; a <= np; a++) for (b = a; b > 1 && before(pk[b], pk[b - 1]); b--) { s = pk[b]; pk[b] = pk[b - 1]; pk[b - 1] = s }
	for (j = 1; j <= np; j++) { split(pk[j], x, SUBSEP); printf "#shape%d %s/%s/%s\n#threads%d %s\n", j, x[1], x[2], x[3], j, x[4] }
	for (j = 1; j <= np; j++) {
		split(pk[j], x, SUBSEP)
		printf "%s# hold %s parallel %s, placement %s, %s threads\n", (j > 1) ? "\n\n" : "", x[1], x[2], x[3], x[4]
		for (i = 1; i <= nv; i++) {
			key = pk[j] SUBSEP vs[i]
			if (key in med) printf "%d %s %s %s %d\n", pos[vs[i]], med[key], lo[key], hi[key], ov[key]
		}
	}
}
