#!/usr/bin/env bash
# link.sh OUT HARNESS HZ SEED AA VARIANT=MERGED...: link OUT/lb-native
# from the harness's user objects (HARNESS: bench-user/native's Makefile
# output), each variant's merged kernel objects (MERGED: its kernel half
# and lock objects, unchanged, as build.sh's ld -r made them), stubs and
# the variants' table generated here.  Every variant's symbols are renamed
# VARIANT.SYMBOL (prefix.sh), so all of them share one process and none
# reaches another's code; AA (or -) names the variant linked a second
# time, as VARIANT~L2, at a second layout.
#
# The layout is drawn from SEED, and written to OUT/layout.txt: the
# variants' link order, the padding before each one's text and data, and
# the stack offset.  SEED 0 is the plain layout: the order given, no
# padding, no stack offset.  The same SEED gives the same binary.
#
# What the kernel objects leave undefined is read from nm -u and sorted by
# how objdump -dr shows each symbol used:
#   - %gs-relative: a per-CPU variable.  The ones the harness knows how to
#     fill (percpu.c) get small offsets in the thread's per-CPU area with
#     --defsym; any other is refused, naming it;
#   - only ever called or jumped to: a function the lock paths should not
#     reach (printk, dump_stack, ...): a stub that ends the process when
#     reached (stubs.h), one for every variant;
#   - section markers (__lock_text_start/end, read only by
#     in_lock_functions(), which nothing measured calls): --defsym to a
#     placeholder address;
#   - anything else is data the harness does not provide: refused;
#   - thunks and paravirt calls (__x86_return_thunk, pv_ops, ...): refused
#     by name, whatever their use.
# Symbols the harness defines itself (percpu.c: __per_cpu_offset,
# loops_per_jiffy) are not undefined at all.
. "$(dirname "$0")/common.sh"

