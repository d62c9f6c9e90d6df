#!/usr/bin/env bash
# ACCEL=native refuses bad input before any work, naming the fix: an
# unknown variant, a variant whose kernel is not built, THREADS above the
# online CPUs, bad numbers, a CPU without constant_tsc (script and binary),
# a kind that needs ring 0, an unknown kind or mode, more threads than
# CPUs in a job.  The TSC flag parsing is checked on crafted cpuinfo.
. "$(dirname "$0")/../lib.bash"
export LB_BUILD=$TMP/build LB_NATIVE_KBUILD=$TMP/kb
run=$TOP/scripts/native/run.sh
n=$(nproc)
expect_error "unknown variant" "unknown variant 'nosuch'" env VARIANTS=nosuch "$run"
expect_error "kernel not built" "run 'make kernel VARIANT=pre'" env VARIANTS=pre "$run"
expect_error "THREADS > nproc" "above the $n online CPUs" env VARIANTS=pre THREADS=1,$((n + 1)) "$run"
expect_error "THREADS bad" "THREADS=1,x" env VARIANTS=pre THREADS=1,x "$run"
expect_error "RUNS bad" "RUNS=ten" env VARIANTS=pre RUNS=ten "$run"
expect_error "RUNS zero" "RUNS=0" env VARIANTS=pre RUNS=0 "$run"
sed 's/ constant_tsc//' /proc/cpuinfo >"$TMP/cpuinfo"
expect_error "no constant_tsc" "constant_tsc" env VARIANTS=pre LBN_CPUINFO="$TMP/cpuinfo" "$run"
[ ! -e "$LB_BUILD/runs" ] || fail "a refused run left build/runs behind"

# The binary's own checks, on the fake lock object (no kernel needed).
[ "$(uname -m)" = x86_64 ] || skip "the binary's checks need x86_64"
fx=$TOP/tests/fixtures/native
gcc -O2 -fno-pie -std=gnu11 -I"$TOP/schema" -I"$TOP/bench-user/native" -c -o "$TMP/kl.o" "$fx/fake_kloops.c"
gcc -c -o "$TMP/spinlock.o" "$fx/fake_spinlock.S"
# Without -g (CFLAGS' default -O2 -g): the same code; nothing here reads
# debug information, and it is a sixth of the harness's compile time.
CFLAGS=-O2 make -s -C "$TOP/bench-user/native" O="$TMP/harness"
"$TOP/scripts/native/link.sh" "$TMP/out" "$TMP/harness" 250 "$TMP/kl.o" "$TMP/spinlock.o"
bin=$TMP/out/lb-native
# Every kind whose irq column is not none (the contract's list, not ours).
ring0=$("$TOP/bench-user/lb-validate" --describe kinds | awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } $h["irq"] != "none" { print $h["kind"] }')
[ -n "$ring0" ] || fail "lb-validate --describe kinds lists no ring-0 kind"
for k in $ring0; do
	expect_error "ring-0 kind $k" "kind $k needs ring 0" "$bin" -n -v pre -b 1 -H t "kind=$k mode=hot"
done
expect_error "unknown kind" "unknown kind 'mutex'" "$bin" -n -v pre -b 1 -H t "kind=mutex mode=hot"
expect_error "unknown mode" "unknown mode 'warm'" "$bin" -n -v pre -b 1 -H t "kind=spin_lock mode=warm"
expect_error "bad number" "batches=1x: want an integer" "$bin" -n -v pre -b 1 -H t "kind=spin_lock mode=hot batches=1x"
expect_error "job threads > CPUs" "threads=$((n + 1)) is above" "$bin" -n -v pre -b 1 -H t "kind=spin_lock mode=contended threads=$((n + 1))"
# A bad job anywhere stops the process before the first job runs.
expect_error "bad second job" "job 2" "$bin" -v pre -b 1 -H t -o "$TMP/r.csv" "kind=spin_lock mode=hot" "kind=spin_lock_irq mode=hot"
[ ! -e "$TMP/r.csv" ] || fail "a refused job list still wrote records"
# TSC flags: constant_tsc is needed; 'tsc' alone is not enough; a prefix is not a flag.
printf 'processor\t: 0\nflags\t\t: fpu tsc nonstop_tsc\n' >"$TMP/ci1"
expect_error "binary: no constant_tsc" "constant_tsc" env LBN_CPUINFO="$TMP/ci1" "$bin" -n -v pre -b 1 -H t "kind=spin_lock mode=hot"
printf 'processor\t: 0\nflags\t\t: fpu constant_tscx\n' >"$TMP/ci2"
expect_error "binary: no tsc" "no TSC|constant_tsc" env LBN_CPUINFO="$TMP/ci2" "$bin" -n -v pre -b 1 -H t "kind=spin_lock mode=hot"
printf 'processor\t: 0\nflags\t\t: fpu tsc constant_tsc hypervisor\n' >"$TMP/ci3"
LBN_CPUINFO="$TMP/ci3" "$bin" -n -v pre -b 1 -H t "kind=spin_lock mode=hot" || fail "a constant TSC was refused"
echo "ok: every refusal named its fix"
