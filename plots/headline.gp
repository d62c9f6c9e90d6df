# Headline: percent change of post vs pre (hot ns_op) per kind with its
# 95% CI, one series per pair; filled markers are significant.  The key
# says so with two black entries, after the pairs' colours.
# in: headline.awk output (block j = pair j); pairs: "pre:post ..."; plabels:
# pl1, pl2, ...: the pairs' key titles; nk: the number of kinds.
# Room for the two-line x title and the four-entry key below.
if (!exists("h")) h = 740
load dir."/common.gp"
npair = words(pairs)
set yrange [-0.7:nk - 0.3]
set ytics nomirror font ",12"
set xtics nomirror
set grid xtics lc rgb "#dddddd"
# Two lines: on one, it ran past the canvas's right edge.
set xlabel "% change of the median emulated ns per acquire+release, other vs base\nratio of the medians of boot medians, with its bootstrap 95% CI"
set ylabel "lock kind (hot cache, 1 thread)"
set key bmargin center horizontal maxrows 2 Left reverse font ",12" width 1
set bmargin 9
set arrow 1 from first 0, graph 0 to first 0, graph 1 nohead lw 1.5 lc rgb "#444444" front
off(j) = (j - (npair + 1) / 2.0) * 0.3
pc(j) = word("#1f5fa8 #d4501c #2e8b3a #8a4fb0", (j - 1) % 4 + 1)
plot for [j=1:npair] in index j-1 using 3:($1 + off(j)):4:5 with xerrorbars lw 1.5 pt 6 ps 1.4 \
	lc rgb pc(j) title value(sprintf("pl%d", j)), \
     for [j=1:npair] in index j-1 using ($6 > 0 ? $3 : NaN):($1 + off(j)) with points pt 7 ps 1.4 lc rgb pc(j) notitle, \
     for [j=1:npair] in index j-1 using (NaN):1:ytic(2) notitle, \
     keyentry with points pt 7 ps 1.4 lc rgb "black" title "filled: changed (Holm p < 0.05, beyond the A/A noise floor)", \
     keyentry with points pt 6 ps 1.4 lc rgb "black" title "open: not shown to change"
