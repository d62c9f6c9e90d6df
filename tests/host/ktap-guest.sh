#!/usr/bin/env bash
# The guest scripts' KTAP helper (tests/guest/ktap.sh) and the boot tests'
# reader of it (ktap_ok in tests/boot/lib.bash): a clean document passes;
# a failed test, a plan the results miss, a wrong expected count and a
# missing version line each fail.
. "$(dirname "$0")/../boot/lib.bash"
doc() { # doc "body using ktap_*": the document, from /bin/sh like the guest
	sh -c ". '$TOP/tests/guest/ktap.sh'; $1" >"$TMP/log" 2>&1 || true
}
doc 'ktap_begin 3; ktap_pass one; ktap_skip two "no cpu"; ktap_pass three; ktap_end'
ktap_ok "$TMP/log" 3 || fail "a clean document was refused: $(cat "$TMP/log")"
grep -q -x '# Totals: pass:2 fail:0 xfail:0 xpass:0 skip:1 error:0' "$TMP/log" || fail "no kselftest totals line: $(cat "$TMP/log")"
echo "ok: clean document: $(tail -n 1 "$TMP/log")"
doc 'ktap_begin; ktap_pass a; ktap_pass b; ktap_end'
ktap_ok "$TMP/log" || fail "a trailing plan was refused: $(cat "$TMP/log")"
echo "ok: plan at the end: $(grep -x '1\.\.[0-9]*' "$TMP/log")"
doc 'ktap_begin 2; ktap_pass a; ktap_fail b; ktap_end'
! ktap_ok "$TMP/log" 2 2>/dev/null || fail "a failed test was accepted"
echo "ok: not ok refused"
doc 'ktap_begin 3; ktap_pass a; ktap_pass b; ktap_end'
! ktap_ok "$TMP/log" 2>/dev/null || fail "2 results for a plan of 3 were accepted"
echo "ok: short run refused: $(grep '^# planned' "$TMP/log")"
doc 'ktap_begin 2; ktap_pass a; ktap_pass b; ktap_end'
! ktap_ok "$TMP/log" 4 2>/dev/null || fail "a plan of 2 was accepted where 4 were expected"
sed -i '/^KTAP version 1$/d' "$TMP/log"
! ktap_ok "$TMP/log" 2>/dev/null || fail "a document without a version line was accepted"
echo "ok: wrong count and missing version line refused"
