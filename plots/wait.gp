# Wait time before acquisition, percentiles at one thread count, a line per
# variant, log y.  in: wait.awk output; vars.
load dir."/common.gp"
nv = words(vars)
set logscale y
set format y "%.0s%c"
set xrange [0.7:4.3]
set xtics ("median" 1, "p90" 2, "p99" 3, "max" 4) nomirror
set ytics nomirror
set grid xtics ytics mytics lc rgb "#dddddd"
set xlabel "percentile of the per-acquisition wait"
set ylabel "wait before acquiring (ns, log scale)"
set key top left Left reverse font ",12"
plot for [i=1:nv] in index i-1 using ($1 + (i - (nv + 1) / 2.0) * 0.04):3:($4 > 0 ? $4 : $3):5 with yerrorlines \
	lw 2 dt vdash(word(vars, i)) pt vpoint(i) ps 1.2 lc rgb vcolor(word(vars, i), i) title word(vars, i)
