#!/usr/bin/env bash
# quick-refuse.sh SETTING TREE [CONFIG]: make quick takes TREE (given as
# SETTING, e.g. KSRC) only if it is a Linux kernel source tree that
# builds x86-64, and CONFIG (a .config, when the user gives one) only if
# it configures x86-64.  Each refusal names the tree and what is wrong,
# in a second, before any configuring or compiling.
. "$(dirname "$0")/../native/common.sh"

set_=${1:?usage: quick-refuse.sh SETTING TREE [CONFIG]} tree=${2:?} config=${3:-}
# Kbuild takes ARCH from the environment too: another one would build
# another architecture's objects, which this host cannot run.
case ${ARCH:-x86_64} in
x86 | x86_64) ;;
*) die "ARCH=$ARCH: make quick builds x86-64 lock code to run on this host; drop ARCH= (or set ARCH=x86_64)" ;;
esac
[ -d "$tree" ] || die "$set_=$tree is not a directory"
mk=$tree/Makefile
ver="" pl=""
[ ! -f "$mk" ] || {
	ver=$(sed -n 's/^VERSION = //p' "$mk" | head -n 1)
	pl=$(sed -n 's/^PATCHLEVEL = //p' "$mk" | head -n 1)
}
[[ -n $ver && -n $pl && -f $tree/Kconfig && -d $tree/kernel/locking && -f $tree/scripts/kconfig/merge_config.sh ]] ||
	die "$set_=$tree is not a Linux kernel tree (want a top Makefile with VERSION and PATCHLEVEL, Kconfig, kernel/locking/ and scripts/kconfig/): name the top of a kernel source tree"
[ -f "$tree/arch/x86/Kconfig" ] || die "$set_=$tree is a kernel tree without arch/x86: make quick builds x86-64 lock code only"
# Kbuild builds out of tree (O=, as make quick does) only from a clean tree.
if [ -f "$tree/.config" ] || [ -d "$tree/include/config" ]; then
	die "$set_=$tree has an in-tree build (.config or include/config there), and Kbuild builds out of tree only from a clean tree: give your configuration as O=your-build-dir (its .config), or save .config elsewhere and run make mrproper in $tree"
fi
if [ -n "$config" ]; then
	[ -f "$config" ] || die "$config does not exist: want the .config of your kernel build"
	grep -q '^CONFIG_X86_64=y$' "$config" ||
		die "$config does not configure x86-64 (no CONFIG_X86_64=y): make quick runs the lock code on this x86-64 host; configure the tree for x86_64"
fi
exit 0
