#!/usr/bin/env bash
# make quick refuses, by name and before any work, a KSRC= that is not a
# kernel tree, a tree or configuration that is not x86-64 (ARCH=, a tree
# without arch/x86, a .config without CONFIG_X86_64=y), a tree with an
# in-tree build, O= outside make quick KSRC=, and KSRC= without a base.
# shellcheck source=tests/lib.bash
. "$(dirname "$0")/../lib.bash"
export LB_BUILD=$TMP/build
fx=$TOP/tests/fixtures/quick/tree
cp -r "$fx" "$TMP/k"
mkdir "$TMP/notk" "$TMP/ob" "$TMP/arm"
echo "not a kernel" >"$TMP/notk/README"
printf 'CONFIG_X86_64=y\n' >"$TMP/ob/.config"
printf 'CONFIG_ARM64=y\nCONFIG_64BIT=y\n' >"$TMP/arm/.config"
q() { make -s -C "$TOP" quick "$@"; }
expect_error "not a kernel tree" "KSRC=$TMP/notk is not a Linux kernel tree" q KSRC="$TMP/notk" BASE_KSRC="$TMP/k"
expect_error "base not a kernel tree" "BASE_KSRC=$TMP/notk is not a Linux kernel tree" q KSRC="$TMP/k" BASE_KSRC="$TMP/notk"
expect_error "a .config not x86-64" "$TMP/arm/.config does not configure x86-64 \(no CONFIG_X86_64=y\)" \
	q KSRC="$TMP/k" BASE_KSRC="$TMP/k" O="$TMP/arm"
expect_error "ARCH= in the environment" "ARCH=arm64: make quick builds x86-64" \
	env ARCH=arm64 make -s -C "$TOP" quick KSRC="$TMP/k" BASE_KSRC="$TMP/k" O="$TMP/ob"
expect_error "ARCH= on the command line" "ARCH=arm64: lockbench builds x86_64 kernels only" \
	q KSRC="$TMP/k" BASE_KSRC="$TMP/k" ARCH=arm64
cp -r "$fx" "$TMP/nox86"
rm -r "$TMP/nox86/arch/x86"
expect_error "no arch/x86" "KSRC=$TMP/nox86 is a kernel tree without arch/x86" q KSRC="$TMP/nox86" BASE_KSRC="$TMP/k"
cp -r "$fx" "$TMP/intree"
printf 'CONFIG_X86_64=y\n' >"$TMP/intree/.config"
expect_error "an in-tree build" "KSRC=$TMP/intree has an in-tree build" q KSRC="$TMP/intree" BASE_KSRC="$TMP/k"
expect_error "no base" "make quick KSRC=$TMP/k needs a base" q KSRC="$TMP/k"
expect_error "O= without KSRC=" "O=$TMP/ob: only make quick KSRC=... reads O=" q O="$TMP/ob"
expect_error "O= for another goal" "O=$TMP/ob: make native does not read O: drop O=" make -s -C "$TOP" native KSRC="$TMP/k" O="$TMP/ob"
# Refused before any work: nothing prepared, configured or checked out.
[ ! -e "$LB_BUILD/quick/user" ] && [ ! -e "$LB_BUILD/quick/src" ] || fail "a refused quick left work in $LB_BUILD/quick"
