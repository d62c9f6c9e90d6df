#!/usr/bin/env bash
# make bundle end to end on the fake kernel half (as native-fake.sh): the
# tarball, unpacked in an empty folder and run there by an unprivileged
# user (nobody, when the test runs as root) with nothing but the bundle:
# records in the contract with the host facts and topology, then imported
# by make import BUNDLE_RESULTS= into a native run with its statistics.
# Also: a CPU without constant_tsc is refused before anything is written;
# a placement this host lacks is refused by name, one a fixture /sys has
# pins its pair (LBN_CPUS); -t stops the run by itself in time; a runner
# killed mid-run leaves only complete replicates, and they import.  The
# bundle's LAVA test definition passes LAVA's schema and, its steps run
# with a stand-in lava-test-case, reports each replicate and record.
# check: slow
. "$(dirname "$0")/../lib.bash"
[ "$(uname -m)" = x86_64 ] || skip "the native bundle needs x86_64"
while IFS= read -r flags && [[ $flags != flags* ]]; do :; done </proc/cpuinfo
[[ $flags =~ [[:space:]]constant_tsc([[:space:]]|$) ]] || skip "no constant_tsc on this host"
[[ -x $TOP/bench-user/lb-validate && -x $TOP/bench-user/lb-stat ]] || fail "the tools are not built (make -C bench-user)"
command -v jq >/dev/null || skip "jq is not installed"
# shellcheck source=tests/fixtures/native/fake-kbuild.sh
. "$TOP/tests/fixtures/native/fake-kbuild.sh"
export LB_BUILD=$TMP/build LB_NATIVE_OUT=$TMP/build/native
fake_kbuild "$TMP/kb" pre post
export LB_NATIVE_KBUILD=$TMP/kb LBN_KHALF=$TMP/kb/kl.o
native_harness
printf '%s\n' "kind=empty mode=hot batches=20" "kind=spin_lock mode=hot batches=20" "kind=spin_lock mode=cold batches=5" \
	"kind=spin_lock mode=contended threads=SWEEP duration_ms=20 hold_ns=100 parallel_ns=200" >"$TMP/jobs"
BUNDLE_OUT=$TMP/out VARIANTS=pre,post JOBFILE=$TMP/jobs Q=1 "$TOP/scripts/lab/bundle.sh" >"$TMP/bundle.log" 2>&1 ||
	fail "bundle.sh failed: $(tail -n 20 "$TMP/bundle.log")"
tgz=("$TMP"/out/lockbench-native-*.tar.gz)
[ -f "${tgz[0]}" ] || fail "no tarball in BUNDLE_OUT: $(ls "$TMP/out")"
mapfile -t list < <(tar -tzf "${tgz[0]}" | sed 's|^[^/]*/||' | grep . | sort)
want=(README.txt bin/ bin/lb-native bundle.info disasm-check/ disasm-check/post.txt
	disasm-check/pre.txt host-cpu.sh host-facts.sh jobs lava-test.yaml lava.sh run.sh topology.sh)
[ "${list[*]}" = "${want[*]}" ] || fail "the tarball holds: ${list[*]}"
# One binary, every variant's lock code in it under its own prefix.
tar -xzf "${tgz[0]}" -C "$TMP" --wildcards '*/bin/lb-native'
syms=$(nm "$TMP"/lockbench-native-*/bin/lb-native)
for v in pre post; do
	[[ $syms == *" $v._raw_spin_lock"* ]] || fail "the bundle's lb-native lacks $v's _raw_spin_lock ($v._raw_spin_lock)"
done
# The checkout's path is not in it, so any clone builds the same binary
# (its binary_sha256 in bundle.info).
! grep -q -a -F -e "$TOP/" "$TMP"/lockbench-native-*/bin/lb-native ||
	fail "the bundle's lb-native names the checkout's path $TOP/: another clone would build another binary"
echo "ok: bundle $(stat -c %s "${tgz[0]}") bytes: ${list[*]}; one lb-native with pre and post, no checkout path in it"

# An unprivileged user, an empty folder, a bare environment.
if [ "$(id -u)" = 0 ]; then
	command -v setpriv >/dev/null || skip "no setpriv to run as an ordinary user"
	uid=$(id -u nobody 2>/dev/null) || skip "no user nobody to run as"
	gid=$(id -g nobody)
	as_user() { setpriv --reuid="$uid" --regid="$gid" --clear-groups "$@"; }
else
	as_user() { "$@"; }
	uid=$(id -u) gid=$(id -g)
