#!/usr/bin/env bash
# native/calibrate.sh VARIANT OUT REPORT: native's part of make calibrate
# (scripts/calibrate/run.sh gives OUT, BOOTS, the pads LB_CAL_PADS and
# the hot job LB_CAL_HOT): the same pads in the variant's own lock code
# on this host's CPUs (scripts/native/run.sh), one process a replicate,
# BOOTS processes, where the host can run it (x86_64 with a constant
# TSC); the smallest N resolved, in cycles.  Elsewhere the report says
# why not.  Appends native= to REPORT.
. "$(dirname "$0")/../lib.sh"
. "$LB_TOP/scripts/native/common.sh"
[ $# -eq 3 ] || die "usage: native/calibrate.sh VARIANT OUT REPORT (make calibrate runs it)"
v=$1 out=$2 report=$3
read -r -a pads <<<"${LB_CAL_PADS:?}"
boots=${BOOTS:?}

# 1000 ops a batch, as the native job list has them (the host's TSC steps).
nhot=${LB_CAL_HOT:?}
nhot=${nhot/batch_ops=100/batch_ops=1000}
{
	echo "$nhot"
	for n in "${pads[@]}"; do echo "$nhot pad=$n"; done
} >"$out/native.jobs"
if (native_host_ok) 2>"$out/native.why"; then
	VARIANTS=$v RUNS=$boots JOBFILE=$out/native.jobs RUN_DIR=$out/native Q=1 \
		"$LB_TOP/scripts/native/run.sh" || die "calibrate: the native pass of $v failed (see above)"
	rc=0
	"$LB_TOP/bench-user/lb-resolution" --alpha 0.01 --metric cyc_op "$out/native/$v.csv" >"$out/native.txt" || rc=$?
	[ $rc -eq 0 ] || [ $rc -eq 3 ] || die "calibrate: lb-resolution failed on the native records (rc $rc)"
	cat "$out/native.txt" >&2
	native=$(tail -n 1 "$out/native.txt")
else
	native="not measured: $(sed 's/^lockbench: error: //' "$out/native.why")"
fi
echo "native=$native" >>"$report"
