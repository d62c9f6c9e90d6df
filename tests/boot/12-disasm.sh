#!/usr/bin/env bash
# The built vmlinux of each variant shows its lock layer's historical
# instruction sequences (tests/harness/check-disasm.sh), so a regression fails;
# no vmlinux holds an events marker, and lockbench.ko holds each op's own.
. "$(dirname "$0")/lib.bash"
. "$TOP/scripts/lib.sh"
checked=0
for v in $VARIANTS_UNDER_TEST; do
	rc=0
	# lockbench.ko too, when built: its events markers (check-disasm.sh).
	ko=$LB_BUILD/module/$v/lockbench.ko
	[ -f "$ko" ] || ko=""
	LB_MODULE=$ko "$TOP/tests/harness/check-disasm.sh" "$(variant_path "$v" kdir)" "$(variant_lock "$v")" "$(variant_debug "$v")" || rc=$?
	case $rc in
	0) echo "ok: $v ($(variant_lock "$v"), debug $(variant_debug "$v"))" && checked=$((checked + 1)) ;;
	4) echo "# $v: no expected sequences for its lock layer" ;;
	*) fail "$v: disassembly check failed" ;;
	esac
done
checked $checked "no variant under test ($VARIANTS_UNDER_TEST) has a lock layer with expected sequences: name one, e.g. CHECK_VARIANTS=pre"
