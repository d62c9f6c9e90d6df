# The events instrument as stacked bars (plots/events.awk): a panel per
# kind family (spinlocks, rwlocks), per hot kind a bar per variant, its
# segments atomics, fences, other loads, other stores and the lines a cold
# op moves.  Counts are exact: no error bars.
# in: events.awk output (block p = panel p); np: its panels; fam1 ..,
# kinds1 .., centers1 ..: each panel's family, kinds and their middles;
# xmax: the widest panel's slots (one bar width in every panel); zero: the
# segments no bar has, which get no key entry (the note says so).
# The variant names stand upright under their bars and each kind's name
# on one line below them, centred on its group: with 17 pixels a bar at
# least, neither runs into its neighbour.
if (!exists("w")) w = xmax * 17 / 0.86 > 1600 ? int(xmax * 17 / 0.86) : 1600
# The title block (title, subtitle, note, run, kernels: up to 5 lines), the key
# row and the first panel's title above the panels; a panel 280 pixels,
# 125 below it for the names and 50 for the next panel's title, 45 more
# under the last for the x title.
top = 110.0 + ((exists("note") && note ne "") ? 20 : 0) + ((exists("prov") && prov ne "") ? 20 : 0) + ((exists("kern") && kern ne "") ? 20 : 0)
ph = 280.0
if (!exists("h")) h = top + 75 + np * ph + (np - 1) * 175 + 170
load dir."/common.gp"
if (!exists("zero")) zero = ""
ml = 0.07; mr = 0.93; mb = 170.0 / h; mt = 1 - (top + 75) / h; sy = 175.0 / h
set multiplot layout np, 1 title head font ",14" margins ml, mr, mb, mt spacing 0, sy
set style fill solid 0.9 border rgb "#333333"
set xrange [0:xmax]
stats in using 8 nooutput
set yrange [0:(STATS_max > 0 ? STATS_max * 1.08 : 1)]
set xtics rotate by 90 right nomirror font ",9" offset 0, -0.3
set ytics nomirror
set format y "%g"
set ylabel "events per acquire+release"
segname(j) = j == 1 ? "atomics" : j == 2 ? "fences" : j == 3 ? "other loads" : j == 4 ? "other stores" : "transfers (cold op)"
segcol(j) = word("#c0392b #8e44ad #2e86c1 #27ae60 #f39c12", j)
none(j) = strstrt(" ".zero." ", " ".j." ") > 0
# A segment from the top below it to its own; an empty one is not drawn.
lo(j) = j == 1 ? 0 : column(j + 2)
hi(j) = column(j + 3)
mid(j) = hi(j) > lo(j) ? (lo(j) + hi(j)) / 2.0 : NaN
# The key: one row under the title block, its entries the segments some
# bar has.
set key at screen 0.5, screen 1 - (top + 2) / h center top horizontal Left reverse font ",12" samplen 2 width 1
do for [p=1:np] {
	f = value(sprintf("fam%d", p))
	set title (f eq "rw" ? "rwlocks" : "spinlocks and bit spinlocks") font ",13"
	ks = value(sprintf("kinds%d", p)); cs = value(sprintf("centers%d", p))
	unset label
	# (112 pixels under the axis: below the upright variant names)
	do for [i=1:words(ks)] { set label i word(ks, i) at first word(cs, i) + 0, graph -112 / ph center font ",11" }
	if (p == 1) { set label 102 "variant, grouped by lock kind (hot: 1 vCPU, icount; transfers: a cold op, 2 vCPUs, TCG)" \
		at screen 0.5, screen 18.0 / h center font ",13" }
	# (the variants' names with the first segment only: once a bar)
	plot in index p-1 using 1:(mid(1)):(0.4):((hi(1) - lo(1)) / 2.0):xtic(2) with boxxyerror \
		lc rgb segcol(1) title (p == 1 && !none(1) ? segname(1) : ""), \
	     for [j=2:5] in index p-1 using 1:(mid(j)):(0.4):((hi(j) - lo(j)) / 2.0) with boxxyerror \
		lc rgb segcol(j) title (p == 1 && !none(j) ? segname(j) : "")
}
unset multiplot
