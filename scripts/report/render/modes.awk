# modes: the cells whose boot medians fall into more than one mode, in
# their headline metric.
#   render.sh modes summary.csv
FNR == 1 { header(); next }

# Cells whose boot medians fall into more than one mode, headline metrics.
{
	if (g("modes") + 0 < 2 || g("metric") != (g("mode") == "contended" ? "ops_per_s" : "ns_op")) next
	if (!rows++) {
		print "| variant | kind | mode | shape | n boots | boots per mode, low to high | low mode's median | high mode's median | means apart, in within-mode SDs | median of all | 95% CI |"
		print "|---|---|---|---|---:|---|---:|---:|---:|---:|---:|"
	}
	printf "| %s | %s | %s | %s | %s | %s | %s %s | %s %s | %s | %s %s | [%s, %s] |\n", g("variant"), g("kind"), g("mode"),
		shape() == "" ? "–" : shape(), g("n"), g("mode_sizes"), fmt("median", g("mode_median_low")), g("unit"),
		fmt("median", g("mode_median_high")), g("unit"), f("mode_gap_ratio"), f("median"), g("unit"), f("ci_lo"), f("ci_hi")
	next
}

END {
	if (!rows)
		print "No cell's boot medians fall into more than one mode."
}
