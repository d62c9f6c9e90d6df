# tables: pairs.csv as one table per pair, each cell in its mode's
# headline metric.
#   render.sh tables pairs.csv
function table_head(base, other) {
	printf "### %s → %s\n\n", base, other
	print "| kind | mode | shape | n boots | " base " | " other " | change [95% CI] | in the unit [95% CI] | p | Holm p (m) | smallest Holm p | MDE 80% | floor | verdict |"
	print "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
}

function table_row(   s) {
	s = shape()
	printf "| %s | %s | %s | %s/%s | %s %s | %s %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", g("kind"), g("mode"),
		s == "" ? "–" : s, g("n_base"), g("n_other"), f("median_base"), g("unit"), f("median_other"), g("unit"),
		change(), delta(), f("p_rank"), holm(), f("p_holm_min"), f("mde_pct"), floor_s(), g("verdict")
}

FNR == 1 { header(); next }

{
	if (!headline_metric()) next
	if (g("base") != TB || g("other") != TO) {
		if (TB != "") print ""
		TB = g("base"); TO = g("other")
		table_head(TB, TO)
	}
	table_row()
	next
}

END {
	if (TB != "")
		print ""
}
