# The native headline: TSC cycles per acquire+release of one hot kind per
# variant (median of process medians, bootstrap 95% CI), each bar with the
# bare pair of its own release shape as a black mark (its median over the
# same variant's processes).
# in: native.awk output; vars: its variants; pairs: its #pairs; kind.
if (!exists("h")) h = 640
load dir."/common.gp"
nv = words(vars)
set style fill solid 0.85 border rgb "#333333"
set boxwidth 0.7
set xrange [0.4:nv + 0.6]
# Nine variants (the PREEMPT twins) need a smaller label to stay apart.
xfont = sprintf(",%d", nv > 6 ? 11 : 13)
set xtics () nomirror font xfont
do for [i=1:nv] { set xtics add (word(vars, i) i) }
set ytics nomirror
set yrange [0:*]
set offsets 0, 0, graph 0.12, 0
set ylabel "TSC cycles per ".kind." pair (median, 95% CI)"
set xlabel "variant (each its own kernel's lock code, linked into a user process)"
set key bmargin center horizontal Left reverse font ",12" samplen 2.5 maxrows 2
set bmargin 7
# A bare pair's words: what it is and which release it stores.
pairtext(p) = p eq "lock_decb+movb" ? "bare lock decb; movb $1 (byte release: the legacy layers' own shape)" : \
	p eq "lock_cmpxchgl+movb" ? "bare lock cmpxchgl; movb $0 (byte release after a dword atomic: qspinlock's own shape)" : \
	p eq "lock_cmpxchg+mov" ? "bare lock cmpxchgl; movl $0 (dword release; stock's unlock stores a byte)" : "bare ".p
pairdash(j) = j == 1 ? 1 : 2
plot for [i=1:nv] in using ($1 == i ? $1 : NaN):2:(0.7) with boxes lc rgb vcolor(word(vars, i), i) notitle, \
     in using 1:2:3:4 with yerrorbars pt 7 ps 0.45 lw 1.5 lc rgb "#222222" notitle, \
     in using 1:4:(sprintf("%.4g", $2)) with labels offset 0, 0.8 font ",12" notitle, \
     for [j=1:words(pairs)] in using 1:($6 == j ? $5 : NaN):(0.42) with xerrorbars pt 0 ps 0 lw 3 dt pairdash(j) \
	lc rgb "black" title pairtext(word(pairs, j))
