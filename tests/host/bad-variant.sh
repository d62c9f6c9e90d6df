#!/usr/bin/env bash
# An unknown variant name stops every entry point with the list of names.
. "$(dirname "$0")/../lib.bash"
# Nothing is extracted or built for a name that does not exist.
export LB_BUILD=$TMP/build
expect_error "make kernel" "unknown variant 'nosuch'; known variants: pre " make -s -C "$TOP" kernel VARIANT=nosuch
expect_error "make kernels" "unknown variant 'nosuch'" make -s -C "$TOP" kernels VARIANTS=pre,nosuch
expect_error "qemu-boot" "unknown variant 'nosuch'" "$TOP/scripts/boot/qemu-boot.sh" nosuch "$TMP/b"
expect_error "run" "unknown variant 'x'" env VARIANTS=stock,x "$TOP/scripts/timed/run.sh"
[ ! -e "$LB_BUILD/kernel/nosuch" ] || fail "a kernel directory was created for an unknown variant"
[ ! -e "$LB_BUILD/kernel/linux-source-6.1" ] || fail "the kernel tree was extracted for an unknown variant"
expect_error "make kernel without V" "name a variant" make -s -C "$TOP" kernel
