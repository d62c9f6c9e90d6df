# The hosts side by side: a group of bars a host, one bar a variant (ns
# per acquire+release of one hot kind, median of process medians, 95% CI),
# and across each group that host's bare lock decb; movb pair as a black
# line.  Each group is labelled with its host's name and raw id, its run
# and binary, and its bare pair.
# in: hosts-graph.sh's CSV (group,host,run,kind,tsc_mhz,slot,variant,ns,
# ci_lo,ci_hi,bare_ns); vars: the variants, a slot each; ng: the groups;
# xl1, xl2, ...: each group's label, its lines; kind.
if (!exists("h")) h = 780
load dir."/common.gp"
set datafile separator ","
nv = words(vars)
bw = 0.8 / nv
xat(g, s) = g + (s - (nv + 1) / 2.0) * bw
set style fill solid 0.85 border rgb "#333333"
set xrange [0.5:ng + 0.5]
set xtics () nomirror font ",12"
do for [g=1:ng] { set xtics add (value(sprintf("xl%d", g)) g) }
set ytics nomirror
set yrange [0:*]
set offsets 0, 0, graph 0.1, 0
set ylabel "ns per ".kind." pair (median, 95% CI)"
# The tics' five lines would cover a label at its own place.
set xlabel "host, the run in its column of hosts.md, its binary, its bare pair and its TSC rate" offset 0, -4.6
set key bmargin center horizontal Left reverse font ",12" samplen 2.5 width -12 maxrows 2
set bmargin 14
# Columns: 1 group, 6 slot, 8 ns, 9 and 10 its CI, 11 the bare pair (on
# each of the host's rows: drawn over itself).
plot for [i=1:nv] in every ::1 using ($6 == i ? xat($1, $6) : NaN):8:(bw) with boxes \
	lc rgb vcolor(word(vars, i), i) fs pattern (isdbg(word(vars, i)) ? 4 : 3) title word(vars, i), \
     in every ::1 using (xat($1, $6)):8:9:10 with yerrorbars pt 7 ps 0.4 lw 1.2 lc rgb "#222222" notitle, \
     in every ::1 using (xat($1, $6)):10:(sprintf("%.3g", $8)) with labels offset 0, 0.7 font ",11" notitle, \
     in every ::1 using 1:11:(0.45) with xerrorbars pt 0 ps 0 lw 3 lc rgb "black" title "bare lock decb; movb, this host"
