#!/usr/bin/env bash
# The built vmlinux of each variant shows its lock layer's historical
# instruction sequences (scripts/check-disasm.sh), so a regression fails.
. "$(dirname "$0")/lib.bash"
. "$TOP/scripts/lib.sh"
for v in $VARIANTS_UNDER_TEST; do
	"$TOP/scripts/check-disasm.sh" "$TOP/build/kernel/$v" "$(variant_lock "$v")" "$(variant_debug "$v")" ||
		fail "$v: disassembly check failed"
	echo "ok: $v ($(variant_lock "$v"), debug $(variant_debug "$v"))"
done
