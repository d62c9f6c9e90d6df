# Contended fairness against threads, per variant: left the coefficient of
# variation of per-thread acquisitions, right the smallest and largest
# per-thread share with the fair share 100/threads.
# in: series.awk output, metrics "fair_cv share_min share_max"; vars; xt.
load dir."/common.gp"
nv = words(vars)
set multiplot layout 1, 2 title head font ",14" margins 0.065, 0.82, 0.11, 0.83 spacing 0.075, 0
unset title
set xtics () nomirror
do for [t in xt] { set xtics add (t t + 0) }
set ytics nomirror
set offsets 0.2, 0.2, graph 0.05, graph 0.05
set grid xtics ytics lc rgb "#dddddd"
set xlabel "threads (= vCPUs used)"
set key at screen 0.835, screen 0.78 left top vertical Left reverse font ",12" samplen 2.5 spacing 1.3
set title "unfairness: CV of per-thread acquisitions" font ",13"
set ylabel "stddev / mean of per-thread acquisitions"
set yrange [0:*]
plot for [i=1:nv] in index i-1 using 1:2:3:4 with yerrorlines lw 2 dt vdash(word(vars, i)) pt vpoint(i) ps 1.1 \
	lc rgb vcolor(word(vars, i), i) title word(vars, i), \
     for [i=1:nv] in index i-1 using 1:($11 > 0 ? $2 : NaN) with points pt 6 ps 2.4 lw 1.5 lc rgb "black" title (i == 1 && anyov ? "oversubscribed" : "")
unset key
set title "smallest (open) and largest (filled) per-thread share" font ",13"
set ylabel "share of all acquisitions (%)"
set yrange [0:*]
set label 2 "dotted: the fair share, 100/threads" at graph 0.97, graph 0.94 right font ",11" tc rgb "#555555"
plot 100 / x with lines lw 1.5 dt 3 lc rgb "#777777" notitle, \
     for [i=1:nv] in index i-1 using 1:8:9:10 with yerrorlines lw 2 dt vdash(word(vars, i)) pt vpoint(i) ps 1.1 lc rgb vcolor(word(vars, i), i) notitle, \
     for [i=1:nv] in index i-1 using 1:5:6:7 with yerrorlines lw 1.2 dt vdash(word(vars, i)) pt vpoint(i) + (vpoint(i) < 14 ? -1 : 0) ps 1.1 lc rgb vcolor(word(vars, i), i) notitle
unset multiplot
