#!/usr/bin/env bash
# Without QEMU the launcher and the probe say which package to install.
. "$(dirname "$0")/../lib.bash"
mkdir -p "$TMP/bin"
for t in bash sh env cat awk sed grep tr cut dirname basename mkdir rm date nproc id head tail df seq; do
	p=$(command -v "$t") && ln -s "$p" "$TMP/bin/$t"
done
expect_error "qemu-boot" "qemu-system-x86_64 not found: install qemu-system-x86" \
	env PATH="$TMP/bin" "$TOP/scripts/boot/qemu-boot.sh" stock "$TMP/b"
expect_error "accel probe" "qemu-system-x86_64 not found" env PATH="$TMP/bin" "$TOP/scripts/boot/accel.sh" auto /x
