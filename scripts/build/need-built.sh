#!/usr/bin/env bash
# need-built.sh VARIANT...: refuse, before any work, to boot variants
# whose files are missing (kernel image, lockbench.ko, modules archive,
# the base archive), naming the make command that builds them.  Building
# is make's (the Makefile's variant rules decide what is stale); a script
# run outside make boots what is built.
. "$(dirname "$0")/../lib.sh"
[ $# -gt 0 ] || die "usage: need-built.sh VARIANT..."
missing=() first=""
for v in "$@"; do
	for f in "$(variant_path "$v" image)" "$LB_BUILD/module/$v/lockbench.ko" \
		"$(variant_path "$v" state)/lb-modules.cpio" "$LB_BUILD/initramfs/base.cpio"; do
		[ ! -f "$f" ] || continue
		missing+=("$v") first=${first:-$f}
		break
	done
done
[ ${#missing[@]} -eq 0 ] ||
	die "not built: ${missing[*]} (no ${first#"$LB_TOP"/}); build them first: make kernels modules initramfs VARIANTS='${missing[*]}'"
