#!/usr/bin/env bash
# make quick on the real tree and Kbuild: KSRC= a copy of the patched
# linux-source-6.1 (hard links: the tree is not copied) with one planted
# instruction, asm volatile("nop") in _raw_spin_lock, against the tree
# itself (BASE_KSRC=).  The exact user-space path length must read +1 on
# spin_lock and the same on every other hot kind; the binaries' lock code
# must be the objects' (no vmlinux).  Two trees are prepared: minutes.
# Skips without the tree (make tree).
. "$(dirname "$0")/../lib.bash"
. "$TOP/scripts/lib.sh"
[ "$(uname -m)" = x86_64 ] || skip "make native needs x86_64"
grep -m1 '^flags' /proc/cpuinfo | grep -qw constant_tsc || skip "no constant_tsc on this host"
command -v valgrind >/dev/null || skip "valgrind is not installed (make deps)"
[ -f "$LB_STAMP" ] && [ -d "$LB_TREE" ] || skip "no patched tree at $LB_TREE (make tree)"
# On build/'s file system, for the hard links; the test's own build/,
# kept after a failure, so that a rerun prepares nothing again.
work=$LB_BUILD/check/quick-real
rm -rf "$work/change" "$work/build/runs/real"
mkdir -p "$work"
cp -al "$LB_TREE" "$work/change"
f=$work/change/kernel/locking/spinlock.c
# A new file, not an edit through the link: the tree itself keeps its own.
awk '{ print } prev ~ /__lockfunc _raw_spin_lock\(raw_spinlock_t \*lock\)$/ && $0 == "{" { print "\tasm volatile(\"nop\");" } { prev = $0 }' \
	"$LB_TREE/kernel/locking/spinlock.c" >"$f.new"
rm "$f"
mv "$f.new" "$f"
grep -q 'asm volatile("nop");' "$f" || fail "the planted nop did not apply to $f"
printf '%s\n' "kind=empty mode=hot batches=20" "kind=spin_lock mode=hot batches=20" "kind=read_lock mode=hot batches=20" \
	"kind=write_lock mode=hot batches=20" >"$work/jobs"
LB_BUILD=$work/build make -s -C "$TOP" quick KSRC="$work/change" BASE_KSRC="$LB_TREE" NAME=real JOBFILE="$work/jobs" \
	RUNS=2 THREADS=1 Q=1 >"$work/quick.log" 2>&1 || fail "make quick failed: $(tail -n 20 "$work/quick.log")"
declare -A len=()
while IFS=, read -r v k n; do len[$v:$k]=$n; done < <(tail -n +2 "$work/build/runs/real/native/pathlen-user.csv")
want=$(awk -v a="${len[base:spin_lock]}" 'BEGIN { printf "%.3f", a + 1 }')
[ "${len[change:spin_lock]}" = "$want" ] || fail "spin_lock: base ${len[base:spin_lock]}, change ${len[change:spin_lock]}, want exactly +1"
# Every other kind the job list ran is the same on both sides.
others=0
for key in "${!len[@]}"; do
	k=${key#base:}
	[[ $key == base:* && $k != spin_lock ]] || continue
	[ "${len[change:$k]}" = "${len[base:$k]}" ] || fail "$k changed without a change: ${len[base:$k]} -> ${len[change:$k]}"
	others=$((others + 1))
done
[ "$others" -ge 2 ] || fail "only $others other kinds were counted: $(cat "$work/build/runs/real/native/pathlen-user.csv")"
for s in base change; do
	tail -n 1 "$work/build/quick/native-user/$s/disasm-check.txt" | grep -q 'identical to the lock objects as built' ||
		fail "$s: the disassembly check against the objects did not pass"
done
echo "ok: real tree: spin_lock ${len[base:spin_lock]} -> ${len[change:spin_lock]} with one planted nop; $others other kinds the same"
rm -rf "$work"
