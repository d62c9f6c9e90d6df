# Text that would be clipped in gnuplot's SVG output: every <text> drawn at
# a <g transform="translate(X,Y) [rotate(A)]" ... font-size="S"
# text-anchor="..."> must lie, by an estimate on the generous side, inside
# the canvas (the <svg> viewBox).  Prints one line per text outside it and
# exits 1 if any; exits 2 when a file has no viewBox or no text at all
# (the format changed and nothing would be checked).  Run with LC_ALL=C:
# strings are measured in bytes, a multibyte character counted once.
#
# Width: the font size times a per-character share of it, each share a
# little over DejaVu Sans's own advance for that class of character (so a
# text that fits by the estimate fits on the canvas).  Height: from 0.3 of
# the size below the baseline to 0.95 above it.
function share(ch) {
	if (ch ~ /[\200-\277]/) return 0 # a UTF-8 continuation byte
	if (ch ~ /[\300-\377]/) return 1.0 # a multibyte character: arrows, circles
	if (ch ~ /[mwMW%@]/) return 1.0
	if (ch ~ /[ ijlItfr.,:;'|!()\[\]]/) return 0.45
	if (ch ~ /[A-Z0-9]/) return 0.75
	return 0.65
}
function textwidth(s, size,   i, w) {
	for (i = 1; i <= length(s); i++) w += share(substr(s, i, 1))
	return w * size
}
function attr(s, name,   re) {
	re = name "=\"[^\"]*\""
	if (!match(s, re)) return ""
	return substr(s, RSTART + length(name) + 2, RLENGTH - length(name) - 3)
}
FNR == 1 { if (file != "") done(); file = FILENAME; W = H = ""; texts = 0; pending = 0 }
/viewBox="/ && W == "" { split(attr($0, "viewBox"), vb, " "); W = vb[3]; H = vb[4] }
/<g transform="translate\(/ {
	tr = attr($0, "transform")
	split(substr(tr, 11), xy, /[,)]/); gx = xy[1] + 0; gy = xy[2] + 0
	ga = 0
	if (match(tr, /rotate\([-0-9.]+\)/)) ga = substr(tr, RSTART + 7, RLENGTH - 8) + 0
	gs = attr($0, "font-size") + 0; anchor = attr($0, "text-anchor")
	pending = gs > 0
}
pending && /<text/ {
	s = $0
	sub(/^.*<text>/, "", s); sub(/<\/text>.*$/, "", s); gsub(/<[^>]*>/, "", s)
	gsub(/&lt;/, "<", s); gsub(/&gt;/, ">", s); gsub(/&quot;/, "\"", s); gsub(/&#[0-9]+;/, "?", s); gsub(/&amp;/, "\\&", s)
	pending = 0
	if (s == "") next
	texts++
	check(s)
}
# The four corners of the text's box, rotated by A degrees about (X,Y).
function check(s,   L, t0, t1, c, sn, i, t, u, x, y, bad, x0, x1, y0, y1) {
	L = textwidth(s, gs)
	t0 = anchor == "middle" ? -L / 2 : anchor == "end" ? -L : 0; t1 = t0 + L
	c = cos(ga * 3.14159265 / 180); sn = sin(ga * 3.14159265 / 180)
	x0 = y0 = 1e9; x1 = y1 = -1e9
	for (i = 0; i < 4; i++) {
		t = (i % 2) ? t1 : t0; u = (i < 2) ? -0.3 * gs : 0.95 * gs
		# along the text (c, sn); "up" from the baseline (sn, -c)
		x = gx + t * c + u * sn; y = gy + t * sn - u * c
		if (x < x0) x0 = x; if (x > x1) x1 = x; if (y < y0) y0 = y; if (y > y1) y1 = y
	}
	if (x0 < 0 || y0 < 0 || x1 > W || y1 > H) {
		printf "%s: \"%s\" (%s px at %.0f,%.0f, rotated %s) spans x %.0f..%.0f, y %.0f..%.0f: outside the %sx%s canvas\n", \
			file, s, gs, gx, gy, ga, x0, x1, y0, y1, W, H
		clipped++
	}
}
function done() {
	if (W == "" || H == "") { printf "%s: no viewBox\n", file; broken = 1 }
	if (!texts) { printf "%s: no text found\n", file; broken = 1 }
	checked += texts
}
END {
	if (file != "") done()
	if (broken) exit 2
	if (clipped) exit 1
	printf "%d texts inside the canvas\n", checked
}
