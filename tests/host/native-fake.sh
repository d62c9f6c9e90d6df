#!/usr/bin/env bash
# ACCEL=native without a kernel: a fake lock object (tests/fixtures/native/
# fake_spinlock.S, with %gs per-CPU accesses and a _printk report path) and
# a fake kernel half stand in for a variant's spinlock.o and Kbuild's
# object.  Checks make native's whole run on the fakes (run.info, the
# per-variant records, summary.csv and pairs.csv, in build/runs/NAME/native;
# link.sh's generated stubs and --defsyms and the disassembly check on the
# same code are part of it), then, on the binary it linked: the records
# (lb-validate, accel=native), the stub call failing a job, the mutual
# exclusion check, the binary's refusals of bad jobs and of a CPU without
# constant_tsc, and that the disassembly check fails on a changed
# instruction.
# shellcheck source=tests/lib.bash
# check: slow
. "$(dirname "$0")/../lib.bash"
[ "$(uname -m)" = x86_64 ] || skip "ACCEL=native needs x86_64"
# /proc/cpuinfo's first flags line, read here: no grep per check.
while IFS= read -r flags && [[ $flags != flags* ]]; do :; done </proc/cpuinfo
[[ $flags =~ [[:space:]]constant_tsc([[:space:]]|$) ]] || skip "no constant_tsc on this host"
[[ -x $TOP/bench-user/lb-validate && -x $TOP/bench-user/lb-stat ]] || fail "the tools are not built (make -C bench-user)"
fx=$TOP/tests/fixtures/native
export LB_BUILD=$TMP/build LB_NATIVE_OUT=$TMP/build/native
cc=(gcc -O2 -fno-pie -Wall -Wextra -Werror -std=gnu11 -I"$TOP/schema" -I"$TOP/bench-user/native" -I"$TOP/bench-module")
"${cc[@]}" -c -o "$TMP/kl.o" "$fx/fake_kloops.c"
gcc -c -o "$TMP/spinlock.o" "$fx/fake_spinlock.S"
# The harness, where build.sh (run.sh, below) finds it up to date.
native_harness

# A fake kernel build per variant: the lock object, its directory's thin
# archive (how build.sh finds the objects linked), a "vmlinux" linked from
# the same object (for the disassembly check) and .config's CONFIG_HZ.
mkdir -p "$TMP/kb/pre/kernel/locking"
cp "$TMP/spinlock.o" "$TMP/kb/pre/kernel/locking/spinlock.o"
# (--target: ar would otherwise try every bfd plugin, LLVMgold's libLLVM too.)
(cd "$TMP/kb/pre" && ar --target=elf64-x86-64 rcT kernel/locking/built-in.a kernel/locking/spinlock.o)
vmlinux() { gcc -nostdlib -static -no-pie -Wl,-e,_raw_spin_lock -Wl,--defsym=__preempt_count=0x40 \
	-Wl,--defsym=_printk=0x1000 -o "$1" "$2"; }
vmlinux "$TMP/kb/pre/vmlinux" "$TMP/spinlock.o"
echo CONFIG_HZ=250 >"$TMP/kb/pre/.config"
cp -r "$TMP/kb/pre" "$TMP/kb/post"

# make native's script end to end on the fake variants, 3 replicates.
export LB_NATIVE_KBUILD=$TMP/kb LBN_KHALF=$TMP/kl.o
printf '%s\n' "kind=empty mode=hot batches=20" "kind=spin_lock mode=hot batches=20" \
	"kind=spin_lock mode=contended threads=SWEEP duration_ms=10" >"$TMP/jobs"
LB_RUN_NAME=fake VARIANTS=pre,post RUNS=3 THREADS=1 JOBFILE=$TMP/jobs ORDER_SEED=7 UNIT_MS=10 SLICES=3 Q=1 \
	"$TOP/scripts/native/run.sh" >"$TMP/run.log" 2>&1 ||
	fail "run.sh failed: $(tail -n 20 "$TMP/run.log")"
