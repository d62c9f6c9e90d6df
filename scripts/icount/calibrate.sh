#!/usr/bin/env bash
# icount/calibrate.sh VARIANT OUT REPORT: icount's part of make calibrate
# (scripts/calibrate/run.sh gives OUT, the pads LB_CAL_PADS and the hot
# job LB_CAL_HOT).  One boot runs the hot job list, a second the same
# list plus spin_lock at every pad; each pad must add exactly N
# instructions and every other kind must not change.  Exact, or the
# instrument is broken: then it fails.  Appends icount= to REPORT.
. "$(dirname "$0")/../lib.sh"
[ $# -eq 3 ] || die "usage: icount/calibrate.sh VARIANT OUT REPORT (make calibrate runs it)"
v=$1 out=$2 report=$3
read -r -a pads <<<"${LB_CAL_PADS:?}"

bash "$LB_TOP/scripts/boot/jobs.sh" "$LB_TOP/bench-user/jobs/default.jobs" 1 icount default >"$out/icount-plain.jobs" 2>/dev/null
{
	cat "$out/icount-plain.jobs"
	for n in "${pads[@]}"; do echo "${LB_CAL_HOT:?} slope=1 pad=$n"; done
} >"$out/icount-padded.jobs"
for w in plain padded; do
	MACHINE=icount VCPUS=1 BOOT=1 REPEAT=1 JOBFILE=$out/icount-$w.jobs TIMEOUT=${TIMEOUT:-300} \
		bash "$LB_TOP/scripts/boot/qemu-boot.sh" "$v" "$out/icount-$w" || die "calibrate: icount $w boot of $v failed"
done
rc=0
"$LB_TOP/bench-user/lb-pathlen" --calibrate "$out/icount-padded/guest/results.csv" "$out/icount-plain/guest/results.csv" \
	>"$out/icount.txt" || rc=$?
cat "$out/icount.txt" >&2
[ $rc -eq 0 ] || die "calibrate: the icount instrument is not exact on $v (see ${out#"$LB_TOP"/}/icount.txt)"
echo "icount=$(tail -n 1 "$out/icount.txt")" >>"$report"
