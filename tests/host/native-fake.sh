#!/usr/bin/env bash
# ACCEL=native without a kernel: a fake lock object (tests/fixtures/native/
# fake_spinlock.S, with %gs per-CPU accesses and a _printk report path) and
# a fake kernel half stand in for a variant's spinlock.o and Kbuild's
# object.  Checks link.sh's generated stubs and --defsyms, the records
# (lb-validate, accel=native), the stub call failing a job, the mutual
# exclusion check, the disassembly check (and that it fails on a changed
# instruction), and make native's whole run on the fakes (run.info, the
# per-variant records, summary.csv and pairs.csv, in build/runs/NAME/native).
. "$(dirname "$0")/../lib.bash"
[ "$(uname -m)" = x86_64 ] || skip "ACCEL=native needs x86_64"
grep -m1 '^flags' /proc/cpuinfo | grep -qw constant_tsc || skip "no constant_tsc on this host"
[ -x "$TOP/bench-user/lb-validate" ] && [ -x "$TOP/bench-user/lb-stat" ] || fail "the tools are not built (make -C bench-user)"
fx=$TOP/tests/fixtures/native
export LB_BUILD=$TMP/build LB_NATIVE_OUT=$TMP/build/native
cc=(gcc -O2 -fno-pie -Wall -Wextra -Werror -std=gnu11 -I"$TOP/schema" -I"$TOP/bench-user/native")
"${cc[@]}" -c -o "$TMP/kl.o" "$fx/fake_kloops.c"
gcc -c -o "$TMP/spinlock.o" "$fx/fake_spinlock.S"
# Where build.sh (run.sh, below) builds it: built once, it is up to date there.
make -s -C "$TOP/bench-user/native" O="$LB_NATIVE_OUT/harness" || fail "the harness does not build"

"$TOP/scripts/native/link.sh" "$TMP/out" "$LB_NATIVE_OUT/harness" 250 "$TMP/kl.o" "$TMP/spinlock.o" || fail "link.sh failed"
[ "$(cat "$TMP/out/stubs.txt")" = _printk ] || fail "stubs from nm -u: want _printk only, got $(tr '\n' ' ' <"$TMP/out/stubs.txt")"
bin=$TMP/out/lb-native
"$bin" -v pre -b 1 -H testhost -o "$TMP/r.csv" "kind=empty mode=hot" "kind=spin_lock mode=hot" \
	"kind=spin_lock mode=cold batches=5" "kind=spin_lock mode=contended threads=2 duration_ms=20" ||
	fail "lb-native failed on the fake"
"$TOP/bench-user/lb-validate" "$TMP/r.csv" || fail "lb-validate refuses the native records"
awk -F, 'NR == 2 { for (i = 1; i <= NF; i++) h[$i] = i } NR > 2 && ($h["accel"] != "native" || $h["status"] != "ok") { bad = 1 } END { exit bad }' "$TMP/r.csv" ||
	fail "records not accel=native and ok: $(cat "$TMP/r.csv")"
# A fake that takes its report path: the _printk stub fires, the run fails.
expect_error "stub called" "_printk called [0-9]+ times" "$bin" -v pre -b 1 -H t "kind=bit_spin_trylock mode=hot batches=2"
# The calibration pads run natively too: pad=512 costs more than no pad,
# and only spin_lock hot is padded.
"$bin" -v pre -b 1 -H t -o "$TMP/pad.csv" "kind=spin_lock mode=hot batches=20" "kind=spin_lock mode=hot batches=20 pad=512" ||
	fail "padded jobs failed"
awk -F, 'NR == 2 { for (i = 1; i <= NF; i++) h[$i] = i; next } NR > 2 && !/^#/ { c[$h["pad"]] = $h["cyc_op"] }
	END { exit !(c[512] > c[0] + 100) }' "$TMP/pad.csv" || fail "pad=512 did not add its 512 increments: $(cat "$TMP/pad.csv")"