# One run directory: the native run is its native/.
run=$LB_BUILD/runs/fake/native
[ -f "$run/run.info" ] || fail "the native run is not in build/runs/NAME/native"
for f in run.info pre.csv post.csv summary.csv pairs.csv physlimit.csv host-facts.txt disasm-check/pre.txt \
	disasm-check/pre~L2.txt layout/pre~L2.csv layout-spread.csv layout.csv calibration.csv calibration-fit.csv sections.csv; do
	[ -s "$run/$f" ] || fail "the run lacks $f"
done
mapfile -t info <"$run/run.info"
[[ " ${info[*]} " == *" accel=native "* ]] || fail "run.info lacks accel=native"
[[ " ${info[*]} " == *" layout_round_3="* ]] || fail "run.info lacks the processes' layouts"
# One process a replicate, every variant in it: pre's and post's records
# of replicate 2 came from one process, with its layout drawn.
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } $h["boot"] == 2 { n++ } END { exit n != 3 }' "$run/layout.csv" ||
	fail "replicate 2's layout lacks pre, post and pre~L2: $(<"$run/layout.csv")"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } $h["pair"] ~ /^lock_(decb\+movb|cmpxchgl\+movb|cmpxchgl\+movl)$/ { n[$h["pair"]]++ }
	END { exit length(n) != 3 }' "$run/physlimit.csv" || fail "physlimit.csv lacks a release width: $(<"$run/physlimit.csv")"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } $h["boot"] == "all" && $h["slope"] > 0 { n++ } END { exit n != 3 }' "$run/calibration-fit.csv" ||
	fail "calibration-fit.csv has no positive slope for each copy: $(<"$run/calibration-fit.csv")"
awk -F, 'NR == 2 { for (i = 1; i <= NF; i++) h[$i] = i; next } NR > 2 && $h["kind"] == "spin_lock" && $h["mode"] == "hot" { n++ }
	END { exit n != 3 }' "$run/pre.csv" || fail "want 3 replicates of spin_lock hot in pre.csv"
# Every slice kept, under the contract's header: in each of the 3
# processes each variant's spin_lock ran in 3 slices, one a round, each
# with both probes, and each after a named unit but the first; the TSC's
# step as the processes found it.
export LB_TOP=$TOP
. "$TOP/schema/contract.sh"
[ "$(head -n 1 "$run/slices.csv")" = "$(contract_header slices)" ] || fail "slices.csv's header is not the contract's"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
	$h["variant"] ~ /^(pre|post)$/ && $h["kind"] == "spin_lock" && $h["mode"] == "hot" {
		n++; rounds[$h["boot"] "," $h["variant"] "," $h["round"]]++
		if (!($h["probe_pair"] > 0 && $h["probe_chain"] > 0 && $h["p50"] > 0 && $h["batches"] > 0)) bad++ }
	$h["seq"] > 1 && $h["prev"] == "-" { bad++ }
	END { exit n != 18 || length(rounds) != 18 || bad }' "$run/slices.csv" ||
	fail "slices.csv lacks a slice of pre or post spin_lock in a round, or its probes: $(head -n 5 "$run/slices.csv")"
[[ " ${info[*]} " =~ \ tsc_step=[1-9][0-9]*\  ]] || fail "run.info lacks the TSC's step"
# The A/A base ran every job twice in each process: pre~A's records are
# pre's cells, from the same 3 processes, in copy/.
[ "$(awk -F, 'NR == 2 { for (i = 1; i <= NF; i++) h[$i] = i } NR > 2 { print $h["variant"] }' "$run/copy/pre~A.csv" | sort -u)" = "pre~A" ] ||
	fail "copy/pre~A.csv is not pre~A's records"
cells() { awk -F, 'NR == 2 { for (i = 1; i <= NF; i++) h[$i] = i; next } NR > 2 { print $h["boot"], $h["kind"], $h["mode"], $h["threads"] }' "$1" | sort; }
[ "$(cells "$run/copy/pre~A.csv")" = "$(cells "$run/pre.csv")" ] || fail "pre~A did not run pre's jobs in each process"
[[ " ${info[*]} " == *" same_code_copy=pre~A "* ]] || fail "run.info does not name the same-code copy"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
	$h["base"] == "pre" && $h["other"] == "post" && $h["kind"] == "spin_lock" && $h["mode"] == "hot" { found = 1 }
	END { exit !found }' "$run/pairs.csv" || fail "pairs.csv has no pre:post spin_lock hot row"
