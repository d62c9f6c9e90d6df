#!/usr/bin/env bash
# timed/calibrate.sh VARIANT OUT REPORT: the timed accelerator's part of
# make calibrate (scripts/calibrate/run.sh gives OUT, BOOTS, REPEAT, the
# pads LB_CAL_PADS and the hot job LB_CAL_HOT): BOOTS boots x REPEAT
# passes of spin_lock at pad=0 and every pad, under its accelerator
# (ACCEL: auto, the default, is KVM where it works, else TCG); the smallest N
# resolved at Holm-adjusted p < 0.01, on boot medians, is the suite's
# stated resolution.  Appends timed_accel=, boots=, repeat= and timed= to
# REPORT.
. "$(dirname "$0")/../lib.sh"
. "$LB_TOP/schema/contract.sh"
[ $# -eq 3 ] || die "usage: timed/calibrate.sh VARIANT OUT REPORT (make calibrate runs it)"
v=$1 out=$2 report=$3
read -r -a pads <<<"${LB_CAL_PADS:?}"
hot=${LB_CAL_HOT:?} boots=${BOOTS:?} repeat=${REPEAT:?}
accel_ok "${ACCEL:-auto}"
accel=$(bash "$LB_TOP/scripts/boot/accel.sh" "${ACCEL:-auto}" "$(variant_path "$v" image)")
{
	echo "$hot"
	for n in "${pads[@]}"; do echo "$hot pad=$n"; done
} >"$out/timed.jobs"
files=()
for b in $(seq 1 "$boots"); do
	MACHINE=$accel VCPUS=${VCPUS:-2} BOOT=$b REPEAT=$repeat JOBFILE=$out/timed.jobs TIMEOUT=${TIMEOUT:-300} \
		bash "$LB_TOP/scripts/boot/qemu-boot.sh" "$v" "$out/timed-boot$b" || die "calibrate: timed boot $b of $v failed"
	files+=("$out/timed-boot$b/guest/results.csv")
done
rc=0
"$LB_TOP/bench-user/lb-resolution" --alpha 0.01 "${files[@]}" >"$out/timed.txt" || rc=$?
[ $rc -eq 0 ] || [ $rc -eq 3 ] || die "calibrate: lb-resolution failed (rc $rc)"
cat "$out/timed.txt" >&2
{
	echo "timed_accel=${accel%%:*}"
	echo "boots=$boots"
	echo "repeat=$repeat"
	echo "timed=$(tail -n 1 "$out/timed.txt")"
} >>"$report"
