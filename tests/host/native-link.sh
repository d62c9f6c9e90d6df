#!/usr/bin/env bash
# Every variant in one lb-native: link.sh's renaming and its layouts, on
# fake kernel objects (tests/fixtures/native).
#  - No cross-variant resolution: "post"'s _raw_spin_lock calls _printk
#    (a counting stub) and "pre"'s does not, both in one binary: pre's
#    jobs run clean and post's hit the stub, so neither variant reached
#    the other's function; and no call in one variant's code names the
#    other's symbols.
#  - Shared symbols resolve to the harness's one definition: the per-CPU
#    __preempt_count, the _printk stub, __per_cpu_offset and
#    loops_per_jiffy (read by a fake spinlock_debug.o) appear once,
#    unprefixed, and no VARIANT.NAME copy of them exists.
#  - The disassembly check holds per variant, prefix aside.
#  - Layout: the same seed gives the same binary; two seeds give two
#    layouts (order, padding, stack), and the code lands elsewhere; seed
#    2 gives the layout it always has.
# shellcheck source=tests/lib.bash
# check: slow
. "$(dirname "$0")/../lib.bash"
[ "$(uname -m)" = x86_64 ] || skip "ACCEL=native needs x86_64"
while IFS= read -r flags && [[ $flags != flags* ]]; do :; done </proc/cpuinfo
[[ $flags =~ [[:space:]]constant_tsc([[:space:]]|$) ]] || skip "no constant_tsc on this host"
fx=$TOP/tests/fixtures/native
export LB_BUILD=$TMP/build LB_NATIVE_OUT=$TMP/build/native
"${CC:-gcc}" -O2 -fno-pie -Wall -Wextra -Werror -std=gnu11 -I"$TOP/schema" -I"$TOP/bench-user/native" -I"$TOP/bench-module" \
	-c -o "$TMP/kl.o" "$fx/fake_kloops.c"
native_harness

# Two fake kernels: post's lock calls _printk on every acquire (saving
# its argument around the call).
# shellcheck disable=SC2016 # assembler text, not variables
sed 's/^_raw_spin_lock:$/&\n\tpushq\t%rdi\n\tcall\t_printk\n\tpopq\t%rdi/' "$fx/fake_spinlock.S" >"$TMP/post.S"
printf '\t.text\n\t.globl fake_shared\nfake_shared:\n\tmovq loops_per_jiffy(%%rip), %%rax\n\taddq __per_cpu_offset(%%rip), %%rax\n\tret\n\t.section .note.GNU-stack, "", @progbits\n' >"$TMP/shared.S"
for v in pre post; do
	k=$TMP/kb/$v
	mkdir -p "$k/kernel/locking"
	src=$fx/fake_spinlock.S
	[ $v = pre ] || src=$TMP/post.S
	gcc -c -o "$k/kernel/locking/spinlock.o" "$src"
	gcc -c -o "$k/kernel/locking/spinlock_debug.o" "$TMP/shared.S"
	(cd "$k" && ar --target=elf64-x86-64 rcT kernel/locking/built-in.a kernel/locking/spinlock.o kernel/locking/spinlock_debug.o)
	gcc -nostdlib -static -no-pie -Wl,-e,_raw_spin_lock -Wl,--defsym=__preempt_count=0x40 -Wl,--defsym=_printk=0x1000 \
		-Wl,--defsym=loops_per_jiffy=0x2000 -Wl,--defsym=__per_cpu_offset=0x3000 \
		-o "$k/vmlinux" "$k/kernel/locking/spinlock.o" "$k/kernel/locking/spinlock_debug.o"
	echo CONFIG_HZ=250 >"$k/.config"
	LB_NATIVE_KBUILD=$TMP/kb LBN_KHALF=$TMP/kl.o Q=1 "$TOP/scripts/native/build.sh" $v || fail "build.sh $v failed"
