#!/usr/bin/env bash
# The published run's graphs, drawn again as `make plots RUN=results/raw`
# draws them (compare on a copy in build/, then plots.sh), can be read as
# they are (issue #47); tests/host/plots-legible-check.bash lists every
# defect it finds in a folder of graphs:
#  - no text runs into another (plots-overlap.awk), and in the events
#    graph the variants' names under their bars and the kinds' names
#    under those, measured at the PNG's size, do not either; each panel's
#    kind names stand on one line (they once staggered over two);
#  - every key entry has a mark of its colour in its graph
#    (plots-legend.awk): "fences", 0 in every bar, had a key entry and no
#    bar; now the note says it is 0;
#  - no graph against threads with one thread count: the native fairness
#    graph of a run whose contended cells all ran at 2 threads is not
#    drawn, and says so;
#  - the contended graph has a panel per kind and lock design;
#  - no graph draws the empty loop as a result;
#  - every graph names its run and the kernels under test, and its host
#    as the tables do ("Emerald Rapids, 2-vCPU VM");
# and the published hosts graph (results/hosts-side.svg) the same.
# Each check was seen failing on main's graphs of the same run (the
# fixes undone), by plots-legible-check.bash on them.
# check: slow
. "$(dirname "$0")/../lib.bash"
command -v gnuplot >/dev/null || skip "gnuplot is not installed"
command -v jq >/dev/null || skip "jq is not installed"
export LC_ALL=C
export LB_BUILD=$TMP/build
make -s -C "$TOP" plots RUN=results/raw >"$TMP/out" 2>&1 || fail "make plots RUN=results/raw failed: $(tail -n 5 "$TMP/out")"
id=$(sed -n 's/^run_id=//p' "$TOP/results/raw/run.info")
plots=$LB_BUILD/raw/$id/plots
cp "$LB_BUILD/raw/$id"/icount/plots/pathlen.* "$TOP/results/hosts-side.svg" "$plots/"
bash "$TOP/tests/host/plots-legible-check.bash" "$plots" "$TMP/out" || fail "the published run's graphs (above)"
