#!/usr/bin/env bash
# disasm-table.sh [--run RUN] VARIANT...: a Markdown report of each
# variant's lock fast paths, disassembled from its vmlinux (the one the run
# kept, RUN/kernels/VARIANT/vmlinux, with --run; else the built one): an
# instruction-count table,
# then each path side by side.  Instructions are counted from the entry to
# the first ret along the straight-line fast path; calls into the lock
# layer (do_raw_*, slow paths, helpers) are named so the extra call level
# of the debug variants shows.
. "$(dirname "$0")/../lib.sh"
kept=""
if [ "${1:-}" = --run ]; then
	kept=${2:?usage: disasm-table.sh [--run RUN] VARIANT...}/kernels
	shift 2
fi
[ $# -gt 0 ] || die "usage: disasm-table.sh [--run RUN] VARIANT..."
vmlinux() { # variant
	if [ -n "$kept" ]; then echo "$kept/$1/vmlinux"; else echo "$(variant_path "$1" kdir)/vmlinux"; fi
}
# The kernel's lock functions (_raw_NAME), not lockbench's kinds.
paths=(spin_lock spin_unlock spin_trylock spin_lock_irqsave spin_unlock_irqrestore # contract-exempt: kernel functions
	read_lock read_unlock read_trylock write_lock write_unlock write_trylock # contract-exempt: kernel functions
	read_lock_irqsave write_lock_irqsave) # contract-exempt: kernel functions

body() { # vmlinux symbol -> "insn" lines (no addresses)
	objdump -d --no-show-raw-insn --disassemble="$2" "$1" 2>/dev/null |
		awk -v s="<$2>:" '$2 == s { on = 1; next } on && /^$/ { exit } on { sub(/^[ \t]*[0-9a-f]+:[ \t]*/, ""); sub(/[ \t]+#.*/, ""); print }' |
		sed -E 's/[0-9a-f]{16} </</'
}
fastpath() { # lines -> count of instructions up to and including the first ret/jmp-out
	awk '{ n++ } /^(ret|jmp .*<[^+]*>$)/ { print n; f = 1; exit } END { if (!f) print n + 0 }'
}

for v in "$@"; do
	[ -n "$kept" ] || variant_fragments "$v" >/dev/null
	[ -f "$(vmlinux "$v")" ] || die "no vmlinux for $v ($(vmlinux "$v")): run 'make kernel VARIANT=$v'"
done

echo "## Lock fast paths, disassembled"
echo
echo "Instructions from entry to the first return on the uncontended path of"
echo "\`_raw_<path>\` in each vmlinux (objdump). *inline* means the kernel has no"
echo "out-of-line function: the operation is inlined at each call site."
echo "Calls into the lock layer are listed under the count."
echo
printf '| path |'; printf ' %s |' "$@"; echo
printf '|---|'; printf -- '---:|%.0s' "$@"; echo
for p in "${paths[@]}"; do
	printf '| %s |' "$p"
	for v in "$@"; do
		b=$(body "$(vmlinux "$v")" "_raw_$p")
		if [ -z "$b" ]; then
			printf ' inline |'
			continue
		fi
		n=$(fastpath <<<"$b")
		calls=$(grep -E -o '(call|jmp) +<(do_raw|__raw|__read_lock|__write_lock|queued|__spin|__lock|__bit|preempt|__local_bh)[^>+]*>' <<<"$b" |
			sed -E 's/(call|jmp) +<([^>]*)>/\2/' | sort -u | tr '\n' ' ' || true)
		printf ' %s%s |' "$n" "${calls:+ (→ ${calls% })}"
	done
	echo
done
echo
for p in spin_lock spin_unlock spin_lock_irqsave read_lock write_lock write_unlock; do # contract-exempt: kernel functions
	echo "### _raw_$p"
	echo
	printf '|'; printf ' %s |' "$@"; echo
	printf -- '|---%.0s' "$@"; echo '|'
	printf '|'
	for v in "$@"; do
		b=$(body "$(vmlinux "$v")" "_raw_$p" | head -n 40)
		[ -n "$b" ] || b="(inline)"
		printf ' <pre>%s</pre> |' "$(sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' -e 's/|/\\|/g' <<<"$b" | awk '{ printf "%s<br>", $0 }')"
	done
	echo
	echo
done
