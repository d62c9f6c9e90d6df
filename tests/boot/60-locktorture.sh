#!/usr/bin/env bash
# The kernel's own locktorture on every variant under test: spin_lock,
# spin_lock_irq, rw_lock and rw_lock_irq, 0 failures, clean console.
# CI runs each type for LB_TORTURE_S (default 10) seconds; make check-long
# runs 60 s each.
. "$(dirname "$0")/lib.bash"
secs=${LB_TORTURE_S:-10}
[ "${LB_LONG:-0}" = 1 ] && secs=60
types=spin_lock,spin_lock_irq,rw_lock,rw_lock_irq # contract-exempt: locktorture's torture_type names
for v in $VARIANTS_UNDER_TEST; do
	guest torture "$v" "/lb/tests/locktorture.sh $types $secs" VCPUS=4 TIMEOUT=$((secs * 4 + 120)) ||
		fail "$v: locktorture boot failed: status $(cat "$B/status"): $(cat "$B/guest/script.log" 2>/dev/null) $(head -n 5 "$B/faults.txt")"
	ktap_ok "$B/guest/script.log" 4 || fail "$v: $(cat "$B/guest/script.log")"
	echo "ok: $v: $(grep -c -E '^ok [0-9]+ ' "$B/guest/script.log") types x ${secs}s:"
	grep -E '^ok [0-9]+ ' "$B/guest/script.log" | sed 's/^/    /'
done
