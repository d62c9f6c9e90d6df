# Path length per lock kind under icount: clustered bars, one per variant.
# in: whitespace table, kind then one column per variant (icount/plot.sh);
# vars: the variants in column order.  Counts are exact: no error bars.
load dir."/common.gp"
nv = words(vars)
set style data histograms
set style histogram clustered gap 1.5
set style fill solid 0.85 border rgb "#333333"
set boxwidth 0.9
set xtics rotate by -35 left nomirror font ",12"
set ytics nomirror
set yrange [0:*]
set ylabel "guest instructions per acquire+release (icount, exact)"
set xlabel "lock kind (hot cache, 1 vCPU)" offset 0, 0.5
set key bmargin center horizontal Left reverse font ",12" samplen 2.5
# Room for a third row of the key (nine variants) under the x title.
set bmargin (nv > 6 ? 11 : 9)
set rmargin 8
plot for [i=1:nv] in using i+1:xtic(1) title word(vars, i) lc rgb vcolor(word(vars, i), i) \
	fs pattern (isdbg(word(vars, i)) ? 4 : 3)
