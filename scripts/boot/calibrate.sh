#!/usr/bin/env bash
# calibrate.sh [VARIANT]: calibrate both instruments with known work.
# pad=N puts exactly N single-instruction increments inside each
# spin_lock critical section of a hot job (lockbench_kinds.c).
#   icount: one boot runs the hot job list, a second the same list plus
#           spin_lock at every pad; each pad must add exactly N
#           instructions and every other kind must not change.
#   timed:  BOOTS boots (default 10) x REPEAT passes (default 3) of spin_lock
#           at pad=0 and every pad, under TCG (or KVM where it works); the
#           smallest N resolved at Holm-adjusted p < 0.01, on boot medians,
#           is the suite's stated resolution.
#   native: the same pads in the variant's own lock code on this host's
#           CPUs (scripts/native/run.sh), BOOTS processes, where the host
#           can run it; the smallest N resolved, in cycles.
# Output: the run directory's calibrate/ (build/runs/NAME/calibrate), with
# report.txt.  Fails when the icount counts are not exact.
. "$(dirname "$0")/../lib.sh"
. "$LB_TOP/scripts/native/common.sh"

v=${1:-stock}
variant_fragments "$v" >/dev/null
boots=${BOOTS:-10} repeat=${REPEAT:-3}
for n in boots repeat; do
	case ${!n} in '' | *[!0-9]* | 0) die "${n^^}=${!n} must be a positive integer" ;; esac
done
timed_accel=${ACCEL:-auto}
[ "$timed_accel" = icount ] && timed_accel=auto
bash "$LB_TOP/scripts/build/need-built.sh" "$v"
name=$(run_name)
out=$LB_BUILD/runs/$name/calibrate
[ ! -f "$out/report.txt" ] || die "run $name already holds a calibration ($out): give another NAME="
rm -rf "$out"
mkdir -p "$out"
echo "run_id=$v-$(date -u +%Y%m%dT%H%M%SZ)" >"$out/run.info"
bin=$LB_TOP/bench-user
. "$LB_TOP/schema/contract.sh"
read -r -a pads <<<"$(contract_list pads)"
[ ${#pads[@]} -gt 0 ] || die "no pads in the contract (lb-validate --describe pads)"
hot="kind=spin_lock mode=hot batches=200 batch_ops=100"

# 1. icount: exact, or the instrument is broken.
bash "$LB_TOP/scripts/boot/jobs.sh" "$LB_TOP/bench-user/jobs/default.jobs" 1 icount default >"$out/icount-plain.jobs" 2>/dev/null
{
	cat "$out/icount-plain.jobs"
	for n in "${pads[@]}"; do echo "$hot slope=1 pad=$n"; done
} >"$out/icount-padded.jobs"
for w in plain padded; do
	ACCEL=icount VCPUS=1 BOOT=1 REPEAT=1 JOBFILE=$out/icount-$w.jobs TIMEOUT=${TIMEOUT:-300} \
		bash "$LB_TOP/scripts/boot/qemu-boot.sh" "$v" "$out/icount-$w" || die "calibrate: icount $w boot of $v failed"
done
rc=0
"$bin/lb-pathlen" --calibrate "$out/icount-padded/guest/results.csv" "$out/icount-plain/guest/results.csv" \
	>"$out/icount.txt" || rc=$?
cat "$out/icount.txt" >&2
[ $rc -eq 0 ] || die "calibrate: the icount instrument is not exact on $v (see ${out#"$LB_TOP"/}/icount.txt)"

# 2. timed: what it can resolve over the default boots.
accel=$(bash "$LB_TOP/scripts/boot/accel.sh" "$timed_accel" "$(variant_path "$v" image)")
{
	echo "$hot"
	for n in "${pads[@]}"; do echo "$hot pad=$n"; done
} >"$out/timed.jobs"
files=()
for b in $(seq 1 "$boots"); do
	ACCEL=$accel VCPUS=${VCPUS:-2} BOOT=$b REPEAT=$repeat JOBFILE=$out/timed.jobs TIMEOUT=${TIMEOUT:-300} \
		bash "$LB_TOP/scripts/boot/qemu-boot.sh" "$v" "$out/timed-boot$b" || die "calibrate: timed boot $b of $v failed"
	files+=("$out/timed-boot$b/guest/results.csv")
done
rc=0
"$bin/lb-resolution" --alpha 0.01 "${files[@]}" >"$out/timed.txt" || rc=$?
[ $rc -eq 0 ] || [ $rc -eq 3 ] || die "calibrate: lb-resolution failed (rc $rc)"
cat "$out/timed.txt" >&2

# 3. native: the same pads in the variant's own lock code on this host's
# CPUs, one process a replicate, where the host can run it (x86_64 with a
# constant TSC); elsewhere the report says why not.
native="not measured"
# 1000 ops a batch, as the native job list has them (the host's TSC steps).
nhot=${hot/batch_ops=100/batch_ops=1000}
{
	echo "$nhot"
	for n in "${pads[@]}"; do echo "$nhot pad=$n"; done
} >"$out/native.jobs"
if (native_host_ok) 2>"$out/native.why"; then
	VARIANTS=$v RUNS=$boots JOBFILE=$out/native.jobs RUN_DIR=$out/native Q=1 \
		"$LB_TOP/scripts/native/run.sh" || die "calibrate: the native pass of $v failed (see above)"
	rc=0
	"$bin/lb-resolution" --alpha 0.01 --metric cyc_op "$out/native/$v.csv" >"$out/native.txt" || rc=$?
	[ $rc -eq 0 ] || [ $rc -eq 3 ] || die "calibrate: lb-resolution failed on the native records (rc $rc)"
	cat "$out/native.txt" >&2
	native=$(tail -n 1 "$out/native.txt")
else
	native="not measured: $(sed 's/^lockbench: error: //' "$out/native.why")"
fi
{
	echo "variant=$v"
	echo "icount=$(tail -n 1 "$out/icount.txt")"
	echo "timed_accel=${accel%%:*}"
	echo "boots=$boots"
	echo "repeat=$repeat"
	echo "timed=$(tail -n 1 "$out/timed.txt")"
	echo "native=$native"
} >"$out/report.txt"
note "calibrate: ${out#"$LB_TOP"/}/report.txt"
