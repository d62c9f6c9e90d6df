#!/usr/bin/env bash
# disasm-check.sh [-p PREFIX] BINARY VMLINUX LOCKOBJ...: every function
# the lock objects define (their global text symbols) must disassemble
# the same in BINARY (lb-native) as in VMLINUX, the variant's kernel.
# PREFIX is what link.sh put before the variant's symbols in BINARY
# (pre.): its functions are PREFIX.NAME there, their calls name
# PREFIX.TARGET, and the prefix is set aside as addresses are.  Addresses are
# what linking changes, so they are set aside: call and jump targets are
# compared by symbol (<sym+off>), and long hex constants, RIP-relative
# displacements and %gs offsets (per-CPU placement) become placeholders.
# Prints one line a function and a summary; exits 1 on any difference.
set -euo pipefail
pfx=
if [ "${1:-}" = -p ]; then
	pfx=${2:?usage: disasm-check.sh [-p PREFIX] BINARY VMLINUX LOCKOBJ...}
	shift 2
fi
bin=${1:?usage: disasm-check.sh [-p PREFIX] BINARY VMLINUX LOCKOBJ...}
vml=${2:?}
shift 2
die() { printf 'lockbench: error: %s\n' "$*" >&2; exit 1; }
[ -f "$bin" ] || die "no binary $bin"
[ -f "$vml" ] || die "no vmlinux $vml"

