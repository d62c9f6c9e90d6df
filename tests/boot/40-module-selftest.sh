#!/usr/bin/env bash
# lockbench.ko's own guest self-test on every variant: jobs of each mode,
# bad input, -EBUSY, the broken-lock check, rmmod during a run.
. "$(dirname "$0")/lib.bash"
[ -f "$TOP/bench-module/tests/guest-selftest.sh" ] || fail "bench-module/tests/guest-selftest.sh is missing"
for v in $VARIANTS_UNDER_TEST; do
	guest selftest "$v" '/lb/tests/guest-selftest.sh /lb/lockbench.ko' VCPUS=2 TIMEOUT=300 ||
		fail "$v: self-test boot failed: $(tail -n 5 "$B/guest/script.log" 2>/dev/null)"
	tail -n 1 "$B/guest/script.log" | grep -E -q '^[1-9][0-9]* passed, 0 failed' ||
		fail "$v: $(tail -n 1 "$B/guest/script.log")"
	echo "ok: $v: $(tail -n 1 "$B/guest/script.log")"
done
