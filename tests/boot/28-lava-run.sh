#!/usr/bin/env bash
# The lab path through LAVA's real engine: make export's qemu job run by
# Debian's lava-run on this machine (scripts/lab/lava-run.sh: LAVA's own
# qemu device-type template, rendered with the job's context), then its
# log imported.  LAVA must see one passing test case per job, each with
# its measurement, and the results.csv framed on the console must come
# back byte for byte.  make check-long installs lava-run (make deps-lava);
# without it this is skipped.
. "$(dirname "$0")/lib.bash"
v=${VARIANTS_UNDER_TEST%% *}
[ "${ACCEL:-tcg}" != icount ] || skip "the lab bundle runs TCG or KVM, not icount"
command -v lava-run >/dev/null || skip "lava-run is not installed (make deps-lava; make check-long does it)"
for i in 1 2 3; do echo "kind=spin_lock mode=hot batches=200 batch_ops=100"; done >"$TMP/jobs"
export LB_EXPORT_DIR=$TMP/export
JOBFILE=$TMP/jobs ACCEL=tcg REPEAT=1 "$TOP/scripts/lab/export.sh" "$v" 2>"$TMP/export.err" ||
	fail "export failed: $(cat "$TMP/export.err")"
B=$OUTROOT/lava-run-$v
# The run lands in a build of its own; lava-server's templates are
# unpacked once, in the real build/lava.
LB_LAVA_CACHE=${LB_BUILD:-$TOP/build}/lava LB_BUILD=$TMP/lb BUNDLE=$LB_EXPORT_DIR/$v OUT=$B \
	timeout -k 5 600 "$TOP/scripts/lab/lava-run.sh" "$v" >"$TMP/run.log" 2>&1 ||
	fail "lava-run.sh failed: $(tail -n 15 "$TMP/run.log")"
res=$B/lava-results
[ "$(grep -c -E '^lockbench job[0-2]_spin_lock_hot pass [0-9]+\.[0-9]+ cycles$' "$res")" -eq 3 ] ||
	fail "LAVA did not record 3 passing test cases with a measurement: $(grep '^lockbench' "$res")"
grep -q -x 'lava job pass' "$res" || fail "the LAVA job did not pass: $(tail -n 3 "$res")"
run=$(readlink -f "$TMP/lb/runs/latest")
got=$run/boots/$v/boot1/guest/results.csv
[ -f "$got" ] || fail "the import wrote no $got"
want=$(/usr/bin/python3 "$TOP/scripts/lab/lava-log-text.py" "$B/lava.log" | sed -n 's/^----- BEGIN lockbench results\.csv sha256=\([0-9a-f]*\) .*/\1/p')
[ -n "$want" ] && [ "$(sha256sum <"$got" | cut -c1-64)" = "$want" ] ||
	fail "results.csv did not round-trip: framed sha256 '$want', imported $(sha256sum <"$got")"
[ "$(($(grep -c -v '^#' "$got") - 1))" -eq 3 ] || fail "the imported run does not hold 3 records"
echo "ok: lava-run ran the exported $v job: 3 LAVA test cases ($(grep '^lockbench' "$res" | awk '{ print $4 }' | paste -sd' ') cycles), results.csv back byte for byte ($want)"