done
link() { # dir seed
	"$TOP/scripts/native/link.sh" "$1" "$LB_NATIVE_OUT/harness" 250 "$2" pre \
		"pre=$LB_NATIVE_OUT/pre/merged.o" "post=$LB_NATIVE_OUT/post/merged.o" || fail "link.sh seed $2 failed"
}
link "$TMP/s1" 1
bin=$TMP/s1/lb-native

# No cross-variant resolution, at run time: pre (and its A/A copy) never
# reach post's acquire; post reaches its own.
"$bin" -v pre,pre~L2 -b 1 -H t -t 5 -s 2 -O "$TMP" "kind=spin_lock mode=hot" || fail "pre's jobs reached a stub: they ran post's lock"
expect_error "post's own lock" "post spin_lock hot: the lock code called _printk" "$bin" -v post -b 1 -H t -t 5 -s 2 "kind=spin_lock mode=hot"
# ... and in the code: no call or jump in one variant's text names another's.
objdump -d --no-show-raw-insn "$bin" >"$TMP/dis.txt"
awk '
	/^[0-9a-f]+ <.*>:$/ { f = $2; gsub(/[<>:]/, "", f); v = f ~ /^(pre|post|pre_L2)\./ ? substr(f, 1, index(f, ".")) : ""; next }
	v != "" && /\t(call|jmp)/ && match($0, /<[^>+]*/) {
		t = substr($0, RSTART + 1, RLENGTH - 1)
		if (t ~ /^(pre|post|pre_L2)\./ && substr(t, 1, length(v)) != v) { print f " -> " t; bad = 1 }
	}
	END { exit bad }' "$TMP/dis.txt" || fail "a variant calls another variant's function"
echo "ok: no variant reaches another's functions (run and disassembly)"

# Shared symbols: one definition each, unprefixed; no prefixed copy.
nm --target=elf64-x86-64 "$bin" >"$TMP/nm"
for s in __preempt_count _printk __per_cpu_offset loops_per_jiffy; do
	n=$(awk -v s="$s" '$NF == s' "$TMP/nm" | wc -l)
	[ "$n" = 1 ] || fail "$s is defined $n times, want once"
	! grep -Eq "[ .](pre|post|pre_L2)\.$s\$" "$TMP/nm" || fail "a prefixed copy of $s exists"
done
# fake_shared's loads name the harness's own variables in every copy.
for p in pre post pre_L2; do
	awk -v f="<$p.fake_shared>:" '$2 == f { on = 1; next } on && /^$/ { exit } on' "$TMP/dis.txt" >"$TMP/fs"
	{ grep -q '<loops_per_jiffy>' "$TMP/fs" && grep -q '<__per_cpu_offset>' "$TMP/fs"; } ||
		fail "$p.fake_shared does not read the harness's loops_per_jiffy and __per_cpu_offset: $(<"$TMP/fs")"
done
echo "ok: per-CPU, stub and harness symbols resolve to one definition"

