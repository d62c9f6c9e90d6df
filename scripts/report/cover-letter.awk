# cover-letter.awk: the parts of a cover letter (cover-letter.sh), plain
# ASCII within 72 columns, LKML's width for a mail body.  Every figure
# and verdict is the CSV's (lb-stat's pairs.csv, icount's pathlen.csv),
# read by column name; nothing is recomputed but a sign.
#
#   awk -f cover-letter.awk -v view=wrap FILE
#       each line a paragraph, wrapped, its continuation indented by 2
#   awk -f cover-letter.awk -v view=command FILE
#       each line a shell command, broken with " \" to fit
#   awk -f cover-letter.awk -v view=pairs pairs.csv
#       the base:other pairs a pairs.csv holds, one a line, in its order
#   awk -f cover-letter.awk -v view=pathlen -v pair=a:b pathlen.csv
#       icount's exact counts of the pair, a row per kind
#   awk -f cover-letter.awk -v view=table -v pair=a:b -v metric=cyc_op \
#       -v unit="TSC cycles" [-v title=...] pairs.csv
#       before, after, change, 95% CI and verdict per kind, a block per
#       mode (contended: per hold/parallel shape), its floor in its head
#   awk -f cover-letter.awk -v view=signs -v pair=a:b -v states="1 2" \
#       states/1/pairs.csv states/2/pairs.csv
#       whether each kind's change has one sign in every state
BEGIN {
	FS = ","
	W = 72
	split(pair, PB, ":")
	split(states, ST, " ")
	if (view == "wrap" || view == "command") FS = "\n"
}

# The cell's figures, as the letter rounds them: 4 significant digits,
# k, M or G above 10,000.
function num(v,   a) {
	if (v == "" || v ~ /nan|inf/) return "n/a"
	a = v < 0 ? -v : v
	if (a >= 1e9) return sprintf("%.3gG", v / 1e9)
	if (a >= 1e6) return sprintf("%.3gM", v / 1e6)
	if (a >= 1e4) return sprintf("%.3gk", v / 1e3)
	return sprintf("%.4g", v)
}
function pct(v,   a) {
	if (v == "" || v ~ /nan|inf/) return "n/a"
	a = v < 0 ? -v : v
	return sprintf(a >= 100 ? "%+.0f%%" : "%+.1f%%", v)
}
function bound(v,   a) {
	if (v == "" || v ~ /nan|inf/) return "n/a"
	a = v < 0 ? -v : v
	return sprintf(a >= 100 ? "%+.0f" : "%+.1f", v)
}
function floor_txt(v) { return v == "" || v ~ /nan/ ? "" : sprintf("+/-%.1f%%", v) }
function g(n) { return (n in C) ? $C[n] : "" }
function header(   i) { delete C; for (i = 1; i <= NF; i++) C[$i] = i }

# Words of S wrapped to W columns, the continuation indented by CONT
# (default: 2 more than IND, the first line's own indent; a block's
# title continues 4 in, below its rows' 2).  A word too long for any
# line (a path) is broken after a "/".
function wrap(s, ind, cont,   w, n, i, line, pre, cut) {
	n = split(s, w, " ")
	if (n == 0) { print ""; return }
	line = ind w[1]
	pre = cont == "" ? ind "  " : cont
	for (i = 2; i <= n; i++) {
		if (length(line) + 1 + length(w[i]) <= W) { line = line " " w[i]; continue }
		while (length(pre w[i]) > W && (cut = lastslash(substr(w[i], 1, W - length(line) - 1))) > 0) {
			print line " " substr(w[i], 1, cut)
			w[i] = substr(w[i], cut + 1)
			line = pre
			sub(/ +$/, "", line)
		}
		if (line ~ /^ *$/) line = pre w[i]
		else { print line; line = pre w[i] }
	}
	print line
}
function lastslash(s,   i) {
	for (i = length(s); i > 0; i--) if (substr(s, i, 1) == "/") return i
	return 0
}

# lb-stat's verdict as the letter words it: a change by its direction
# (a time up is slower, a rate up is faster), the rest as they are.
function said(v, p, rate) {
	if (v ~ /^changed/) return (p + 0 > 0) == (rate == 1) ? "faster" : "slower"
	if (v == "within-noise") return "within noise"
	if (v == "not-significant") return "not signif."
	if (v == "no-ratio") return "no ratio"
	if (v == "a-a") return "A/A pair"
	if (v == "n-too-small") return "too few"
	return v
}

# A row's label: the kind, a mixed lock's read share, a contended cell's
# threads and placement.
function label(   l) {
	l = g("kind")
	if (g("read_pct") != "" && g("read_pct") != 100) l = l " " g("read_pct") "%r"
	if (g("mode") == "contended") {
		l = l " " g("threads") "t"
		if (g("placement") != "" && g("placement") != "any") l = l " " g("placement")
	}
	return l
}

