# cover-letter.awk: the before → after table of a cover letter, within 80
# columns, from pairs.csv files written by lb-stat.  Each input file is
# one instrument: -v insts="native TCG" names them in the order given.
#   awk -f cover-letter.awk -v insts="native TCG" -v nat=1 -v pairs=" a:b " native/pairs.csv pairs.csv
# pairs: the base:other pairs to show (every pair when empty).  Only a
# cell's headline metric is shown (cycles natively, ns timed,
# acquisitions per second contended); the verdict column says what
# changed (lb-stat's; nothing is recomputed here).
BEGIN { FS = ","; split(insts, INST, " ") }
FNR == 1 { fi++; delete c; for (i = 1; i <= NF; i++) c[$i] = i; next }
function g(n) { return (n in c) ? $c[n] : "" }
# Plain figures: 4 significant digits, SI prefixes above 10,000.
function num(v,   a) {
	if (v ~ /nan/) return "n/a"
	a = v < 0 ? -v : v
	if (a >= 1e9) return sprintf("%.3gG", v / 1e9)
	if (a >= 1e6) return sprintf("%.3gM", v / 1e6)
	if (a >= 1e4) return sprintf("%.3gk", v / 1e3)
	return sprintf("%.4g", v)
}
function pct(v, f) { return v ~ /nan/ ? "n/a" : sprintf(f, v) }
{
	if (pairs != "" && !index(pairs, " " g("base") ":" g("other") " ")) next
	want = g("mode") == "contended" ? "ops_per_s" : fi == nat ? "cyc_op" : "ns_op"
	if (g("metric") != want || g("kind") == "empty") next
	if (g("mode") == "hot" && g("floor_pct") !~ /nan/ && g("floor_pct") != "" && !(fi in FLOOR))
		FLOOR[fi] = sprintf("%s ±%.1f%%", INST[fi], g("floor_pct"))
	label = g("kind")
	# One word: rwlock_mix:90%r@2t,h100p200 (reads, threads, hold/parallel ns).
	if (g("kind") ~ /mix/) label = label ":" g("read_pct") "%r"
	if (g("mode") == "contended") label = label "@" g("threads") "t,h" g("hold_ns") "p" g("parallel_ns")
	p = g("base") " -> " g("other")
	if (!(p in SEEN)) { SEEN[p] = 1; PORDER[++NP] = p }
	unit = g("unit") == "cycles" ? "cyc" : g("unit") == "ops_per_s" || g("mode") == "contended" ? "acq/s" : g("unit")
	if (g("verdict") ~ /^changed/) {
		CONT[p] += g("mode") == "contended"
		n = ++NR_[p]
		R[p, n] = sprintf("%-24.24s %-4s %6s %6s %-5s %7s %-15s %s", label, substr(g("mode"), 1, 4), num(g("median_base")),
			num(g("median_other")), unit, pct(g("pct_change"), "%+.1f%%"),
			"[" pct(g("pct_lo"), "%+.1f") ", " pct(g("pct_hi"), "%+.1f") "]", INST[fi])
	} else {
		# Named once per kind and mode: the shapes of a contended kind
		# are in the run's tables.
		k = INST[fi] ", " g("mode")
		if ((p, k, g("kind")) in UN) next
		UN[p, k, g("kind")] = 1
		if (!((p, k) in U)) UK[p, ++NU[p]] = k
		U[p, k] = U[p, k] (U[p, k] == "" ? "" : ", ") g("kind")
	}
}
# words of S wrapped to 80 columns, continuation lines indented by 2.
function wrap(s,   w, n, i, line) {
	n = split(s, w, " ")
	line = w[1]
	for (i = 2; i <= n; i++) {
		if (length(line) + 1 + length(w[i]) > 80) { print line; line = "  " w[i] }
		else line = line " " w[i]
	}
	print line
}
END {
	for (i = 1; i <= fi; i++) if (i in FLOOR) fl = fl (fl == "" ? "" : ", ") FLOOR[i]
	if (fl != "") wrap("A/A noise floor (hot): " fl ".")
	for (j = 1; j <= NP; j++) {
		p = PORDER[j]
		print ""
		print p ":"
		if (NR_[p]) {
			printf "%-24s %-4s %6s %6s %-5s %7s %-15s %s\n", "kind", "mode", "before", "after", "unit", "change", "95% CI", "by"
			for (i = 1; i <= NR_[p]; i++) print R[p, i]
		} else
			print "  no cell changed."
		for (i = 1; i <= NU[p]; i++) wrap("No change shown (" UK[p, i] "): " U[p, UK[p, i]] ".")
		if (CONT[p]) wrap("(contended: acquisitions per second of all threads; @Nt: N threads; hXpY: hold X ns, parallel Y ns)")
	}
	if (!NP) { print "cover-letter: no row of the given pairs in these files" > "/dev/stderr"; exit 1 }
}
