#!/usr/bin/env bash
# make DRYRUN=1 prints what the goals would build (and why), boot and run,
# with a time from measured builds and boots (this clone's, else the one
# table of stage times: the published run's and schema/stage-times.tsv),
# and does nothing else: no build directory appears, and one that exists
# is left as it was.  Every target gets a nonzero estimate on a fresh
# clone.  make native and make quick refuse there what the real ones
# refuse, with their rc, as does an unknown target.
# check: slow
. "$(dirname "$0")/../lib.bash"
export LB_BUILD=$TMP/build LB_SRC_TARBALL=$TMP/no-linux-source.tar.xz
unset VARIANT VARIANTS VCPUS ACCEL BOOTS REPEAT JOB RUN KSRC KERNEL KCONFIG JOBFILE LB_NATIVE_KBUILD
out=$(make -s -C "$TOP" DRYRUN=1 all 2>&1) || fail "make DRYRUN=1 all failed: $out"
[ ! -e "$LB_BUILD" ] || fail "make DRYRUN=1 all created $LB_BUILD: $(find "$LB_BUILD" | head)"
for want in "tree: extract linux-source-6.1" "kernel stock-debug: build: missing \(the tree is not extracted yet\)" \
	"icount: variants pre .*the icount machine, 1 vCPU" "timed: variants pre pre-debug post post-debug stock stock-debug; ACCEL=auto" \
	"10 boots x 3 passes" "tree: extract linux-source-6.1 .*about [0-9]+s \(stage tree, measured on"; do
	[[ $out =~ $want ]] || fail "the plan lacks /$want/: $out"
done
# A fresh clone has measured nothing: the published run's times stand in.
pre=$(sed -n 's/^kernel_build_seconds=.*pre:\([0-9]*\).*/\1/p' "$TOP/results/raw/run.info")
[ -n "$pre" ] || fail "results/raw/run.info records no build time for pre"
for want in "kernel pre: build: missing \(the tree is not extracted yet\); about ${pre}s \(the published run's build" \
	"timed: 60 boots, about [0-9.]+s each \(the published run, results/raw\)" "native: 120 variant runs \(20 processes x 6 variants\), about [0-9.]+s each"; do
	[[ $out =~ $want ]] || fail "the plan lacks /$want/: $out"
done
[[ ! $out =~ "at least 0 min 0 s" ]] || fail "a fresh clone's plan estimates nothing: $out"
# Every step of the Makefile's all: line has its line in the plan.
for step in $(sed -n 's/^all: args-ok //p' "$TOP/Makefile"); do
	[[ $out =~ (^|$'\n')"  $step: " ]] || fail "make DRYRUN=1 all leaves out the $step step: $out"
done
echo "ok: make DRYRUN=1 all on a fresh clone: the plan, every step, the published run's times, nothing written"

# make native builds no kernel: on a fresh clone the real one refuses
# before any work, and so does its plan, with the same message and rc.
rc=0 real=$(make -s -C "$TOP" native 2>&1) || rc=$?
drc=0 dry=$(make -s -C "$TOP" DRYRUN=1 native 2>&1) || drc=$?
[ $rc -ne 0 ] || fail "make native on a fresh clone did not refuse: $real"
[ $drc -eq $rc ] || fail "make DRYRUN=1 native gave rc $drc, the real one $rc: $dry"
msg=$(grep -m1 'error:' <<<"$real")
[[ $dry == *"$msg"* ]] || fail "make DRYRUN=1 native does not refuse as the real one ($msg): $dry"
echo "ok: make DRYRUN=1 native refuses as make native does (rc $rc): ${msg#lockbench: error: }"
# (The real one parsed its variants first, into build/variants.mk: all
# it may write.)
left=$(find "$LB_BUILD" -type f 2>/dev/null | grep -v -E '/variants\.(key|mk)$' || true)
[ -z "$left" ] || fail "make native on a fresh clone wrote more than its variants: $left"
rm -rf "$LB_BUILD"

# Every target, planned on a fresh clone, with what it needs given: a
# nonzero estimate from measured times, each.  (plan.sh itself, as
# DRYRUN=1 runs it: the settings check is the refusals' to test, and 38
# makes would each run it again.)
declare -A needs=([kernel]="VARIANT=pre" [module]="VARIANT=pre" [boot]="VARIANT=pre" [quality]="VARIANT=pre"
	[calibrate]="VARIANT=pre" [export]="VARIANT=pre" [lava-run]="VARIANT=pre" [cell-count]="VARIANT=pre CELL=kind=spin_lock"
	[perf]="VARIANT=pre JOB=kind=spin_lock+mode=hot" [again]="RUN=$TOP/results/raw" [compare]="RUN=$TOP/results/raw"
	[plots]="RUN=$TOP/results/raw" [results]="RUN=$TOP/results/raw" [publish]="RUN=$TOP/results/raw"
	[cover-letter]="RUN=$TOP/results/raw" [import]="BUNDLE_LOG=$TOP/README.md VARIANT=pre"
	[bisect]="KSRC=$TOP GOOD=HEAD BAD=HEAD THRESHOLD=5% CELL=kind=spin_lock+mode=hot")
