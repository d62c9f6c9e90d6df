#!/usr/bin/env bash
# make check: the test suite.  Unit tests, host-side bad-input tests, real
# kernel builds of CHECK_VARIANTS, then QEMU boots of each.  Every test is
# an executable file under tests/host or tests/boot; it passes by exiting 0,
# skips by exiting 4 (KTAP's skip), says a prerequisite is missing by
# exiting 3, and fails otherwise.  The output is KTAP v1 ("KTAP version 1",
# "1..N", "ok N name", "not ok N name", "# SKIP why"), with each failure's
# log tail as "# " lines, then the closing "N passed, M failed, K skipped".
# LB_LONG=1 (make check-long) runs the long forms.
#   T="glob..."  only the tests whose name matches one of the globs (space
#                or comma separated); a glob without "/" also matches the
#                name after its folder: T=contract, T='host/byo-*', T=10-hello.
#                A boot test or build step among them runs the kernel
#                builds too (they need them); build/tools always runs.
# Exit status (docs/tests.md): 0 every selected test passed or skipped
# (at least one passed), 1 a test failed, 2 bad input (a T that matches
# no test), 3 a prerequisite is missing and nothing failed otherwise,
# 4 every selected test skipped.
#   J=N          run N of the cmocka suites and host tests at once (default:
#                the CPUs); J=1 runs them one by one.  Each writes its own
#                log and is reported whole, in name order, once it and every
#                test before it have ended.  Boot tests always run one by one.
# LB_TESTS (default tests/) is the folder of host/ and boot/ tests, for
# tests/host/check-select.sh.  --select checks T and does nothing else.
. "$(dirname "$0")/../../scripts/lib.sh"

# refuse MESSAGE: bad input (exit 2), before anything runs or is removed.
refuse() {
	printf 'lockbench: error: %s\n' "$*" >&2
	exit 2
}

# CI covers the two legacy debug variants and stock; the long check covers
# the whole default matrix plus the legacy PREEMPT (lock-break) variants.
if [ "${LB_LONG:-0}" = 1 ]; then
	export CHECK_VARIANTS=${CHECK_VARIANTS:-$(matrix_variants | tr '\n' ' ')pre-preempt post-preempt}
else
	export CHECK_VARIANTS=${CHECK_VARIANTS:-pre-debug post-debug stock}
fi
host_only=${LB_CHECK_HOST_ONLY:-0}

# The plan: every test this invocation will run, counted before the first.
tests=${LB_TESTS:-$LB_TOP/tests}
T=${T:-}
read -r -a pats <<<"${T//,/ }"
declare -A matched
# selected NAME: is the test NAME (host/x, boot/x, unit/cmocka, build/x)
# among T's globs?  Every name is when T is empty.
selected() {
	local p hit=1
	[ ${#pats[@]} -gt 0 ] || return 0
	for p in "${pats[@]}"; do
		# shellcheck disable=SC2053 # T's patterns are globs on purpose
		if [[ $1 == $p ]] || { [[ $p != */* ]] && [[ ${1#*/} == $p ]]; }; then
			matched[$p]=${matched[$p]:-}${1%%/*}
			hit=0
		fi
	done
	return $hit
}
host_tests=()
for t in "$tests"/host/*.sh; do
	n=${t##*/} # the name, before any work: no basename per test
	selected "host/${n%.sh}" && host_tests+=("$t")
done
run_unit=0
selected unit/cmocka && run_unit=1
read -r -a cv <<<"$CHECK_VARIANTS"
builds=(build/tree)
for v in "${cv[@]}"; do builds+=("build/kernel-$v" "build/module-$v" "build/initramfs-$v"); done
builds+=(build/initramfs-base)
[ "${LB_LONG:-0}" = 1 ] && builds+=(build/bisect)
# A boot test or build step selected runs every build step: boots need them.
boot_tests=()
run_builds=0
for t in "$tests"/boot/*.sh; do
	n=${t##*/}
	selected "boot/${n%.sh}" && boot_tests+=("$t")
done
for b in "${builds[@]}"; do selected "$b" && run_builds=1; done
[ ${#boot_tests[@]} -eq 0 ] || run_builds=1
if [ "$host_only" = 1 ]; then
	boot_tests=() run_builds=0
fi
for p in "${pats[@]}"; do
	case ${matched[$p]:-} in
	'') refuse "T: '$p' matches no test: T is globs on test names, e.g. T=contract, T='host/byo-*' or T=10-hello; the tests are unit/cmocka, host/NAME and boot/NAME for tests/host/NAME.sh and tests/boot/NAME.sh, and ${builds[*]}" ;;
	*host* | *unit*) ;;
	*) [ "$host_only" != 1 ] || refuse "T: '$p' matches only boot tests or build steps, and LB_CHECK_HOST_ONLY=1 leaves them out: drop one of the two" ;;
	esac