view == "wrap" { wrap($0, ""); next }

# A shell command laid out to paste: its words, a line ending in " \"
# where the next would pass the width, continued 4 spaces in (a break
# inside a quoted list leaves spaces in it, which the list allows).
# A word too long for a line of its own (a path) is broken after a "/"
# with the continuation at column 0, where the shell joins it whole.
view == "command" {
	n = split($0, w, " ")
	line = "  " w[1]
	for (i = 2; i <= n; i++) {
		if (length(line) + 1 + length(w[i]) <= W - 2) { line = line " " w[i]; continue }
		print line " \\"
		line = "    " w[i]
		while (length(line) > W - 1 && (cut = lastslash(substr(line, 1, W - 1))) > 4) {
			print substr(line, 1, cut) "\\"
			line = substr(line, cut + 1)
		}
	}
	print line
	next
}

FNR == 1 { header(); FI++; next }

view == "pairs" {
	p = g("base") ":" g("other")
	if (!(p in SEENP)) { SEENP[p] = 1; print p }
	next
}

view == "pathlen" {
	if (g("pad") != "" && g("pad") != 0) next
	if (g("kind") == "empty") next
	k = g("kind") (g("read_pct") != "" && g("read_pct") != 100 ? " " g("read_pct") "%r" : "")
	if (!(k in KORD)) { KORD[k] = ++NK; KL[NK] = k }
	if (g("variant") == PB[1]) B[k] = g("instructions")
	if (g("variant") == PB[2]) A[k] = g("instructions")
	next
}

# table and signs: the pair's rows of the mode's headline metric (a
# contended cell's rate, else this instrument's time per op).
{
	if (g("base") != PB[1] || g("other") != PB[2] || g("kind") == "empty") next
	m = g("mode")
	if (g("metric") != (m == "contended" ? "ops_per_s" : metric)) next
}

view == "signs" {
	k = m SUBSEP label()
	if (!(k in SORD)) { SORD[k] = ++NS; SK[NS] = k }
	S[k, FI] = g("pct_change")
	next
}

view == "table" {
	# A block a mode; a contended one per hold/parallel shape.
	blk = m
	if (m == "contended") blk = m SUBSEP g("hold_ns") SUBSEP g("parallel_ns")
	if (!(blk in BORD)) {
		BORD[blk] = ++NB; BK[NB] = blk; BM[NB] = m
		BH[NB] = g("hold_ns"); BP[NB] = g("parallel_ns")
	}
	b = BORD[blk]
	n = ++NR_[b]
	rate = m == "contended"
	ROW[b, n, 1] = label()
	ROW[b, n, 2] = num(g("median_base"))
	ROW[b, n, 3] = num(g("median_other"))
	ROW[b, n, 4] = pct(g("pct_change"))
	ROW[b, n, 5] = g("pct_lo") ~ /nan/ || g("pct_lo") == "" ? "n/a" : "[" bound(g("pct_lo")) ", " bound(g("pct_hi")) "]"
	ROW[b, n, 6] = said(g("verdict"), g("pct_change"), rate)
	FL[b, n] = floor_txt(g("floor_pct"))
	FB[b, n] = g("floor_by")
	if (g("paired") == 1) PAIRED = 1
	# The change in each block of processes (--blocks 2), where the
	# run had two.
	if (g("block_diff_pct") != "" && g("block_diff_pct") !~ /nan/) {
		BLK[b, n] = ROW[b, n, 1] " " pct(g("block_pct_1")) " and " pct(g("block_pct_2")) \
			" (" sprintf("%+.1f", g("block_diff_pct")) " [" sprintf("%+.1f", g("block_diff_lo")) ", " \
			sprintf("%+.1f", g("block_diff_hi")) "] points)"
		BAD[b, n] = g("blocks_agree") == "0"
		BDIFF[b, n] = g("block_diff_pct") < 0 ? -g("block_diff_pct") : g("block_diff_pct")
	}
	next
}

# Rows of NC columns under a head, each column as wide as its widest
# cell (labels left, figures right), two spaces apart where the width
# allows, else one.
function table(b, nc, hd,   i, j, w, gap, tot, line, v) {
	for (j = 1; j <= nc; j++) w[j] = length(hd[j])
	for (i = 1; i <= NR_[b]; i++)
		for (j = 1; j <= nc; j++) if (length(ROW[b, i, j]) > w[j]) w[j] = length(ROW[b, i, j])
	tot = 2
	for (j = 1; j <= nc; j++) tot += w[j]
	gap = tot + 2 * (nc - 1) <= W ? "  " : " "
	for (i = 0; i <= NR_[b]; i++) {
		line = " "
		for (j = 1; j <= nc; j++) {
			v = i == 0 ? hd[j] : ROW[b, i, j]
			line = line (j == 1 ? " " : gap) sprintf(j == 1 || j == nc ? "%-" w[j] "s" : "%" w[j] "s", v)
		}
		sub(/ +$/, "", line)
		print line
	}
}

