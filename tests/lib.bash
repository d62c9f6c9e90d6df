# shellcheck shell=bash
# Helpers for the host tests: each test is a script that exits 0 to pass,
# 4 to skip (KTAP's skip code), anything else to fail.
set -euo pipefail
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

fail() { echo "FAIL: $*" >&2; exit 1; }
skip() { echo "$*"; exit 4; }

# expect_error "what" PATTERN command...: the command must fail and print
# PATTERN (an extended regex) on stderr or stdout.
expect_error() {
	local what=$1 pat=$2 rc=0 out
	shift 2
	out=$("$@" 2>&1) || rc=$?
	[ $rc -ne 0 ] || fail "$what: expected failure, got exit 0; output: $out"
	grep -E -q -- "$pat" <<<"$out" || fail "$what: message lacks /$pat/: $out"
	echo "ok: $what -> $(grep -E -m1 -- "$pat" <<<"$out")"
}
