#!/usr/bin/env bash
# jobs.sh JOBFILE VCPUS [MACHINE [default]]: the job list to run, from the
# one expander (expand_jobs: comments, continuations, each job checked),
# threads=SWEEP as 1, 2, 4, ... up to VCPUS.  On a machine that runs one
# vCPU (scripts/boot/machines.tsv: icount) only hot jobs can run: cold
# and contended ones are left out of the default list with a note, and
# refused from a list the user named.  On one whose records count
# instructions (the contract's accels), each hot job runs with slope=1,
# so that its counts are whole instructions.
. "$(dirname "$0")/../lib.sh"
. "$LB_TOP/schema/contract.sh"
usage="usage: jobs.sh JOBFILE VCPUS [MACHINE [default]]"
f=${1:?$usage} n=${2:?$usage} machine=${3:-} origin=${4:-user}
[ -f "$f" ] || die "job file $f does not exist"
one= slope=
# (auto, not resolved yet, is KVM or TCG: as many vCPUs as asked)
if [ -n "$machine" ] && [ "$machine" != auto ]; then
	row=$(machine_row "$machine")
	IFS=$'\t' read -r _ vcpus _ why <<<"$row"
	[ "$vcpus" != 1 ] || one=1
	[[ " $(contract_list accels unit=instructions) " != *" ${machine%%:*} "* ]] || slope=1
fi
# (one vCPU: SWEEP as one job each, to count and refuse them whole)
sweep=1 t=2
while [ -z "$one" ] && [ "$t" -lt "$n" ]; do sweep+=",$t"; t=$((t * 2)); done
[ -n "$one" ] || [ "$n" -le 1 ] || sweep+=",$n"
jobs=$(expand_jobs "$f" --sweep "$sweep" --lines) || exit 1
if [ -z "$one$slope" ]; then
	printf '%s\n' "$jobs" | cut -f 2-
	exit 0
fi
skipped=0
while IFS=$'\t' read -r lineno line; do
	# The expander's words are single-spaced: mode= starts one.
	mode=" $line "
	mode=${mode#* mode=} mode=${mode%% *}
	if [ -n "$one" ] && [ "$mode" != hot ]; then
		[ "$origin" = default ] ||
			die "$f:$lineno: mode=$mode cannot run on $machine: only hot jobs do, because it runs 1 vCPU ($why) and $mode needs 2 or more"
		skipped=$((skipped + 1))
		continue
	fi
	[ -z "$slope" ] || [ "$mode" != hot ] || [[ " $line" == *" slope="* ]] || line+=" slope=1"
	printf '%s\n' "$line"
done <<<"$jobs"
[ "$skipped" = 0 ] || note "jobs: $machine runs 1 vCPU: left out the $skipped cold and contended jobs of the default list (they need 2 or more vCPUs)"
