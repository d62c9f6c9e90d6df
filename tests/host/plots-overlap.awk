# Texts that collide in gnuplot's graphs, read from its SVG output: every
# <text> drawn at a <g transform="translate(X,Y) [rotate(A)]" ...
# font-size="S" text-anchor="..."> gets a box (its width along the
# baseline; from 0.24 of the size below the baseline to 0.76 above it,
# DejaVu Sans's descent and ascent), rotated by A about (X,Y), and 0.075
# of the size more on every side: two texts need a little air between
# them to be read.  Two boxes of one file that overlap (the
# separating-axis test on the two rotated rectangles) are a collision.
# Prints one line per collision and exits 1 if any; exits 2 when a file
# has no text (the format changed and nothing would be checked).  Run
# with LC_ALL=C.
#
# The SVG's own sizes and places: pngcairo sets the same sizes in points
# at 96 dpi (4/3 of the SVG's pixels) and lays its margins, keys and
# multi-line texts out by those metrics, so what collides in the PNG but
# not here is what stands at fixed places, such as tick labels under
# bars: plots-legible.sh measures those in PNG units itself.
#
# The widths are DejaVu Sans's advances, by class of character.
function share(ch) {
	if (ch ~ /[\200-\277]/) return 0 # a UTF-8 continuation byte
	if (ch ~ /[\300-\377]/) return 0.8 # a multibyte character: arrows, circles
	if (ch ~ /[mwMW%@]/) return 0.9
	if (ch ~ /[ ijlItfr.,:;'|!()\[\]]/) return 0.35
	if (ch ~ /[A-Z0-9]/) return 0.64
	return 0.6
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
FNR == 1 { if (file != "") done(); file = FILENAME; n = 0; pending = 0 }
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
	sub(/^ +/, "", s); sub(/ +$/, "", s)
	if (s == "") next
	box(s)
}
# The text's rectangle: its four corners (CX, CY), centre and axes.
function box(s,   L, t0, t1, c, sn, i, t, u, e) {
	L = textwidth(s, gs); e = 0.075 * gs
	t0 = anchor == "middle" ? -L / 2 : anchor == "end" ? -L : 0; t1 = t0 + L
	t0 -= e; t1 += e
	c = cos(ga * 3.14159265 / 180); sn = sin(ga * 3.14159265 / 180)
	n++; T[n] = s
	for (i = 0; i < 4; i++) {
		t = (i == 0 || i == 3) ? t0 : t1; u = (i < 2) ? -0.24 * gs - e : 0.76 * gs + e
		# along the text (c, sn); "up" from the baseline (sn, -c)
		CX[n, i] = gx + t * c + u * sn; CY[n, i] = gy + t * sn - u * c
	}
	AX[n, 1] = c; AY[n, 1] = sn; AX[n, 2] = sn; AY[n, 2] = -c
	P[n] = sprintf("%.0f,%.0f", gx, gy)
}
# a and b overlap: no axis of either separates their projections (by
# more than half a pixel).
function overlap(a, b,   k, r, ax, ay, i, p, lo1, hi1, lo2, hi2) {
	for (k = 1; k <= 4; k++) {
		r = k <= 2 ? a : b; ax = AX[r, (k - 1) % 2 + 1]; ay = AY[r, (k - 1) % 2 + 1]
		lo1 = lo2 = 1e9; hi1 = hi2 = -1e9
		for (i = 0; i < 4; i++) {
			p = CX[a, i] * ax + CY[a, i] * ay; if (p < lo1) lo1 = p; if (p > hi1) hi1 = p
			p = CX[b, i] * ax + CY[b, i] * ay; if (p < lo2) lo2 = p; if (p > hi2) hi2 = p
		}
		if (hi1 <= lo2 + 0.5 || hi2 <= lo1 + 0.5) return 0
	}
	return 1
}
function done(   a, b) {
	if (!n) { printf "%s: no text found\n", file; broken = 1 }
	for (a = 1; a <= n; a++) for (b = a + 1; b <= n; b++)
		if (overlap(a, b)) { printf "%s: \"%s\" at %s runs into \"%s\" at %s\n", file, T[a], P[a], T[b], P[b]; hits++ }
	checked += n
	split("", CX); split("", CY); split("", AX); split("", AY); split("", T); split("", P)
}
END {
	if (file != "") done()
	if (broken) exit 2
	if (hits) exit 1
	printf "%d texts, none runs into another\n", checked
}
