# Loaded by every plots/*.gp.  Parameters (gnuplot -e): out (path without
# extension), fmt (png or svg), ttl (title), sub (subtitle: accelerator,
# host, n), and optionally w, h (pixels), note (a line under the
# subtitle), prov and kern (the title block's last lines: the run, and the
# kernels under test, which every graph names).
if (!exists("w")) w = 1200
if (!exists("h")) h = 700
if (!exists("note")) note = ""
if (!exists("prov")) prov = ""
if (!exists("kern")) kern = ""
# A graph of one plot grows by each line its title block has beyond the
# title and subtitle, so that its plot keeps its height; one of panels
# (a multiplot) counts them in its own top margin, set before this.
if (!exists("top")) h = h + 20 * ((note ne "") + (prov ne "") + (kern ne ""))
if (fmt eq "svg") {
	set terminal svg size w, h dynamic noenhanced font "DejaVu Sans,13" background rgb "white"
} else {
	set terminal pngcairo size w, h noenhanced font "DejaVu Sans,13" background rgb "white"
}
set output out.".".fmt
set encoding utf8
head = ttl."\n".sub.(note eq "" ? "" : "\n".note).(prov eq "" ? "" : "\n".prov).(kern eq "" ? "" : "\n".kern)
set title head font ",14"
set grid ytics lc rgb "#dddddd" lw 1 lt 1
set border lw 1.2
set key noenhanced

# One colour per variant family (its lock layer), the same in every graph;
# debug variants share their family's colour and are drawn dashed (lines)
# or hatched (bars); PREEMPT variants take a light tint of it, so a twin
# stands apart from its base.  Which is which is lib.sh's fragment rule,
# passed in by variant_gp: dbg lists the debug variants, pmt the PREEMPT
# ones, fams maps " variant=layer".
if (!exists("dbg")) dbg = ""
if (!exists("pmt")) pmt = ""
if (!exists("fams")) fams = ""
isdbg(v) = strstrt(" ".dbg." ", " ".v." ") > 0
ispmt(v) = strstrt(" ".pmt." ", " ".v." ") > 0
famat(v, i) = i ? word(fams[i + strlen(v) + 2:], 1) : v
fam(v) = famat(v, strstrt(fams, " ".v."="))
vcolor(v, i) = fam(v) eq "pre" ? (ispmt(v) ? "#86b2e3" : "#1f5fa8") : \
	fam(v) eq "post" ? (ispmt(v) ? "#f2a784" : "#d4501c") : \
	fam(v) eq "stock" ? (ispmt(v) ? "#8fd19a" : "#2e8b3a") : \
	word("#8a4fb0 #8c5a2b #d0479a #555555 #a8a020 #1aa0b0", (i - 1) % 6 + 1)
vdash(v) = isdbg(v) ? 2 : 1
vpoint(i) = word("7 5 9 11 13 15 7 5 9 11 13 15", (i - 1) % 12 + 1) + 0

# SI tick labels: 0, 500k, 1M, 1.5M (not "0.0" and "500.0k"), on a step of
# 1, 2 or 5 times a power of ten, about five ticks up to m.
si(x) = x == 0 ? "0" : abs(x) >= 1e9 ? sprintf("%gG", x / 1e9) : abs(x) >= 1e6 ? sprintf("%gM", x / 1e6) : \
	abs(x) >= 1e3 ? sprintf("%gk", x / 1e3) : sprintf("%g", x)
stepdec(m) = 10 ** floor(log10(m / 5.0))
stepof(m) = (m / 5.0 / stepdec(m) <= 1 ? 1 : m / 5.0 / stepdec(m) <= 2 ? 2 : m / 5.0 / stepdec(m) <= 5 ? 5 : 10) * stepdec(m)
