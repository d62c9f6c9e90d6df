# The events instrument as stacked bars (plots/events.awk): per hot kind,
# a bar per variant, its segments atomics, fences, other loads, other
# stores and the lines a cold op moves.  Counts are exact: no error bars.
# in: events.awk output; kinds, centers: its #kinds and #centers; xmax.
# 1600 pixels for the six default variants' bars (xmax 91: 13 kinds of 6
# bars and a gap); more variants widen the graph so that each bar keeps
# its width and its label stays clear of the next.
if (!exists("w")) w = xmax > 91 ? int(1600 * xmax / 91.0) : 1600
if (!exists("h")) h = 760
load dir."/common.gp"
nk = words(kinds)
set style fill solid 0.9 border rgb "#333333"
set xrange [0:xmax]
set yrange [0:*]
set offsets 0, 0, graph 0.06, 0
set xtics rotate by -60 left nomirror font ",9"
set ytics nomirror
set format y "%g"
set ylabel "events per acquire+release (events instrument, exact)"
set xlabel "variant, grouped by lock kind (hot: 1 vCPU; transfers: a cold op, 2 vCPUs)" offset 0, -2.2
set key outside right top vertical Left reverse font ",12" samplen 2 width -2
set bmargin 12
# Each kind's name under its group of bars, below the variants' names, on
# two alternating lines: long names would run into their neighbours'.
do for [i=1:nk] { set label i word(kinds, i) at word(centers, i) + 0, graph (i % 2 ? -0.24 : -0.29) center font ",11" }
segcol(j) = word("#c0392b #8e44ad #2e86c1 #27ae60 #f39c12", j)
# A segment from the top below it to its own; an empty one is not drawn.
lo(j) = j == 1 ? 0 : column(j + 2)
hi(j) = column(j + 3)
mid(j) = hi(j) > lo(j) ? (lo(j) + hi(j)) / 2.0 : NaN
plot in using 1:(mid(1)):(0.4):((hi(1) - lo(1)) / 2.0):xtic(2) with boxxyerror lc rgb segcol(1) title "atomics", \
     in using 1:(mid(2)):(0.4):((hi(2) - lo(2)) / 2.0) with boxxyerror lc rgb segcol(2) title "fences", \
     in using 1:(mid(3)):(0.4):((hi(3) - lo(3)) / 2.0) with boxxyerror lc rgb segcol(3) title "other loads", \
     in using 1:(mid(4)):(0.4):((hi(4) - lo(4)) / 2.0) with boxxyerror lc rgb segcol(4) title "other stores", \
     in using 1:(mid(5)):(0.4):((hi(5) - lo(5)) / 2.0) with boxxyerror lc rgb segcol(5) title "transfers (cold op)"
