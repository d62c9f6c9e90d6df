#!/usr/bin/env bash
# cycles-pieces.sh RESULTS PIECES: results.sh's two pieces of the cycles
# model (scripts/report/cycles-model.sh): PIECES/CYCLES, the appendix's
# tables (their headings one level down), and PIECES/CYCLES_SUMMARY, the
# article's paragraph, or each a line saying how to make them.
. "$(dirname "$0")/../lib.sh"
results=${1:?usage: cycles-pieces.sh RESULTS PIECES} pieces=${2:?usage: cycles-pieces.sh RESULTS PIECES}
[ -d "$pieces" ] || die "cycles-pieces: $pieces is not a directory"
if [ -f "$results/cycles-model.md" ] && [ -f "$results/cycles-summary.md" ]; then
	sed -e '1,2d' -e 's/^## /### /' "$results/cycles-model.md" >"$pieces/CYCLES"
	{
		echo "Each native hot cell predicted from measured parts alone, per host: its own release shape's bare pair, one more dword pair for a second atomic (events), and its other instructions (icount) at the on-path calibration's TSC cycles per dependent step, with no fitted weight. Predicted against measured, per host:"
		echo
		cat "$results/cycles-summary.md"
		echo
		echo "Every cell and what stays unexplained: [results/tables.md](results/tables.md#the-cycles-explained-per-host)."
	} >"$pieces/CYCLES_SUMMARY"
else
	echo "No cycles model: \`scripts/report/cycles-model.sh\` draws it from results/hosts/." >"$pieces/CYCLES"
	echo "No cycles model: \`scripts/report/cycles-model.sh\` draws it from results/hosts/." >"$pieces/CYCLES_SUMMARY"
fi