# The disassembly check, per variant, prefix aside.
for v in pre post pre~L2; do
	p=${v//[-~]/_}.
	k=$TMP/kb/${v%~L2}
	"$TOP/scripts/native/disasm-check.sh" -p "$p" "$bin" "$k/vmlinux" "$k/kernel/locking/spinlock.o" \
		"$k/kernel/locking/spinlock_debug.o" >"$TMP/dis" || fail "disasm check of $v: $(<"$TMP/dis")"
done
expect_error "disasm across variants" "DIFFERS _raw_spin_lock" "$TOP/scripts/native/disasm-check.sh" -p pre. "$bin" \
	"$TMP/kb/post/vmlinux" "$TMP/kb/post/kernel/locking/spinlock.o"
echo "ok: the disassembly check holds per variant and tells them apart"

# Layout: seed 1 again is the same binary; seed 2 another layout.
link "$TMP/s1b" 1
link "$TMP/s2" 2
cmp -s "$TMP/s1/layout.txt" "$TMP/s1b/layout.txt" || fail "seed 1 twice gave two layouts"
cmp -s "$bin" "$TMP/s1b/lb-native" || fail "seed 1 twice gave two binaries"
! cmp -s "$TMP/s1/layout.txt" "$TMP/s2/layout.txt" || fail "seeds 1 and 2 gave one layout"
# A seed's layout never changes: published runs name theirs by seed.
want="seed=2
stack_pad=1808
copy name=pre~L2 prefix=pre_L2. link_pos=1 text_pad=1984 data_pad=304
copy name=pre prefix=pre. link_pos=2 text_pad=2176 data_pad=704
copy name=post prefix=post. link_pos=3 text_pad=1136 data_pad=600"
[ "$(<"$TMP/s2/layout.txt")" = "$want" ] || fail "seed 2 drew another layout than it always has:
$(<"$TMP/s2/layout.txt")"
addr() { nm --target=elf64-x86-64 "$1" | awk -v s="$2" '$3 == s { print $1 }'; }
for s in pre.lbn_kinds post._raw_spin_lock pre_L2._raw_spin_lock; do
	[ "$(addr "$bin" "$s")" != "$(addr "$TMP/s2/lb-native" "$s")" ] || fail "$s at one address under seeds 1 and 2"
done
# The binary knows its layout: what it writes is what link.sh drew.
"$TMP/s2/lb-native" -v pre -b 1 -H t -t 1 -s 1 -L "$TMP/lay.csv" -o "$TMP/r.csv" "kind=empty mode=hot" || fail "seed 2's binary failed"
want=$(awk '/^stack_pad=/ { sub(/.*=/, ""); print }' "$TMP/s2/layout.txt")
awk -F, -v w="$want" 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } $h["stack_pad"] != w { bad = 1 } END { exit bad }' "$TMP/lay.csv" || fail "the binary's stack pad is not link.sh's $want"
# Seed 0 is the plain layout: no padding, no stack offset.
link "$TMP/s0" 0
{ grep -q '^stack_pad=0$' "$TMP/s0/layout.txt" && ! grep -q 'pad=[1-9]' "$TMP/s0/layout.txt"; } ||
	fail "seed 0 is not the plain layout: $(<"$TMP/s0/layout.txt")"
echo "ok: layouts are drawn from the seed, the same seed giving the same binary"

# What no stand-in can be is refused by name: a lock that returns through
# the return thunk (CONFIG_RETHUNK), and one that calls through pv_ops
# (CONFIG_PARAVIRT).
sed '0,/^\tret$/s//\tjmp\t__x86_return_thunk/' "$fx/fake_spinlock.S" >"$TMP/rethunk.S"
sed 's/^_raw_spin_lock:$/&\n\tcall\t*pv_ops+8(%rip)/' "$fx/fake_spinlock.S" >"$TMP/pvops.S"
for t in rethunk pvops; do
	cmp -s "$fx/fake_spinlock.S" "$TMP/$t.S" && fail "fixture: the $t edit did not apply"
	gcc -c -o "$TMP/$t.o" "$TMP/$t.S"
	ld -r -z noexecstack -o "$TMP/$t-merged.o" "$TMP/kl.o" "$TMP/$t.o"
done
expect_error "a return thunk" "goes through __x86_return_thunk .*configure the tree without them" \
	"$TOP/scripts/native/link.sh" "$TMP/rt" "$LB_NATIVE_OUT/harness" 250 0 pre "pre=$LB_NATIVE_OUT/pre/merged.o" "post=$TMP/rethunk-merged.o"
expect_error "a pv_ops call" "goes through pv_ops .*configure the tree without them" \
	"$TOP/scripts/native/link.sh" "$TMP/pv" "$LB_NATIVE_OUT/harness" 250 0 pre "pre=$LB_NATIVE_OUT/pre/merged.o" "post=$TMP/pvops-merged.o"
echo "ok: return thunks and pv calls are refused by name"
