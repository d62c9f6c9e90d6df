#!/usr/bin/env bash
# jobs.sh JOBFILE VCPUS: expand threads=SWEEP and print the job list.
. "$(dirname "$0")/lib.sh"
f=${1:?usage: jobs.sh JOBFILE VCPUS} n=${2:?usage: jobs.sh JOBFILE VCPUS}
[ -f "$f" ] || die "job file $f does not exist"
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
