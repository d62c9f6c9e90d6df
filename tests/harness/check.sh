#!/usr/bin/env bash
# make check: the test suite.  Unit tests, host-side bad-input tests, real
# kernel builds of CHECK_VARIANTS, then QEMU boots of each.  Every test is
# an executable file under tests/host or tests/boot; it passes by exiting 0
# and skips by exiting 4 (KTAP's skip).  The output is KTAP v1 ("KTAP
# version 1", "1..N", "ok N name", "not ok N name", "# SKIP why"), with each
# failure's log tail as "# " lines, then the closing "N passed, M failed,
# K skipped".  LB_LONG=1 (make check-long) runs the long forms.
. "$(dirname "$0")/../../scripts/lib.sh"

# CI covers the two legacy debug variants and stock; the long check covers
# the whole default matrix plus the legacy PREEMPT (lock-break) variants.
if [ "${LB_LONG:-0}" = 1 ]; then
	export CHECK_VARIANTS=${CHECK_VARIANTS:-$(matrix_variants | tr '\n' ' ')pre-preempt post-preempt}
else
	export CHECK_VARIANTS=${CHECK_VARIANTS:-pre-debug post-debug stock}
fi
export LB_CHECK_DIR=$LB_BUILD/check
rm -rf "$LB_CHECK_DIR"
mkdir -p "$LB_CHECK_DIR"
pass=0 fail=0 skip=0 failed=() n=0
t0=$EPOCHSECONDS

# The plan: every test this invocation will run, counted before the first.
# The host tests that say "# check: slow" (they run the report stages on a
# whole run) start first, so that none is left running alone at the end.
mapfile -t slow < <(grep -l '^# check: slow' "$LB_TOP"/tests/host/*.sh)
host_tests=("${slow[@]}")
for t in "$LB_TOP"/tests/host/*.sh; do
	case " ${slow[*]} " in *" $t "*) ;; *) host_tests+=("$t") ;; esac
done
boot_tests=("$LB_TOP"/tests/boot/*.sh)
read -r -a cv <<<"$CHECK_VARIANTS"
plan=$((2 + ${#host_tests[@]}))
[ "${LB_CHECK_HOST_ONLY:-0}" = 1 ] ||
	plan=$((plan + 2 + 3 * ${#cv[@]} + ${#boot_tests[@]} + $([ "${LB_LONG:-0}" = 1 ] && echo 1 || echo 0)))
echo "KTAP version 1"
echo "1..$plan"

# report NAME RC SECONDS LOG: one KTAP line, and the log's tail on failure.
report() {
	local name=$1 rc=$2 secs=$3 log=$4
	n=$((n + 1))
	case $rc in
	0) pass=$((pass + 1)) && printf 'ok %d %s # %ss\n' $n "$name" "$secs" ;;
	4) skip=$((skip + 1)) && printf 'ok %d %s # SKIP %s\n' $n "$name" "$(tail -n 1 "$log")" ;;
	*)
		fail=$((fail + 1)) failed+=("$name")
		printf 'not ok %d %s # %ss, exit %d\n' $n "$name" "$secs" "$rc"
		tail -n 25 "$log" | sed 's/^/# | /'
		;;
	esac
}

run_test() { # name command...
	local name=$1 rc=0 s log
	shift
	s=$EPOCHSECONDS
	log=$LB_CHECK_DIR/${name//\//_}.log
	"$@" >"$log" 2>&1 || rc=$?
	report "$name" $rc $(($EPOCHSECONDS - s)) "$log"
}

# 1. Host-only: the C tools, then their unit tests beside the host tests
# (bad input, guards).  Those are independent (each works in its own TMP)
# and need only the tools: they run on every CPU at once, and report in
# order.
run_test build/tools make -j"$(nproc)" -C "$LB_TOP/bench-user" all
hdir=$LB_CHECK_DIR/host
mkdir -p "$hdir"
running=0
for t in "${host_tests[@]}" unit; do
	if [ $running -ge "$(nproc)" ]; then
		wait -n || true
		running=$((running - 1))
	fi
	name=$(basename "$t" .sh)
	(
		s=$EPOCHSECONDS rc=0
		if [ "$t" = unit ]; then
			make -C "$LB_TOP/bench-user" check
		else
			"$t"
		fi >"$LB_CHECK_DIR/host_$name.log" 2>&1 || rc=$?
		echo "$rc $(($EPOCHSECONDS - s))" >"$hdir/$name.rc"
	) &
	running=$((running + 1))
done
wait
for t in unit "$LB_TOP"/tests/host/*.sh; do # reported in name order
	name=$(basename "$t" .sh)
	read -r rc secs <"$hdir/$name.rc"
	if [ "$t" = unit ]; then
		report unit/cmocka "$rc" "$secs" "$LB_CHECK_DIR/host_$name.log"
	else
		report "host/$name" "$rc" "$secs" "$LB_CHECK_DIR/host_$name.log"
	fi
done

if [ "${LB_CHECK_HOST_ONLY:-0}" = 1 ]; then
	echo "# check: LB_CHECK_HOST_ONLY=1: kernel builds and boots left out"
	echo "$pass passed, $fail failed, $skip skipped"
	[ $fail -eq 0 ]
	exit
fi

# 2. The kernels: tree, build, config and disassembly checks, modules.
run_test build/tree "$LB_TOP/scripts/build/tree.sh"
for v in $CHECK_VARIANTS; do
	run_test "build/kernel-$v" "$LB_TOP/scripts/build/kernel.sh" "$v"
	run_test "build/module-$v" "$LB_TOP/scripts/build/module.sh" "$v"
	run_test "build/initramfs-$v" "$LB_TOP/scripts/build/initramfs.sh" "$v"
done
run_test build/initramfs-base "$LB_TOP/scripts/build/initramfs.sh" base
# Bisectability: every prefix of the series builds (long check only: it is
# about 20 kernel builds).
[ "${LB_LONG:-0}" = 1 ] && run_test build/bisect "$LB_TOP/tests/harness/check-bisect.sh"

# 3. Boots.
for t in "${boot_tests[@]}"; do run_test "boot/$(basename "$t" .sh)" "$t"; done

echo "# check: $(($EPOCHSECONDS - t0))s; logs in ${LB_CHECK_DIR#"$LB_TOP"/}"
[ $fail -eq 0 ] || echo "# check: failed: ${failed[*]}"
echo "$pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
