#!/usr/bin/env bash
# cell-count.sh VARIANT "CELL": boot VARIANT (as built: make cell-count
# builds it first) once on the icount machine running only the hot job CELL (e.g. "kind=spin_lock
# mode=hot"), and print that job's cyc_op: guest instructions per
# acquire+release, the same on every boot, so one boot is a measurement.
# make bisect measures each commit with it (scripts/icount/bisect-measure.sh).
. "$(dirname "$0")/../lib.sh"

v=${1:?usage: cell-count.sh VARIANT CELL} cell=${2:?usage: cell-count.sh VARIANT CELL}
bash "$LB_TOP/scripts/build/need-built.sh" "$v"
out=$LB_BUILD/cell-count/$v-$(utc_now %Y%m%dT%H%M%SZ)-$$
mkdir -p "$out"
printf '%s\n' "$cell" >"$out/cell.jobs"
MACHINE=icount VCPUS=1 REPEAT=1 JOBFILE=$out/cell.jobs PERF_JOB=-1 \
	bash "$LB_TOP/scripts/boot/qemu-boot.sh" "$v" "$out/boot" >&2 ||
	die "cell-count: the icount boot of $v failed (see ${out#"$LB_TOP"/}/boot)"
# Records: line 1 the schema tag, line 2 the column names.
# One awk: "col" when the header has cyc_op, then the first record's value.
got=$(awk -F, 'NR == 2 { for (i = 1; i <= NF; i++) if ($i == "cyc_op") { n = i; break }
		if (!n) exit; print "col"; next }
	NR > 2 && !/^#/ { print $n; exit }' "$out/boot/guest/results.csv")
[ -n "$got" ] || die "cell-count: ${out#"$LB_TOP"/}/boot/guest/results.csv has no cyc_op column"
count=${got#col}
count=${count#$'\n'}
[ -n "$count" ] || die "cell-count: no record for '$cell' in ${out#"$LB_TOP"/}/boot/guest/results.csv"
printf '%s\n' "$count"
