#!/usr/bin/env bash
# cycles-pieces.sh RESULTS PIECES: results.sh's two pieces of the cycles
# model (scripts/report/cycles-model.sh): PIECES/CYCLES, the appendix's
# tables (their headings one level down), and PIECES/CYCLES_SUMMARY, the
# article's list, where RESULTS has the model; none where it has not
# (the templates, report/RESULTS.md.in and scripts/native/section.md.in,
# then say how to make it).
. "$(dirname "$0")/../lib.sh"
results=${1:?usage: cycles-pieces.sh RESULTS PIECES} pieces=${2:?usage: cycles-pieces.sh RESULTS PIECES}
[ -d "$pieces" ] || die "cycles-pieces: $pieces is not a directory"
if [ -f "$results/cycles-model.md" ] && [ -f "$results/cycles-summary.md" ]; then
	sed -e '1,2d' -e 's/^## /### /' "$results/cycles-model.md" >"$pieces/CYCLES"
	cp "$results/cycles-summary.md" "$pieces/CYCLES_SUMMARY"
fi
