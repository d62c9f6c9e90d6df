# Hot-mode cost per lock kind: clustered bars, one per variant, with 95% CI.
# in: table.awk output; vars: its variants; nbase: baseline rows first.
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
set ylabel "ns per acquire+release (median of boot medians, 95% CI)"
set xlabel "lock kind (hot cache, 1 thread)" offset 0, 0.5
set key bmargin center horizontal Left reverse font ",12" samplen 2.5
set bmargin 9
set rmargin 8
if (nbase > 0) {
	set object 1 rect from -0.5, graph 0 to nbase - 0.5, graph 1 back fc rgb "#ececec" fs solid 1 noborder
	set label 1 "baselines" at (nbase - 1) / 2.0, graph 0.97 center font ",11" tc rgb "#555555"
}
plot for [i=1:nv] in using 3*i-1:3*i:3*i+1:xtic(1) title word(vars, i) lc rgb vcolor(word(vars, i), i)
