# headline: the hot pairs PAIRS (" base:other ... ") in METRIC (ns_op,
# or the native run's cyc_op), one table.
#   render.sh headline -v pairs=" pre:post a:b " [-v metric=cyc_op] pairs.csv
function headline_row() {
	if (!HEADED++) {
		print "| comparison | kind | n " (metric == "cyc_op" ? "processes" : "boots") " | base median (" g("unit") ", this host) | other median (" g("unit") ", this host) | change [95% CI] | in the unit [95% CI] | p | Holm p (m) | smallest Holm p | MDE | floor | verdict |"
		print "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
	}
	printf "| %s → %s | %s | %s/%s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", g("base"), g("other"), g("kind"),
		g("n_base"), g("n_other"), f("median_base"), f("median_other"), change(), delta(), f("p_rank"), holm(),
		f("p_holm_min"), f("mde_pct"), floor_s(), g("verdict")
}

FNR == 1 { header(); next }

{
	if (g("mode") == "hot" && g("metric") == (metric == "" ? "ns_op" : metric) && index(pairs, " " g("base") ":" g("other") " "))
		headline_row()
	next
}