expect_error "a padded read_lock" "only kind=spin_lock mode=hot is padded" "$bin" -v pre -b 1 -H t "kind=read_lock mode=hot pad=4"
echo "ok: pad=512 adds to spin_lock's cost, a padded read_lock is refused"
# broken_lock races: the exclusion check must say mismatch (exit 5).  The
# race needs both threads on a CPU at once, which a loaded 2-CPU host can
# deny for a while: up to 3 tries of 200 ms.
for try in 1 2 3; do
	rc=0
	rm -f "$TMP/b.csv"
	"$bin" -v pre -b 1 -H t -o "$TMP/b.csv" "kind=broken_lock mode=contended threads=2 duration_ms=200" 2>"$TMP/b.err" || rc=$?
	[ $rc = 5 ] && break
done
[ $rc = 5 ] && grep -q ',mismatch,' "$TMP/b.csv" || fail "broken_lock passed the exclusion check 3 times (exit $rc)"

# The disassembly check: a "vmlinux" linked from the same object agrees;
# one with a changed instruction (movb $2 for $1) is caught.
mkdir -p "$TMP/kb/pre/kernel/locking"
cp "$TMP/spinlock.o" "$TMP/kb/pre/kernel/locking/spinlock.o"
(cd "$TMP/kb/pre" && ar rcT kernel/locking/built-in.a kernel/locking/spinlock.o)
vmlinux() { gcc -nostdlib -static -no-pie -Wl,-e,_raw_spin_lock -Wl,--defsym=__preempt_count=0x40 \
	-Wl,--defsym=_printk=0x1000 -o "$1" "$2"; }
vmlinux "$TMP/kb/pre/vmlinux" "$TMP/spinlock.o"
"$TOP/scripts/native/disasm-check.sh" "$bin" "$TMP/kb/pre/vmlinux" "$TMP/spinlock.o" >"$TMP/d.txt" ||
	fail "disasm check fails on identical code: $(cat "$TMP/d.txt")"
sed 's/movb\t\$1, (%rdi)/movb\t$2, (%rdi)/' "$fx/fake_spinlock.S" >"$TMP/other.S"
gcc -c -o "$TMP/other.o" "$TMP/other.S"
vmlinux "$TMP/other-vmlinux" "$TMP/other.o"
expect_error "disasm differs" "DIFFERS _raw_spin_unlock" "$TOP/scripts/native/disasm-check.sh" "$bin" "$TMP/other-vmlinux" "$TMP/spinlock.o"

# make native's script end to end on the fake variant, 3 replicates.
echo CONFIG_HZ=250 >"$TMP/kb/pre/.config"
cp -r "$TMP/kb/pre" "$TMP/kb/post"
export LB_NATIVE_KBUILD=$TMP/kb LBN_KHALF=$TMP/kl.o
printf '%s\n' "kind=empty mode=hot batches=20" "kind=spin_lock mode=hot batches=20" \
	"kind=spin_lock mode=contended threads=SWEEP duration_ms=10" >"$TMP/jobs"
LB_RUN_NAME=fake VARIANTS=pre,post RUNS=3 THREADS=1 JOBFILE=$TMP/jobs ORDER_SEED=7 Q=1 "$TOP/scripts/native/run.sh" >"$TMP/run.log" 2>&1 ||
	fail "run.sh failed: $(tail -n 20 "$TMP/run.log")"
# One run directory: the native run is its native/.
run=$LB_BUILD/runs/fake/native
[ -f "$run/run.info" ] || fail "the native run is not in build/runs/NAME/native"
for f in run.info pre.csv post.csv summary.csv pairs.csv physlimit.csv host-facts.txt disasm-check/pre.txt; do
	[ -s "$run/$f" ] || fail "the run lacks $f"
done
grep -qx accel=native "$run/run.info" || fail "run.info lacks accel=native"
[ "$(grep -c ',spin_lock,hot,' "$run/pre.csv")" = 3 ] || fail "want 3 replicates of spin_lock hot in pre.csv"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
	$h["base"] == "pre" && $h["other"] == "post" && $h["kind"] == "spin_lock" && $h["mode"] == "hot" { found = 1 }
	END { exit !found }' "$run/pairs.csv" || fail "pairs.csv has no pre:post spin_lock hot row"
grep -q '^order_round_3=' "$run/run.info" || fail "run.info lacks the rounds' orders"
echo "ok: native on the fakes: $(tail -n 1 "$run/disasm-check/pre.txt")"
