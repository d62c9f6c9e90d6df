#!/usr/bin/env bash
# make check T=glob runs only the matching tests, and tests/harness/check.sh
# tells its outcomes apart by exit status: 0 passed, 1 a test failed, 2 bad
# input (a T matching no test, refused before anything runs), 3 a missing
# prerequisite, 4 everything selected skipped.  The KTAP lines and the
# closing count stay as they were.  Runs on a folder of stand-in tests
# (LB_TESTS) and its own build directory; build/tools, which always
# runs, is one more pass in each count.
. "$(dirname "$0")/../lib.bash"
mkdir -p "$TMP/t/host" "$TMP/t/boot"
st() { printf '#!/bin/sh\necho "%s"\nexit %s\n' "$2" "$3" >"$TMP/t/host/$1.sh" && chmod +x "$TMP/t/host/$1.sh"; }
st pass-a "fine" 0
st pass-b "fine too" 0
st fails "it broke" 1
st skips "no frobnicator here" 4
st lacks "frob-tool is not installed: run make deps" 3
printf '#!/bin/sh\nexit 0\n' >"$TMP/t/boot/10-boot.sh" && chmod +x "$TMP/t/boot/10-boot.sh"
export LB_TESTS=$TMP/t LB_BUILD=$TMP/build LB_CHECK_HOST_ONLY=1
unset T
C=$TOP/tests/harness/check.sh

# check T [LB_CHECK_HOST_ONLY]: the harness's output in $TMP/out, its status in rc.
check() {
	rc=0
	T=$1 "$C" >"$TMP/out" 2>&1 || rc=$?
}
expect() { # WHAT RC PATTERN...: the last check's status and lines
	local what=$1 want=$2 p
	shift 2
	[ "$rc" = "$want" ] || fail "$what: exit $rc, expected $want: $(cat "$TMP/out")"
	for p; do grep -q -E -- "$p" "$TMP/out" || fail "$what: no line /$p/ in: $(cat "$TMP/out")"; done
	echo "ok: $what: exit $rc"
}

check 'pass-*'
expect "T='pass-*'" 0 '^KTAP version 1$' '^1\.\.3$' '^ok 2 host/pass-a # ' '^ok 3 host/pass-b # ' '^3 passed, 0 failed, 0 skipped$'
! grep -q -E 'fails|skips|lacks|cmocka' "$TMP/out" || fail "T='pass-*' ran more than pass-*: $(cat "$TMP/out")"
check host/pass-a,fails
expect "T=host/pass-a,fails" 1 '^1\.\.3$' '^not ok 2 host/fails # [0-9]+s, exit 1$' '^# \| it broke$' '^2 passed, 1 failed, 0 skipped$'
check lacks
expect "T=lacks" 3 '^not ok 2 host/lacks # [0-9]+s, missing prerequisite: frob-tool is not installed' '^1 passed, 1 failed, 0 skipped$'
check 'lacks fails'
expect "T='lacks fails'" 1 '^1 passed, 2 failed, 0 skipped$'
check skips
expect "T=skips" 4 '^ok 2 host/skips # SKIP no frobnicator here$' '^1 passed, 0 failed, 1 skipped$'
: >"$TMP/build/check/kept"
check nope
expect "T=nope" 2 "T: 'nope' matches no test"
[ -e "$TMP/build/check/kept" ] || fail "a refused T= removed the last check's logs"
check 'pass-a nope'
expect "T='pass-a nope'" 2 "T: 'nope' matches no test"
check 10-boot
expect "T=10-boot, host only" 2 "matches only boot tests or build steps, and LB_CHECK_HOST_ONLY=1 leaves them out"
# Every host test (unit/cmocka is left to the real suite).
check 'host/*'
expect "T='host/*'" 1 '^1\.\.6$' '^3 passed, 2 failed, 1 skipped$'
! grep -q cmocka "$TMP/out" || fail "T='host/*' ran the unit tests"
