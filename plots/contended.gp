# Contended throughput against threads: one panel per lock kind, a line per
# variant with 95% CI bars, one shared key in the last slot.
# ddir: folder of ct-1.dat .. ct-N.dat (series.awk -v all=1, one metric);
# np: N; pt1 .. ptN: panel titles; vars: the variants (block i is variant
# i); anyov: 1 when some point is oversubscribed; xt: the thread counts.
load dir."/common.gp"
nv = words(vars)
cols = (np + 1 <= 4) ? np + 1 : (np + 1 <= 6 ? 3 : 4)
rows = int((np + 1 + cols - 1) / cols)
set multiplot layout rows, cols title head font ",14" margins 0.075, 0.99, 0.09, 0.85 spacing 0.07, 0.13
set format y "%.1s%c"
set xtics () nomirror
do for [t in xt] { set xtics add (t t + 0) }
set ytics nomirror
set yrange [0:*]
set offsets 0.3, 0.3, graph 0.05, 0
set grid xtics ytics lc rgb "#dddddd"
do for [p=1:np] {
	set title value(sprintf("pt%d", p)) font ",13"
	set xlabel (p > np + 1 - cols ? "threads (= vCPUs used)" : "")
	set ylabel ((p - 1) % cols == 0 ? "acquisitions/s (all threads)" : "")
	f = sprintf("%s/ct-%d.dat", ddir, p)
	plot for [i=1:nv] f index i-1 using 1:2:3:4 with yerrorlines lw 2 dt vdash(word(vars, i)) pt vpoint(i) ps 1.1 \
		lc rgb vcolor(word(vars, i), i) notitle, \
	     for [i=1:nv] f index i-1 using 1:($5 > 0 ? $2 : NaN) with points pt 6 ps 2.4 lw 1.5 lc rgb "black" notitle
}
# The key slot: entries only, their curves fall outside the range.
unset title; unset xlabel; unset ylabel; unset tics; unset border; unset grid; unset offsets
set xrange [0:1]; set yrange [0:1]
# (a key must lie wholly on the canvas: anchor it by its top left corner
# at the slot's, in screen coordinates)
kw = (0.99 - 0.075 - (cols - 1) * 0.07) / cols
kh = (0.85 - 0.09 - (rows - 1) * 0.13) / rows
set key at screen 0.075 + (np % cols) * (kw + 0.07), screen 0.85 - int(np / cols) * (kh + 0.13) \
	left top vertical Left reverse font ",13" spacing 1.4 samplen 3
plot for [i=1:nv] 5 with linespoints lw 2 dt vdash(word(vars, i)) pt vpoint(i) lc rgb vcolor(word(vars, i), i) title word(vars, i), \
     for [j=1:anyov] 5 with points pt 6 ps 2.4 lw 1.5 lc rgb "black" title "oversubscribed"
unset multiplot
