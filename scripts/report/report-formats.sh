#!/usr/bin/env bash
# report-formats.sh RUN: the run's report in two more forms, beside
# RUN/report/RESULTS.md:
#   index.html   the same report as one HTML page (cmark-gfm, GitHub's
#                Markdown with tables), graphs linked from results/
#   RESULTS.txt  the headline in plain text of at most 80 columns, to
#                paste into a mail: path lengths (instructions) and the
#                timed headline pairs with CI, Holm p and verdict
. "$(dirname "$0")/../lib.sh"

run=$(readlink -f "${1:?usage: report-formats.sh RUN}")
rep=$run/report
[ -f "$rep/RESULTS.md" ] || die "$1 has no report/RESULTS.md: run 'make results RUN=$1' first"
command -v cmark-gfm >/dev/null || die "cmark-gfm is not installed: make deps (apt-get install cmark-gfm)"
declare -A RI=()
readkv RI "$run/run.info"
id=${RI[run_id]:-} accel=${RI[accel]:-}

# --- HTML --------------------------------------------------------------
{
	cat <<EOT
<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>lockbench run $id</title>
<style>
body { font-family: sans-serif; max-width: 70em; margin: 2em auto; padding: 0 1em; line-height: 1.4; overflow-wrap: break-word; }
/* A table wider than the page scrolls in its own box, not past the page. */
table { border-collapse: collapse; margin: 1em 0; display: block; max-width: 100%; overflow-x: auto; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.5em; }
td { text-align: right; white-space: nowrap; } td:first-child { text-align: left; }
pre { background: #f6f6f6; padding: 0.5em; overflow-x: auto; }
img { max-width: 100%; }
</style></head><body>
EOT
	# The article and its appendix on one page: the article's links into
	# results/tables.md become links within the page, whose headings get
	# GitHub's ids.  --unsafe keeps the report's own <details> and <pre>.
	pages=("$rep/RESULTS.md")
	[ ! -f "$rep/appendix.md" ] || pages+=("$rep/appendix.md")
	sed 's|(results/tables\.md#|(#|g; s|(results/tables\.md)|(#lockbench-results-the-appendix)|g' "${pages[@]}" |
		cmark-gfm --unsafe -e table -e autolink | awk -f "$LB_TOP/scripts/report/anchors.awk" -v html=1
	echo "</body></html>"
} >"$rep/index.html.tmp"
mv "$rep/index.html.tmp" "$rep/index.html"

# --- 80 columns --------------------------------------------------------
{
	printf 'lockbench run %s: %s boots x %s passes per variant, %s\n' "$id" "${RI[boots]:-}" "${RI[repeat]:-}" "$accel"
	printf 'report: RESULTS.md beside this file\n'
	icsv=""
	[ -f "$run/icount/pathlen.csv" ] && icsv=$run/icount/pathlen.csv
	if [ -n "$icsv" ]; then
		echo
		echo "Path length (icount): guest instructions per acquire+release"
		# kind x variant, the variants in the run's order, pad=0 only.
		awk -F, -v order="${RI[variants]:-}" '
		NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["pad"] != 0 { next }
		{ k = $c["kind"]; v = $c["variant"]; n[k, v] = $c["instructions"] + 0; if (!(k in seen)) { seen[k] = 1; ks[++nk] = k } }
		END {
			nv = split(order, vs, " ")
			if (nv > 6) nv = 6
			# A long name takes two header lines, split at its first "-".
			for (j = 1; j <= nv; j++) {
				h1[j] = vs[j]; h2[j] = ""
				if (length(vs[j]) > 9 && (d = index(vs[j], "-")) > 1) { h1[j] = substr(vs[j], 1, d - 1); h2[j] = substr(vs[j], d); two = 1 }
			}
			printf "%-18s", two ? "" : "kind"; for (j = 1; j <= nv; j++) printf " %9.9s", h1[j]; printf "\n"
			if (two) { printf "%-18s", "kind"; for (j = 1; j <= nv; j++) printf " %9.9s", h2[j]; printf "\n" }
			for (i = 1; i <= nk; i++) {
				printf "%-18.18s", ks[i]
				for (j = 1; j <= nv; j++) printf " %9s", ((ks[i], vs[j]) in n) ? n[ks[i], vs[j]] : "-"
				printf "\n"
			}
		}' "$icsv"
	fi
	if [ -f "$run/pairs.csv" ]; then
		hl=$(comparisons aa headline) || exit 1
		hl=${hl//$'\n'/ }
		floor=$(hot_noise_floor "$run/pairs.csv")
		echo
		printf 'Timed (%s): hot ns per acquire+release, median of boot medians\n' "$accel"
		printf 'noise floor of spin_lock (A/A): %s\n' "$([ -n "$floor" ] && echo "±$floor%" || echo none)"
		awk -F, -v hl=" $hl " '
		NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		function g(n) { return $c[n] }
		function f(x, fmt) { return x ~ /nan/ ? "n/a" : sprintf(fmt, x) }
		g("mode") != "hot" || g("metric") != "ns_op" || !index(hl, " " g("base") ":" g("other") " ") { next }
		{
			p = g("base") " -> " g("other")
			if (p != last) { printf "\n%s\n%-18s %6s %6s %-24s %6s %s\n", p, "kind", "base", "other", "change [95% CI]", "Holm p", "verdict"; last = p }
			ch = f(g("pct_change"), "%+.1f%%") " [" f(g("pct_lo"), "%+.1f") ", " f(g("pct_hi"), "%+.1f") "]"
			printf "%-18.18s %6s %6s %-24.24s %6s %s\n", g("kind"), f(g("median_base"), "%.4g"), f(g("median_other"), "%.4g"), ch, f(g("p_holm"), "%.2g"), g("verdict")
		}' "$run/pairs.csv"
	fi
} >"$rep/RESULTS.txt.tmp"
mv "$rep/RESULTS.txt.tmp" "$rep/RESULTS.txt"
wide=$(awk 'length($0) > 80' "$rep/RESULTS.txt" | head -n 1)
[ -z "$wide" ] || die "report-formats: a line of RESULTS.txt is over 80 columns: $wide"
note "results: also ${rep#"$LB_TOP"/}/index.html and RESULTS.txt (80 columns)"
