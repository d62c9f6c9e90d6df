# matrix: one summary.csv as kind x variant, METRIC in MODE.
#   render.sh matrix -v mode=hot -v metric=cyc_op -v variants="pre post" summary.csv
FNR == 1 { header(); next }

# One summary.csv as kind x variant: "median [lo, hi]" of METRIC in MODE.
{
	if (g("mode") != mode || g("metric") != metric) next
	r = g("kind") (placed() == "" ? "" : " (" placed() ")")
	if (!(r in MROW)) { MROW[r] = 1; MKINDS[++NMK] = r }
	MV[r, g("variant")] = ci("median", g("median"), g("ci_lo"), g("ci_hi"))
	MUNIT = g("unit")
	next
}

END {
	nv = split(variants, vs, " ")
	line = "| kind |"; rule = "|---|"
	for (i = 1; i <= nv; i++) { line = line " " vs[i] " (" MUNIT ") |"; rule = rule "---:|" }
	print line; print rule
	for (r = 1; r <= NMK; r++) {
		line = "| " MKINDS[r] " |"
		for (i = 1; i <= nv; i++) line = line " " (((MKINDS[r], vs[i]) in MV) ? MV[MKINDS[r], vs[i]] : "–") " |"
		print line
	}
}
