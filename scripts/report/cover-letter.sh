#!/usr/bin/env bash
# cover-letter.sh RUN [BASE_RUN]: a run's result as plain text of at most
# 80 columns, to paste under a patch's `---`: the machine line, the loop
# parameters, before → after with the % change, its CI and the instrument
# for the cells that changed, and a line naming those that did not.
#   one run:   its headline pairs (vm-configs/comparisons and
#              build/user/comparisons, so KSRC= sides too), or PAIR=a:b,
#              from pairs.csv (timed) and native/pairs.csv (native);
#   two runs:  each variant of RUN against itself in BASE_RUN, from
#              RUN/compare-runs/BASE_ID/pairs.csv (make compare BASE_RUN=).
# Every figure and verdict is lb-stat's, as pairs.csv has it.
. "$(dirname "$0")/../lib.sh"

run=$(run_dir "${1:?usage: cover-letter.sh RUN [BASE_RUN]}")
base=${2:-}
declare -A RI=() NF=() NI=()
[ -f "$run/run.info" ] || die "$1 has no run.info: not a run directory"
readkv RI "$run/run.info"
id=$(dir_id "$run")
accel=${RI[accel]:-timed}
files=() insts=() nat=0
if [ -n "$base" ]; then
	base=$(run_dir "$base")
	bid=$(dir_id "$base")
	pc=$run/compare-runs/$bid/pairs.csv
	[ -f "$pc" ] || die "no $pc: run 'make compare BASE_RUN=$2 RUN=$1' first"
	files=("$pc") insts=("${accel^^}") pairs=''
	[ "$accel" != native ] || nat=1
	what="each variant of run $id against run $bid"
else
	if [ -n "${PAIR:-}" ]; then
		[[ $PAIR == ?*:?* ]] || die "PAIR=$PAIR: want base:other"
		pairs=$PAIR
	else
		pairs=$(comparisons headline) || exit 1
		pairs=${pairs//$'\n'/ }
	fi
	[ ! -f "$run/native/pairs.csv" ] || { files+=("$run/native/pairs.csv") insts+=(native) nat=1; }
	[ ! -f "$run/pairs.csv" ] || [ "$accel" = native ] || { files+=("$run/pairs.csv") insts+=("${accel^^}"); }
	[ ${#files[@]} -gt 0 ] || die "$1 has neither pairs.csv nor native/pairs.csv: run 'make compare RUN=$1' first"
	what="run $id"
fi
[ ! -f "$run/native/host-facts.txt" ] || readkv NF "$run/native/host-facts.txt"
[ ! -f "$run/native/run.info" ] || readkv NI "$run/native/run.info"
host=$(cat "$run/host.txt" 2>/dev/null) || true

# The loop parameters of a job list: each mode's batches x ops per batch,
# or a contended job's threads, duration, hold and parallel work.
loops() { # JOBS -> "hot 200x100 ops, cold 30x100 ops, contended ..."
	awk '{ delete j; for (i = 1; i <= NF; i++) { split($i, kv, "="); j[kv[1]] = kv[2] }
		m = j["mode"]
		if (m == "contended" && !(j["threads"] in t)) { t[j["threads"]] = 1; th = th (th == "" ? "" : ",") j["threads"] }
		if (m == "contended") { s = j["duration_ms"] " ms, hold/parallel " j["hold_ns"] "/" j["parallel_ns"] " ns"; if (!(s in cs)) { cs[s] = 1; c = c (c == "" ? "" : "; ") s } }
		else if (m != "" && !(m in seen)) { seen[m] = 1; out = out (out == "" ? "" : ", ") m " " j["batches"] " x " j["batch_ops"] " ops" } }
		END {
			if (c != "") out = out (out == "" ? "" : "; ") "contended " th " threads " c
			print out }' "$1"
}
# A line of words wrapped to 80 columns, indented by 2.
wrap() { fold -s -w 78 | sed 's/^/  /; s/ *$//'; }
# A heading line wrapped to 80 columns, its continuation indented by 2
# (a long CPU model name or host description).
head_line() { fold -s -w 78 | sed '1!s/^/  /; s/ *$//'; }
{
	echo "lockbench, $what"
	if [ -n "${NF[cpu_model]:-}" ]; then
		m="Machine: ${NF[cpu_model]}, ${NF[online_cpus]:-?} CPUs"
		[ "${NF[vm]:-}" != 1 ] || m+=" (a VM's vCPUs)"
		echo "$m, kernel ${NF[kernel]:-?}" | head_line
	else
		echo "Machine: ${host:-unknown}"
	fi
	for i in "${!insts[@]}"; do
		case ${insts[i]} in
		native)
			echo "native: ${NI[boots]:-?} processes a variant, TSC cycles per acquire+release"
			[ ! -f "$run/native/jobs" ] || loops "$run/native/jobs" | wrap
			;;
		*)
			echo "${insts[i]}: ${RI[boots]:-?} boots x ${RI[repeat]:-?} passes a variant, ${RI[vcpus]:-?} vCPUs, on $host" | head_line
			[ ! -f "$run/jobs" ] || loops "$run/jobs" | wrap
			;;
		esac
	done
	echo "Medians of per-boot (per-process) medians; change: ratio of medians with"
	echo "its bootstrap 95% CI; rows: cells lb-stat calls changed (its verdict)."
	awk -f "$LB_TOP/scripts/report/cover-letter.awk" -v insts="${insts[*]}" -v nat="$nat" \
		-v pairs="${pairs:+ $pairs }" "${files[@]}"
}
