# Contended fairness against threads, per variant: the busiest thread's
# share of acquisitions over the least busy one's (1 = fair).
# in: series.awk output, metric "fair_ratio"; vars; xt.
load dir."/common.gp"
nv = words(vars)
set xtics () nomirror
do for [t in xt] { set xtics add (t t + 0) }
set ytics nomirror
set offsets 0.2, 0.2, graph 0.05, graph 0.05
set grid xtics ytics lc rgb "#dddddd"
set xlabel "threads (= vCPUs used)"
set ylabel "max / min per-thread share of acquisitions"
set key outside right top vertical Left reverse font ",12" samplen 2.5 spacing 1.3
set yrange [0.9:*]
set label 2 "dotted: fair (1)" at graph 0.97, graph 0.05 right font ",11" tc rgb "#555555"
plot 1 with lines lw 1.5 dt 3 lc rgb "#777777" notitle, \
     for [i=1:nv] in index i-1 using 1:2:3:4 with yerrorlines lw 2 dt vdash(word(vars, i)) pt vpoint(i) ps 1.1 \
	lc rgb vcolor(word(vars, i), i) title word(vars, i), \
     for [i=1:nv] in index i-1 using 1:($5 > 0 ? $2 : NaN) with points pt 6 ps 2.4 lw 1.5 lc rgb "black" title (i == 1 && anyov ? "oversubscribed" : "")
