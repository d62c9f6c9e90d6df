#!/usr/bin/env bash
# objref.sh OUT LOCKOBJ...: the lock objects linked alone into OUT, what
# disasm-check.sh compares a binary's lock code with where make quick
# built no vmlinux.  Every symbol they leave undefined gets an address of
# its own (--defsym), so that a call shows its target's name as it does
# in a vmlinux and in lb-native; nothing here runs.  What this reference
# cannot hold, unlike a booted kernel: boot-time alternatives, static
# keys and paravirt patching (docs/quick.md).
. "$(dirname "$0")/common.sh"

out=${1:?usage: objref.sh OUT LOCKOBJ...}
shift
[ $# -gt 0 ] || die "objref.sh: no lock objects"
defsyms=() addr=$((0x100000))
while read -r s; do
	defsyms+=("--defsym=$s=$(printf '0x%x' "$addr")")
	addr=$((addr + 16))
done < <(nm --target=elf64-x86-64 "$@" | awk '
	# undefined in one object and defined in none (rwlock_legacy.o defines
	# what spinlock.o calls)
	NF == 2 && $1 == "U" { u[$2] = 1 } NF == 3 { d[$3] = 1 }
	END { for (s in u) if (!(s in d)) print s }' | sort)
# -e 0: no entry point is needed, the image is only disassembled.
ld -static -e 0 -z noexecstack --no-warn-rwx-segments -o "$out.new" "$@" "${defsyms[@]}" 2>"$out.log" ||
	{ cat "$out.log" >&2; die "objref.sh: linking $* alone failed"; }
mv "$out.new" "$out"