fi
chmod 755 "$TMP"
mkdir "$TMP/empty"
cp "${tgz[0]}" "$TMP/b.tgz"
chown "$uid:$gid" "$TMP/empty" "$TMP/b.tgz"
bare() { as_user env -i PATH=/usr/bin:/bin HOME="$TMP/empty" sh -c 'cd "$1" && shift && exec "$@"' sh "$TMP/empty" "$@"; }
bare tar -xzf "$TMP/b.tgz" || fail "unpacking the bundle as $(as_user id -un) failed"
bdir=$(cd "$TMP/empty" && echo lockbench-native-*)
bare sh "$bdir/run.sh" -o res -r 2 -u 10 -t 120 -s 7 >"$TMP/run.log" 2>&1 || fail "the bundle's run.sh failed: $(tail -n 20 "$TMP/run.log")"
res=$TMP/empty/res
[ "$(stat -c %u "$res/run.info")" = "$uid" ] || fail "the results are not the user's"
grep -qx 'stopped=done' "$res/run.info" || fail "the run did not finish its rounds: $(<"$res/run.info")"
for v in pre post; do for b in 1 2; do
	"$TOP/bench-user/lb-validate" "$res/boots/$v/boot$b/results.csv" >/dev/null || fail "boots/$v/boot$b/results.csv does not validate"
done; done
hid=$(sh "$TOP/scripts/host-cpu.sh" | sed -n 's/^host_id=//p')
grep -qx "host_id=$hid" "$res/host-facts.txt" || fail "host-facts.txt lacks host_id=$hid"
grep -q '^placements=' "$res/host-facts.txt" || fail "host-facts.txt lacks the topology"
awk -F, -v h="$hid" 'NR == 2 { for (i = 1; i <= NF; i++) c[$i] = i } NR > 2 && ($c["host"] != h || $c["accel"] != "native") { exit 1 }' \
	"$res/boots/pre/boot1/results.csv" || fail "records not of host $hid, accel native"
echo "ok: the bundle ran as $(as_user id -un) from an empty folder: 2 rounds of pre and post on $hid"

# make import takes them into a native run with its statistics.
make -s -C "$TOP" import BUNDLE_RESULTS="$res" NAME=rt >"$TMP/imp.log" 2>&1 || fail "make import BUNDLE_RESULTS failed: $(tail -n 20 "$TMP/imp.log")"
run=$LB_BUILD/runs/rt/native
for f in run.info pre.csv post.csv summary.csv pairs.csv physlimit.csv host-facts.txt boots/pre/boot2/provenance.json; do
	[ -s "$run/$f" ] || fail "the imported run lacks $f"
done
declare -A RI=()
while IFS='=' read -r k v; do RI[$k]=$v; done <"$run/run.info"
[ "${RI[accel]}" = native ] && [ "${RI[host]}" = "$hid" ] && [ "${RI[boots]}" = 2 ] ||
	fail "imported run.info: accel=${RI[accel]} host=${RI[host]} boots=${RI[boots]}"
awk -F, 'NR == 2 { for (i = 1; i <= NF; i++) h[$i] = i; next } $h["kind"] == "spin_lock" && $h["mode"] == "hot" { n++ } END { exit n != 2 }' "$run/pre.csv" ||
	fail "want 2 replicates of spin_lock hot in the imported pre.csv"
cmp -s <(tail -n +3 "$res/boots/post/boot2/results.csv") <(grep -v '^#' "$run/post.csv" | awk -F, 'NR > 1 && $7 == 2') ||
	fail "the imported post.csv's boot 2 is not the bundle's records"
# The chain calibration, as make native has it: a slope a variant (boot
# "all"), what the cycles model prices the path with.
for v in pre post; do
	awk -F, -v v="$v" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["variant"] == v && $c["boot"] == "all" && $c["slope"] + 0 > 0 { ok = 1 } END { exit !ok }' \
		"$run/calibration-fit.csv" 2>/dev/null ||
		fail "the imported run's calibration-fit.csv has no slope for $v: $(cat "$run/calibration-fit.csv" 2>&1)"
done
# The contended sections as measured, a row a process and contended job,
# and the 3% check on them, as make native has them.
for v in pre post; do
	awk -F, -v v="$v" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["variant"] == v && $c["mode"] == "contended" && $c["hold_measured_ns"] != "" { n++ } END { exit n < 2 }' \
		"$run/sections.csv" 2>/dev/null ||
		fail "the imported run's sections.csv lacks $v's contended rows: $(cat "$run/sections.csv" 2>&1)"
done
grep -q '^sections: hold [0-9]* of [0-9]* and parallel [0-9]* of [0-9]* outside' "$run/sections-check.txt" ||
	fail "the imported run has no sections check: $(cat "$run/sections-check.txt" 2>&1)"
