#!/usr/bin/env bash
# prefix.sh OUT PREFIX TEXT_PAD DATA_PAD MERGED: one variant's copy for a
# multi-variant lb-native.  MERGED is the variant's kernel half and lock
# objects as one relocatable object (build.sh's ld -r).  OUT is MERGED
# with TEXT_PAD bytes (int3) before its code in every executable section
# and DATA_PAD bytes before its data in .data, .rodata and .bss, and with
# every symbol it defines renamed PREFIX.SYMBOL.
#
# objcopy --prefix-symbols renames undefined references too
# (__preempt_count would become pre.__preempt_count), so what the object
# leaves undefined (the per-CPU variables, the stubs, __per_cpu_offset,
# loops_per_jiffy, memset) is renamed back: those resolve to the
# harness's one definition, while two variants' own functions and data
# can never resolve to each other's.
. "$(dirname "$0")/../lib.sh"

out=${1:?usage: prefix.sh OUT PREFIX TEXT_PAD DATA_PAD MERGED}
prefix=${2:?} tpad=${3:?} dpad=${4:?} merged=${5:?}
[[ $tpad =~ ^[0-9]+$ && $dpad =~ ^[0-9]+$ ]] || die "prefix.sh: pads must be byte counts, got '$tpad' '$dpad'"
[[ $prefix =~ ^[A-Za-z_][A-Za-z0-9_]*\.$ ]] || die "prefix.sh: prefix '$prefix' is not NAME. (a C name and a dot)"
[ -f "$merged" ] || die "prefix.sh: no object $merged"
work=$out.d
mkdir -p "$work"

# The padding: one section of the same name ahead of each of the
# variant's, so the linker places it first (ld -r keeps input order).
{
	readelf -SW "$merged" | awk -v tpad="$tpad" -v dpad="$dpad" '
		# [Nr] Name Type Address Off Size ES Flg Lk Inf Al
		/^ *\[ *[0-9]+\]/ {
			sub(/^ *\[ *[0-9]+\] */, "")
			name = $1; type = $2; flg = $7
			if (flg !~ /A/) next
			if (flg ~ /X/ && tpad > 0)
				printf "\t.section %s, \"ax\", @progbits\n\t.fill %d, 1, 0xcc\n", name, tpad
			# (not a merged-constant section: the linker may fold those)
			else if ((name == ".data" || name ~ /^\.rodata/) && flg !~ /M/ && dpad > 0)
				printf "\t.section %s, \"%s\", @progbits\n\t.fill %d, 1, 0\n", name, flg ~ /W/ ? "aw" : "a", dpad
			else if (name == ".bss" && dpad > 0)
				printf "\t.section .bss, \"aw\", @nobits\n\t.skip %d\n", dpad
		}'
	printf '\t.section .note.GNU-stack, "", @progbits\n'
} >"$work/pad.S"
gcc -c -o "$work/pad.o" "$work/pad.S" || die "prefix.sh: the padding does not assemble ($work/pad.S)"
ld -r -z noexecstack -o "$work/padded.o" "$work/pad.o" "$merged" || die "prefix.sh: ld -r failed on $merged"

# What stays the harness's: every symbol the object leaves undefined.
nm=(nm --target=elf64-x86-64)
"${nm[@]}" -u "$work/padded.o" | awk -v p="$prefix" 'NF == 2 { print p $2, $2 }' >"$work/shared.map"
objcopy --prefix-symbols="$prefix" "$work/padded.o" "$work/prefixed.o" || die "prefix.sh: objcopy --prefix-symbols failed"
objcopy --redefine-syms="$work/shared.map" "$work/prefixed.o" "$out.new" || die "prefix.sh: objcopy --redefine-syms failed"
mv "$out.new" "$out"
