#!/usr/bin/env bash
# kernel.sh on a user variant, with a fake kernel tree that plays Kbuild's
# part in a few lines (tests/fixtures/byo/fake-kbuild.bash): the variant
# builds in build/user/NAME/obj from base.config + FRAGMENTS, KCONFIG= is
# merged last and checked like every fragment, and the next make without
# it configures it back.
. "$(dirname "$0")/../lib.bash"
export LB_BUILD=$TMP/build LB_SRC_TARBALL=$TMP/no-linux-source.tar.xz
unset KCONFIG
gitc() { git -c user.name=t -c user.email=t@example.org "$@"; }
. "$TOP/tests/fixtures/byo/fake-kbuild.bash"
k=$TMP/linux
fake_kernel "$k"
env KSRC="$k" BASE_NAME=mine FRAGMENTS=lock-stock "$TOP/scripts/build/byo.sh" 2>/dev/null || fail "byo.sh failed"
obj=$LB_BUILD/user/mine/obj

"$TOP/scripts/build/kernel.sh" mine >"$TMP/log" 2>&1 || fail "kernel.sh mine: $(cat "$TMP/log")"
[ -f "$obj/arch/x86/boot/bzImage" ] || fail "no bzImage in build/user/mine/obj"
grep -q '^CONFIG_SMP=y' "$obj/.config" || fail "base.config was not merged"
grep -q '^CONFIG_X86_SPINLOCK_QUEUED=y' "$obj/.config" || fail "FRAGMENTS=lock-stock was not merged"
[ -f "$obj/.lb-build-seconds" ] || fail "no build time recorded for the user variant"
[ ! -e "$LB_BUILD/kernel" ] || fail "a user variant touched build/kernel"
echo "ok: a user variant builds in build/user/mine/obj from base.config + FRAGMENTS"

KCONFIG="CONFIG_LOCK_STAT=y CONFIG_SMP=n" "$TOP/scripts/build/kernel.sh" mine >"$TMP/log" 2>&1 || fail "KCONFIG build: $(cat "$TMP/log")"
[ "$(grep -E 'CONFIG_(LOCK_STAT|SMP)[= ]' "$obj/.config" | sort | tr '\n' ' ')" = "# CONFIG_SMP is not set CONFIG_LOCK_STAT=y " ] ||
	fail "KCONFIG was not merged last: $(grep -E 'CONFIG_(LOCK_STAT|SMP)[= ]' "$obj/.config")"
echo "ok: KCONFIG merged last (it overrides base.config's CONFIG_SMP=y)"

expect_error "KCONFIG option Kconfig drops" "CONFIG_DROPPED=y \(from .*KCONFIG.config\) was requested but the .config has n" \
	env KCONFIG="CONFIG_DROPPED=y" "$TOP/scripts/build/kernel.sh" mine

"$TOP/scripts/build/kernel.sh" mine >"$TMP/log" 2>&1 || fail "rebuild without KCONFIG: $(cat "$TMP/log")"
grep -q 'configuring' "$TMP/log" || fail "dropping KCONFIG did not reconfigure"
! grep -q 'LOCK_STAT' "$obj/.config" || fail "KCONFIG outlived its make"
echo "ok: the next make without KCONFIG configures it back"

# A new commit in the worktree (a bisect step) reconfigures too.
gitc -C "$LB_BUILD/user/mine/src" commit -q --allow-empty -m step
"$TOP/scripts/build/kernel.sh" mine >"$TMP/log" 2>&1 || fail "rebuild at a new commit: $(cat "$TMP/log")"
grep -q 'configuring' "$TMP/log" || fail "a new commit did not reconfigure"
echo "ok: a new commit reconfigures"

# Up to date without asking Kbuild, until a file of the tree is newer
# than the last build or the .config changed.  The first make after a
# build is up to date too, although the build rewrote the .config.
"$TOP/scripts/build/kernel.sh" mine >"$TMP/log" 2>&1 || fail "kernel.sh again: $(cat "$TMP/log")"
grep -q 'up to date' "$TMP/log" || fail "an unchanged tree went to Kbuild again: $(cat "$TMP/log")"
echo '# an edit' >>"$obj/.config"
"$TOP/scripts/build/kernel.sh" mine >"$TMP/log" 2>&1 || fail "kernel.sh after a .config edit: $(cat "$TMP/log")"
grep -q 'built in' "$TMP/log" || fail "an edited .config did not go to Kbuild: $(cat "$TMP/log")"
touch "$LB_BUILD/user/mine/src/Kconfig"
"$TOP/scripts/build/kernel.sh" mine >"$TMP/log" 2>&1 || fail "kernel.sh after a change: $(cat "$TMP/log")"
grep -q 'built in' "$TMP/log" || fail "a tree file newer than the last build did not go to Kbuild: $(cat "$TMP/log")"
echo "ok: an unchanged build is up to date without Kbuild; a newer tree file builds again"
