#!/usr/bin/env bash
# A kernel panic or WARNING in the guest marks the boot failed, with the
# offending console lines in faults.txt.
. "$(dirname "$0")/lib.bash"
set -- $VARIANTS_UNDER_TEST
v=$1
if guest oops "$v" 'echo c > /proc/sysrq-trigger; sleep 30' TIMEOUT=60; then
	fail "a crashed guest was reported ok"
fi
st=$(cat "$B/status")
[ "$st" = fault ] || fail "status is $st, not fault"
grep -q 'sysrq triggered crash' "$B/faults.txt" || fail "faults.txt does not show the panic: $(cat "$B/faults.txt")"
echo "ok: crash detected: $(head -n 1 "$B/faults.txt")"
