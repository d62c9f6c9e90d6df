#!/usr/bin/env bash
# make quick KSRC= BASE_KSRC= end to end on two stand-in kernel trees
# (tests/fixtures/quick/tree: a Makefile that answers quick's Kbuild
# targets, with the fake lock object of tests/fixtures/native as its
# kernel/locking/spinlock.S): the change tree has one planted instruction
# (a nop after the locked decrement) on spin_lock's path, and quick's
# user-space path length must see exactly +1 there.
# Then a second quick after the change is undone: neither tree is
# prepared again, the path lengths agree, and the binary's lock code is
# checked against the objects as built (no vmlinux).  Last, BASE=HEAD
# with the nop planted again, uncommitted.  The stand-in has no Kbuild
# of its own: tests/boot/49-quick-real.sh runs the real tree's.
# check: slow
# shellcheck source=tests/lib.bash
. "$(dirname "$0")/../lib.bash"
[ "$(uname -m)" = x86_64 ] || skip "ACCEL=native needs x86_64"
while IFS= read -r flags && [[ $flags != flags* ]]; do :; done </proc/cpuinfo
[[ $flags =~ [[:space:]]constant_tsc([[:space:]]|$) ]] || skip "no constant_tsc on this host"
command -v valgrind >/dev/null || missing "valgrind is not installed: run 'make deps'"
[[ -x $TOP/bench-user/lb-validate && -x $TOP/bench-user/lb-stat ]] || fail "the tools are not built (make -C bench-user)"
fx=$TOP/tests/fixtures
export LB_BUILD=$TMP/build
gcc -O2 -fno-pie -Wall -Wextra -Werror -std=gnu11 -I"$TOP/schema" -I"$TOP/bench-user/native" -I"$TOP/bench-module" \
	-c -o "$TMP/kl.o" "$fx/native/fake_kloops.c"
for t in base change; do
	cp -r "$fx/quick/tree" "$TMP/$t"
	cp "$fx/native/fake_spinlock.S" "$TMP/$t/kernel/locking/spinlock.S"
done
sed -i 's/^1:\tlock decb (%rdi)$/&\n\tnop/' "$TMP/change/kernel/locking/spinlock.S"
cmp -s "$TMP/base/kernel/locking/spinlock.S" "$TMP/change/kernel/locking/spinlock.S" && fail "fixture: the planted nop did not apply"
# The user's own build directory: only its .config is read.
mkdir "$TMP/ob"
printf 'CONFIG_X86_64=y\nCONFIG_SMP=y\nCONFIG_HZ=250\n' >"$TMP/ob/.config"
printf '%s\n' "kind=empty mode=hot batches=20" "kind=spin_lock mode=hot batches=20" >"$TMP/jobs"
quick() { # NAME [BASE=ref]: against the base tree, or a commit of the change tree
	local base=BASE_KSRC=$TMP/base
	[ $# = 1 ] || base=$2
	LBN_KHALF=$TMP/kl.o make -s -C "$TOP" quick KSRC="$TMP/change" "$base" O="$TMP/ob" NAME="$1" \
		JOBFILE="$TMP/jobs" RUNS=3 THREADS=1 QUICK_UNIT_MS=5 Q=1 >"$TMP/$1.log" 2>&1 ||
		fail "make quick ($1) failed: $(tail -n 20 "$TMP/$1.log")"
}
lengths() { # NAME -> len[SIDE:KIND]
	local v k n
	len=()
	while IFS=, read -r v k n; do len[$v:$k]=$n; done < <(tail -n +2 "$LB_BUILD/runs/$1/native/pathlen-user.csv")
}
declare -A len=()
quick one
run=$LB_BUILD/runs/one
for f in quick.txt run.info native/run.info native/pairs.csv native/pathlen-user.csv; do
	[ -s "$run/$f" ] || fail "make quick wrote no $f"
done
lengths one
[ -n "${len[base:spin_lock]:-}" ] || fail "no base spin_lock path length: $(<"$run/native/pathlen-user.csv")"
want=$(awk -v a="${len[base:spin_lock]}" 'BEGIN { printf "%.3f", a + 1 }')
[ "${len[change:spin_lock]}" = "$want" ] ||
	fail "the planted nop: base spin_lock ${len[base:spin_lock]}, change ${len[change:spin_lock]}, want exactly +1"
grep -Eq '^  spin_lock +[0-9]+ -> [0-9]+ +\+1$' "$run/quick.txt" || fail "the summary lacks spin_lock's +1: $(<"$run/quick.txt")"
grep -q 'irq, irqsave and bh kinds' "$run/quick.txt" || fail "the summary does not say what quick cannot measure"
grep -q 'identical to the lock objects as built' "$LB_BUILD/quick/native-user/change/disasm-check.txt" ||
	fail "the disassembly check did not compare with the objects: $(<"$LB_BUILD/quick/native-user/change/disasm-check.txt")"
echo "ok: spin_lock ${len[base:spin_lock]} -> ${len[change:spin_lock]} instructions with one planted nop"

# The change undone: the object is rebuilt, nothing is prepared again.
cp "$TMP/base/kernel/locking/spinlock.S" "$TMP/change/kernel/locking/spinlock.S"
quick two
lengths two
[ "${len[change:spin_lock]}" = "${len[base:spin_lock]}" ] ||
	fail "after undoing the nop: base ${len[base:spin_lock]}, change ${len[change:spin_lock]}"
for t in base change; do
	n=$(wc -l <"$LB_BUILD/quick/user/$t/prepared")
	[ "$n" = 1 ] || fail "$t was prepared $n times for two quick runs of one configuration"
done
echo "ok: the second quick rebuilt the changed object only (prepare ran once per tree)"

# BASE=ref: the base is a commit of the change tree, checked out in a
# worktree under build/quick/src; the user's checkout keeps its change.
g=(git -C "$TMP/change" -c user.name=lockbench -c user.email=lockbench@example.org)
"${g[@]}" init -q
"${g[@]}" add -A
"${g[@]}" commit -q -m base
sed -i 's/^1:\tlock decb (%rdi)$/&\n\tnop/' "$TMP/change/kernel/locking/spinlock.S"
quick three BASE=HEAD
lengths three
[ "${len[change:spin_lock]}" = "$(awk -v a="${len[base:spin_lock]}" 'BEGIN { printf "%.3f", a + 1 }')" ] ||
	fail "BASE=HEAD: base ${len[base:spin_lock]}, change ${len[change:spin_lock]}, want exactly +1"
[ "$("${g[@]}" status --porcelain)" = " M kernel/locking/spinlock.S" ] || fail "BASE=HEAD touched the checkout: $("${g[@]}" status --porcelain)"
ls -d "$LB_BUILD"/quick/src/base-* >/dev/null || fail "BASE=HEAD made no worktree under build/quick/src"
echo "ok: BASE=HEAD: spin_lock ${len[base:spin_lock]} -> ${len[change:spin_lock]}, the base from a worktree of the commit"
