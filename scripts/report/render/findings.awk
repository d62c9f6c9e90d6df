# findings: each changed cell of pairs.csv as a bullet, in its mode's
# headline metric; ACCEL names the timed accelerator, SKIP_COLD leaves
# cold cells out (TCG has no cache model), ALPHA is lb-stat's.
#   render.sh findings -v accel=tcg [-v skip_cold=1] [-v alpha=0.05] pairs.csv
function finding(   s) {
	s = shape()
	printf "- **%s → %s**, %s %s%s, %s: %s, %s (median %s → %s %s, %s, n = %s/%s boots; p = %s, Holm p = %s of %s, smallest reachable %s; noise floor %s)\n", \
		g("base"), g("other"), g("kind"), g("mode"), s == "" ? "" : " (" s ")", g("metric"), change(), delta(),
		f("median_base"), f("median_other"), g("unit"), accel, g("n_base"), g("n_other"),
		f("p_rank"), f("p_holm"), g("family_size"), f("p_holm_min"), floor_s()
}

FNR == 1 { header(); next }

{
	# Every row passes headline_metric(), so the first metric of each cell
	# is known whether or not it changed.
	hm = headline_metric()
	if (g("verdict") != "changed" || !hm) next
	if (skip_cold && g("mode") == "cold") { cold++; next }
	finding(); found++
	next
}

END {
	if (!found)
		printf "- No change with its whole CI beyond the noise floor and Holm-adjusted p < %s.\n", alpha == "" ? 0.05 : alpha
	if (skip_cold)
		printf "\nCold cells are left out under %s, which has no cache model; their rows are in the comparison tables below (%d cold cells were changed).\n", toupper(accel), cold
}
