#!/usr/bin/env bash
# A fragment asking for the 2.6.13 layer with DEBUG_SPINLOCK stops the
# kernel build before it compiles anything, naming the conflict and the
# fragment.  Runs the real Kconfig of the patched tree (no compile).
. "$(dirname "$0")/lib.bash"
[ -f "$TOP/build/kernel/tree.stamp" ] || fail "no kernel tree: run make tree"
cfg=$TMP/vm-configs
cp -r "$TOP/vm-configs" "$cfg"
echo "pre-hybrid lock-pre debug-on" >>"$cfg/matrix.extra"
rm -rf "$TOP/build/kernel/pre-hybrid"
expect_error "pre + DEBUG_SPINLOCK" "CONFIG_DEBUG_SPINLOCK=y \\(from .*/debug-on.config\\) was requested but the .config has n \\(conflicts with CONFIG_X86_SPINLOCK_LEGACY_2613" \
	env LB_VMCONFIGS="$cfg" "$TOP/scripts/build/kernel.sh" pre-hybrid
[ ! -e "$TOP/build/kernel/pre-hybrid/vmlinux" ] || fail "a hybrid kernel was built"
rm -rf "$TOP/build/kernel/pre-hybrid"
