# measured: what the contended cells measured besides their throughput.
#   render.sh measured -v order="pre post" [-v pct=3] summary.csv
FNR == 1 { header(); next }

# What the contended cells measured besides their throughput (summary.csv's
# LB_SUMMARY_CONTENDED rows): per kind, shape (and placement, where a
# cell names one), variant (in ORDER) and threads, Jain's index, the hand-off, the overhead, the all-running
# share, and the sections as measured against those asked, each within
# PCT percent (default 3) or off.
{
	if (g("mode") != "contended" || g("metric") !~ /^(jain|handoff_ns|lock_ovh_ns|all_run_pct|hold_meas_ns|par_meas_ns)$/) next
	k = g("kind") (g("read_pct") != "" && g("kind") ~ /mix/ ? " " g("read_pct") "% read" : "") SUBSEP g("hold_ns") SUBSEP g("parallel_ns") SUBSEP g("variant") SUBSEP g("threads") SUBSEP placed()
	if (!(k in MN)) { MKEYS[++NMK2] = k; MN[k] = g("n") }
	if (!(g("kind") in MKRANK)) MKRANK[g("kind")] = ++NMKIND
	MKR[k] = MKRANK[g("kind")]
	MV2[k, g("metric")] = g("metric") == "jain" ? ci("median", g("median"), g("ci_lo"), g("ci_hi")) : fmt("median", g("median"))
	MM[k, g("metric")] = g("median")
	next
}

# A measured section against the one asked: "99.87 (-0.1%)", or the
# value alone when none was asked; OFF set when beyond PCT percent.
function section_cell(k, m, asked,   v) {
	if (!((k, m) in MM)) return "–"
	v = MM[k, m]
	if (asked + 0 <= 0) return fmt("median", v) " (none asked)"
	if (v < asked * (1 - PCT / 100) || v > asked * (1 + PCT / 100)) OFF = 1
	return fmt("median", v) " (" fmt("pct_change", (v / asked - 1) * 100) ")"
}
function measured_table(   nv, vs, i, a, b, p, s, t, k, hc, pc) {
	PCT = pct == "" ? 3 : pct
	print "| kind | hold / parallel asked (ns) | variant | threads | n | Jain's index [95% CI] | hand-off (ns) | overhead (ns) | all running (%) | hold measured (ns) | parallel measured (ns) | within " PCT "% |"
	print "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"
	nv = split(order, vs, " ")
	for (i = 1; i <= nv; i++) RANK[vs[i]] = i
	# kind (as first seen), shape, placement, variant in run order, threads
	for (a = 1; a <= NMK2; a++) {
		split(MKEYS[a], p, SUBSEP)
		s[a] = sprintf("%03d\t%s\t%08d\t%08d\t%s\t%03d\t%06d", MKR[MKEYS[a]], p[1], p[2], p[3], p[6], RANK[p[4]], p[5])
	}
	for (a = 2; a <= NMK2; a++)
		for (b = a; b > 1 && s[b - 1] > s[b]; b--) {
			t = s[b]; s[b] = s[b - 1]; s[b - 1] = t; t = MKEYS[b]; MKEYS[b] = MKEYS[b - 1]; MKEYS[b - 1] = t
		}
	for (a = 1; a <= NMK2; a++) {
		k = MKEYS[a]; split(k, p, SUBSEP)
		OFF = 0
		hc = section_cell(k, "hold_meas_ns", p[2]); pc = section_cell(k, "par_meas_ns", p[3])
		printf "| %s | %s / %s%s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", p[1], p[2], p[3], p[6] == "" ? "" : ", " p[6], p[4], p[5], MN[k],
			((k, "jain") in MV2) ? MV2[k, "jain"] : "– (1 thread)", ((k, "handoff_ns") in MV2) ? MV2[k, "handoff_ns"] : "–",
			((k, "lock_ovh_ns") in MV2) ? MV2[k, "lock_ovh_ns"] : "–", ((k, "all_run_pct") in MV2) ? MV2[k, "all_run_pct"] : "–",
			hc, pc, fmt("verdict", OFF ? "off" : "ok")
	}
	if (!NMK2) print "| (no contended cell with these columns) | | | | | | | | | | | |"
}

END {
	measured_table()
}
