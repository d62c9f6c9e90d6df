# shellcheck shell=bash
# Helpers for the host tests: each test is a script that exits 0 to pass,
# 4 to skip (KTAP's skip code), 3 when a prerequisite make deps or the
# build provides is missing, anything else to fail (docs/tests.md).
set -euo pipefail
# shellcheck disable=SC2034 # TOP and EXPECT_OUT are for the tests that source this
TOP=$(cd "${BASH_SOURCE[0]%/*}/.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
# make check's own run name (the Makefile exports it) is not a test's: a
# script a test calls names its run by the time, or by the test's NAME.
unset LB_RUN_NAME
# A test's make is a user's: the top level, whose command line the
# settings check reads, with none of make check's own flags or settings
# (T=, J=) handed down.
unset MAKELEVEL MAKEFLAGS MFLAGS MAKEOVERRIDES
# A host test never meets the host's own /dev/kvm, which may be missing,
# working or hanging every guest: a test that wants KVM makes its own
# (tests/host/kvm-probe.sh), and no probe verdict outlives the test.  The
# boot tests meet the real host (tests/boot/lib.bash undoes this).
export LB_KVM_DEV=$TMP/no-kvm LB_KVM_VERDICT=$TMP/kvm-verdict

fail() { echo "FAIL: $*" >&2; exit 1; }
skip() { echo "$*"; exit 4; }
missing() { echo "$*"; exit 3; }
# checked N WHY: a loop over variants (or pairs of them) that checked none
# has shown nothing, so it fails, saying WHY (with the fix), rather than
# pass on an empty loop.
checked() { [ "$1" -gt 0 ] || fail "checked nothing: $2"; }

# expect_error "what" PATTERN command...: the command must fail and print
# PATTERN (an extended regex) on stderr or stdout.  Its whole output is
# left in EXPECT_OUT, for a test that checks more of it.
expect_error() {
	local what=$1 pat=$2 rc=0 out
	shift 2
	out=$("$@" 2>&1) || rc=$?
	# shellcheck disable=SC2034
	EXPECT_OUT=$out
	[ $rc -ne 0 ] || fail "$what: expected failure, got exit 0; output: $out"
	# Line by line, as grep -E would, with bash's own regex (the same
	# POSIX extended regex): no process per check.
	local line
	while IFS= read -r line; do
		[[ $line =~ $pat ]] || continue
		echo "ok: $what -> $line"
		return 0
	done <<<"$out"
	fail "$what: message lacks /$pat/: $out"
}

# native_harness: the native harness's user half (bench-user/native's
# objects) at $LB_NATIVE_OUT/harness, where build.sh and link.sh look.
# Under make check, the tests that need it share one build of it in
# $LB_CHECK_DIR/harness: the first builds it (flock: one make at a
# time), the others find it up to date; a test run alone builds its own.
# With the harness's own CFLAGS (-g included), as make native and make
# bundle build it: host/bundle checks what the debug information names.
native_harness() {
	local h=${LB_CHECK_DIR:-$TMP}/harness
	flock "$h.lock" make -s -C "$TOP/bench-user/native" O="$h" || fail "the harness does not build"
	mkdir -p "$LB_NATIVE_OUT"
	ln -s "$h" "$LB_NATIVE_OUT/harness"
}
