# Wait time before acquisition at one thread count: a dot plot, the
# percentiles side by side (categories, not a series: nothing joins them),
# a dot per variant with its 95% CI, log y over the data's own decades.
# in: wait.awk output; vars.
load dir."/common.gp"
nv = words(vars)
stats in using 4 nooutput
lo = STATS_min > 0 ? STATS_min : 1
stats in using 5 nooutput
hi = STATS_max > lo ? STATS_max : lo * 10
set logscale y
set yrange [lo / 1.6 : hi * 1.6]
# SI labels at 1, 2 and 5 times each power of ten in range.
set ytics () nomirror
do for [e=int(floor(log10(lo / 1.6))):int(ceil(log10(hi * 1.6)))] {
	do for [m in "1 2 5"] { t = m * 10.0 ** e; if (t >= lo / 1.6 && t <= hi * 1.6) { set ytics add (si(t) t) } }
}
set mytics 1
set xrange [0.5:4.5]
set xtics ("median" 1, "p90" 2, "p99" 3, "max" 4) nomirror
set grid ytics lc rgb "#dddddd"
set xlabel "percentile of the per-acquisition wait (each its own category)"
set ylabel "wait before acquiring (ns, log scale; median of boot medians, 95% CI)"
set key outside right top vertical Left reverse font ",12"
plot for [i=1:nv] in index i-1 using ($1 + (i - (nv + 1) / 2.0) * 0.11):3:($4 > 0 ? $4 : $3):5 with yerrorbars \
	pt vpoint(i) ps 1.3 lw 1.5 lc rgb vcolor(word(vars, i), i) title word(vars, i)