END {
	if (view == "wrap" || view == "pairs" || view == "command") exit 0
	if (view == "pathlen") {
		if (!NK) exit 3
		NB = 1
		for (i = 1; i <= NK; i++) {
			k = KL[i]
			if (!(k in B) || !(k in A)) continue
			n = ++NR_[1]
			ROW[1, n, 1] = k
			ROW[1, n, 2] = B[k] + 0
			ROW[1, n, 3] = A[k] + 0
			ROW[1, n, 4] = B[k] + 0 == 0 ? "n/a" : pct((A[k] - B[k]) * 100 / B[k])
			ROW[1, n, 5] = A[k] + 0 == B[k] + 0 ? "no change" : A[k] + 0 > B[k] + 0 ? "longer" : "shorter"
		}
		if (!NR_[1]) exit 3
		wrap("icount: guest instructions per acquire+release, exact" (from == "" ? "" : "; " from) ":", "", "    ")
		split("kind|before|after|change|", hd, "|")
		table(1, 5, hd)
		exit 0
	}
	if (view == "signs") {
		for (i = 1; i <= NS; i++) {
			k = SK[i]
			split(k, km, SUBSEP)
			name = km[2] (km[1] == "hot" ? "" : " " km[1])
			s = ""; one = 1; list = ""; nst = 0
			for (f = 1; f <= FI; f++) {
				if (!((k, f) in S) || S[k, f] ~ /nan/) continue
				nst++
				sg = S[k, f] + 0 > 0 ? "+" : S[k, f] + 0 < 0 ? "-" : "0"
				if (s == "") s = sg
				else if (sg != s) one = 0
				list = list (list == "" ? "" : ", ") "state " ST[f] " " pct(S[k, f])
			}
			if (nst < 2) continue
			if (one) HOLD = HOLD (HOLD == "" ? "" : ", ") name
			else DIFF = DIFF (DIFF == "" ? "" : "; ") name " (" list ")"
		}
		if (HOLD == "" && DIFF == "") exit 3
		if (DIFF == "") wrap("The change's sign holds in every state, for every cell: " HOLD ".", "", "    ")
		else {
			if (HOLD != "") wrap("The change's sign holds in every state for: " HOLD ".", "", "    ")
			wrap("It does not hold for: " DIFF ".", "", "    ")
		}
		exit 0
	}
	# table
	if (!NB) exit 3
	if (title != "") wrap(title, "", "    ")
	for (b = 1; b <= NB; b++) {
		# The block's floor in its head when every row has the same one;
		# else each row's beside its kind, after the table.
		f = FL[b, 1]; same = 1
		for (i = 2; i <= NR_[b]; i++) if (FL[b, i] != f) same = 0
		head = BM[b] == "contended" ? "contended, hold/parallel " BH[b] "/" BP[b] " ns: acquisitions/s" : BM[b] ": " unit " per acquire+release"
		if (same && f != "") head = head ", floor " f
		wrap(head, "  ", "    ")
		split("kind|before|after|change|95% CI|", hd, "|")
		table(b, 6, hd)
		if (!same) {
			fl = ""
			for (i = 1; i <= NR_[b]; i++) fl = fl (fl == "" ? "" : ", ") ROW[b, i, 1] " " (FL[b, i] == "" ? "none" : FL[b, i])
			wrap("Floors: " fl ".", "  ", "    ")
		}
		blocks(b)
	}
	exit 0
}

# Block B's two blocks of processes: the rows whose blocks disagree,
# each block's change and their difference; else that they agree, with
# the largest difference.
function blocks(b,   i, bad, top, n) {
	top = 0
	for (i = 1; i <= NR_[b]; i++) {
		if (!((b, i) in BLK)) continue
		n++
		if (BAD[b, i]) bad = bad (bad == "" ? "" : "; ") BLK[b, i]
		if (!top || BDIFF[b, i] > BDIFF[b, top]) top = i
	}
	if (!n) return
	if (bad != "")
		wrap("The two blocks of processes disagree for: " bad ".", "  ", "    ")
	else
		wrap("The two blocks of processes agree for every kind; the largest difference: " BLK[b, top] ".", "  ", "    ")
}
