# Contended fairness as a dot plot by variant: the busiest thread's share
# of acquisitions over the least busy one's (1 = fair), median with its 95%
# CI, in each variant's colour and marker of the other graphs.  One panel per hold/parallel shape and thread count, one y range for
# all, so that panels compare at a glance; the key in a strip below.
# in: dots.awk output (block p = panel p); np: panels; pt1 .. ptN: panel
# titles; vars: the variants (position i is variant i); ylo, yhi: the
# bars' span; anyov: 1 when some cell is oversubscribed.
cols = np <= 3 ? np : (np == 4 ? 2 : 3)
rows = int((np + cols - 1) / cols)
# The title block: title and subtitle, 20 pixels more for each of the
# note, run and kernels lines there are.
top = 110.0 + ((exists("note") && note ne "") ? 20 : 0) + ((exists("prov") && prov ne "") ? 20 : 0) + ((exists("kern") && kern ne "") ? 20 : 0)
if (!exists("h")) h = top + 120 + 380 * rows
load dir."/common.gp"
nv = words(vars)
# Fixed margins, axis titles as screen labels at fixed places (see
# contended.gp): top px at the top for the titles, 160 at the bottom for
# the variant names, the x title and the key.  The variant names slant
# down to the left of their tick, so the last one stays on the canvas.
ml = 0.09; mr = 0.985; mb = 160.0 / h; mt = 1 - top / h; sx = 0.06; sy = 150.0 / h
set multiplot layout rows, cols title head font ",14" margins ml, mr, mb, mt spacing sx, sy
set label 101 "max / min per-thread acquisitions (1 = fair)" \
	at screen 0.018, screen (mb + mt) / 2 center rotate by 90 font ",13"
set label 102 "variant" at screen (ml + mr) / 2, screen 52.0 / h center font ",13"
set xrange [0.5:nv + 0.5]
set xtics () rotate by 30 right nomirror font ",12"
do for [i=1:nv] { set xtics add (word(vars, i) i) }
set ytics nomirror
pad = (yhi - (ylo < 1 ? ylo : 1)) * 0.08
set yrange [(ylo < 1 ? ylo : 1) - pad : yhi + pad]
set grid xtics ytics lc rgb "#dddddd"
# The key: bottom left, under the panels, clear of the x title.
set key at screen 0.01, screen 6.0 / h left bottom vertical Left reverse font ",12" samplen 2.5
do for [p=1:np] {
	set title value(sprintf("pt%d", p)) font ",13"
	k = (p == 1)
	plot 1 with lines lw 1.5 dt 3 lc rgb "#777777" title (k ? "1 = fair (equal shares)" : ""), \
	     for [i=1:nv] in index p-1 using ($1 == i ? $1 : NaN):2:3:4 with yerrorbars lw 2 pt vpoint(i) ps 1.4 \
		lc rgb vcolor(word(vars, i), i) notitle, \
	     in index p-1 using 1:($5 > 0 ? $2 : NaN) with points pt 6 ps 2.6 lw 1.5 lc rgb "black" notitle, \
	     for [j=1:k] keyentry with yerrorbars lw 2 pt 7 ps 1.4 lc rgb "black" title "median, 95% CI", \
	     for [j=1:(k && anyov)] keyentry with points pt 6 ps 2.6 lw 1.5 lc rgb "black" title "oversubscribed"
	unset label 101; unset label 102
}
unset multiplot
