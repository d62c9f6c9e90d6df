#!/usr/bin/env bash
# jobs.sh JOBFILE VCPUS [ACCEL [default]]: the job list to run, from the
# one expander (expand_jobs: comments, continuations, each job checked),
# threads=SWEEP as 1, 2, 4, ... up to VCPUS.  Under ACCEL=icount only hot
# jobs can run (1 vCPU), each with slope=1 so that its counts are whole
# instructions: cold and contended jobs are left out of the default list
# with a note, and refused from a list the user named.
. "$(dirname "$0")/../lib.sh"
usage="usage: jobs.sh JOBFILE VCPUS [ACCEL [default]]"
f=${1:?$usage} n=${2:?$usage} accel=${3:-} origin=${4:-user}
[ -f "$f" ] || die "job file $f does not exist"
# (icount: SWEEP as one job each, to count and refuse them whole)
sweep=1 t=2
while [ "$accel" != icount ] && [ "$t" -lt "$n" ]; do sweep+=",$t"; t=$((t * 2)); done
[ "$accel" = icount ] || [ "$n" -le 1 ] || sweep+=",$n"
jobs=$(expand_jobs "$f" --sweep "$sweep" --lines) || exit 1
if [ "$accel" != icount ]; then
	printf '%s\n' "$jobs" | cut -f 2-
	exit 0
fi
skipped=0
while IFS=$'\t' read -r lineno line; do
	# The expander's words are single-spaced: mode= starts one.
	mode=" $line "
	mode=${mode#* mode=} mode=${mode%% *}
	if [ "$mode" != hot ]; then
		[ "$origin" = default ] ||
			die "$f:$lineno: mode=$mode cannot run under ACCEL=icount: only hot jobs do, because icount runs 1 vCPU ($LB_ICOUNT_WHY_1CPU) and $mode needs 2 or more"
		skipped=$((skipped + 1))
		continue
	fi
	[[ " $line" == *" slope="* ]] || line+=" slope=1"
	printf '%s\n' "$line"
done <<<"$jobs"
[ "$skipped" = 0 ] || note "jobs: ACCEL=icount: left out the $skipped cold and contended jobs of the default list (they need 2 or more vCPUs)"