out=${1:?usage: link.sh OUT HARNESS HZ SEED AA VARIANT=MERGED...}
harness=${2:?} hz=${3:?} seed=${4:?} aa=${5:?}
shift 5
[ $# -gt 0 ] || die "link.sh: no variants"
[[ $seed =~ ^[0-9]+$ ]] || die "link.sh: SEED=$seed: want a whole number"
mkdir -p "$out"
hobjs=("$harness"/*.o)

# The copies: NAME, its prefix and merged object; the A/A's second one.
names=() prefixes=() merged=() copy=()
declare -A seen=()
add_copy() { # name object copy
	local p
	p=$(native_prefix "$1")
	[ -z "${seen[$p]:-}" ] || die "link.sh: variants $1 and ${seen[$p]} would share the symbol prefix $p"
	seen[$p]=$1
	names+=("$1") prefixes+=("$p") merged+=("$2") copy+=("$3")
}
for a in "$@"; do
	[[ $a == *=* && -f ${a#*=} ]] || die "link.sh: '$a' is not VARIANT=MERGED with an object"
	add_copy "${a%%=*}" "${a#*=}" 1
done
if [ "$aa" != - ]; then
	for i in "${!names[@]}"; do
		[ "${names[$i]}" != "$aa" ] || { add_copy "$aa~L2" "${merged[$i]}" 2; break; }
	done
	[ "${names[-1]}" = "$aa~L2" ] || die "link.sh: the A/A variant $aa is not among those linked (${names[*]})"
fi
# Each merged object once (the A/A's second copy is the same file).
mapfile -t kobjs < <(printf '%s\n' "${merged[@]}" | sort -u)

# The layout from SEED: a 64-bit LCG (Knuth's MMIX constants) in bash's
# wrapping arithmetic, so that a seed gives the same layout anywhere.
# draws SEED M...: one number in [0, M) a line for each M, in turn, from
# the generator's successive states (all at once: the state lives in the
# function, and each call is a subshell).
draws() {
	local rng=$1 m
	shift
	for m; do
		rng=$((rng * 6364136223846793005 + 1442695040888963407))
		echo $((((rng >> 33) & 0x7fffffff) % m))
	done
}
n=${#names[@]}
order=() tpads=() dpads=() stack=0
for ((i = 0; i < n; i++)); do order+=("$i") tpads+=(0) dpads+=(0); done
if [ "$seed" != 0 ]; then
	# Fisher-Yates; pads up to a page: text in 16-byte steps (the
	# functions' alignment), data in 8-byte ones; the stack in 16s.  The
	# bounds in the order they are drawn in, then the draws, taken in
	# turn (d counts them).
	bounds=()
	for ((i = n - 1; i > 0; i--)); do bounds+=($((i + 1))); done
	for ((i = 0; i < n; i++)); do bounds+=(256 512); done
	bounds+=(256)
	mapfile -t r < <(draws "$seed" "${bounds[@]}")
	[ ${#r[@]} -eq ${#bounds[@]} ] || die "link.sh: drew ${#r[@]} numbers for the layout, not ${#bounds[@]}"
	d=0
	for ((i = n - 1; i > 0; i--)); do
		j=${r[d++]}
		t=${order[i]} order[i]=${order[j]} order[j]=$t
	done
	for ((i = 0; i < n; i++)); do
		tpads[i]=$((r[d++] * 16))
		dpads[i]=$((r[d++] * 8))
	done
	stack=$((r[d++] * 16))
fi
{
	echo "seed=$seed"
	echo "stack_pad=$stack"
	for ((p = 0; p < n; p++)); do
		i=${order[$p]}
		echo "copy name=${names[$i]} prefix=${prefixes[$i]} link_pos=$((p + 1)) text_pad=${tpads[$i]} data_pad=${dpads[$i]}"
	done
} >"$out/layout.txt"

# The per-CPU variables percpu.c fills, at their offsets in the area.
declare -A pcpu=([__preempt_count]=0x40 [cpu_number]=0x48 [current_task]=0x50 [this_cpu_off]=0x58)
markers=" __lock_text_start __lock_text_end "

# Every object is x86_64 ELF: naming the format keeps nm from trying each
# bfd plugin (a system's LLVMgold loads all of libLLVM: ~0.1 s a call).
nm=(nm --target=elf64-x86-64)
# Membership tests only: the order does not matter.
# Only the harness's count: a variant's own definitions are renamed, so a
# symbol one variant leaves undefined never resolves to another's.
defined=$("${nm[@]}" -g --defined-only "${hobjs[@]}" 2>/dev/null | awk 'NF == 3 && !seen[$3]++ { printf " %s", $3 } END { printf " " }')
mapfile -t undef < <("${nm[@]}" -u "${kobjs[@]}" | awk 'NF == 2 { print $2 }' | sort -u)

# How code uses each relocated symbol: "SYMBOL CLASS..." (gs, call or
# other, sorted), into classes_of[SYMBOL].
uses=$(objdump -dr --no-show-raw-insn "${kobjs[@]}" | awk '
	/^ *[0-9a-f]+:\t/ && !/R_X86_64_/ { insn = $0; next }
	/R_X86_64_/ {
		sym = $NF; sub(/[-+]0x[0-9a-f]+$/, "", sym)
		if (insn ~ /%gs:/) c = "gs"
		else if (insn ~ /\t(call|jmp)[a-z]* /) c = "call"
		else c = "other"
		if (!(sym in seen)) order[++n] = sym
		seen[sym] = 1; used[sym, c] = 1
	}
	END {
		for (i = 1; i <= n; i++) {
			sym = order[i]; l = sym
			if ((sym, "call") in used) l = l " call"
			if ((sym, "gs") in used) l = l " gs"
			if ((sym, "other") in used) l = l " other"
			print l
		}
	}')
declare -A classes_of=()
while read -r s c; do
	[ -z "$s" ] || classes_of[$s]="$c "
done <<<"$uses"

stubs=() defsyms=()
for s in "${!pcpu[@]}"; do
	defsyms+=("-Wl,--defsym=$s=${pcpu[$s]}")
done
for s in "${undef[@]}"; do
	[[ $defined == *" $s "* ]] && continue
	[ -n "${pcpu[$s]:-}" ] && continue
	if [[ $markers == *" $s "* ]]; then
		defsyms+=("-Wl,--defsym=$s=0x100000")
		continue
	fi
	# What no stand-in can be: the retpoline and return thunks (every
	# indirect call or return of the lock code goes through them) and
	# paravirt's calls; a stub would end the first lock.  Refused by name.
	case $s in
	__x86_indirect_thunk_* | __x86_indirect_call_thunk_* | __x86_return_thunk | pv_ops | paravirt_* | __raw_callee_save_*)
		die "the lock code goes through $s (retpolines, return thunks or paravirt: CONFIG_RETPOLINE, CONFIG_RETHUNK, CONFIG_PARAVIRT), which the native harness cannot provide: configure the tree without them, as vm-configs/base.config does" ;;
	esac
	classes=${classes_of[$s]:-}
	case $classes in
	*gs*) die "per-CPU variable $s: the native harness does not know what it holds; give it an offset and a value in scripts/native/link.sh and bench-user/native/percpu.c" ;;
	"call ") stubs+=("$s") ;;
	*) die "data symbol $s (used as '${classes% }'): the native harness does not provide it; define it in bench-user/native/percpu.c" ;;
	esac
done

{
	printf '/* Generated by scripts/native/link.sh from nm -u: do not edit. */\n'
	printf '#include "stubs.h"\n\nconst unsigned int lbn_hz = %s;\n' "$hz"
	printf 'const unsigned int lbn_nstubs = %s;\n' "${#stubs[@]}"
	printf 'const char *const lbn_stub_names[] = {'
	for s in "${stubs[@]}"; do printf ' "%s",' "$s"; done
	printf ' 0 };\n'
	i=0
	for s in "${stubs[@]}"; do
		printf '\nlong %s(void);\nlong %s(void)\n{\n\tlbn_stub_hit(%s);\n}\n' "$s" "$s" "$i"
		i=$((i + 1))
	done
} >"$out/stubs.c"
printf '%s\n' "${stubs[@]}" >"$out/stubs.txt"
gcc -O2 -Wall -Wextra -Werror -std=gnu11 -fno-pie -I"$LB_TOP/bench-user/native" -I"$LB_TOP/bench-module" -c -o "$out/stubs.o" "$out/stubs.c" ||
	die "link.sh: the generated stubs do not compile ($out/stubs.c)"
# The variants' table, in link order (their place is part of the layout).
{
	printf '/* Generated by scripts/native/link.sh: do not edit. */\n#include "variants.h"\n\n'
	printf 'const unsigned long long lbn_layout_seed = %sull;\nconst unsigned long lbn_stack_pad = %s;\n' "$seed" "$stack"
	printf 'const unsigned int lbn_nvariants = %s;\n\n' "$n"
	for ((i = 0; i < n; i++)); do printf 'LBN_VARIANT_DECLS(%s, "%s")\n' "$i" "${prefixes[$i]}"; done
	printf '\nconst struct lbn_variant lbn_variants[] = {\n'
	for ((i = 0; i < n; i++)); do
		for ((p = 0; p < n; p++)); do [ "${order[$p]}" != "$i" ] || break; done
		printf '\tLBN_VARIANT_ROW(%s, "%s", "%s", %s, %s, %s, %s),\n' "$i" "${names[$i]}" "${prefixes[$i]}" \
			"${copy[$i]}" "$((p + 1))" "${tpads[$i]}" "${dpads[$i]}"
	done
	printf '};\n'
} >"$out/variants.c"
gcc -O2 -Wall -Wextra -Werror -std=gnu11 -fno-pie -I"$LB_TOP/bench-user/native" -I"$LB_TOP/bench-module" -c -o "$out/variants.o" "$out/variants.c" ||
	die "link.sh: the generated variants' table does not compile ($out/variants.c)"
# Each copy padded and renamed, in the drawn order.
copies=()
for ((p = 0; p < n; p++)); do
	i=${order[$p]}
	"$LB_TOP/scripts/native/prefix.sh" "$out/copy$i.o" "${prefixes[$i]}" "${tpads[$i]}" "${dpads[$i]}" "${merged[$i]}" ||
		die "link.sh: renaming ${names[$i]}'s objects failed"
	copies+=("$out/copy$i.o")
done
# -z noexecstack: the kernel objects carry no GNU-stack note of their own
# wish; the harness needs no executable stack.
gcc -static -no-pie -pthread -o "$out/lb-native.new" "${hobjs[@]}" "$out/stubs.o" "$out/variants.o" "${copies[@]}" \
	"${defsyms[@]}" -Wl,-z,noexecstack -lm 2>"$out/link.log" || {
	cat "$out/link.log" >&2
	die "link.sh: linking lb-native failed (see above)"
}
mv "$out/lb-native.new" "$out/lb-native"
