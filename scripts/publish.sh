#!/usr/bin/env bash
# publish.sh RUN: make RUN's report (RUN/report/, from results.sh) the
# tracked RESULTS.md and results/.  Nothing else writes them, so a run of
# your own never overwrites the published report by accident.
. "$(dirname "$0")/lib.sh"

run=$(readlink -f "${1:?usage: publish.sh RUNDIR}")
report=$run/report
[ -f "$report/RESULTS.md" ] && [ -d "$report/results" ] ||
	die "$1 has no report (report/RESULTS.md and report/results/): run 'make results RUN=$1' first"
rm -rf "$LB_TOP/results.new"
cp -r "$report/results" "$LB_TOP/results.new"
rm -rf "$LB_TOP/results"
mv "$LB_TOP/results.new" "$LB_TOP/results"
cp "$report/RESULTS.md" "$LB_TOP/RESULTS.md"
note "publish: RESULTS.md and results/ are now the report of $(basename "$run"); review with git diff, then commit"
