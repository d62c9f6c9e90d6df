# A placeholder for a graph whose data the run lacks: the title and msg.
load dir."/common.gp"
unset border; unset tics; unset key
set label 1 msg at graph 0.5, graph 0.5 center font ",16" tc rgb "#aa0000"
set xrange [0:1]; set yrange [0:1]
plot NaN notitle
