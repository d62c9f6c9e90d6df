#!/usr/bin/env bash
# Zero-initialised locks: in every legacy variant, each compiled source
# that uses arch_spinlock_t/arch_rwlock_t directly (no magic check covers
# those) initialises it to __ARCH_*_UNLOCKED or is on the audited list.
# stock has no legacy lock layer: a run with no legacy variant under test
# audited nothing, and fails.
. "$(dirname "$0")/lib.bash"
. "$TOP/scripts/lib.sh"
audited=0
for v in $VARIANTS_UNDER_TEST; do
	[ "$(variant_lock "$v")" = stock ] && continue
	"$TOP/tests/harness/audit-arch-locks.sh" "$(variant_path "$v" kdir)" || fail "$v: arch-lock audit failed"
	audited=$((audited + 1))
done
checked $audited "no legacy variant under test (CHECK_VARIANTS=$VARIANTS_UNDER_TEST): name one, e.g. CHECK_VARIANTS=pre-debug"
