#!/usr/bin/env bash
# A patch that no longer applies is named, with its failing hunk, and the
# half-patched tree is not left behind to be built.
. "$(dirname "$0")/../lib.bash"
# A two-file stand-in for the package tarball keeps the test fast; the
# patch logic is the same.
mkdir -p "$TMP/src/linux-source-6.1"
printf '# SPDX-License-Identifier: GPL-2.0\nVERSION = 6\nPATCHLEVEL = 1\n' >"$TMP/src/linux-source-6.1/Makefile"
tar -cJf "$TMP/src.tar.xz" -C "$TMP/src" linux-source-6.1
export LB_SRC_TARBALL=$TMP/src.tar.xz
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
	env LB_BUILD="$TMP/build" LB_PATCH_DIR="$TMP/patch" "$TOP/scripts/build/tree.sh"
[[ $EXPECT_OUT == *'Hunk #1 FAILED'* ]] || fail "the failing hunk is not named: $EXPECT_OUT"
[ ! -e "$TMP/build/kernel/tree.stamp" ] || fail "a stamp was written for a tree that failed to patch"
[ ! -d "$TMP/build/kernel/linux-source-6.1" ] || fail "the half-patched tree was left behind"
echo 0001-missing.patch >"$TMP/patch/series"
expect_error "missing patch" "names 0001-missing.patch, which does not exist" \
	env LB_BUILD="$TMP/build" LB_PATCH_DIR="$TMP/patch" "$TOP/scripts/build/tree.sh"

# A good patch applies; a second run is a no-op; a series change re-extracts.
cat >"$TMP/patch/0001-good.patch" <<'EOT'
Subject: [PATCH] bump the level

--- a/Makefile
+++ b/Makefile
@@ -1,3 +1,3 @@
 # SPDX-License-Identifier: GPL-2.0
 VERSION = 6
-PATCHLEVEL = 1
+PATCHLEVEL = 2
EOT
echo 0001-good.patch >"$TMP/patch/series"
t() { env LB_BUILD="$TMP/build" LB_PATCH_DIR="$TMP/patch" "$TOP/scripts/build/tree.sh" 2>&1; }
[[ $(t) =~ applied\ [^$'\n']*0001-good\.patch ]] || fail "the good patch was not applied"
grep -q 'PATCHLEVEL = 2' "$TMP/build/kernel/linux-source-6.1/Makefile" || fail "patched content missing"
[[ $(t) == *'tree: up to date'* ]] || fail "a re-run with nothing changed was not a no-op"
touch "$TMP/build/kernel/linux-source-6.1/marker"
echo '# comment' >>"$TMP/patch/series"
[[ $(t) == *extracting* ]] || fail "a series change did not re-extract"
[ ! -e "$TMP/build/kernel/linux-source-6.1/marker" ] || fail "the re-extraction was not clean"
echo "ok: apply, no-op re-run, clean re-extract after a series change"
