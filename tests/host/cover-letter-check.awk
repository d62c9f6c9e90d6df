# cover-letter-check.awk: a cover letter's tables against the files its
# figures come from, for tests/host/cover-letter*.sh.
#   awk -f cover-letter-check.awk -v native=native/pairs.csv -v timed=pairs.csv \
#       [-v taccel=TCG] -v pathlen=icount/pathlen.csv -v states=native/states LETTER
# (any file may be empty: that instrument is then not looked for).
# Under each pair's title ("a -> b" over a line of "="), each
# instrument's block (icount:, native:, TCG:, native, state S of K ...:)
# must hold exactly the rows its file has for the pair, mode by mode,
# each figure rounded as a reader sees it (4 significant digits, k/M/G;
# a change to 0.1% below 100%; its CI the same; the verdict in words),
# "within noise" beside a cell lb-stat calls so.  Each problem is
# printed; the exit status is 1 if there was one, or if some pair had
# no row at all.
function num(v,   a) {
	if (v == "" || v ~ /nan|inf/) return "n/a"
	a = v < 0 ? -v : v
	if (a >= 1e9) return sprintf("%.3gG", v / 1e9)
	if (a >= 1e6) return sprintf("%.3gM", v / 1e6)
	if (a >= 1e4) return sprintf("%.3gk", v / 1e3)
	return sprintf("%.4g", v)
}
function pc(v, f,   a) {
	if (v == "" || v ~ /nan|inf/) return "n/a"
	a = v < 0 ? -v : v
	return sprintf(a >= 100 ? "%+.0f" f : "%+.1f" f, v)
}
function words(v, p, rate) {
	if (v ~ /^changed/) return (p + 0 > 0) == rate ? "faster" : "slower"
	if (v == "within-noise") return "within noise"
	if (v == "not-significant") return "not signif."
	if (v == "no-ratio") return "no ratio"
	if (v == "a-a") return "A/A pair"
	if (v == "n-too-small") return "too few"
	return v
}
# Every row of FILE for the pair, under key INST, keyed by the block's
# head (mode, or contended's hold/parallel) and the row's whole text.
function load(inst, file, pair,   l, n, h, c, f, i, m, lab, blk, want, rate, ci, pb) {
	if (file == "" || (getline l < file) <= 0) return
	n = split(l, h, ",")
	for (i = 1; i <= n; i++) c[h[i]] = i
	split(pair, pb, ":")
	while ((getline l < file) > 0) {
		split(l, f, ",")
		if (f[c["base"]] != pb[1] || f[c["other"]] != pb[2] || f[c["kind"]] == "empty") continue
		m = f[c["mode"]]
		want = m == "contended" ? "ops_per_s" : inst ~ /^native/ ? "cyc_op" : "ns_op"
		if (f[c["metric"]] != want) continue
		rate = m == "contended"
		lab = f[c["kind"]]
		if (f[c["read_pct"]] != 100) lab = lab " " f[c["read_pct"]] "%r"
		blk = m
		if (m == "contended") {
			lab = lab " " f[c["threads"]] "t"
			if (f[c["placement"]] != "any") lab = lab " " f[c["placement"]]
			blk = m " " f[c["hold_ns"]] "/" f[c["parallel_ns"]]
		}
		ci = f[c["pct_lo"]] ~ /nan/ ? "n/a" : "[" pc(f[c["pct_lo"]], "") ", " pc(f[c["pct_hi"]], "") "]"
		WANT[inst, blk, lab " " num(f[c["median_base"]]) " " num(f[c["median_other"]]) " " \
			pc(f[c["pct_change"]], "%%") " " ci " " words(f[c["verdict"]], f[c["pct_change"]], rate)] = 1
		NWANT[inst]++
	}
	close(file)
}
function loadpathlen(file, pair,   l, n, h, c, f, i, pb, k, B, A) {
	if (file == "" || (getline l < file) <= 0) return
	n = split(l, h, ",")
	for (i = 1; i <= n; i++) c[h[i]] = i
	split(pair, pb, ":")
	while ((getline l < file) > 0) {
		split(l, f, ",")
		if (f[c["pad"]] != 0 || f[c["kind"]] == "empty") continue
		k = f[c["kind"]] (f[c["read_pct"]] != 100 ? " " f[c["read_pct"]] "%r" : "")
		if (f[c["variant"]] == pb[1]) B[k] = f[c["instructions"]] + 0
		if (f[c["variant"]] == pb[2]) A[k] = f[c["instructions"]] + 0
	}
	close(file)
	for (k in B) {
		if (!(k in A)) continue
		WANT["icount", "icount", k " " B[k] " " A[k] " " (B[k] == 0 ? "n/a" : pc((A[k] - B[k]) * 100 / B[k], "%%")) " " \
			(A[k] == B[k] ? "no change" : A[k] > B[k] ? "longer" : "shorter")] = 1
		NWANT["icount"]++
	}
}
function endpair(   k, s) {
	if (pair == "") return
	for (k in WANT) {
		split(k, s, SUBSEP)
		if (!(k in SEEN)) { print pair ": " s[1] " (" s[2] ") lacks: " s[3]; bad = 1 }
	}
	if (!rows) { print pair ": no row of figures at all"; bad = 1 }
	# A state's file is read again under the next pair's title.
	delete WANT; delete SEEN; delete NWANT; delete LOADED
}
function norm(s) { gsub(/ +/, " ", s); sub(/^ /, "", s); sub(/ $/, "", s); return s }
# The pair's title: the line above a line of "=" of its length.
{ line[NR] = $0 }
/^=+$/ && length($0) == length(line[NR - 1]) && line[NR - 1] ~ / -> / {
	endpair()
	pair = line[NR - 1]
	sub(/ -> /, ":", pair)
	pairs++
	rows = 0
	load("native", native, pair)
	load(taccel == "" ? "TCG" : taccel, timed, pair)
	loadpathlen(pathlen, pair)
	inst = ""
	next
}
pair == "" { next }
/^icount: / { inst = "icount"; blk = "icount"; next }
/^(native|TCG|KVM):$/ { inst = substr($0, 1, length($0) - 1); next }
/^native, state [^ ]+ of / {
	st = $3
	inst = "native state " st
	if (states == "") { print pair ": a table of state " st ", but no -v states= to check it against"; bad = 1 }
	if (!((inst) in LOADED)) { LOADED[inst] = 1; load(inst, states "/" st "/pairs.csv", pair) }
	next
}
/^[A-Z]/ { inst = ""; next }
/^  (hot|cold): / { m = $1; sub(/:$/, "", m); blk = m; next }
/^  contended, hold\/parallel / { split($3, hp, " "); blk = "contended " $3; next }
/^  kind / { next }
/^    / { next }
/^  [a-z_]/ && inst != "" {
	r = norm($0)
	if (!((inst, blk, r) in WANT)) { print pair ": " inst " (" blk ") has a row its file lacks: " r; bad = 1 }
	else SEEN[inst, blk, r] = 1
	rows++
	next
}
/^$/ { next }
END {
	endpair()
	if (!pairs) { print "no pair title (\"a -> b\" over a line of \"=\")"; bad = 1 }
	exit bad
}
