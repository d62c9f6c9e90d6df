#!/usr/bin/env bash
# make boot of your own kernels, up to QEMU's command line
# (LB_QEMU_DRYRUN=1: nothing boots), on the fake Kbuild of
# tests/fixtures/byo/fake-kbuild.bash: a KSRC= side and a prebuilt
# KERNEL= KBUILD= each get lockbench.ko built against their kernel, their
# modules archive in their own state directory (never inside KBUILD), and
# QEMU boots their image.
. "$(dirname "$0")/../lib.bash"
. "$TOP/tests/fixtures/byo/fake-kbuild.bash"
export LB_BUILD=$TMP/build LB_SRC_TARBALL=$TMP/no-linux-source.tar.xz
export LB_QEMU_DRYRUN=1 ACCEL=tcg LB_NO_PERF=1
unset KCONFIG VARIANT VARIANTS
k=$TMP/linux
fake_kernel "$k"
# The last boot of $1's QEMU command line, into CMDLINE (a glob: no ls | tail).
cmdline() {
	local d=("$LB_BUILD/boots/$1"-*/)
	CMDLINE=$(<"${d[-1]}qemu.cmdline")
}

out=$(make -s -C "$TOP" boot KSRC="$k" BASE_NAME=mine VARIANT=mine 2>&1) || fail "make boot KSRC=: $out"
obj=$LB_BUILD/user/mine/obj
[ -f "$LB_BUILD/module/mine/lockbench.ko" ] || fail "lockbench.ko was not built for mine: $out"
[ -f "$obj/lb-modules.cpio" ] || fail "mine's modules archive is not in its build directory"
cmdline mine
[[ $CMDLINE == *"-kernel $obj/arch/x86/boot/bzImage "* ]] || fail "QEMU does not boot mine's image: $CMDLINE"
[[ $CMDLINE == *lb.variant=mine* ]] || fail "the guest is not told its variant"
[ ! -e "$LB_BUILD/kernel" ] || fail "make boot KSRC= touched build/kernel (linux-source-6.1)"
echo "ok: make boot KSRC= BASE_NAME=mine"
# The modules archive, asked for by every booting step, is rebuilt only when
# a module changed (the time to the nanosecond: no sleep needed).
before=$(stat -c %y.%i "$obj/lb-modules.cpio")
bash "$TOP/scripts/build/initramfs.sh" mine 2>/dev/null || fail "initramfs.sh mine failed"
[ "$(stat -c %y.%i "$obj/lb-modules.cpio")" = "$before" ] || fail "unchanged modules rebuilt mine's lb-modules.cpio"
touch "$LB_BUILD/module/mine/lockbench.ko"
bash "$TOP/scripts/build/initramfs.sh" mine 2>/dev/null || fail "initramfs.sh mine after a module change failed"
[ "$(stat -c %y.%i "$obj/lb-modules.cpio")" != "$before" ] || fail "a new lockbench.ko did not rebuild mine's lb-modules.cpio"
echo "ok: mine's modules archive is rebuilt only when a module changed"

# A prebuilt kernel: KBUILD from another fake tree, built in place.
fake_kernel "$TMP/other"
mkdir -p "$TMP/kb"
make -s -C "$TMP/other" O="$TMP/kb" tinyconfig bzImage modules
cp "$TMP/kb/arch/x86/boot/bzImage" "$TMP/bzImage" # KERNEL need not be inside KBUILD
chmod -R a-w "$TMP/kb" # lockbench must not write into someone else's build
out=$(make -s -C "$TOP" boot KERNEL="$TMP/bzImage" KBUILD="$TMP/kb" 2>&1) ||
	{ chmod -R u+w "$TMP/kb"; fail "make boot KERNEL= KBUILD=: $out"; }
chmod -R u+w "$TMP/kb"
[ -f "$LB_BUILD/module/prebuilt/lockbench.ko" ] || fail "lockbench.ko was not built against KBUILD"
[ -f "$LB_BUILD/user/prebuilt/lb-modules.cpio" ] || fail "the prebuilt kernel's modules archive is not in build/user/prebuilt"
cmdline prebuilt
[[ $CMDLINE == *"-kernel $TMP/bzImage "* ]] || fail "QEMU does not boot KERNEL=: $CMDLINE"
echo "ok: make boot KERNEL= KBUILD= (VARIANT=prebuilt)"