echo "ok: imported into build/runs/rt/native, statistics, the chain fit and the sections check included"
# ... and files under its host, with the bundle's commit.
RESULTS=$TMP/results "$TOP/scripts/report/hosts/host-publish.sh" "$run" >"$TMP/hp.log" 2>&1 || fail "host-publish of the imported run failed: $(<"$TMP/hp.log")"
bc=$(sed -n 's/^commit=//p' "$res/bundle.info")
grep -qx "commit=$bc.*" "$TMP/results/hosts/$hid/native/rt/provenance.txt" ||
	fail "the filed run does not name the bundle's commit $bc: $(cat "$TMP/results/hosts/$hid/native/rt/provenance.txt")"

# The LAVA test definition: LAVA's own schema accepts it, and its steps,
# run as a lab machine's test shell would (its parameters in the
# environment, lava-test-case on PATH, here a stand-in that writes down
# each case), fetch the bundle, run it and report every replicate and
# record.
if /usr/bin/python3 -c 'import lava_common.schemas' 2>/dev/null; then
	# (and says no to one of another format: one validator start for both)
	sed 's/Lava-Test Test Definition 1.0/Lava-Test 0.9/' "$TMP/empty/$bdir/lava-test.yaml" >"$TMP/bad-testdef.yaml"
	rc=0
	/usr/bin/python3 "$TOP/scripts/lab/lava-validate.py" "$TMP/empty/$bdir/lava-test.yaml" "$TMP/bad-testdef.yaml" \
		>"$TMP/lv.log" 2>&1 || rc=$?
	grep -qx "ok $TMP/empty/$bdir/lava-test.yaml" "$TMP/lv.log" ||
		fail "LAVA's schema refuses the bundle's lava-test.yaml: $(<"$TMP/lv.log")"
	[ "$rc" = 1 ] && grep -q "^$TMP/bad-testdef.yaml: .*format" "$TMP/lv.log" ||
		fail "the validator accepted a test definition of another format (rc $rc): $(<"$TMP/lv.log")"
	echo "ok: lava-test.yaml passes lava_common's test definition schema, one of another format does not"
else
	echo "lava-common is not installed: lava-test.yaml's schema check left out ('make deps')"
fi
mkdir -p "$TMP/lava/bin" "$TMP/lava/work"
printf '#!/bin/sh\necho "$*" >>"%s"\n' "$TMP/lava/cases" >"$TMP/lava/bin/lava-test-case"
chmod +x "$TMP/lava/bin/lava-test-case"
/usr/bin/python3 -c 'import sys, yaml; print("\n".join(yaml.safe_load(open(sys.argv[1]))["run"]["steps"]))' \
	"$TMP/empty/$bdir/lava-test.yaml" >"$TMP/lava/steps.sh" || fail "lava-test.yaml has no run steps"
(cd "$TMP/lava/work" && PATH=$TMP/lava/bin:$PATH TMPDIR=$TMP/lava/work BUNDLE_URL=file://${tgz[0]} TIME_S=60 RUNS=1 UNIT_MS=10 \
	PLACEMENT=any sh "$TMP/lava/steps.sh") >"$TMP/lava/log" 2>&1 || fail "lava-test.yaml's steps failed: $(tail -n 5 "$TMP/lava/log")"
cases=$(<"$TMP/lava/cases")
for c in "lockbench-native-fetch --result pass" "lockbench-native-run --result pass" "pre-boot1 --result pass" \
	"post-boot1 --result pass" "_spin_lock_hot_t1 --result pass --measurement " "--units cycles" \
	"_spin_lock_contended_t1 --result pass --measurement " "--units ops/s" "pre_boot1_" "post_boot1_"; do
	[[ $cases == *"$c"* ]] || fail "the LAVA run reported no '$c': $cases"
done
echo "ok: lava-test.yaml's steps ran the bundle: $(wc -l <"$TMP/lava/cases") LAVA test cases"

expect_error "not bundle results" "BUNDLE_RESULTS=$TMP is not what a native bundle's run.sh wrote" make -s -C "$TOP" import BUNDLE_RESULTS="$TMP"

# A CPU without constant_tsc: refused, nothing written.
printf 'processor\t: 0\nflags\t\t: fpu tsc nonstop_tsc\n' >"$TMP/cpuinfo"
expect_error "no constant_tsc" "TSC is not constant" env LBN_CPUINFO="$TMP/cpuinfo" sh "$TMP/empty/$bdir/run.sh" -o "$TMP/nt" -t 5
[ ! -e "$TMP/nt" ] || fail "a refused run wrote $TMP/nt"
# Placements: this host's /sys for one it lacks, refused by name with
# what the host has; a fixture /sys's llc CPUs (0 and 1, which every host
# here has: the SMT fixture's two cores of one cache) are the ones the
# cold and contended jobs get, and their records say llc.
expect_error "placement cross-node" "placement cross-node: this host has no such pair: .*; it has: any" \
	sh "$TMP/empty/$bdir/run.sh" -o "$TMP/pn" -p cross-node -t 5
