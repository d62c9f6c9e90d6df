#!/usr/bin/env bash
# One run directory: the stages of one make share build/runs/NAME.  The
# icount instrument's run (scripts/icount/run.sh) lands in NAME/icount/,
# with its tables, and moves no link, the timed run in NAME/ itself (and
# build/runs/latest), and a second timed run under the same NAME is
# refused before it boots anything.  Both go through the one boot loop
# (scripts/boot/loop.sh).  Kernels come from the fake Kbuild, boots from
# the stand-in QEMU.
. "$(dirname "$0")/../lib.bash"
. "$TOP/tests/fixtures/byo/fake-kbuild.bash"
export LB_BUILD=$TMP/build LB_NO_PERF=1 PATH=$TOP/tests/fixtures/fake-qemu:$PATH
export VARIANTS=stock BOOTS=1 REPEAT=1 PERF=0 TIMEOUT=30 LB_RUN_NAME=mine
unset KSRC KERNEL KCONFIG JOBFILE COMPARISONS
[ -x "$TOP/bench-user/lb-validate" ] || skip "needs the C tools (make user)"
fake_kernel "$LB_BUILD/kernel/linux-source-6.1"
touch "$LB_BUILD/kernel/tree.stamp"
make -s -C "$TOP" initramfs >"$TMP/log" 2>&1 || fail "make initramfs VARIANTS=stock failed: $(tail "$TMP/log")"
sed 's/^post,/stock,/' "$TOP/tests/unit/fixtures/post-tcg.csv" >"$TMP/stock.csv"
# (icount's records: hot jobs only, each exact: slope=1, as jobs.sh asks,
# and a whole count)
awk -F, -v OFS=, 'NR == 2 { for (i = 1; i <= NF; i++) c[$i] = i } NR > 2 && !/^#/ && $c["mode"] != "hot" { next }
	NR > 2 && !/^#/ { $c["variant"] = "stock"; $c["slope"] = 1
	k = $c["kind"]; if (!(k in n)) n[k] = sprintf("%d.000", $c["cyc_op"]); $c["cyc_op"] = $c["cyc_p25"] = $c["cyc_p75"] = n[k] } { print }' \
	"$TOP/tests/unit/fixtures/post-icount.csv" >"$TMP/stock-icount.csv"
run=$LB_BUILD/runs/mine
FAKE_QEMU_RESULTS=$TMP/stock-icount.csv "$TOP/scripts/icount/run.sh" >"$TMP/log" 2>&1 || fail "the icount run failed: $(tail "$TMP/log")"
[ -f "$run/icount/run.info" ] && [ -s "$run/icount/pathlen.md" ] || fail "the icount run and its tables are not in NAME/icount: $(ls -R "$LB_BUILD/runs" | head)"
grep -q '^accel=icount$' "$run/icount/run.info" && grep -q '^vcpus=1$' "$run/icount/run.info" ||
	fail "the icount run did not run on the icount machine, 1 vCPU: $(cat "$run/icount/run.info")"
[ ! -e "$LB_BUILD/runs/latest" ] && [ ! -e "$LB_BUILD/runs/latest-icount" ] || fail "an icount run moved a link"
ACCEL=tcg FAKE_QEMU_RESULTS=$TMP/stock.csv "$TOP/scripts/timed/run.sh" >"$TMP/log" 2>&1 || fail "the timed run failed: $(tail "$TMP/log")"
[ -f "$run/run.info" ] && [ -s "$run/stock.csv" ] || fail "the timed run is not in NAME/: $(ls "$run")"
[ "$(readlink "$LB_BUILD/runs/latest")" = mine ] || fail "latest names $(readlink "$LB_BUILD/runs/latest"), not the run"
echo "ok: icount in build/runs/mine/icount, the timed records in build/runs/mine, latest -> mine"
expect_error "a second timed run under one NAME" "run mine already holds this measurement" env ACCEL=tcg "$TOP/scripts/timed/run.sh"
[ "$(ls "$run/boots/stock")" = boot1 ] || fail "the refused run booted: $(ls "$run/boots/stock")"
