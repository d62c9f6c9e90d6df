#!/usr/bin/env bash
# audit-arch-locks.sh flags a compiled file whose arch_spinlock_t is not
# initialised, and passes initialised or hand-audited ones.
. "$(dirname "$0")/../lib.bash"
export LB_BUILD=$TMP/build
tree=$LB_BUILD/kernel/linux-source-6.1
mkdir -p "$tree/kernel" "$TMP/o/kernel"
: >"$TMP/o/vmlinux"
printf 'static arch_spinlock_t a = __ARCH_SPIN_LOCK_UNLOCKED;\n/* arch_rwlock_t in a comment */\n' >"$tree/kernel/good.c"
: >"$TMP/o/kernel/good.o"
"$TOP/tests/harness/audit-arch-locks.sh" "$TMP/o" >"$TMP/out" || fail "an initialised lock was flagged: $(cat "$TMP/out")"
grep -q '^ok   kernel/good.c:1: initialised' "$TMP/out" || fail "good.c not listed: $(cat "$TMP/out")"
grep -q 'good.c:2' "$TMP/out" && fail "a comment was taken for a lock"
printf 'struct s { arch_rwlock_t l; };\nstatic struct s zeroed;\n' >"$tree/kernel/bad.c"
: >"$TMP/o/kernel/bad.o"
if "$TOP/tests/harness/audit-arch-locks.sh" "$TMP/o" >"$TMP/out"; then fail "an uninitialised arch_rwlock_t passed"; fi
grep -q '^BAD  kernel/bad.c:1: not initialised' "$TMP/out" || fail "bad.c not named: $(cat "$TMP/out")"
echo "ok: initialised lock passes, a bare arch_rwlock_t is named"
