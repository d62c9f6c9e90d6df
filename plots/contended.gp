# Contended throughput against threads: one panel per lock kind and
# hold/parallel shape, a line per variant with 95% CI bars, one shared key
# in the last slot.
# ddir: folder of ct-1.dat .. ct-N.dat (series.awk -v all=1, one metric);
# np: N; pt1 .. ptN: panel titles; vars: the variants (block i is variant
# i); anyov: 1 when some point is oversubscribed; xt: the thread counts;
# ps1 .. psN: each panel's hold/parallel shape (1 .. nsh); nov1 .. novN:
# the lines of ov-N.dat (overtake.awk: where one variant overtakes
# another), anyot: 1 when some panel has one.  The panels of
# one shape share one y scale; a panel of another shape than the first
# says inside its frame that its scale is its own shape's.
# Another metric against threads in the same frame (the fairness graph):
# pre, the data files' prefix (default ct: ct-N.dat); ylab and xlab, the
# axis titles; fair=1: Jain's index, every panel on one scale from the
# lowest CI bar to 1, with a dotted line at 1 (equal shares), and the
# variants set a little apart along x, as their bars often overlap.
# bydes=1: a panel per kind and lock design (each variant's lock layer,
# common.gp's fam(): pre, post, stock), a row a kind and a column a
# design, each panel only its design's variants (the base, debug and
# PREEMPT ones): nine lines in one panel over the same few thread counts
# could not be told apart.  An overtake is drawn where both variants are
# of the panel's design.
if (!exists("bydes")) bydes = 0
if (!exists("fams")) fams = ""
nv = words(vars)
# (common.gp's fam(), here before it loads: the canvas's height counts
# the designs)
famat(v, i) = i ? word(fams[i + strlen(v) + 2:], 1) : v
fam(v) = famat(v, strstrt(fams, " ".v."="))
des = ""
if (bydes) { do for [i=1:nv] { if (strstrt(" ".des." ", " ".fam(word(vars, i))." ") == 0) { des = des.(des eq "" ? "" : " ").fam(word(vars, i)) } } }
nd = bydes ? words(des) : 1
npan = np * nd
# Panels plus the key slot, near square, at most 4 across; the canvas
# grows a row at a time so that panels keep their size.  With bydes a
# design a column, and the key a strip under the panels: a column of
# entries a design.
cols = bydes ? nd : (npan + 1 <= 4 ? npan + 1 : (npan + 1 <= 9 ? 3 : 4))
rows = bydes ? np : int((npan + 1 + cols - 1) / cols)
# The title block: title and subtitle, and a note line, the run's and
# the kernels' when there are.
top = 130.0 + ((exists("note") && note ne "") ? 20 : 0) + ((exists("prov") && prov ne "") ? 20 : 0) + ((exists("kern") && kern ne "") ? 20 : 0)
rowh = bydes ? 270 : 320
kstrip = bydes ? 100 : 0
if (!exists("h")) h = top + 40 + rowh * rows + kstrip
load dir."/common.gp"
if (!exists("pre")) pre = "ct"
if (!exists("fair")) fair = 0
if (!exists("ylab")) ylab = "acquisitions per second, all threads (median of boot medians, 95% CI)"
if (!exists("xlab")) xlab = "threads (= vCPUs used)"
# Fixed margins (screen fractions) so that every panel has the same size.
# The axis titles are screen labels at fixed places, not per-panel
# x/ylabels, which gnuplot would put outside the canvas when the tick
# labels are wider than it guessed.
ml = 0.105; mr = 0.99; mb = (75.0 + kstrip) / h; mt = 1 - top / h; sx = 0.07; sy = (bydes ? 110.0 : 100.0) / h
set multiplot layout rows, cols title head font ",14" margins ml, mr, mb, mt spacing sx, sy
set label 101 ylab \
	at screen 0.018, screen (mb + mt) / 2 center rotate by 90 font ",13"
