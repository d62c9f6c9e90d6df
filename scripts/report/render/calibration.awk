# calibration: lb-resolution's table (between its comment and verdict
# lines) as Markdown: each pad against pad=0, in the run's unit.
#   render.sh calibration timed.txt
function calibration_row() {
	printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", g("pad"), g("n"), f("median"), g("n_pad0"),
		f("median_pad0"), f("change"), fmt("change", $H[UNITCOL]), f("p_rank"), f("p_holm"), f("p_holm_min"), g("resolved")
}

{
	if ($0 ~ /^pad,/) { header(); for (c in H) if (c ~ /_per_instruction$/) UNITCOL = c; intable = 1; next }
	if (!intable || $0 !~ /^[0-9]/) next
	if (!rows++) {
		print "| pad N (instructions) | n boots | median | n boots at pad=0 | median at pad=0 | change | per added instruction | p | Holm p | smallest Holm p | resolved |"
		print "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
	}
	calibration_row()
	next
}
