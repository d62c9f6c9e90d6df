# pathlen: lb-pathlen's CSV as kind x variant (VARIANTS; none with
# DIFF_ONLY), then other - base per pair of PAIRS; MIX names the kinds
# whose rows say their read share.
#   render.sh pathlen -v variants="pre post" -v mix="rwlock_mix" [-v pairs="pre:post"] [-v diff_only=1] pathlen.csv
# Path lengths: kind x variant, then other − base per pair, whole
# instructions as integers and averages (the mix kinds) to 3 decimals.
function count(v, sign,   a, s) {
	a = v < 0 ? -v : v
	s = v < 0 ? "−" : sign && v > 0 ? "+" : ""
	return s (a == int(a) ? sprintf("%d", a) : sprintf("%.3f", a))
}

FNR == 1 { header(); next }

{
	k = g("kind") SUBSEP g("read_pct") SUBSEP g("pad")
	if (!(k in LABEL)) {
		ROWS[++NROWS] = k
		LABEL[k] = g("kind") (index(" " mix " ", " " g("kind") " ") ? " (" g("read_pct") "% read)" : "") \
			(g("pad") + 0 ? " pad=" g("pad") : "")
	}
	N[k, g("variant")] = g("instructions") + 0
	HAVE[g("variant")] = 1
	next
}

function pathlen_table(   nv, vs, np, ps, bo, i, j, r, k, line, b, o) {
	nv = diff_only ? 0 : split(variants, vs, " ")
	np = split(pairs, ps, " ")
	for (j = 1; j <= np; j++) {
		split(ps[j], bo, ":")
		if (!(bo[1] in HAVE) || !(bo[2] in HAVE)) {
			printf "render: pair %s: variant %s has no path lengths\n", ps[j], (bo[1] in HAVE) ? bo[2] : bo[1] > "/dev/stderr"
			BAD = 1
			return
		}
		PB[j] = bo[1]; PO[j] = bo[2]
	}
	line = "| kind |"
	for (i = 1; i <= nv; i++) line = line " " vs[i] " |"
	for (j = 1; j <= np; j++) line = line " " PO[j] " − " PB[j] " |"
	print line
	line = "|---|"
	for (i = 1; i <= nv + np; i++) line = line "---:|"
	print line
	for (r = 1; r <= NROWS; r++) {
		k = ROWS[r]
		line = "| " LABEL[k] " |"
		for (i = 1; i <= nv; i++)
			line = line " " (((k, vs[i]) in N) ? count(N[k, vs[i]], 0) : "–") " |"
		for (j = 1; j <= np; j++) {
			b = (k, PB[j]) in N; o = (k, PO[j]) in N
			line = line " " (b && o ? count(N[k, PO[j]] - N[k, PB[j]], 1) : "–") " |"
		}
		print line
	}
}

END {
	pathlen_table()
	if (BAD)
		exit 2
}
