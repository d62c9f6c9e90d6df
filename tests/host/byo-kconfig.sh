#!/usr/bin/env bash
# kernel.sh on a user variant, with a fake kernel tree whose Makefile plays
# Kbuild's part in a few lines (tinyconfig, olddefconfig that drops
# CONFIG_DROPPED as a failed dependency would, bzImage, modules) and a
# merge_config.sh that appends: the variant builds in build/user/NAME/obj
# from base.config + FRAGMENTS, KCONFIG= is merged last and checked like
# every fragment, and the next make without it configures it back.
. "$(dirname "$0")/../lib.bash"
export LB_BUILD=$TMP/build LB_SRC_TARBALL=$TMP/no-linux-source.tar.xz
unset KCONFIG
gitc() { git -c user.name=t -c user.email=t@example.org "$@"; }
k=$TMP/linux
mkdir -p "$k/arch/x86" "$k/scripts/kconfig"
echo 'mainmenu "fake"' >"$k/Kconfig"
echo 'config X86' >"$k/arch/x86/Kconfig"
cat >"$k/Makefile" <<'EOT'
VERSION = 6
tinyconfig:
	@: >$(O)/.config
olddefconfig:
	@sed -i '/^CONFIG_DROPPED=/d' $(O)/.config
bzImage:
	@mkdir -p $(O)/arch/x86/boot && echo fake >$(O)/arch/x86/boot/bzImage && echo fake >$(O)/vmlinux
modules:
	@: >$(O)/Module.symvers
EOT
cat >"$k/scripts/kconfig/merge_config.sh" <<'EOT'
#!/bin/sh
# merge_config.sh -m -O DIR BASE FRAGMENT...: a later setting replaces
# an earlier one, as in the real script.
o=$3
shift 3
awk '{ s = $0; sub(/^# /, "", s); sub(/[= ].*/, "", s) }
	s ~ /^CONFIG_/ { if (!(s in v)) o[n++] = s; v[s] = $0 }
	END { for (i = 0; i < n; i++) print v[o[i]] }' "$@" >"$o/.config.new"
mv "$o/.config.new" "$o/.config"
EOT
chmod +x "$k/scripts/kconfig/merge_config.sh"
git -C "$k" init -q && git -C "$k" add -A && gitc -C "$k" commit -q -m base
env KSRC="$k" BASE_NAME=mine FRAGMENTS=lock-stock "$TOP/scripts/byo.sh" 2>/dev/null || fail "byo.sh failed"
obj=$LB_BUILD/user/mine/obj

"$TOP/scripts/kernel.sh" mine >"$TMP/log" 2>&1 || fail "kernel.sh mine: $(cat "$TMP/log")"
[ -f "$obj/arch/x86/boot/bzImage" ] || fail "no bzImage in build/user/mine/obj"
grep -q '^CONFIG_SMP=y' "$obj/.config" || fail "base.config was not merged"
grep -q '^CONFIG_X86_SPINLOCK_QUEUED=y' "$obj/.config" || fail "FRAGMENTS=lock-stock was not merged"
[ -f "$obj/.lb-build-seconds" ] || fail "no build time recorded for the user variant"
[ ! -e "$LB_BUILD/kernel" ] || fail "a user variant touched build/kernel"
echo "ok: a user variant builds in build/user/mine/obj from base.config + FRAGMENTS"

KCONFIG="CONFIG_LOCK_STAT=y CONFIG_SMP=n" "$TOP/scripts/kernel.sh" mine >"$TMP/log" 2>&1 || fail "KCONFIG build: $(cat "$TMP/log")"
[ "$(grep -E 'CONFIG_(LOCK_STAT|SMP)[= ]' "$obj/.config" | sort | tr '\n' ' ')" = "# CONFIG_SMP is not set CONFIG_LOCK_STAT=y " ] ||
	fail "KCONFIG was not merged last: $(grep -E 'CONFIG_(LOCK_STAT|SMP)[= ]' "$obj/.config")"
echo "ok: KCONFIG merged last (it overrides base.config's CONFIG_SMP=y)"

expect_error "KCONFIG option Kconfig drops" "CONFIG_DROPPED=y \(from .*KCONFIG.config\) was requested but the .config has n" \
	env KCONFIG="CONFIG_DROPPED=y" "$TOP/scripts/kernel.sh" mine

"$TOP/scripts/kernel.sh" mine >"$TMP/log" 2>&1 || fail "rebuild without KCONFIG: $(cat "$TMP/log")"
grep -q 'configuring' "$TMP/log" || fail "dropping KCONFIG did not reconfigure"
! grep -q 'LOCK_STAT' "$obj/.config" || fail "KCONFIG outlived its make"
echo "ok: the next make without KCONFIG configures it back"

# A new commit in the worktree (a bisect step) reconfigures too.
gitc -C "$LB_BUILD/user/mine/src" commit -q --allow-empty -m step
"$TOP/scripts/kernel.sh" mine >"$TMP/log" 2>&1 || fail "rebuild at a new commit: $(cat "$TMP/log")"
grep -q 'configuring' "$TMP/log" || fail "a new commit did not reconfigure"
echo "ok: a new commit reconfigures"