planned=0 zero=()
mapfile -t targets < <("$TOP/scripts/build/targets.sh" names)
for g in "${targets[@]}"; do
	[ "$g" != native ] || continue # refuses on a fresh clone: below
	args=()
	for kv in ${needs[$g]:-}; do args+=("${kv//+/ }"); done
	out=$(env "${args[@]}" "$TOP/scripts/build/plan.sh" "$g" 2>&1) || fail "make DRYRUN=1 $g ${args[*]} failed: $out"
	est=$(sed -n 's/^lockbench: DRYRUN=1: estimated \(at least \)\{0,1\}\([0-9]*\) min \([0-9]*\) s.*/\2 \3/p' <<<"$out")
	read -r m sec <<<"$est"
	[ -n "$est" ] && [ $((m * 60 + sec)) -gt 0 ] || zero+=("$g (${est:-none})")
	planned=$((planned + 1))
done
[ ! -e "$LB_BUILD" ] || fail "planning every target wrote $LB_BUILD"
[ "$planned" -ge 35 ] || fail "only $planned targets planned"
[ ${#zero[@]} -eq 0 ] || fail "targets planned with no time: ${zero[*]}"
echo "ok: each of the $planned targets but native planned on a fresh clone with a nonzero estimate"

# Refused in the plan as for real, rc 2: an unknown target, and make
# quick with a base that is no commit of its tree (a kernel tree, git).
cp -r "$TOP/tests/fixtures/quick/tree" "$TMP/k"
git -C "$TMP/k" init -q && git -C "$TMP/k" add -A &&
	git -C "$TMP/k" -c user.name=t -c user.email=t@invalid commit -q -m base
for args in "cover-leter" "quick KSRC=$TMP/k BASE=no-such-ref"; do
	# shellcheck disable=SC2086 # the words of a make command line
	rc=0 real=$(make -s -C "$TOP" $args 2>&1) || rc=$?
	# shellcheck disable=SC2086
	drc=0 dry=$(make -s -C "$TOP" DRYRUN=1 $args 2>&1) || drc=$?
	[ $rc -eq 2 ] && [ $drc -eq 2 ] || fail "make $args: rc $rc, DRYRUN=1 rc $drc (want 2 and 2): $real / $dry"
	msg=$(grep -m1 'error:' <<<"$real")
	[[ $dry == *"$msg"* ]] || fail "make DRYRUN=1 $args does not refuse as the real one ($msg): $dry"
	echo "ok: make DRYRUN=1 $args refuses as the real one, rc 2: ${msg#lockbench: error: }"
done
[ ! -e "$LB_BUILD" ] || fail "a refused make wrote $LB_BUILD"

# Recorded times: stock built once in 300 s, a timed run of 2 variants x
# 2 boots in 100 s (25 s a boot).  stock's build is up to date but for a
# fragment, so it is out of date and its time counts; 4 boots add 100 s,
# and the settings check its 1 s.
. "$TOP/scripts/lib.sh"
mkdir -p "$LB_KBUILD/stock/arch/x86/boot" "$LB_TREE" "$LB_BUILD/runs/r1"
touch "$LB_STAMP" "$LB_KBUILD/stock/arch/x86/boot/bzImage" "$LB_KBUILD/stock/vmlinux" "$LB_KBUILD/stock/.lb-fresh"
echo stale >"$LB_KBUILD/stock/.lb-config-key"
echo 300 >"$LB_KBUILD/stock/.lb-build-seconds"
printf 'run_id=r1\nvariants=pre stock\naccel=tcg\nboots=2\ntotal_seconds=100\n' >"$LB_BUILD/runs/r1/run.info"
before=$(find "$LB_BUILD" -printf '%p %s %T@\n' | sort)
out=$(make -s -C "$TOP" DRYRUN=1 run VARIANTS=stock BOOTS=4 2>&1) || fail "make DRYRUN=1 run failed: $out"
[ "$(find "$LB_BUILD" -printf '%p %s %T@\n' | sort)" = "$before" ] || fail "make DRYRUN=1 run changed $LB_BUILD"
for want in "kernel stock: build: out of date \(its fragments or the tree changed\); last build took 300s" \
	"run: 4 boots, about 25.0s each \(recorded, runs/r1\)" "estimated 6 min 41 s from measured times"; do
	[[ $out =~ $want ]] || fail "the plan lacks /$want/: $out"
done
echo "ok: make DRYRUN=1 run: why stock rebuilds, and 400 s from the recorded build and boots"
# Bad settings are refused there too.
expect_error "DRYRUN=1 ACCEL=kvmm" "ACCEL=kvmm is not one of" make -s -C "$TOP" DRYRUN=1 run ACCEL=kvmm
