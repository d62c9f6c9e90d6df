# Debug overhead per hot lock kind: median(X-debug) / median(X) over boot
# medians, with its bootstrap 95% CI (lb-stat), bars per X.
# in: overhead.awk output; vars: the X; nbase: baseline rows first.
load dir."/common.gp"
nv = words(vars)
set style data histograms
set style histogram errorbars gap 1.5 lw 1.2
set style fill solid 0.85 border rgb "#333333"
set boxwidth 0.9
set xtics rotate by -35 left nomirror font ",12"
set ytics nomirror
# Room above the tallest CI bar: autoscaling stops at a tic, which can be
# the bar's own top, drawing its cap on the frame.
set yrange [0:*]
set autoscale yfix
set offsets 0, 0, graph 0.08, 0
set ylabel "debug / non-debug ns per op (ratio of medians, 95% CI)"
set xlabel "lock kind (hot cache, 1 thread)" offset 0, 0.5
set key bmargin center horizontal Left reverse font ",12" samplen 2.5
set bmargin 9
set rmargin 8
set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead lw 1.5 dt 2 lc rgb "#444444" front
if (nbase > 0) {
	set object 1 rect from -0.5, graph 0 to nbase - 0.5, graph 1 back fc rgb "#ececec" fs solid 1 noborder
	set label 1 "baselines" at (nbase - 1) / 2.0, graph 0.96 center font ",11" tc rgb "#555555"
}
plot for [i=1:nv] in using 3*i-1:3*i:3*i+1:xtic(1) title word(vars, i)."-debug / ".word(vars, i) lc rgb vcolor(word(vars, i), i)