# The statistics take the copy as the A/A, pre:post as a research pair,
# each hot change from adjacent slices, and the machine's states.
grep -qx 'aa_pair=pre:pre~A' "$run/stat.info" || fail "the A/A pair is not pre:pre~A: $(grep aa_pair "$run/stat.info")"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
	$h["kind"] == "spin_lock" && $h["mode"] == "hot" && $h["metric"] == "cyc_op" {
		v[$h["base"] ":" $h["other"]] = $h["verdict"]; e[$h["base"] ":" $h["other"]] = $h["estimator"] }
	END { exit !(v["pre:pre~A"] == "a-a" && v["pre:post"] != "a-a" && v["pre:post"] != "" && e["pre:post"] == "slice-ratios") }' \
	"$run/pairs.csv" || fail "pairs.csv does not take pre~A as the A/A and pre:post from slices"
[ "$(head -n 1 "$run/states.csv")" = "$(contract_header states)" ] && [ "$(wc -l <"$run/states.csv")" -ge 2 ] ||
	fail "the run has no states.csv"
# A contended-only list (a sweep) with the A/A pair: no second layout to
# run, and the run completes (it failed on the second layout's empty file).
echo "kind=spin_lock mode=contended threads=SWEEP duration_ms=5" >"$TMP/cjobs"
LB_RUN_NAME=fake-contended VARIANTS=pre,post RUNS=1 THREADS=1 JOBFILE=$TMP/cjobs ORDER_SEED=7 UNIT_MS=5 SLICES=1 Q=1 \
	"$TOP/scripts/native/run.sh" >"$TMP/crun.log" 2>&1 ||
	fail "a contended-only run failed: $(tail -n 5 "$TMP/crun.log")"
grep -q '^aa_layout=-$' "$LB_BUILD/runs/fake-contended/native/run.info" || fail "a contended-only run ran the A/A's second layout"
# build.sh refuses a binary whose lock code differs; the identical fake passes.
mapfile -t dis <"$run/disasm-check/pre.txt"
[[ ${dis[-1]} =~ ^disasm:\ all\ [0-9]+\ lock\ functions\ identical ]] || fail "disasm check on identical code: ${dis[*]}"
echo "ok: native on the fakes: ${dis[-1]}"

# pre linked alone (build.sh; run.sh links its own): link.sh on the fakes.
Q=1 "$TOP/scripts/native/build.sh" pre || fail "build.sh pre failed"
out=$LB_NATIVE_OUT/pre
mapfile -t stubs <"$out/stubs.txt"
[ "${stubs[*]}" = _printk ] || fail "stubs from nm -u: want _printk only, got ${stubs[*]}"
bin=$out/lb-native
"$bin" -v pre -b 1 -H testhost -o "$TMP/r.csv" "kind=empty mode=hot" "kind=spin_lock mode=hot" \
	"kind=spin_lock mode=cold batches=5" "kind=spin_lock mode=contended threads=2 duration_ms=20" ||
	fail "lb-native failed on the fake"
"$TOP/bench-user/lb-validate" "$TMP/r.csv" || fail "lb-validate refuses the native records"
awk -F, 'NR == 2 { for (i = 1; i <= NF; i++) h[$i] = i } NR > 2 && ($h["accel"] != "native" || $h["status"] != "ok") { bad = 1 } END { exit bad }' "$TMP/r.csv" ||
	fail "records not accel=native and ok: $(<"$TMP/r.csv")"
# The contended record says what it measured (schema v3): Jain's index,
# the sections and the timer apart, the all-running share, and a hand-off
# mean exactly where hand-offs were counted.
awk -F, 'NR == 2 { for (i = 1; i <= NF; i++) h[$i] = i; next } NR > 2 && $h["mode"] == "contended" { n++
		if (!($h["jain"] >= 0.5 && $h["jain"] <= 1 && $h["hold_meas_ns"] > 0 && $h["timer_ns"] > 0 &&
		      $h["all_run_pct"] > 0 && $h["all_run_pct"] <= 100 && ($h["handoffs"] > 0) == ($h["handoff_ns"] > 0)))
			bad = 1 }
	END { exit bad || n != 1 }' "$TMP/r.csv" || fail "the contended record lacks its measured columns: $(<"$TMP/r.csv")"
