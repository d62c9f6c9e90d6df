#!/usr/bin/env bash
# stage-times.sh [RESULTS]: lockbench's one table of measured stage
# times, TSV on stdout: stage, seconds, per (once, variant), host and
# source (where the figure was measured).  Every time the README, docs/
# tests.md and the DRYRUN=1 plan state comes from it (readme-timing.sh,
# plan.sh), so that no two of them can disagree.  Its rows:
#   - the published run's own stage table (RESULTS/stages.tsv, default
#     results/: each kernel's build as kernel:VARIANT, each instrument's
#     pass), measured on the published run's host (RESULTS/host.txt);
#   - schema/stage-times.tsv: what a run does not time (the tree, the
#     tools, compare and the report, make check, quick, bundle, import,
#     ...), each row with the host it was measured on.
. "$(dirname "$0")/../lib.sh"
results=${1:-$LB_TOP/results}
host=""
{ IFS= read -r host || true; } 2>/dev/null <"$results/host.txt" || true
declare -A RI=()
[ ! -f "$results/run.info" ] || readkv RI "$results/run.info"
printf 'stage\tseconds\tper\thost\tsource\n'
if [ -f "$results/stages.tsv" ]; then
	awk -F '\t' -v OFS='\t' -v host="${host:-an unrecorded host}" -v run="the published run ${RI[run_id]:-}" '
		NR == 1 { next }
		$1 == "kernel" { print "kernel:" $3, $2, "once", host, run ", its build of " $3; next }
		{ print $1, $2, "once", host, run ": " $3 }' "$results/stages.tsv"
fi
awk -F '\t' -v OFS='\t' '!/^#/ && $1 != "stage" { print $1, $2, $3, $4, $5 }' "$LB_TOP/schema/stage-times.tsv"
