#!/usr/bin/env bash
# The console scan flags every kind of kernel fault and passes a clean log
# (which includes the harmless "Marking TSC unstable" line).
. "$(dirname "$0")/../lib.bash"
fx=$TOP/tests/fixtures/console
"$TOP/scripts/boot/console-scan.sh" "$fx/clean.log" || fail "clean.log was flagged"
n=0
for f in "$fx"/*.log; do
	[ "$(basename "$f")" = clean.log ] && continue
	if "$TOP/scripts/boot/console-scan.sh" "$f" >"$TMP/out"; then
		fail "$(basename "$f") was not flagged"
	fi
	[ -s "$TMP/out" ] || fail "$(basename "$f"): no offending line printed"
	n=$((n + 1))
done
[ $n -ge 8 ] || fail "only $n fault fixtures"
rc=0
"$TOP/scripts/boot/console-scan.sh" "$TMP/none.log" 2>/dev/null || rc=$?
[ $rc -eq 2 ] || fail "an unreadable log gave $rc, not 2"
echo "ok: $n fault logs flagged, clean log passed"
