#!/usr/bin/env bash
# ensure-built.sh VARIANT...: the one build chain every booting step uses:
# each variant's kernel, lockbench.ko and module initramfs, then the base
# initramfs, each rebuilt only when stale.  Output goes to stderr, so a
# caller's stdout stays its own.
. "$(dirname "$0")/../lib.sh"
[ $# -gt 0 ] || die "usage: ensure-built.sh VARIANT..."
gcc_facts # once for every kernel.sh and module.sh below
for v in "$@"; do
	bash "$LB_TOP/scripts/build/kernel.sh" "$v" >&2
	bash "$LB_TOP/scripts/build/module.sh" "$v" >&2
	bash "$LB_TOP/scripts/build/initramfs.sh" "$v" >&2
done
bash "$LB_TOP/scripts/build/initramfs.sh" base >&2
