#!/usr/bin/env bash
# build/runs/latest moves only to a run that has its run.info and one
# boot's records: a run refused for its kernel, or whose every boot fails,
# leaves it on the last good run (scripts/timed/run.sh, move_latest), so a
# plain make compare still has something to read.  Kernels come from the
# fake Kbuild, boots from the stand-in QEMU (tests/fixtures/fake-qemu).
. "$(dirname "$0")/../lib.bash"
. "$TOP/tests/fixtures/byo/fake-kbuild.bash"
export LB_BUILD=$TMP/build LB_NO_PERF=1 PATH=$TOP/tests/fixtures/fake-qemu:$PATH
export VARIANTS=stock BOOTS=1 REPEAT=1 PERF=0 ACCEL=tcg TIMEOUT=30
unset KSRC KERNEL KCONFIG JOBFILE COMPARISONS
[ -x "$TOP/bench-user/lb-validate" ] || skip "needs the C tools (make user)"
mkdir -p "$LB_BUILD/runs/good"
printf 'run_id=good\n' >"$LB_BUILD/runs/good/run.info"
cp "$TOP/tests/unit/fixtures/post-tcg.csv" "$LB_BUILD/runs/good/post.csv"
ln -s good "$LB_BUILD/runs/latest"
latest() { readlink "$LB_BUILD/runs/latest"; }

# 1. Nothing built: the run is refused before it starts.
expect_error "run without its kernel" "build them first: make kernels modules initramfs VARIANTS='stock'" "$TOP/scripts/timed/run.sh"
[ "$(latest)" = good ] || fail "a run refused for its kernel moved latest to $(latest)"

# 2. Built (fake Kbuild, by make's rules), but every boot fails: run.info,
# no records.
tree=$LB_BUILD/kernel/linux-source-6.1
fake_kernel "$tree"
touch "$LB_BUILD/kernel/tree.stamp"
make -s -C "$TOP" initramfs >"$TMP/log" 2>&1 || fail "make initramfs VARIANTS=stock failed: $(tail "$TMP/log")"
FAKE_QEMU_FAIL=1 "$TOP/scripts/timed/run.sh" >"$TMP/log" 2>&1 || fail "run.sh failed outright: $(tail "$TMP/log")"
failed=$(ls -d "$LB_BUILD"/runs/2* | tail -n 1)
[ -f "$failed/run.info" ] || fail "the failed run wrote no run.info: $(tail "$TMP/log")"
[ "$(latest)" = good ] || fail "a run whose every boot failed moved latest to $(latest)"
grep -q 'latest still names the last run' "$TMP/log" || fail "the run did not say latest stayed: $(tail "$TMP/log")"
# A boot whose runner never started (no "guest up" line) still says why.
grep -q 'boot stock: last console lines' "$TMP/log" || fail "the failed boot did not show its console: $(tail "$TMP/log")"
echo "ok: a run that died at its build, and one whose boots all failed, left latest on the good run"

# 3. The control: a boot with records moves it.
# A run directory of its own by NAME= (the time names one a second).
sed 's/^post,/stock,/' "$TOP/tests/unit/fixtures/post-tcg.csv" >"$TMP/stock.csv"
LB_RUN_NAME=control FAKE_QEMU_RESULTS=$TMP/stock.csv "$TOP/scripts/timed/run.sh" >"$TMP/log" 2>&1 || fail "run.sh failed: $(tail "$TMP/log")"
[ "$(latest)" = control ] || fail "latest names $(latest), not the run with records (control)"
[ -s "$LB_BUILD/runs/$(latest)/stock.csv" ] || fail "a run with records did not move latest (it names $(latest)): $(tail "$TMP/log")"
echo "ok: a run with records moved latest to it"
grep -q -x 'status=complete' "$LB_BUILD/runs/control/run.info" || fail "a finished run's run.info lacks status=complete"

# 4. A run cut short (here by SIGTERM during its second boot, as a kill or
# a closed terminal would) keeps status=incomplete, leaves latest where it
# was, and make compare refuses it by name.  The run gets its own process
# group, which a stand-in QEMU ends at its second boot.
mkdir -p "$TMP/bin"
printf '%s\n' '#!/bin/bash' \
	'if [[ " $* " == *" -kernel "* ]]; then' \
	'	n=$(cat "$CUT_COUNT" 2>/dev/null || echo 0)' \
	'	echo $((n + 1)) >"$CUT_COUNT"' \
	'	[ "$n" -lt 1 ] || kill -TERM -- "-$(ps -o pgid= $$ | tr -d " ")"' \
	'fi' \
	'exec "$CUT_QEMU" "$@"' >"$TMP/bin/qemu-system-x86_64"
chmod +x "$TMP/bin/qemu-system-x86_64"
rc=0
CUT_COUNT=$TMP/boots CUT_QEMU=$TOP/tests/fixtures/fake-qemu/qemu-system-x86_64 PATH=$TMP/bin:$PATH \
	BOOTS=3 LB_RUN_NAME=cut FAKE_QEMU_RESULTS=$TMP/stock.csv setsid "$TOP/scripts/timed/run.sh" >"$TMP/log" 2>&1 || rc=$?
[ $rc -ne 0 ] || fail "the run cut short exited 0: $(tail "$TMP/log")"
[ -s "$LB_BUILD/runs/cut/stock.csv" ] || fail "the cut run collected no first boot: $(tail "$TMP/log")"
grep -q -x 'status=incomplete' "$LB_BUILD/runs/cut/run.info" ||
	fail "the cut run's run.info does not say status=incomplete: $(cat "$LB_BUILD/runs/cut/run.info")"
[ "$(latest)" = control ] || fail "a run cut short moved latest to $(latest)"
expect_error "compare a cut run" "RUN=$LB_BUILD/runs/cut was cut short \(status=incomplete" \
	env RUN="$LB_BUILD/runs/cut" "$TOP/scripts/build/check-args.sh" compare
echo "ok: a run cut short says status=incomplete, latest stays on control, compare refuses it"