done
# check.sh --select: only the check of T above (make's first step,
# check-args, asks it before make deps).
[ "${1:-}" != --select ] || exit 0
J=${J:-$(nproc)}
[[ $J =~ ^[1-9][0-9]{0,3}$ ]] || refuse "J=$J is not a positive integer: J is how many host tests run at once, e.g. J=$(nproc) (the CPUs) or J=1"
# T and J are this check's, not its tests': a make a test runs would
# otherwise check this T again (check-args asks check.sh --select).
export -n T J
# The tools, without which no test runs.
need=(make gcc)
[ $run_builds = 0 ] || need+=(qemu-system-x86_64)
for c in "${need[@]}"; do
	command -v "$c" >/dev/null || {
		printf 'lockbench: error: %s is not installed: run make deps (as root) first\n' "$c" >&2
		exit 3
	}
done

export LB_CHECK_DIR=$LB_BUILD/check
rm -rf "$LB_CHECK_DIR"
mkdir -p "$LB_CHECK_DIR"
pass=0 fail=0 skip=0 missing=0 failed=() n=0
t0=$EPOCHSECONDS
plan=$((1 + run_unit + ${#host_tests[@]} + ${#boot_tests[@]}))
[ $run_builds = 0 ] || plan=$((plan + ${#builds[@]}))
echo "KTAP version 1"
echo "1..$plan"

# report NAME RC SECONDS LOG: one KTAP line, and the log's tail on failure.
report() {
	local name=$1 rc=$2 secs=$3 log=$4
	n=$((n + 1))
	case $rc in
	0) pass=$((pass + 1)) && printf 'ok %d %s # %ss\n' $n "$name" "$secs" ;;
	4) skip=$((skip + 1)) && printf 'ok %d %s # SKIP %s\n' $n "$name" "$(tail -n 1 "$log")" ;;
	3)
		# A missing prerequisite is a failure in the count, told apart by
		# the exit status.
		fail=$((fail + 1)) missing=$((missing + 1)) failed+=("$name")
		printf 'not ok %d %s # %ss, missing prerequisite: %s\n' $n "$name" "$secs" "$(tail -n 1 "$log")"
		;;
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

# 1. Host-only: the C tools, then the cmocka suites and the host tests.
# Those are independent (each works in its own TMP) and need only the
# tools, so J of them run at once.  Those marked "# check: slow" (they run
# the report stages on a whole run) start first, so that none is left
# running alone at the end; those marked "# check: alone" (they need the
# machine to themselves) run one by one after the rest.  Each test's output
# goes to its own log; its KTAP line (and a failure's log tail) is printed
# once it and every test before it in name order have ended.
run_test build/tools make -j"$(nproc)" -C "$LB_TOP/bench-user" all
order=() # name order, as reported; J=1 also runs them in it
[ $run_unit = 0 ] || order+=(unit/cmocka)
for t in "${host_tests[@]}"; do
	t=${t##*/}
	order+=("host/${t%.sh}")
done
# marked WORD NAME: does the test say "# check: WORD"?
marked() {
	[ "$2" != unit/cmocka ] && grep -qE "^# check: $1\b" "$tests/$2.sh"
}
first=() rest=() alone=()
for name in "${order[@]}"; do
	if marked alone "$name"; then
		alone+=("$name")
	elif [ "$J" -gt 1 ] && marked slow "$name"; then
		first+=("$name")
	else
		rest+=("$name")
	fi
done

declare -A job=() ended=() took=() began=()
# start NAME: run one test in the background, its output in its own log.
start() {
	began[$1]=$EPOCHSECONDS
	if [ "$1" = unit/cmocka ]; then
		make -C "$LB_TOP/bench-user" check
	else
		"$tests/$1.sh"
	fi >"$LB_CHECK_DIR/${1//\//_}.log" 2>&1 &
	job[$!]=$1
}
# reap: wait for the next test to end, then report every test whose turn
# has come.
next=0
reap() {
	local pid rc=0 name
	wait -n -p pid || rc=$?
	name=${job[$pid]}
	unset "job[$pid]"
	ended[$name]=$rc took[$name]=$((EPOCHSECONDS - ${began[$name]}))
	while [ $next -lt ${#order[@]} ] && [ -n "${ended[${order[next]}]:-}" ]; do
		name=${order[next]}
		report "$name" "${ended[$name]}" "${took[$name]}" "$LB_CHECK_DIR/${name//\//_}.log"
		next=$((next + 1))
	done
}
for name in "${first[@]}" "${rest[@]}"; do
	[ ${#job[@]} -lt "$J" ] || reap
	start "$name"
done
while [ ${#job[@]} -gt 0 ]; do reap; done
for name in "${alone[@]}"; do
	start "$name"
	reap
done

# finish: the closing line, and the exit status the head of this file
# lists (build/tools is a pass of its own, not a selected test's).
finish() {
	[ $fail -eq 0 ] || echo "# check: failed: ${failed[*]}"
	echo "$pass passed, $fail failed, $skip skipped"
	[ $fail -eq 0 ] || { [ $fail -eq $missing ] && exit 3; exit 1; }
	[ $skip -eq 0 ] || [ $pass -gt 1 ] || exit 4
	exit 0
}

if [ $run_builds = 0 ] && [ ${#boot_tests[@]} -eq 0 ]; then
	[ "$host_only" != 1 ] || echo "# check: LB_CHECK_HOST_ONLY=1: kernel builds and boots left out"
	finish
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
finish
