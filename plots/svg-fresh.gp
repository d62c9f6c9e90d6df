# Loaded by plots.sh before each SVG, since one gnuplot draws every graph:
# gnuplot's SVG terminal keeps some drawing state from one graph to the
# next (the pens' line width, the last RGB colour, the colour mode), and
# the next SVG's first groups would show it.  This plots nothing visible,
# to /dev/null, and leaves that state as a fresh gnuplot has it: line width
# 1, colour rgb 0,0,0, solid (the line), then the default colour mode (an
# empty multiplot starts a page, which sets it).  The SVGs are byte for
# byte those of a gnuplot each (gnuplot 5.4; checked on the plots fixture
# and its variations).
set terminal svg noenhanced
set output '/dev/null'
unset key; unset tics; unset title; unset border
plot [0:1][0:1] 0.5 lw 1 lc rgb "black" dt solid notitle
set multiplot
unset multiplot
unset output
