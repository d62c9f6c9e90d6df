# contended: contended spin_lock against the no-lock baseline, from
# summary.csv and baseline.csv, variants in ORDER.
#   render.sh contended -v order="pre post" summary.csv baseline.csv
FNR == 1 { header(); next }

# Contended spin_lock against the no-lock baseline: per shape, variant (in
# ORDER) and threads, throughput of both and their ratio, and fairness.
function ckey() { return g("hold_ns") " / " g("parallel_ns") (placed() == "" ? "" : ", " placed()) SUBSEP g("variant") SUBSEP g("threads") }
FILENAME ~ /summary.csv$/ {
	if (g("mode") != "contended" || (g("kind") != "empty" && g("kind") != "spin_lock")) next
	if (g("metric") == "ops_per_s" || g("metric") == "fair_ratio")
		CV[ckey(), g("kind"), g("metric")] = ci("median", g("median"), g("ci_lo"), g("ci_hi"))
	next
}
{
	if (g("kind") != "spin_lock" || g("mode") != "contended") next
	k = ckey(); CKEYS[++NCK] = k; CN[k] = g("n")
	CR[k] = g("ratio") ~ /nan/ ? "n/a" : ci("ratio", g("ratio"), g("ratio_lo"), g("ratio_hi"))
	next
}

function contended_table(   nv, vs, i, a, b, p, s, t, k, fr) {
	print "| hold / parallel (ns) | variant | threads | n boots | baseline ops/s [95% CI] | spin_lock ops/s [95% CI] | spin_lock / baseline [95% CI] | fair_ratio [95% CI] |"
	print "|---|---|---:|---:|---:|---:|---:|---:|"
	nv = split(order, vs, " ")
	for (i = 1; i <= nv; i++) RANK[vs[i]] = i
	# shape, then variant in run order, then threads
	for (a = 1; a <= NCK; a++) { split(CKEYS[a], p, SUBSEP); s[a] = sprintf("%s\t%03d\t%06d", p[1], RANK[p[2]], p[3]) }
	for (a = 2; a <= NCK; a++)
		for (b = a; b > 1 && s[b - 1] > s[b]; b--) {
			t = s[b]; s[b] = s[b - 1]; s[b - 1] = t; t = CKEYS[b]; CKEYS[b] = CKEYS[b - 1]; CKEYS[b - 1] = t
		}
	for (a = 1; a <= NCK; a++) {
		k = CKEYS[a]; split(k, p, SUBSEP)
		fr = (k, "spin_lock", "fair_ratio") in CV ? CV[k, "spin_lock", "fair_ratio"] : "n/a (1 thread)"
		printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", p[1], p[2], p[3], CN[k],
			((k, "empty", "ops_per_s") in CV ? CV[k, "empty", "ops_per_s"] : "n/a"), CV[k, "spin_lock", "ops_per_s"], CR[k], fr
	}
}

END {
	contended_table()
}
