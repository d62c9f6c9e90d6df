#!/usr/bin/env bash
# A patch that no longer applies is named, with its failing hunk, and the
# half-patched tree is not left behind to be built.
. "$(dirname "$0")/../lib.bash"
[ -f /usr/src/linux-source-6.1.tar.xz ] || skip "linux-source-6.1 not installed"
mkdir -p "$TMP/patch"
cat >"$TMP/patch/0001-stale.patch" <<'EOT'
Subject: [PATCH] a deliberately stale patch

--- a/Makefile
+++ b/Makefile
@@ -1,3 +1,3 @@
 # SPDX-License-Identifier: GPL-2.0
-VERSION = 5
+VERSION = 7
 PATCHLEVEL = 1
EOT
echo 0001-stale.patch >"$TMP/patch/series"
expect_error "stale patch" "0001-stale.patch does not apply .* with fuzz 0" \
	env LB_BUILD="$TMP/build" LB_PATCH_DIR="$TMP/patch" "$TOP/scripts/tree.sh"
out=$(env LB_BUILD="$TMP/build" LB_PATCH_DIR="$TMP/patch" "$TOP/scripts/tree.sh" 2>&1) || true
grep -q 'Hunk #1 FAILED' <<<"$out" || fail "the failing hunk is not named: $out"
[ ! -e "$TMP/build/kernel/tree.stamp" ] || fail "a stamp was written for a tree that failed to patch"
[ ! -d "$TMP/build/kernel/linux-source-6.1" ] || fail "the half-patched tree was left behind"
echo 0001-missing.patch >"$TMP/patch/series"
expect_error "missing patch" "names 0001-missing.patch, which does not exist" \
	env LB_BUILD="$TMP/build" LB_PATCH_DIR="$TMP/patch" "$TOP/scripts/tree.sh"