set label 102 xlab at screen (ml + mr) / 2, screen 18.0 / h center font ",13"
# Each shape's top: the largest upper CI bar of its panels; the fairness
# graph's bottom: the lowest lower bar of all.
array smax[nsh]
do for [k=1:nsh] { smax[k] = 0 }
fmin = 1
do for [p=1:np] {
	stats sprintf("%s/%s-%d.dat", ddir, pre, p) using 4 nooutput
	k = value(sprintf("ps%d", p))
	if (STATS_max > smax[k]) { smax[k] = STATS_max }
	stats sprintf("%s/%s-%d.dat", ddir, pre, p) using 3 nooutput
	if (STATS_min < fmin) { fmin = STATS_min }
}
set xtics () nomirror
do for [t in xt] { set xtics add (t t + 0) }
# One x range for every panel: a panel whose data stop short of the
# largest thread count would put that tick outside its own range.
xlo = word(xt, 1) + 0; xhi = word(xt, words(xt)) + 0
xpad = fair ? 0.5 : 0.3
set xrange [xlo - xpad : xhi + xpad]
# Variant i's offset along x: none in the throughput graph.
dx = fair ? (xhi - xlo + 2 * xpad) * 0.025 : 0
xat(x, i) = x + (i - (nv + 1) / 2.0) * dx
set ytics nomirror
set grid xtics ytics lc rgb "#dddddd"
do for [q=1:npan] {
	p = int((q - 1) / nd) + 1
	d = word(des, (q - 1) % nd + 1)
	k = value(sprintf("ps%d", p))
	if (fair) {
		pad = (1 - fmin) * 0.08 + 0.005
		set yrange [fmin - pad : 1 + pad]
		set ytics autofreq nomirror
	} else {
		ytop = smax[k] > 0 ? smax[k] * 1.08 : 1
		st = stepof(ytop)
		set yrange [0:ytop]
		set ytics () nomirror
		do for [i=0:int(ytop / st)] { set ytics add (si(i * st) i * st) }
	}
	set title (bydes ? d." layer: " : "").value(sprintf("pt%d", p)) font ",13"
	# Marked inside the frame (a third title line would run into the
	# panel above).
	unset label 103
	if (!fair && k > 1 && smax[k] != smax[1]) {
		set label 103 "y scale: this shape's own" at graph 0.03, graph 0.94 left font ",11" tc rgb "#a01010" front
	}
	f = sprintf("%s/%s-%d.dat", ddir, pre, p)
	# The overtakes (ov-N.dat) join the plot only where there are some:
	# gnuplot opens a file even in a loop of no turns, and an empty one
	# warns.
	fo = sprintf("%s/ov-%d.dat", ddir, p)
	# shown(v): variant v is drawn in this panel; ovin: an overtake's
	# label ("B overtakes A") names two of them.
	shown(v) = !bydes || fam(v) eq d
	ovin(l) = shown(word(l, 1)) && shown(word(l, 3))
	# Only the overtakes this panel shows: labels whose every point is
	# NaN crash gnuplot 5.4 (a segfault, seen with the overtake of one
	# design by another, no panel of either drawing both).
	nshow = 0
	if (value(sprintf("nov%d", p)) > 0) {
		stats fo using (ovin(strcol(3)) ? 1 : 0) nooutput
		nshow = STATS_sum
	}
	ov = nshow > 0 ? \
		', fo using (ovin(strcol(3)) ? $1 : NaN):2 with points pt 3 ps 2.2 lw 2 lc rgb "black" notitle, ' . \
		'fo using (ovin(strcol(3)) ? $1 : NaN):2:3 with labels offset 0, 1.2 font ",10" notitle' : ""
	one = fair ? '1 with lines lw 1.5 dt 3 lc rgb "#777777" notitle, ' : ''
	eval 'plot ' . one . 'for [i=1:nv] f index i-1 using (shown(word(vars, i)) ? xat($1, i) : NaN):2:3:4 with yerrorlines lw 2 dt vdash(word(vars, i)) pt vpoint(i) ps 1.1 ' . \
		'lc rgb vcolor(word(vars, i), i) notitle, ' . \
		'for [i=1:nv] f index i-1 using (shown(word(vars, i)) ? xat($1, i) : NaN):($5 > 0 ? $2 : NaN) with points pt 6 ps 2.4 lw 1.5 lc rgb "black" notitle' . ov
	# The figure's axis titles are drawn with the first panel only.
	unset label 101; unset label 102
}
unset label 103
# The key slot: entries only, their curves fall outside the range.
unset title; unset tics; unset border; unset grid
set xrange [0:1]; set yrange [0:1]
# (a key must lie wholly on the canvas: anchor it by its top left corner
# at the slot's, in screen coordinates)
kw = (mr - ml - (cols - 1) * sx) / cols
kh = (mt - mb - (rows - 1) * sy) / rows
# Entries that do not fit the slot's height gnuplot moves to a second
# column, off the canvas: space them to fit.  A row at font 13 and
# spacing 1 is about 19.5 pixels, and gnuplot leaves the key about 70%
# of the slot (measured: a 241-pixel slot took 9 entries at spacing 1.0,
# only 6 at 1.09).
ne = nv + anyov + anyot + fair
ksp = 0.7 * kh * h / (19.5 * ne)
ksp = ksp < 1.4 ? ksp : 1.4
if (bydes) {
	# The strip: a design's variants a column, the marks' meanings after.
	set key at screen ml, screen (kstrip + 20.0) / h left top vertical maxrows 3 Left reverse font ",13" samplen 3 width 2
} else {
	set key at screen ml + (npan % cols) * (kw + sx), screen mt - int(npan / cols) * (kh + sy) \
		left top vertical Left reverse font ",13" spacing ksp samplen 3
}
plot for [q=1:nd] for [i=1:nv] (!bydes || fam(word(vars, i)) eq word(des, q) ? 5 : NaN) with linespoints lw 2 \
	dt vdash(word(vars, i)) pt vpoint(i) lc rgb vcolor(word(vars, i), i) title (!bydes || fam(word(vars, i)) eq word(des, q) ? word(vars, i) : ""), \
     for [j=1:anyov] 5 with points pt 6 ps 2.4 lw 1.5 lc rgb "black" title "oversubscribed", \
     for [j=1:anyot] 5 with points pt 3 ps 2.2 lw 2 lc rgb "black" title "overtakes", \
     for [j=1:fair] 5 with lines lw 1.5 dt 3 lc rgb "#777777" title "1 = equal shares"
unset multiplot