# A fake that takes its report path: the _printk stub ends the process.
expect_error "stub called" "bit_spin_trylock hot: the lock code called _printk, which a user process only stubs" "$bin" -v pre -b 1 -H t "kind=bit_spin_trylock mode=hot batches=2"
# The calibration pads run natively too: pad=512 costs more than no pad,
# and only spin_lock hot is padded.
"$bin" -v pre -b 1 -H t -o "$TMP/pad.csv" "kind=spin_lock mode=hot batches=20" "kind=spin_lock mode=hot batches=20 pad=512" ||
	fail "padded jobs failed"
awk -F, 'NR == 2 { for (i = 1; i <= NF; i++) h[$i] = i; next } NR > 2 && !/^#/ { c[$h["pad"]] = $h["cyc_op"] }
	END { exit !(c[512] > c[0] + 100) }' "$TMP/pad.csv" || fail "pad=512 did not add its 512 increments: $(<"$TMP/pad.csv")"
expect_error "a padded read_lock" "only kind=spin_lock mode=hot is padded" "$bin" -v pre -b 1 -H t "kind=read_lock mode=hot pad=4"
echo "ok: pad=512 adds to spin_lock's cost, a padded read_lock is refused"
# broken_lock races: the exclusion check must say mismatch (exit 5).  The
# race needs both threads on a CPU at once, which a loaded 2-CPU host can
# deny for a while: up to 3 tries of 200 ms.
for _ in 1 2 3; do
	rc=0
	rm -f "$TMP/b.csv"
	"$bin" -v pre -b 1 -H t -o "$TMP/b.csv" "kind=broken_lock mode=contended threads=2 duration_ms=200" 2>"$TMP/b.err" || rc=$?
	[ $rc = 5 ] && break
done
b=()
[ "$rc" != 5 ] || mapfile -t b <"$TMP/b.csv"
[[ " ${b[*]} " == *,mismatch,* ]] || fail "broken_lock passed the exclusion check 3 times (exit $rc)"

# The binary's own refusals (they were native-refusals.sh's, which built a
# binary of its own for them).
n=$(nproc)
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
# Placements: a job's -C CPUs are where its threads run and its records
# say which; one not given, more threads than its CPUs, a hot job with
# one, an unknown name and CPUs this process may not use are refused.
"$bin" -v pre -b 1 -H t -o "$TMP/pl.csv" -C llc=1,0 -F "$TMP/pl.facts" "kind=spin_lock mode=cold batches=5 placement=llc" \
	"kind=spin_lock mode=contended threads=2 duration_ms=10 placement=llc" "kind=spin_lock mode=cold batches=5" ||
	fail "placed jobs failed"
placed=$(awk -F, 'NR == 2 { for (i = 1; i <= NF; i++) h[$i] = i; next } NR > 2 { print $h["mode"] ":" $h["placement"] ":" $h["status"] }' "$TMP/pl.csv" | paste -sd' ')
[ "$placed" = "cold:llc:ok contended:llc:ok cold:any:ok" ] || fail "placed records say: $placed"
grep -qx 'placements=llc:1,0' "$TMP/pl.facts" || fail "facts lack the placement's CPUs: $(<"$TMP/pl.facts")"
expect_error "placement not given" "placement=cross-llc: no CPUs were given for it .*; given: any,llc" \
	"$bin" -n -v pre -b 1 -H t -C llc=0,1 "kind=spin_lock mode=cold placement=cross-llc"
# (More threads than a placement's CPUs needs a third CPU to ask for.)
if [ "$(nproc)" -ge 3 ]; then
	expect_error "placement too small" "threads needs 3 CPUs, and placement llc has 2 here \(0,1\)" \
		"$bin" -n -v pre -b 1 -H t -C llc=0,1 "kind=spin_lock mode=contended threads=3 placement=llc"
