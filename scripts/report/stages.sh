#!/usr/bin/env bash
# stages.sh RUN: the run's stage times as a table (TSV on stdout: stage,
# seconds, detail), from what each stage already records in its run.info:
# every kernel's build (kernel_build_seconds), the icount, native and
# events passes and the timed matrix (total_seconds).  A stage whose
# run.info is absent or has no time is left out: the table holds only
# what was measured.  results.sh publishes it as results/stages.tsv, and
# README.md's timing paragraph is drawn from that (readme-timing.sh).
. "$(dirname "$0")/../lib.sh"
run=${1:?usage: stages.sh RUN}
[ -f "$run/run.info" ] || die "stages: $run/run.info is missing"
declare -A RI=()
readkv RI "$run/run.info"
printf 'stage\tseconds\tdetail\n'
for kv in ${RI[kernel_build_seconds]:-}; do
	v=${kv%%:*} s=${kv#*:}
	# An imported run has "lab", not seconds.
	[[ $s =~ ^[0-9]+$ ]] && printf 'kernel\t%s\t%s\n' "$s" "$v"
done
pass() { # STAGE DIR DETAIL: DIR/run.info's total_seconds
	local -A PI=()
	[ -f "$2/run.info" ] || return 0
	readkv PI "$2/run.info"
	[[ ${PI[total_seconds]:-} =~ ^[0-9]+$ ]] && printf '%s\t%s\t%s\n' "$1" "${PI[total_seconds]}" "$3"
	return 0
}
pass icount "$run/icount" "path lengths, 1 vCPU"
pass native "$run/native" "TSC-timed lock code in user space"
pass events "$run/events" "TCG plugin counts"
nv=0
for _ in ${RI[variants]:-}; do nv=$((nv + 1)); done
[[ ${RI[total_seconds]:-} =~ ^[0-9]+$ ]] &&
	printf 'timed\t%s\t%s boots, %s per variant, %s\n' "${RI[total_seconds]}" "$((nv * ${RI[boots]:-0}))" "${RI[boots]:-?}" "${RI[accel]^^}"
exit 0
