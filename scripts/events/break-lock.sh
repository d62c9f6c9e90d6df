#!/usr/bin/env bash
# break-lock.sh VARIANT FILE: the stores into a lock's break_lock field in
# the kernel's out-of-line lock functions of FILE (a vmlinux, or the
# kernel/locking/spinlock.o that holds them), TSV on stdout:
#   variant  function  offset  store  instruction
# offset: the instruction's place in its function (objdump's +0x...);
# store: set (a waiter's break_lock = 1), clear (every acquisition's
# break_lock = 0) or other (a store whose value objdump does not show).
# A FILE with no such store gives one row "VARIANT - - none -": 6.1's
# queued locks have no break_lock.
#
# break_lock sits right after the 4-byte arch lock word in raw_spinlock_t
# and rwlock_t (patch/0003, the 2.6.14 layout), so a store to it is a
# mov to 0x4 off the lock's pointer.  The functions are those the
# contended kinds of the events pass call, and their __raw_ bodies
# (BUILD_LOCK_OPS), whichever one the compiler kept.
. "$(dirname "$0")/../lib.sh"
[ $# -eq 2 ] || die "usage: break-lock.sh VARIANT FILE (a vmlinux or an object)"
v=$1 f=$2
[ -f "$f" ] || die "break-lock: $f does not exist"
command -v objdump >/dev/null || die "objdump is not installed: run 'make deps'"
fns=()
for op in spin_lock spin_lock_irqsave read_lock write_lock; do # contract-exempt: kernel functions
	fns+=("_raw_$op" "__raw_$op")
done
for fn in "${fns[@]}"; do
	echo "@@ $fn"
	objdump -d --no-show-raw-insn --disassemble="$fn" "$f" 2>/dev/null || true
done | awk -v OFS='\t' -v v="$v" '
	/^@@ / { fn = $2; start = ""; next }
	# The first line of the function: "ADDRESS <name>:".
	$0 ~ "^[0-9a-f]+ <" fn ">:$" { start = $1; next }
	# An instruction line: "  addr:<TAB>insn"; its operands single-spaced.
	/^ *[0-9a-f]+:\t/ {
		insn = $0; sub(/^ *[0-9a-f]+:\t/, "", insn); sub(/ +#.*$/, "", insn)
		addr = $1; sub(/:$/, "", addr)
		gsub(/ +/, " ", insn)
		if (insn !~ /^mov[lb]? [^,]+,0x4\(%r[a-z0-9]+\)$/) next
		what = insn ~ /^mov[lb]? \$0x1,/ ? "set" : insn ~ /^mov[lb]? \$0x0,/ ? "clear" : "other"
		off = hex(addr) - hex(start)
		if (off < 0) off += 4294967296
		print v, fn, sprintf("+0x%x", off), what, insn; n++
	}
	# The low 32 bits of a hex address: a vmlinux address (64 bits) is
	# past what an awk number holds exactly; a function is not.
	function hex(h,   i, x) {
		if (length(h) > 8) h = substr(h, length(h) - 7)
		x = 0
		for (i = 1; i <= length(h); i++) x = x * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
		return x
	}
	END { if (!n) print v, "-", "-", "none", "-" }'
