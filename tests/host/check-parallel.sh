#!/usr/bin/env bash
# tests/harness/check.sh runs J host tests at once and reports them as if
# one by one: each test's KTAP line and failure tail whole, in name order,
# whatever order they end in; a failure still fails the run (exit 1) and a
# skip is still a skip.  Tests marked "# check: slow" start first; those
# marked "# check: alone" run after the rest with nothing beside them;
# J=1 runs one at a time in name order.  Runs on stand-in tests (LB_TESTS)
# that note when they start and end in $EVENTS.
# shellcheck disable=SC2016 # the stand-ins' bodies expand when they run
# shellcheck source=tests/lib.bash
. "$(dirname "$0")/../lib.bash"
mkdir -p "$TMP/t/host" "$TMP/t/boot"
export LB_TESTS=$TMP/t LB_BUILD=$TMP/build LB_CHECK_HOST_ONLY=1 EVENTS=$TMP/events
unset T J
cat >"$TMP/t/standin.sh" <<'SH'
name=${0##*/}
name=${name%.sh}
echo "start $name" >>"$EVENTS"
trap 'echo "end $name" >>"$EVENTS"' EXIT
# The check's own T= and J= select and pace the tests, and are not theirs.
[ -z "${T+set}${J+set}" ] || { echo "T=${T-} J=${J-} reached $name"; exit 1; }
SH
st() { # NAME BODY: a stand-in test
	printf '#!/bin/sh\n. "$LB_TESTS/standin.sh"\n%s\n' "$2" >"$TMP/t/host/$1.sh"
	chmod +x "$TMP/t/host/$1.sh"
}
# a-waits passes only if b-fails runs beside it, and so ends after it.
st a-waits 'i=0
while [ ! -e "$EVENTS.b" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
[ -e "$EVENTS.b" ] || { echo "b-fails never ran beside me"; exit 1; }'
# Two failures that print at the same time, line by line.
st b-fails 'touch "$EVENTS.b"
for i in 1 2 3; do echo "b line $i"; sleep 0.2; done
exit 1'
st c-fails 'for i in 1 2 3; do echo "c line $i"; sleep 0.2; done
exit 1'
st d-skips 'echo "no frobnicator here"
exit 4'
st a-alone '# check: alone
true'
st z-slow '# check: slow
sleep 0.5'
C=$TOP/tests/harness/check.sh

check() { # T J: the harness's output in $TMP/out, times as Ns; status in rc
	rc=0
	: >"$EVENTS"
	T=$1 J=$2 "$C" >"$TMP/out" 2>&1 || rc=$?
	sed -i -E 's/ # [0-9]+s/ # Ns/' "$TMP/out"
}
same() { # WHAT FILE: FILE holds what is on stdin
	diff -u - "$2" >"$TMP/diff" || fail "$1: $(cat "$TMP/diff")"
}

check 'host/*' 2
[ $rc = 1 ] || fail "J=2, two tests failing: exit $rc, not 1: $(cat "$TMP/out")"
same "J=2: the report" "$TMP/out" <<'OUT'
KTAP version 1
1..7
ok 1 build/tools # Ns
ok 2 host/a-alone # Ns
ok 3 host/a-waits # Ns
not ok 4 host/b-fails # Ns, exit 1
# | b line 1
# | b line 2
# | b line 3
not ok 5 host/c-fails # Ns, exit 1
# | c line 1
# | c line 2
# | c line 3
ok 6 host/d-skips # SKIP no frobnicator here
ok 7 host/z-slow # Ns
# check: LB_CHECK_HOST_ONLY=1: kernel builds and boots left out
# check: failed: host/b-fails host/c-fails
4 passed, 2 failed, 1 skipped
OUT
echo "ok: J=2: a-waits ran beside b-fails and ended after it, yet each is reported whole, in name order; exit 1"
# The first two started are z-slow and a-waits, in either order.
head -n 2 "$EVENTS" | grep -qx "start z-slow" || fail "J=2: the slow test did not start first: $(cat "$EVENTS")"
[ "$(tail -n 2 "$EVENTS")" = $'start a-alone\nend a-alone' ] || fail "J=2: a-alone did not run last and alone: $(cat "$EVENTS")"
echo "ok: J=2: the slow test started first, the alone test ran by itself after the rest"
for f in host_b-fails host_c-fails; do
	grep -q "line 3" "$TMP/build/check/$f.log" || fail "$f: its log does not hold its output"
done

check 'b-fails c-fails d-skips z-slow' 1
[ $rc = 1 ] || fail "J=1: exit $rc, not 1: $(cat "$TMP/out")"
same "J=1: one at a time, in name order" "$EVENTS" <<'EV'
start b-fails
end b-fails
start c-fails
end c-fails
start d-skips
end d-skips
start z-slow
end z-slow
EV
echo "ok: J=1: one test at a time, in name order"

check d-skips 2
[ $rc = 4 ] || fail "J=2, the one test selected skips: exit $rc, not 4: $(cat "$TMP/out")"
grep -qx '1 passed, 0 failed, 1 skipped' "$TMP/out" || fail "J=2, a skip: $(cat "$TMP/out")"
echo "ok: J=2: a skip is counted as one, and alone it exits 4"

: >"$TMP/build/check/kept"
for j in 0 two -1; do
	rc=0
	J=$j "$C" >"$TMP/out" 2>&1 || rc=$?
	if [ $rc != 2 ] || ! grep -q "J=$j is not a positive integer" "$TMP/out"; then
		fail "J=$j: exit $rc, not 2 with a reason: $(cat "$TMP/out")"
	fi
done
[ -e "$TMP/build/check/kept" ] || fail "a refused J= removed the last check's logs"
echo "ok: J=0, J=two, J=-1 refused with exit 2 before anything ran"
