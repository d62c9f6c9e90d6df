# Key entries with nothing drawn, in gnuplot's SVG output: a plot with a
# title is a <g id="gnuplot_plot_N..."><title>TITLE</title> group whose
# first text is its key entry, drawn at <g transform="translate(X,Y)">,
# and its sample is drawn beside it.  Its colour (the first shape after
# the entry: a polygon's fill, a pattern's colour, a path's stroke or a
# point's color) must be the colour of a visible mark somewhere in the
# file outside every key: a polygon with an area, a path with a length,
# a point.  (By colour, not by group: the contended graphs draw their
# data untitled in the panels and their key in a slot of its own.)
# -v legendonly=REGEX: titles that explain a mark rather than name a
# series ("filled: changed ...") and have no data of their own.
# Prints one line per entry with no mark and exits 1 if any; exits 2 when
# a file has no key entry at all (nothing would be checked).
function attrq(s, name,   re) {
	re = name " *= *['\"][^'\"]*['\"]"
	if (!match(s, re)) return ""
	s = substr(s, RSTART, RLENGTH); sub(/^[^'"]*['"]/, "", s); sub(/['"]$/, "", s)
	return s
}
function rgb(s) { gsub(/[ ]/, "", s); return s }
FNR == 1 { if (file != "") done(); file = FILENAME; ng = 0; nm = 0; ingrp = 0; want = 0; inpat = "" }
# a pattern's colour (<pattern id='gpPatN'> then a path of fill:rgb(...))
/<pattern id=/ { inpat = attrq($0, "id") }
inpat != "" && /fill:rgb\(/ { c = $0; sub(/.*fill:/, "", c); sub(/\).*/, ")", c); PAT[inpat] = rgb(c); inpat = "" }
/<g id="gnuplot_plot_[0-9]+[a-z]*" *><title>/ {
	t = $0; sub(/.*<title>/, "", t); sub(/<\/title>.*/, "", t)
	ingrp = 1; ng++; G[ng] = t; KX[ng] = ""; KC[ng] = ""; want = 0
	next
}
/<g id="gnuplot_plot_/ { ingrp = 0 }
ingrp && /<g transform="translate\(/ && KX[ng] == "" {
	tr = $0; sub(/.*translate\(/, "", tr); split(tr, xy, /[,)]/); KX[ng] = xy[1] + 0; KY[ng] = xy[2] + 0; want = 1
	next
}
# Every shape: its colour and bounding box.
/<polygon|<path |<use / {
	col = ""
	if ($0 ~ /<polygon/) { col = attrq($0, "fill"); if (col ~ /^url\(#/) { p = col; sub(/^url\(#/, "", p); sub(/\)$/, "", p); col = PAT[p] } }
	else if ($0 ~ /<path /) col = attrq($0, "stroke")
	else col = attrq($0, "color")
	col = rgb(col)
	if (col == "" || col == "black" || col == "currentColor") next
	pts = ($0 ~ /<polygon/) ? attrq($0, "points") : ($0 ~ /<path /) ? attrq($0, "d") : attrq($0, "transform")
	gsub(/[MLZa-z()]/, " ", pts)
	k = split(pts, v, /[ ,]+/); x0 = y0 = 1e9; x1 = y1 = -1e9; m = 0
	for (i = 1; i <= k; i++) {
		if (v[i] == "" || v[i] !~ /^-?[0-9.]+$/) continue
		if (m % 2 == 0) { if (v[i] < x0) x0 = v[i]; if (v[i] > x1) x1 = v[i] } else { if (v[i] < y0) y0 = v[i]; if (v[i] > y1) y1 = v[i] }
		m++
	}
	if ($0 ~ /<use /) { x1 = x0; y1 = y0 } # a point: where it is
	if (want && ingrp && KC[ng] == "") { KC[ng] = col; want = 0 }
	nm++; MC[nm] = col; MX0[nm] = x0; MX1[nm] = x1; MY0[nm] = y0; MY1[nm] = y1
	MV[nm] = ($0 ~ /<use /) || ($0 ~ /<polygon/ ? (x1 - x0 > 0.5 && y1 - y0 > 0.5) : (x1 - x0 > 0.5 || y1 - y0 > 0.5))
}
# inside the key: within 120 pixels left or right of an entry's text, 14
# above or below it
function inkey(j,   g) {
	for (g = 1; g <= ng; g++)
		if (KX[g] != "" && MX0[j] >= KX[g] - 120 && MX1[j] <= KX[g] + 120 && MY0[j] >= KY[g] - 14 && MY1[j] <= KY[g] + 14) return 1
	return 0
}
function done(   g, j, ok, n) {
	for (g = 1; g <= ng; g++) {
		if (KC[g] == "" || G[g] == "") continue
		n++
		if (legendonly != "" && G[g] ~ legendonly) continue
		ok = 0
		for (j = 1; j <= nm && !ok; j++) if (MC[j] == KC[g] && MV[j] && !inkey(j)) ok = 1
		if (!ok) { printf "%s: the key entry \"%s\" (%s) has no mark in the graph\n", file, G[g], KC[g]; bad++ }
	}
	if (!n) { printf "%s: no key entry found\n", file; broken = 1 }
	entries += n
	split("", G); split("", KX); split("", KY); split("", KC); split("", MC); split("", MX0); split("", MX1); split("", MY0); split("", MY1); split("", MV); split("", PAT)
}
END {
	if (file != "") done()
	if (broken) exit 2
	if (bad) exit 1
	printf "%d key entries, each with a mark in its graph\n", entries
}
