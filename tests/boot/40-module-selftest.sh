#!/usr/bin/env bash
# lockbench.ko's own guest self-test on every variant: jobs of each mode,
# bad input, -EBUSY, the broken-lock check, rmmod during a run.
. "$(dirname "$0")/lib.bash"
[ -f "$TOP/tests/guest/module-selftest.sh" ] || fail "tests/guest/module-selftest.sh is missing"
for v in $VARIANTS_UNDER_TEST; do
	guest selftest "$v" '/lb/tests/module-selftest.sh /lb/lockbench.ko' VCPUS=2 TIMEOUT=300 ||
		fail "$v: self-test boot failed: $(tail -n 5 "$B/guest/script.log" 2>/dev/null)"
	ktap_ok "$B/guest/script.log" || fail "$v: the self-test's KTAP is not all ok (above)"
	echo "ok: $v: $(tail -n 1 "$B/guest/script.log")"
done
