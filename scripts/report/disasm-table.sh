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

for v in "$@"; do
	[ -n "$kept" ] || variant_fragments "$v" >/dev/null
	[ -f "$(vmlinux "$v")" ] || die "no vmlinux for $v ($(vmlinux "$v")): run 'make kernel VARIANT=$v'"
done

# Each path's code: one objdump a symbol, read by one awk that writes
# counts.csv (variant,path,instructions,calls) and listing.csv
# (variant,path,line,insn: the first 40 lines of the listed paths); no
# instructions, or no line, where the kernel has no such function.
# render.sh draws both.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for v in "$@"; do
	f=$(vmlinux "$v")
	for p in "${paths[@]}"; do
		echo "@@ $v $p"
		objdump -d --no-show-raw-insn --disassemble="_raw_$p" "$f" 2>/dev/null || true
	done
done | awk -v dir="$tmp" -v listed=" spin_lock spin_unlock spin_lock_irqsave read_lock write_lock write_unlock " ' # contract-exempt: kernel functions
	BEGIN {
		# An address objdump prints before a symbol: 16 hex digits.
		for (i = 0; i < 16; i++) addr = addr "[0-9a-f]"
		# Calls into the lock layer (do_raw_*, slow paths, helpers).
		callre = "(call|jmp) +<(do_raw|__raw|__read_lock|__write_lock|queued|__spin|__lock|__bit|preempt|__local_bh)[^>+]*>"
		counts = dir "/counts.csv"; listing = dir "/listing.csv"
		print "variant,path,instructions,calls" > counts
		print "variant,path,line,insn" > listing
	}
	# The instructions up to and including the first ret or jmp out, the
	# calls by name (sorted, once each), the listing.
	function flush(   i, fp, s, m, nc, cs, seen, t, j) {
		if (v == "") return
		if (!n) {
			print v "," p ",," > counts
			if (index(listed, " " p " ")) print v "," p ",," > listing
			return
		}
		fp = 0
		for (i = 1; i <= n; i++) if (L[i] ~ /^(ret|jmp .*<[^+]*>$)/) { fp = i; break }
		nc = 0
		for (i = 1; i <= n; i++)
			for (s = L[i]; match(s, callre); s = substr(s, RSTART + RLENGTH)) {
				m = substr(s, RSTART, RLENGTH)
				sub(/^(call|jmp) +</, "", m); sub(/>$/, "", m)
				if (!(m in seen)) { seen[m] = 1; C[++nc] = m }
			}
		for (i = 2; i <= nc; i++)
			for (j = i; j > 1 && C[j - 1] > C[j]; j--) { t = C[j]; C[j] = C[j - 1]; C[j - 1] = t }
		cs = ""
		for (i = 1; i <= nc; i++) cs = cs (i > 1 ? " " : "") C[i]
		print v "," p "," (fp ? fp : n) "," cs > counts
		if (index(listed, " " p " "))
			for (i = 1; i <= n && i <= 40; i++) {
				s = L[i]; gsub(/"/, "\"\"", s)
				print v "," p "," i ",\"" s "\"" > listing
			}
	}
	$1 == "@@" { flush(); v = $2; p = $3; n = on = done = 0; next }
	!done && $2 == "<_raw_" p ">:" { on = 1; next }
	on && /^$/ { on = 0; done = 1; next }
	on { sub(/^[ \t]*[0-9a-f]+:[ \t]*/, ""); sub(/[ \t]+#.*/, ""); sub(addr " <", "<"); L[++n] = $0 }
	END { flush() }'

echo "## Lock fast paths, disassembled"
echo
echo "Instructions from entry to the first return on the uncontended path of"
echo "\`_raw_<path>\` in each vmlinux (objdump). *inline* means the kernel has no"
echo "out-of-line function: the operation is inlined at each call site."
echo "Calls into the lock layer are listed under the count."
echo
"$LB_TOP/scripts/report/render.sh" disasm "$tmp/counts.csv" "$tmp/listing.csv"
