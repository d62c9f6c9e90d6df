#!/usr/bin/env bash
# Zero-initialised locks: in every legacy variant, each compiled source
# that uses arch_spinlock_t/arch_rwlock_t directly (no magic check covers
# those) initialises it to __ARCH_*_UNLOCKED or is on the audited list.
. "$(dirname "$0")/lib.bash"
. "$TOP/scripts/lib.sh"
for v in $VARIANTS_UNDER_TEST; do
	[ "$(variant_lock "$v")" = stock ] && continue
	"$TOP/tests/harness/audit-arch-locks.sh" "$TOP/build/kernel/$v" || fail "$v: arch-lock audit failed"
done