# Every file is x86_64 ELF: naming the format keeps nm from trying each bfd
# plugin (a system's LLVMgold loads all of libLLVM: ~0.1 s a call).
nm=(nm --target=elf64-x86-64)
mapfile -t funcs < <("${nm[@]}" -g --defined-only "$@" | awk '$2 == "T" { print $3 }' | sort -u)
[ ${#funcs[@]} -gt 0 ] || die "no functions in $*"

# FILE -> "SYM<TAB>normalised instruction" for every wanted function in
# FILE.  One objdump per cluster of nearby functions (a process per
# function took 20 s a variant).
bodies() {
	local f=$1 lo hi isbin=0 alias='' p=''
	[ "$f" != "$bin" ] || isbin=1 p=$pfx
	# One nm for both: the wanted functions' "addr size name" (the first of
	# each name), and in the binary the aliases: a per-CPU symbol there is
	# a --defsym'd absolute value, and objdump may name its %gs displacement
	# after another symbol of that value (a C library TLS variable), so
	# that symbol is renamed to the per-CPU one.
	"${nm[@]}" -S -n "$f" | awk -v want=" ${funcs[*]} " -v isbin=$isbin -v aliasf="$tmp/alias" -v p="$p" '
		NF == 4 { v = $1; t = $3; s = $4 } NF == 3 { v = $1; t = $2; s = $3 } NF < 3 { next }
		# Another variant'"'"'s function of the same name is not this one.
		p != "" && (t == "T" || t == "t") { if (substr(s, 1, length(p)) != p) next; s = substr(s, length(p) + 1) }
		isbin { if (t == "A") a[v] = s; else o[v] = o[v] " " s }
		(t == "T" || t == "t") && NF == 4 && index(want, " " s " ") && !seen[s]++ { print $1, $2, s }
		END {
			if (!isbin) exit
			for (v in a) { n = split(o[v], w, " "); for (i = 1; i <= n; i++) printf "%s=%s ", w[i], a[v] >aliasf }
			printf "\n" >aliasf
		}' >"$tmp/syms"
	[ $isbin = 0 ] || read -r alias <"$tmp/alias"
	# nm -n: by address, so nearby functions are neighbours.  The clusters
	# and their objdumps in this shell, into a file: no subshell per stage.
	local a z e n=0 ranges=()
	while read -r a z _; do
		a=$((0x$a)) e=$((0x$a + 0x$z))
		if [ $n = 1 ] && [ $((a - hi)) -lt 65536 ]; then
			[ $e -le "$hi" ] || hi=$e
			continue
		fi
		[ $n = 0 ] || ranges+=("$lo $hi")
		lo=$a hi=$e n=1
	done <"$tmp/syms"
	[ $n = 0 ] || ranges+=("$lo $hi")
	: >"$tmp/dis"
	for a in "${ranges[@]}"; do
		objdump -d --no-show-raw-insn --start-address="${a% *}" --stop-address="${a#* }" "$f" >>"$tmp/dis"
	done
	awk -v want=" ${funcs[*]} " -v alias="$alias" -v p="$p" '
		BEGIN { n = split(alias, al, " "); for (i = 1; i <= n; i++) { split(al[i], kv, "="); to[kv[1]] = kv[2] } }
		# The prefix set aside: <pre._raw_spin_lock+0x4> reads as the kernel'"'"'s.
		function unprefix(x,   i, o) {
			if (p == "") return x
			o = ""
			while ((i = index(x, "<" p)) > 0) { o = o substr(x, 1, i) ; x = substr(x, i + 1 + length(p)) }
			return o x
		}
		/^[0-9a-f]+ <.*>:$/ {
			s = $2; gsub(/[<>:]/, "", s)
			if (p != "") { if (substr(s, 1, length(p)) != p) { cur = ""; next } s = substr(s, length(p) + 1) }
			cur = index(want, " " s " ") ? s : ""; next
		}
		cur != "" && /^ *[0-9a-f]+:\t/ {
			sub(/^ *[0-9a-f]+:\t/, ""); line = unprefix($0)
			gsub(/[0-9a-f]+ </, "<", line)
			if (line ~ /%gs:/ && match(line, /# <[^>+]*/)) {
				sym = substr(line, RSTART + 3, RLENGTH - 3)
				if (sym in to) line = substr(line, 1, RSTART + 2) to[sym] substr(line, RSTART + RLENGTH)
			}
			gsub(/%gs:-?0x[0-9a-f]+/, "%gs:PCPU", line)
			gsub(/-?0x[0-9a-f]+\(%rip\)/, "DISP(%rip)", line)
			# An absolute address: a kernel one is negative (sign-extended
			# from 32 bits, -mcmodel=kernel), the binary'"'"'s positive.
			gsub(/-?0x[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]+/, "ADDR", line)
			gsub(/[ \t]+/, " ", line); sub(/^ /, "", line)
			# the padding after a function is the linker'"'"'s
			if (line ~ /^(nop|data16|cs nopw|xchg %ax,%ax|int3)/) next
			print cur "\t" line
		}' "$tmp/dis"
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bodies "$bin" >"$tmp/bin"
bodies "$vml" >"$tmp/vml"
# One pass over both: same, DIFFERS or MISSING per function.
awk -F'\t' -v want="${funcs[*]}" '
	FNR == 1 { side++ }
	{ body[side, $1] = body[side, $1] "\n" $2; len[side, $1]++ }
	END {
		n = split(want, f, " ")
		for (i = 1; i <= n; i++) {
			s = f[i]
			if (!((1, s) in body) || !((2, s) in body))
				printf "MISSING %s (in binary: %s, in vmlinux: %s)\n", s, (1, s) in body ? "yes" : "no", (2, s) in body ? "yes" : "no"
			else if (body[1, s] != body[2, s])
				printf "DIFFERS %s\n", s
			else
				printf "same %s (%d instructions)\n", s, len[1, s]
		}
	}' "$tmp/bin" "$tmp/vml" >"$tmp/verdicts"
mapfile -t verdicts <"$tmp/verdicts"
printf '%s\n' "${verdicts[@]}"
bad=0
for l in "${verdicts[@]}"; do [[ $l == "same "* ]] || bad=$((bad + 1)); done
for l in "${verdicts[@]}"; do
	[[ $l == "DIFFERS "* ]] || continue
	s=${l#DIFFERS }
	printf '  %s: vmlinux (<) against the binary (>):\n' "$s"
	diff <(awk -F'\t' -v s="$s" '$1 == s { print $2 }' "$tmp/vml") \
		<(awk -F'\t' -v s="$s" '$1 == s { print $2 }' "$tmp/bin") | sed 's/^/    /' | head -n 20 || true
done
if [ "$bad" -gt 0 ]; then
	printf 'disasm: %s of %s lock functions differ from %s\n' "$bad" "${#funcs[@]}" "$vml"
	exit 1
fi
# (VMLINUX is make quick's objects linked alone where no kernel was built)
ref=vmlinux
[ "${vml##*/}" != lb-objref ] || ref="lock objects as built"
printf 'disasm: all %s lock functions identical to the %s\n' "${#funcs[@]}" "$ref"