[ ! -e "$TMP/pn" ] || fail "a refused placement wrote $TMP/pn"
LBN_SYSFS=$TOP/tests/fixtures/sysfs/smt sh "$TMP/empty/$bdir/run.sh" -o "$TMP/pl" -p llc -r 1 -u 10 -t 60 >"$TMP/pl.log" 2>&1 ||
	fail "placement llc on the smt fixture failed: $(tail -n 5 "$TMP/pl.log")"
grep -qx 'cpus=0,1' "$TMP/pl/run.info" && grep -qx 'placements=llc:0,1' "$TMP/pl/boots/pre/boot1/facts.txt" ||
	fail "placement llc: the process was not given CPUs 0,1: $(cat "$TMP/pl/run.info" "$TMP/pl/boots/pre/boot1/facts.txt")"
placed=$(awk -F, 'NR == 2 { for (i = 1; i <= NF; i++) c[$i] = i } NR > 2 { print $c["mode"] ":" $c["placement"] }' \
	"$TMP/pl/boots/pre/boot1/results.csv" | sort -u | paste -sd' ')
[ "$placed" = "cold:llc contended:llc hot:any" ] || fail "placement llc: the records say $placed"
echo "ok: placements refused by name, or their cold and contended jobs pinned and recorded"

# Fixed time: 1000 rounds in 3 s stop by themselves, in time.  (-u 10:
# a process of 100 ms units can take most of the 3 s on a busy host.)
# Unstopped, 1000 rounds take minutes; the bound leaves a loaded host
# room for the process that runs at the deadline.
t0=$EPOCHREALTIME
sh "$TMP/empty/$bdir/run.sh" -o "$TMP/ft" -r 1000 -u 10 -t 3 >"$TMP/ft.log" 2>&1 || fail "the fixed-time run failed: $(tail -n 5 "$TMP/ft.log")"
t1=$EPOCHREALTIME
took=$(((${t1/./} - ${t0/./}) / 1000))
grep -qx 'stopped=time' "$TMP/ft/run.info" || fail "the fixed-time run did not stop for time: $(<"$TMP/ft/run.info")"
# (its last steps after the deadline: a process stopped, run.info written)
[ "$took" -le 8000 ] || fail "-t 3 took ${took} ms"
# (A host loaded past its CPUs may finish no replicate in 3 s: the
# killed run below is what shows that complete replicates are kept.)
n=$(grep -c '^ok ' "$TMP/ft/progress.txt" 2>/dev/null) || n=0
echo "ok: -t 3 stopped by itself after ${took} ms with $n replicates"

# A TMPDIR it cannot write (a lab's, another user's): its scratch files
# go in its own output folder, and none is left there (issue #47).
bare env TMPDIR=/proc/no-such-tmp sh "$bdir/run.sh" -o tmpdir -r 1 -u 10 -t 60 >"$TMP/tmpdir.log" 2>&1 ||
	fail "run.sh with an unwritable TMPDIR failed: $(tail -n 5 "$TMP/tmpdir.log")"
[ ! -e "$TMP/empty/tmpdir/.scratch" ] || fail "run.sh left its scratch folder in its results"
echo "ok: run.sh with TMPDIR=/proc/no-such-tmp ran, its scratch in its own folder"

# Killed mid-run: only complete replicates remain, and they import.
sh "$TMP/empty/$bdir/run.sh" -o "$TMP/k" -r 1000 -u 10 -t 120 >"$TMP/k.log" 2>&1 &
pid=$!
for _ in $(seq 100); do
	n=$(grep -c '^ok ' "$TMP/k/progress.txt" 2>/dev/null) || n=0
	[ "$n" -lt 3 ] || break
	sleep 0.2
done
[ "$n" -ge 3 ] || fail "the run to be killed completed $n replicates in 20 s"
kill -TERM "$pid"
wait "$pid" || true
grep -qx 'stopped=signal' "$TMP/k/run.info" || fail "the killed run does not say so: $(<"$TMP/k/run.info")"
parts=("$TMP"/k/boots/*/.boot*.part)
[ ! -e "${parts[0]}" ] || fail "a killed run left a partial replicate: ${parts[*]}"
NAME=killed "$TOP/scripts/lab/import-native.sh" "$TMP/k" >"$TMP/ki.log" 2>&1 || fail "importing the killed run failed: $(tail -n 5 "$TMP/ki.log")"
echo "ok: killed after $(grep -c '^ok ' "$TMP/k/progress.txt") replicates: nothing partial, imported"
