#!/usr/bin/env bash
# The icount instrument refuses what it cannot serve, before anything
# builds or boots; icount is no accelerator of the timed instrument; and
# instructions never mix with cycles.
. "$(dirname "$0")/../lib.bash"
# run.sh makes build/runs before it reads the jobs: its own, not the tree's.
export LB_BUILD=$TMP/build
why="QEMU 7.2's round-robin icount scheduler starves the second vCPU at SMP bring-up"
expect_error "timed ACCEL=icount (run)" "ACCEL=icount: icount is an instrument, not an accelerator: run make icount" \
	env ACCEL=icount VARIANTS=stock "$TOP/scripts/timed/run.sh"
expect_error "timed ACCEL=icount (quality)" "ACCEL=icount: icount is an instrument, not an accelerator: run make icount" \
	env ACCEL=icount "$TOP/scripts/timed/quality.sh" stock
expect_error "the loop, icount on 2 vCPUs" "icount runs on 1 vCPU, not VCPUS=2: $why" \
	env MACHINE=icount VCPUS=2 BOOTS=1 REPEAT=1 JOBFILE="$TOP/bench-user/jobs/default.jobs" VARIANTS=stock \
	"$TOP/scripts/boot/loop.sh" "$TMP/build/runs/x/icount" x-icount
printf 'kind=spin_lock mode=hot\nkind=spin_lock mode=contended threads=2\n' >"$TMP/jobs"
expect_error "icount contended job" "jobs:2: mode=contended cannot run on icount: only hot jobs do, because it runs 1 vCPU \\($why" \
	env JOBFILE="$TMP/jobs" VARIANTS=stock "$TOP/scripts/icount/run.sh"
# make boot and make perf go through qemu-boot.sh: refused there, before
# QEMU starts and before anything is written (a fake kernel suffices).
fake=$TMP/fakebuild
mkdir -p "$fake/kernel/stock/arch/x86/boot" "$fake/initramfs"
: >"$fake/kernel/stock/arch/x86/boot/bzImage"
: >"$fake/initramfs/base.cpio"
if command -v qemu-system-x86_64 >/dev/null; then
	expect_error "icount contended job (boot)" "jobs:2: mode=contended cannot run on icount" \
		env LB_BUILD="$fake" MACHINE=icount VCPUS= JOBFILE="$TMP/jobs" "$TOP/scripts/boot/qemu-boot.sh" stock "$fake/boot1"
	[ ! -e "$fake/boot1" ] || fail "a refused boot left $fake/boot1"
fi
printf 'kind=spin_lock mode=cold\n' >"$TMP/cold"
expect_error "icount cold job" "cold:1: mode=cold cannot run on icount" \
	"$TOP/scripts/boot/jobs.sh" "$TMP/cold" 1 icount
# The default list loses its cold and contended jobs with a note; each
# hot job gets slope=1.
"$TOP/scripts/boot/jobs.sh" "$TOP/bench-user/jobs/default.jobs" 1 icount default >"$TMP/out" 2>"$TMP/err"
grep -q 'left out the [0-9]* cold and contended jobs' "$TMP/err" || fail "no note of the skipped jobs: $(cat "$TMP/err")"
grep -v -q 'mode=hot' "$TMP/out" && fail "a non-hot job survived: $(grep -v mode=hot "$TMP/out")"
grep -v -q 'slope=1' "$TMP/out" && fail "a hot job lacks slope=1"
echo "ok: default list under icount: $(wc -l <"$TMP/out") hot jobs, each slope=1"
# Units: one file, one unit; a table of instructions takes icount only.
expect_error "mixed units in one file" "kvm records count cycles, icount records count instructions: the units do not mix" \
	"$TOP/bench-user/lb-validate" "$TOP/tests/unit/fixtures/bad/mixed-units.csv"
expect_error "pathlen of a timed file" "not an icount record" \
	"$TOP/bench-user/lb-pathlen" "$TOP/tests/unit/fixtures/post-tcg.csv"
expect_error "compare icount with tcg, forced" "tcg records count cycles, icount records count instructions" \
	"$TOP/bench-user/lb-stat" summary --force -o "$TMP/mixed-units.csv" "$TOP/tests/unit/fixtures/post-tcg.csv" "$TOP/tests/unit/fixtures/post-icount.csv"
mkdir -p "$TMP/run"
printf 'variants=stock\naccel=tcg\n' >"$TMP/run/run.info"
expect_error "pathlen table of a timed run" "is not an icount run \\(run.info accel=tcg\\)" \
	"$TOP/scripts/icount/table.sh" "$TMP/run"
