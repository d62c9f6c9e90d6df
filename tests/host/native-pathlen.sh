#!/usr/bin/env bash
# The user-space path length (scripts/native/pathlen.sh): valgrind's
# callgrind counts, in the variant's own lb-native, the instructions a hot
# kind's loop runs per op beyond the empty loop's.  On the fake lock
# object (tests/fixtures/native) it must see exactly what the code has,
# and a planted change of one instruction in _raw_spin_lock exactly +1.
. "$(dirname "$0")/../lib.bash"
[ "$(uname -m)" = x86_64 ] || skip "ACCEL=native needs x86_64"
command -v valgrind >/dev/null || missing "valgrind is not installed: run 'make deps'"
fx=$TOP/tests/fixtures/native
export LB_BUILD=$TMP/build LB_NATIVE_OUT=$TMP/build/native
cc=(gcc -O2 -fno-pie -Wall -Wextra -Werror -std=gnu11 -I"$TOP/schema" -I"$TOP/bench-user/native" -I"$TOP/bench-module")
"${cc[@]}" -c -o "$TMP/kl.o" "$fx/fake_kloops.c"
native_harness

# Two fake kernel builds: base, and base with one more instruction on
# spin_lock's path (a nop after the locked decrement).
fake_kernel() { # NAME ASM
	local k=$TMP/kb/$1
	mkdir -p "$k/kernel/locking"
	gcc -c -o "$k/kernel/locking/spinlock.o" "$2"
	(cd "$k" && ar --target=elf64-x86-64 rcT kernel/locking/built-in.a kernel/locking/spinlock.o)
	gcc -nostdlib -static -no-pie -Wl,-e,_raw_spin_lock -Wl,--defsym=__preempt_count=0x40 \
		-Wl,--defsym=_printk=0x1000 -o "$k/vmlinux" "$k/kernel/locking/spinlock.o"
	echo CONFIG_HZ=250 >"$k/.config"
}
fake_kernel pre "$fx/fake_spinlock.S"
sed 's/^1:\tlock decb (%rdi)$/&\n\tnop/' "$fx/fake_spinlock.S" >"$TMP/planted.S"
cmp -s "$fx/fake_spinlock.S" "$TMP/planted.S" && fail "fixture: the planted nop did not apply"
fake_kernel post "$TMP/planted.S"
export LB_NATIVE_KBUILD=$TMP/kb LBN_KHALF=$TMP/kl.o
for v in pre post; do
	"$TOP/scripts/native/build.sh" "$v" >"$TMP/build-$v.log" 2>&1 || fail "build.sh $v: $(tail -n 5 "$TMP/build-$v.log")"
done

printf '%s\n' "kind=empty mode=hot batches=20" "kind=spin_lock mode=hot batches=20" >"$TMP/jobs"
JOBFILE=$TMP/jobs "$TOP/scripts/native/pathlen.sh" pre post >"$TMP/pathlen.csv" 2>"$TMP/err" ||
	fail "pathlen.sh failed: $(cat "$TMP/err")"
declare -A len=()
while IFS=, read -r v k n; do len[$v:$k]=$n; done < <(tail -n +2 "$TMP/pathlen.csv")
[ -n "${len[pre:spin_lock]:-}" ] || fail "no pre spin_lock row: $(cat "$TMP/pathlen.csv")"
[ "${len[post:spin_lock]}" = "$(awk -v a="${len[pre:spin_lock]}" 'BEGIN { printf "%.3f", a + 1 }')" ] ||
	fail "the planted nop: pre spin_lock ${len[pre:spin_lock]}, post ${len[post:spin_lock]}, want exactly +1"
case ${len[pre:spin_lock]} in *.000) ;; *) fail "a path length is a whole number of instructions: ${len[pre:spin_lock]}" ;; esac
echo "ok: spin_lock ${len[pre:spin_lock]} -> ${len[post:spin_lock]} instructions with one planted nop"

expect_error "a variant not built" "no .*/stock/lb-native: build it with scripts/native/build.sh stock" \
	env JOBFILE="$TMP/jobs" "$TOP/scripts/native/pathlen.sh" stock
