#!/usr/bin/env bash
# answer.sh RUN [ICOUNT_DIR]: the run's answer in plain words (Markdown),
# from its own verdicts (pairs.csv, native/pairs.csv) and path lengths:
# one line per A/A and headline pair of vm-configs/comparisons (and
# build/user/comparisons), each figure with its instrument, unit and
# host.  results.sh puts it at the top of every report; publish.sh puts
# it in README.md.  ANSWER_KIND picks the kind (default spin_lock).
. "$(dirname "$0")/../lib.sh"

run=${1:?usage: answer.sh RUN [ICOUNT_DIR]}
icount=${2:-$run/icount}
[ -f "$run/pairs.csv" ] || [ -f "$run/native/pairs.csv" ] ||
	die "$run has neither pairs.csv nor native/pairs.csv: run 'make compare RUN=$run' first"
declare -A RI=() NF=()
[ ! -f "$run/run.info" ] || readkv RI "$run/run.info"
[ ! -f "$run/native/host-facts.txt" ] || readkv NF "$run/native/host-facts.txt"
thost=$(cat "$run/host.txt" 2>/dev/null) || true
# The native host as its facts name it: the CPU model line, how many
# CPUs, and whether they are a VM's.
nhost="${NF[cpu_model]:-unknown CPU}, ${NF[online_cpus]:-?} ${NF[vm]:+v}CPUs"
[ "${NF[vm]:-}" != 1 ] || nhost+=" of a VM"
[ "${NF[vm]:-}" = 1 ] || nhost=${nhost/ vCPUs/ CPUs}
pairs='' labels=''
while IFS=$'\t' read -r role b o label; do
	case $role in aa | headline) ;; *) continue ;; esac
	pairs+="${pairs:+ }$b:$o"
	[ -z "$label" ] || labels+="${labels:+|}$b:$o=$label"
done < <(comparison_lines)
[ -n "$pairs" ] || die "no aa or headline pair in the comparisons: nothing to answer"
pl=''
[ ! -f "$icount/pathlen.csv" ] || pl=$icount/pathlen.csv
np=''
[ ! -f "$run/native/pairs.csv" ] || np=$run/native/pairs.csv
tp=''
[ ! -f "$run/pairs.csv" ] || tp=$run/pairs.csv
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
render=$LB_TOP/scripts/report/render.sh
awk -f "$LB_TOP/scripts/report/render/lib.awk" -f "$LB_TOP/scripts/report/answer.awk" \
	-v pairs="$pairs" -v labels="$labels" -v kind="${ANSWER_KIND:-spin_lock}" -v pathlen="$pl" \
	-v timed="$tp" -v taccel="${RI[accel]:-timed}" -v thost="${thost:-unknown host}" \
	-v native="$np" -v nhost="$nhost" </dev/null >"$tmp/FOUND" || exit 1
echo hosts= >"$tmp/facts"
# The headline pair on each host filed in results/hosts (hosts-table.sh
# draws it from each host's newest run): the answer leads with it.
if [ -f "$LB_TOP/results/hosts-answer.md" ]; then
	cp "$LB_TOP/results/hosts-answer.md" "$tmp/HOSTS"
	echo hosts=1 >"$tmp/facts"
fi
# The sentence that opens the list: report/answer.md.in.
"$render" section -v facts="$tmp/facts" -v pieces="$tmp" "$LB_TOP/report/answer.md.in"