fi
expect_error "hot placed" "a hot job runs on one CPU" "$bin" -n -v pre -b 1 -H t -C llc=0,1 "kind=spin_lock mode=hot placement=llc"
expect_error "unknown placement" "-C near=0,1: unknown placement 'near'" "$bin" -n -v pre -b 1 -H t -C near=0,1 "kind=spin_lock mode=hot"
expect_error "placement CPU" "-C llc=0,4096: want a comma-separated list" "$bin" -n -v pre -b 1 -H t -C llc=0,4096 "kind=spin_lock mode=hot"
expect_error "copy of a variant not run" "-A post: not one of the variants this process runs" "$bin" -n -v pre -A post -b 1 -H t "kind=spin_lock mode=hot"
expect_error "copy into one file" "-o writes one variant's records and 2 are picked" "$bin" -v pre -A pre -b 1 -H t -o "$TMP/r3.csv" "kind=spin_lock mode=hot"
expect_error "placement twice" "placement llc given twice" "$bin" -n -v pre -b 1 -H t -C llc=0,1 -C llc=1,0 "kind=spin_lock mode=hot"
# run.sh refuses a placement this host's /sys lacks before any work, by
# name, with what the host has (the vm2 fixture: any alone).
echo "kind=spin_lock mode=cold placement=cross-node" >"$TMP/pjobs"
expect_error "run.sh: placement lacking" "placement cross-node: this host has no such pair: .*; it has: any" \
	env LBN_SYSFS="$fx/../sysfs/vm2" LB_RUN_NAME=fake-placed VARIANTS=pre JOBFILE="$TMP/pjobs" "$TOP/scripts/native/run.sh"
[ ! -e "$LB_BUILD/runs/fake-placed" ] || fail "a refused placement left a run behind"
# A bad job anywhere stops the process before the first job runs.
expect_error "bad second job" "job 2" "$bin" -v pre -b 1 -H t -o "$TMP/r2.csv" "kind=spin_lock mode=hot" "kind=spin_lock_irq mode=hot"
[ ! -e "$TMP/r2.csv" ] || fail "a refused job list still wrote records"
# TSC flags: constant_tsc is needed; 'tsc' alone is not enough; a prefix is
# not a flag.
cpuinfo() { LBN_CPUINFO=$1 "${@:2}"; } # as env LBN_CPUINFO=FILE CMD..., without its process
printf 'processor\t: 0\nflags\t\t: fpu tsc nonstop_tsc\n' >"$TMP/ci1"
expect_error "binary: no constant_tsc" "constant_tsc" cpuinfo "$TMP/ci1" "$bin" -n -v pre -b 1 -H t "kind=spin_lock mode=hot"
printf 'processor\t: 0\nflags\t\t: fpu constant_tscx\n' >"$TMP/ci2"
expect_error "binary: no tsc" "no TSC|constant_tsc" cpuinfo "$TMP/ci2" "$bin" -n -v pre -b 1 -H t "kind=spin_lock mode=hot"
printf 'processor\t: 0\nflags\t\t: fpu tsc constant_tsc hypervisor\n' >"$TMP/ci3"
LBN_CPUINFO="$TMP/ci3" "$bin" -n -v pre -b 1 -H t "kind=spin_lock mode=hot" || fail "a constant TSC was refused"
echo "ok: every refusal of the binary named its fix"

# The disassembly check fails on a "vmlinux" with a changed instruction
# (movb $2 for $1).
# shellcheck disable=SC2016 # $2 is sed's text, not a variable
sed 's/movb\t\$1, (%rdi)/movb\t$2, (%rdi)/' "$fx/fake_spinlock.S" >"$TMP/other.S"
gcc -c -o "$TMP/other.o" "$TMP/other.S"
vmlinux "$TMP/other-vmlinux" "$TMP/other.o"
expect_error "disasm differs" "DIFFERS _raw_spin_unlock" "$TOP/scripts/native/disasm-check.sh" -p pre. "$bin" "$TMP/other-vmlinux" "$TMP/spinlock.o"
