#!/usr/bin/env bash
# make calibrate [VARIANT]: calibrate the instruments with known work.
# pad=N puts exactly N single-instruction increments inside each
# spin_lock critical section of a hot job (lockbench_kinds.c).  Every
# instrument of the contract whose place has a calibrate.sh runs it, in
# the contract's order (lb-validate --describe instruments):
#   scripts/INSTRUMENT/calibrate.sh VARIANT OUT REPORT
# with BOOTS (default 10), REPEAT (default 3), the contract's pads in
# LB_CAL_PADS and the hot job they pad in LB_CAL_HOT; it writes its files
# into OUT and appends its key=value lines to REPORT, and fails when its
# instrument is off (icount: a count that is not exact).
# Output: the run directory's calibrate/ (build/runs/NAME/calibrate), with
# report.txt (variant=, then each instrument's lines), written last: a
# calibration cut short has none.
. "$(dirname "$0")/../lib.sh"
. "$LB_TOP/schema/contract.sh"

v=${1:-stock}
variant_fragments "$v" >/dev/null
boots=${BOOTS:-10} repeat=${REPEAT:-3}
for n in boots repeat; do
	case ${!n} in '' | *[!0-9]* | 0) die "${n^^}=${!n} must be a positive integer" ;; esac
done
read -r -a pads <<<"$(contract_list pads)"
[ ${#pads[@]} -gt 0 ] || die "no pads in the contract (lb-validate --describe pads)"
mapfile -t rows < <(contract_rows instruments)
[ ${#rows[@]} -gt 0 ] || die "the contract lists no instruments (lb-validate --describe instruments)"
bash "$LB_TOP/scripts/build/need-built.sh" "$v"
name=$(run_name)
out=$LB_BUILD/runs/$name/calibrate
[ ! -f "$out/report.txt" ] || die "run $name already holds a calibration ($out): give another NAME="
rm -rf "$out"
mkdir -p "$out"
echo "run_id=$v-$(date -u +%Y%m%dT%H%M%SZ)" >"$out/run.info"

echo "variant=$v" >"$out/report.part"
for row in "${rows[@]}"; do
	IFS=$'\t' read -r _ _ _ _ _ place _ <<<"$row"
	[ -f "$LB_TOP/$place/calibrate.sh" ] || continue
	BOOTS=$boots REPEAT=$repeat LB_CAL_PADS="${pads[*]}" LB_CAL_HOT="kind=spin_lock mode=hot batches=200 batch_ops=100" \
		bash "$LB_TOP/$place/calibrate.sh" "$v" "$out" "$out/report.part" || exit
done
mv "$out/report.part" "$out/report.txt"
note "calibrate: ${out#"$LB_TOP"/}/report.txt"
