#!/usr/bin/env bash
# jobs.sh JOBFILE VCPUS [ACCEL [default]]: expand threads=SWEEP and print
# the job list.  Under ACCEL=icount only hot jobs can run (1 vCPU), each
# with slope=1 so that its counts are whole instructions: cold and
# contended jobs are left out of the default list with a note, and refused
# from a list the user named.
. "$(dirname "$0")/../lib.sh"
usage="usage: jobs.sh JOBFILE VCPUS [ACCEL [default]]"
f=${1:?$usage} n=${2:?$usage} accel=${3:-} origin=${4:-user}
[ -f "$f" ] || die "job file $f does not exist"
# sed -n 's/.*\bmode=\([^ ]*\).*/\1/p' in bash, into MODE: the value of the
# last mode= that starts a word, up to a space.
mode_of() { # line
	local pre=$1 v
	MODE=""
	while [[ $pre == *mode=* ]]; do
		pre=${pre%mode=*}
		if [ -z "$pre" ] || [[ ${pre: -1} != [[:alnum:]_] ]]; then
			v=${1:${#pre}+5}
			MODE=${v%% *}
			return
		fi
	done
}
if [ "$accel" = icount ]; then
	skipped=0 lineno=0
	while IFS= read -r line; do
		lineno=$((lineno + 1))
		case $line in '' | '#'*) continue ;; esac
		mode_of "$line"
		mode=$MODE
		if [ "$mode" != hot ]; then
			[ "$origin" = default ] ||
				die "$f:$lineno: mode=${mode:-?} cannot run under ACCEL=icount: only hot jobs do, because icount runs 1 vCPU ($LB_ICOUNT_WHY_1CPU) and ${mode:-this mode} needs 2 or more"
			skipped=$((skipped + 1))
			continue
		fi
		[[ $line == *slope=* ]] || line+=" slope=1"
		printf '%s\n' "$line"
	done <"$f"
	[ "$skipped" = 0 ] || note "jobs: ACCEL=icount: left out the $skipped cold and contended jobs of the default list (they need 2 or more vCPUs)"
	exit 0
fi
sweep=() t=1
while [ "$t" -lt "$n" ]; do sweep+=("$t"); t=$((t * 2)); done
sweep+=("$n")
while IFS= read -r line; do
	case $line in '' | '#'*) continue ;; esac
	if [[ $line == *threads=SWEEP* ]]; then
		for t in "${sweep[@]}"; do printf '%s\n' "${line/threads=SWEEP/threads=$t}"; done
	else
		printf '%s\n' "$line"
	fi
done <"$f"
