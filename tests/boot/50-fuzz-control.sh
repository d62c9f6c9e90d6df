#!/usr/bin/env bash
# Thousands of random and malformed control writes in the guest: every one
# refused with an error, nothing crashes, a valid job still runs after.
. "$(dirname "$0")/lib.bash"
n=${LB_FUZZ_WRITES:-3000}
set -- $VARIANTS_UNDER_TEST
for v in "$@"; do
	guest fuzz "$v" "/lb/tests/fuzz-control.sh $n" VCPUS=2 TIMEOUT=600 ||
		fail "$v: fuzz boot failed: $(grep -E 'ACCEPTED|passed' "$B/guest/script.log" 2>/dev/null | head)"
	ktap_ok "$B/guest/script.log" 3 || fail "$v: $(tail -n 3 "$B/guest/script.log")"
	echo "ok: $v: $(grep -E '^ok [0-9]+ fuzz:' "$B/guest/script.log")"
	[ "${LB_LONG:-0}" = 1 ] || break
done
