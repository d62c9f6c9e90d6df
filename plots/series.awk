# Per-variant blocks (separated by two blank lines, in variants order) of
#   threads  median lo hi [median lo hi ...]  oversub
# for one contended kind, one column triple per metric in metrics.
#   -v kind=spin_lock -v metrics="ops_per_s" -v variants="..." [-v read_pct=90]
# With -v all=1 every variant in variants gets a block (a NaN row when it
# has no data), so that block i is variant i in every panel of a multiplot.
# -v shape=HOLD/PARALLEL/PLACEMENT keeps that hold_ns/parallel_ns
# configuration at that placement only (a graph draws a panel per shape
# and placement); without it the first seen is kept.  Rows of another
# configuration, or a repeated key, count as #dup.
# Several panels in one awk: name the file once per panel, each time after
# its own kind=... read_pct=... shape=... operands, and give -v out=PREFIX:
# panel i with data goes to PREFIXi.dat (i counts the panels with data),
# and stdout gets a line per panel, its i or 0 when it has none.
BEGIN { nv = split(variants, vs, " "); nm = split(metrics, ms, " "); for (i = 1; i <= nm; i++) want[ms[i]] = i }
FNR == 1 { if (NR > 1) flush(); header(); next }
v("mode") != "contended" || v("kind") != kind || !(v("metric") in want) { next }
read_pct != "" && v("read_pct") + 0 != read_pct + 0 { next }
shape != "" && v("hold_ns") "/" v("parallel_ns") "/" v("placement") != shape { next }
{
	c = v("hold_ns") "/" v("parallel_ns") "/" v("placement")
	if (cfg == "") cfg = c
	if (c != cfg) { dup++; next }
	var = v("variant"); t = v("threads") + 0; key = var SUBSEP t SUBSEP v("metric")
	if (key in mean) { dup++; next }
	mean[key] = v("median"); lo[key] = bound(v("ci_lo"), v("median")); hi[key] = bound(v("ci_hi"), v("median"))
	if (v("oversub") == 1) ov[var SUBSEP t] = 1
	if (!((var SUBSEP t) in vt)) { vt[var SUBSEP t] = 1; nt[var]++; ts[var, nt[var]] = t }
	seen()
}
END { flush() }
# The panel read so far, to stdout or its file; then a fresh start for the
# next one (csv.awk's seen() keeps nmin, nmax, ovs and ovlist).
function flush(   b, cf, pv, np, p, i, j, var, n, a, b2, x, s, m, key, f) {
	b = metatext()
	split(cfg, cf, "/")
	b = b sprintf("#cfg hold_ns=%s parallel_ns=%s\n#dup %d\n", cf[1], cf[2], dup)
	for (i = 1; i <= nv; i++) if (vs[i] in nt) pv = pv (pv == "" ? "" : " ") vs[i]
	b = b sprintf("#variants %s\n", pv)
	np = all ? split(variants, p, " ") : split(pv, p, " ")
	for (j = 1; j <= np; j++) {
		var = p[j]; n = nt[var]
		for (a = 1; a <= n; a++) x[a] = ts[var, a]
		for (a = 2; a <= n; a++) for (b2 = a; b2 > 1 && x[b2 - 1] > x[b2]; b2--) { s = x[b2]; x[b2] = x[b2 - 1]; x[b2 - 1] = s }
		b = b sprintf("%s# %s\n", (j > 1) ? "\n\n" : "", var)
		if (n == 0) { b = b "0"; for (m = 1; m <= nm; m++) b = b " NaN NaN NaN"; b = b " 0\n" }
		for (a = 1; a <= n; a++) {
			b = b sprintf("%s", x[a])
			for (m = 1; m <= nm; m++) {
				key = var SUBSEP x[a] SUBSEP ms[m]
				if (key in mean) b = b sprintf(" %s %s %s", mean[key], lo[key], hi[key])
				else b = b " NaN NaN NaN"
			}
			b = b sprintf(" %d\n", ((var SUBSEP x[a]) in ov))
		}
	}
	if (out == "") printf "%s", b
	else if (pv == "") print 0
	else { f = out (++drawn) ".dat"; printf "%s", b > f; close(f); print drawn }
	cfg = ""; dup = 0; nmin = nmax = ovlist = ""
	split("", mean); split("", lo); split("", hi); split("", ov); split("", vt); split("", nt); split("", ts); split("", ovs)
}
