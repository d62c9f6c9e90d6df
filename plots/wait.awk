# Wait-time percentiles of one contended kind at its largest thread count:
# per-variant blocks of   position label median lo hi   (p50 p90 p99 max).
#   -v kind=spin_lock -v variants="..."
BEGIN {
	nv = split(variants, vs, " ")
	np = split("wait_p50_ns wait_p90_ns wait_p99_ns wait_max_ns", pm, " ")
	split("p50 p90 p99 max", pl, " ")
	for (i = 1; i <= np; i++) want[pm[i]] = i
}
NR == 1 { header(); next }
v("mode") != "contended" || v("kind") != kind || !(v("metric") in want) { next }
{ n++; row[n] = $0; t = v("threads") + 0; if (n == 1 || t > tmax) tmax = t }
END {
	for (r = 1; r <= n; r++) {
		$0 = row[r]
		if (v("threads") + 0 != tmax) continue
		c = v("hold_ns") "/" v("parallel_ns"); if (cfg == "") cfg = c
		var = v("variant"); key = var SUBSEP v("metric")
		if (c != cfg || key in mean) { dup++; continue }
		mean[key] = v("median"); lo[key] = bound(v("ci_lo"), v("median")); hi[key] = bound(v("ci_hi"), v("median"))
		have[var] = 1
		seen()
	}
	meta()
	split(cfg, cf, "/")
	printf "#cfg hold_ns=%s parallel_ns=%s\n#dup %d\n#threads %s\n", cf[1], cf[2], dup, tmax
	for (i = 1; i <= nv; i++) if (vs[i] in have) pv = pv (pv == "" ? "" : " ") vs[i]
	printf "#variants %s\n", pv
	nq = split(pv, p, " ")
	for (j = 1; j <= nq; j++) {
		printf "%s# %s\n", (j > 1) ? "\n\n" : "", p[j]
		for (i = 1; i <= np; i++) {
			key = p[j] SUBSEP pm[i]
			if (key in mean) printf "%d %s %s %s %s\n", i, pl[i], mean[key], lo[key], hi[key]
		}
	}
}
