#!/usr/bin/env bash
# check-disasm.sh BUILD_DIR LOCKTYPE [DEBUG]
#   BUILD_DIR  a kernel O= directory holding vmlinux and .config
#   LOCKTYPE   pre | post | stock (a lock layer it has no sequences for,
#              e.g. a new variant's, exits 4: nothing to check)
#   DEBUG      on | off (default: from .config, DEBUG_SPINLOCK or
#              DEBUG_SPINLOCK_MAGIC)
#
# Disassembles the lock functions of the built vmlinux and checks that they
# contain the instruction sequences of the selected lock layer:
#   pre/post  lock decb; pause + cmpb $0 + jle; movb $0x1; xchg;
#             lock subl $0x1 + call __read_lock_failed;
#             lock subl $0x1000000 + call __write_lock_failed;
#             lock incl; lock addl $0x1000000; the two .S helpers
#   stock     lock cmpxchg + queued_spin_lock_slowpath; movb $0x0;
#             lock xadd + queued_read_lock_slowpath;
#             lock cmpxchg + queued_write_lock_slowpath
# A function is checked together with the lock-layer functions it calls
# (do_raw_*, __*_lock_debug, ...), so both the inlined form and the debug
# form that calls do_raw_* out of line are handled.  The expected lock path
# follows the configuration: with GENERIC_LOCKBREAK (legacy + PREEMPT) and
# with the 2.6.14 lockup detector (DEBUG_SPINLOCK_LOCKUP) locks are taken
# by a trylock loop, as in 2005, so the lock functions show the trylock
# sequences (and, for the lockup detector, its rdtsc + pause delay).
#
# The events instrument's markers (schema: LB_MARK_DISP, nopl with a
# 0x4c42xxxx displacement): vmlinux must hold none, or the plugin would
# count kernel code as an op; with LB_MODULE=lockbench.ko, each kind's hot
# loop and single op must hold exactly its own begin and end (its kind's
# id), each contended thread begin, pause, resume and end, each pad loop
# its pad's, and nothing else may (markers_check.awk below).
#
# Exits 0 when everything is found, 1 naming each missing sequence, 2 on
# usage errors, 4 (KTAP's skip) for a lock layer without expectations.  OBJDUMP overrides the objdump binary.
set -u
usage() { echo "usage: $0 BUILD_DIR pre|post|stock [on|off]" >&2; exit 2; }
[ $# -ge 2 ] && [ $# -le 3 ] || usage
dir=$1 type=$2 dbg=${3:-}
case $type in
pre|post|stock) ;;
'')
	echo "check-disasm: no lock layer named (the variant has no lock-X fragment): nothing checked"
	exit 4
	;;
*)
	echo "check-disasm: no expected sequences for lock layer '$type' (known: pre, post, stock): nothing checked; the report's disassembly table still shows its lock functions"
	exit 4
	;;
esac
vml=$dir/vmlinux cfg=$dir/.config
[ -f "$vml" ] || { echo "check-disasm: no $vml" >&2; exit 2; }
[ -f "$cfg" ] || { echo "check-disasm: no $cfg" >&2; exit 2; }
OBJDUMP=${OBJDUMP:-objdump}

# The options set to y, as an array's keys: one read of .config, not a
# grep per question.
declare -A conf=()
while IFS= read -r l; do
	[[ $l != CONFIG_*=y ]] || conf[${l%=y}]=1
done <"$cfg"
has() { [ -n "${conf[CONFIG_$1]:-}" ]; }
if [ -z "$dbg" ]; then
	if has DEBUG_SPINLOCK || has DEBUG_SPINLOCK_MAGIC; then dbg=on; else dbg=off; fi
fi
case $dbg in on|off) ;; *) usage ;; esac

fail=0
miss() { echo "MISSING: $*"; fail=1; }
ok() { [ -n "${VERBOSE:-}" ] && echo "ok: $*"; return 0; }

# The configuration must match the requested lock type.
case $type in
pre) has X86_SPINLOCK_LEGACY_2613 || miss "CONFIG_X86_SPINLOCK_LEGACY_2613=y in $cfg" ;;
post) has X86_SPINLOCK_LEGACY_2614 || miss "CONFIG_X86_SPINLOCK_LEGACY_2614=y in $cfg" ;;
stock) has QUEUED_SPINLOCKS || miss "CONFIG_QUEUED_SPINLOCKS=y in $cfg" ;;
esac

# The symbols, as arrays' keys (text ones, and all): looked up without a
# process each.  nm's --target skips its tries of every bfd plugin (with
# LLVM's installed, most of each nm's time), on an x86-64 host.
nmt=()
[[ $HOSTTYPE != x86_64 ]] || nmt=(--target=elf64-x86-64)
declare -A text_sym=() any_sym=()
while read -r _ t s; do
	[ -n "$s" ] || continue
	any_sym[$s]=1
	[[ $t != [tTwW] ]] || text_sym[$s]=1
done < <(nm "${nmt[@]}" "$vml" 2>/dev/null)
defined() { [ -n "${text_sym[$1]:-}" ]; }

# body SYM: the instructions of SYM, one a line, without addresses.
body() {
	"$OBJDUMP" -d --no-show-raw-insn --disassemble="$1" "$vml" 2>/dev/null |
		awk -v s="<$1>:" '$2 == s { on = 1; next } on && /^$/ { exit }
			on { sub(/^[ \t]*[0-9a-f]+:[ \t]*/, ""); sub(/[ \t]+#.*/, ""); print }'
}

CALL_RE='^(call|jmp)[[:blank:]]*[0-9a-f]* <([A-Za-z0-9_.]*)>$'
# code SYM FILE: SYM plus the lock-layer functions it calls, two levels
# deep, into FILE.  Each body is disassembled once ($tmp/SYM) and its calls
# are read in bash: no process per line or per call.
code() {
	local seen=" $1 " todo=$1 next s t l
	: >"$2"
	for _ in 1 2 3; do
		next=
		for s in $todo; do
			[ -f "$tmp/$s" ] || body "$s" >"$tmp/$s"
			while IFS= read -r l; do
				printf '%s\n' "$l"
				[[ $l =~ $CALL_RE ]] || continue
				t=${BASH_REMATCH[2]}
				case $t in
				do_raw_*|__raw_*|_raw_*|__*_lock_debug|lockup_delay_tick|arch_*) ;;
				*) continue ;;
				esac
				case $seen in *" $t "*) continue ;; esac
				seen="$seen$t "
				next="$next $t"
			done <"$tmp/$s" >>"$2"
		done
		todo=$next
		[ -n "$todo" ] || break
	done
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# first_defined SYM...: the first of SYM... present in vmlinux, into SYM.
first_defined() {
	for SYM in "$@"; do defined "$SYM" && return 0; done
	return 1
}

# matches FILE ERE: a line of FILE matches ERE (bash's regex is the same
# POSIX extended regex as grep -E's, without the process).
matches() {
	local l
	while IFS= read -r l; do [[ $l =~ $2 ]] && return 0; done <"$1"
	return 1
}

# expect OP "SYM..." REGEX...: the code of the first defined SYM must match
# each REGEX (extended, against one instruction line).
expect() {
	local op=$1 cands=$2 sym re
	shift 2
	# shellcheck disable=SC2086 # one word per candidate
	if ! first_defined $cands; then
		miss "$op: none of [$cands] in vmlinux"
		return
	fi
	sym=$SYM
	code "$sym" "$tmp/code.$op"
	for re in "$@"; do
		if matches "$tmp/code.$op" "$re"; then
			ok "$op ($sym): /$re/"
		else
			miss "$op ($sym): no instruction matching /$re/"
		fi
	done
}

# reject OP "SYM..." REGEX: the code must not match REGEX.
reject() {
	local op=$1 cands=$2 re=$3 sym
	# shellcheck disable=SC2086 # one word per candidate
	first_defined $cands || return
	sym=$SYM
	code "$sym" "$tmp/code.$op"
	if matches "$tmp/code.$op" "$re"; then
		miss "$op ($sym): unexpected /$re/"
	fi
}

L='^lock '
BIAS='\$0x1000000,'
ONE='\$0x1,'
CALL='(call|jmp)[ \t]+[0-9a-f]+ <'
SPIN_UNLOCK="_raw_spin_unlock _raw_spin_unlock_bh _raw_spin_unlock_irqrestore"
READ_UNLOCK="_raw_read_unlock _raw_read_unlock_bh _raw_read_unlock_irqrestore"
WRITE_UNLOCK="_raw_write_unlock _raw_write_unlock_bh _raw_write_unlock_irqrestore"

if [ "$type" = stock ]; then
	expect spin_lock _raw_spin_lock "${L}cmpxchg" "${CALL}queued_spin_lock_slowpath>"
	expect spin_unlock "$SPIN_UNLOCK" '^movb +\$0x0,'
	expect spin_trylock _raw_spin_trylock "${L}cmpxchg"
	expect read_lock _raw_read_lock "${L}xadd" "${CALL}queued_read_lock_slowpath>"
	expect read_unlock "$READ_UNLOCK" "${L}(xadd|addl|subl)"
	expect read_trylock _raw_read_trylock "${L}xadd"
	expect write_lock _raw_write_lock "${L}cmpxchg" "${CALL}queued_write_lock_slowpath>"
	expect write_unlock "$WRITE_UNLOCK" '^movb +\$0x0,'
	expect write_trylock _raw_write_trylock "${L}cmpxchg"
	# No paravirt: virt_spin_lock() is the generic constant false, so
	# the slow path is the MCS queue, not a test-and-set loop: there is
	# no virt_spin_lock_key and the slow path goes straight to the
	# pending bit ("lock btsl $0x8").
	expect queued_slowpath queued_spin_lock_slowpath '^lock btsl +\$0x8,'
	if [ -n "${any_sym[virt_spin_lock_key]:-}" ]; then
		miss "stock: virt_spin_lock_key exists (PARAVIRT): slow path may be test-and-set"
	fi
	defined __read_lock_failed && miss "stock: legacy __read_lock_failed present"
	[ $fail = 0 ] && echo "check-disasm: $dir: stock ($dbg) OK"
	exit $fail
fi

# pre / post
defined queued_spin_lock_slowpath && miss "$type: queued_spin_lock_slowpath present"
lockbreak=0 lockup=0
has GENERIC_LOCKBREAK && lockbreak=1
has DEBUG_SPINLOCK_LOCKUP && lockup=1
[ "$type" = post ] && [ "$dbg" = on ] && [ $lockup = 0 ] &&
	miss "post debug: CONFIG_DEBUG_SPINLOCK_LOCKUP=y in $cfg"

# The 2005 SMP lock API (LOCK_API_2005): every unlock is an out-of-line
# function, with or without debugging, as kernel/spinlock.c had them.
for s in _raw_spin_unlock _raw_spin_unlock_irq _raw_read_unlock _raw_read_unlock_irq \
	_raw_write_unlock _raw_write_unlock_irq _raw_spin_trylock _raw_read_trylock _raw_write_trylock; do
	defined "$s" || miss "$type: $s is not out of line (LOCK_API_2005: 2005 never inlined it)"
done

# The out-of-line rwlock helpers.
expect __read_lock_failed __read_lock_failed "${L}incl" '^pause' '^cmpl +\$0x1,' "${L}decl"
expect __write_lock_failed __write_lock_failed "${L}addl +$BIAS" '^pause' "^cmpl +$BIAS" "${L}subl +$BIAS"

if [ $lockbreak = 1 ] || [ $lockup = 1 ]; then
	# 2005 trylock loops.
	expect spin_lock _raw_spin_lock '^xchg +%[a-z0-9]+,\(' '^pause'
	expect read_lock _raw_read_lock "${L}decl" "${L}incl"
	expect write_lock _raw_write_lock "${L}subl +$BIAS" "${L}addl +$BIAS"
	# With lock-break the loop runs on the (debug) trylock, which has
	# neither the lockup detector nor the lock-side checks (as in 2005).
	# The 2.6.14 lockup loop is pause + trylock, with no 2.6.16 delay.
	if [ $lockup = 1 ] && [ $lockbreak = 0 ]; then
		expect spin_lock_lockup _raw_spin_lock '^pause' '^xchg +%[a-z0-9]+,\('
		reject spin_lock_delay _raw_spin_lock '^rdtsc'
	fi
else
	expect spin_lock _raw_spin_lock "${L}decb" '^pause' '^cmpb +\$0x0,' '^jle '
	expect read_lock _raw_read_lock "${L}subl +$ONE\(%rax\)" "${CALL}__read_lock_failed>"
	expect write_lock _raw_write_lock "${L}subl +$BIAS\(%rax\)" "${CALL}__write_lock_failed>"
fi
expect spin_unlock "$SPIN_UNLOCK" '^movb +\$0x1,'
expect spin_trylock _raw_spin_trylock '^xchg +%[a-z0-9]+,\('
expect read_unlock "$READ_UNLOCK" "${L}incl"
expect write_unlock "$WRITE_UNLOCK" "${L}addl +$BIAS"
expect read_trylock _raw_read_trylock "${L}decl" "${L}incl"
expect write_trylock _raw_write_trylock "${L}subl +$BIAS" "${L}addl +$BIAS"

SMAGIC='\$0xdead4ead,' RMAGIC='\$0xdeaf1eed,'
if [ "$dbg" = on ]; then
	expect spin_unlock_debug "$SPIN_UNLOCK" "$SMAGIC"
	if [ $lockbreak = 0 ]; then
		expect spin_lock_debug _raw_spin_lock "$SMAGIC"
		expect read_lock_debug _raw_read_lock "$RMAGIC"
		expect write_lock_debug _raw_write_lock "$RMAGIC"
	fi
	if [ "$type" = post ]; then
		# owner/owner_cpu stores: current task and CPU number via %gs.
		expect spin_lock_owner _raw_spin_lock '%gs:'
		expect spin_unlock_owner "$SPIN_UNLOCK" '^movq +\$0xffffffffffffffff,'
	else
		reject spin_lock_owner _raw_spin_lock '%gs:'
		reject spin_lock_lockup _raw_spin_lock '^rdtsc'
	fi
else
	reject spin_lock_debug _raw_spin_lock "$SMAGIC"
	reject spin_unlock_debug "$SPIN_UNLOCK" "$SMAGIC"
fi

# No marker in the kernel: the bytes 0f 1f 80 xx xx 42 4c anywhere (NUL
# and newline made 01 first, so that grep sees one line and "." matches
# any displacement byte; the fixed bytes are none of the three).
n=$(LC_ALL=C tr '\000\n' '\001\001' <"$vml" | LC_ALL=C grep -obUaP '\x0f\x1f\x80..\x42\x4c' | wc -l)
[ "$n" = 0 ] || miss "no lockbench marker (nopl 0x4c42xxxx) in $vml: found $n"
if [ -n "${LB_MODULE:-}" ]; then
	[ -f "$LB_MODULE" ] || { echo "check-disasm: LB_MODULE=$LB_MODULE does not exist" >&2; exit 2; }
	top=$(cd "$(dirname "$0")/../.." && pwd)
	kinds=$(LB_TOP=$top && . "$top/schema/contract.sh" && contract_list kinds)
	out=$("$OBJDUMP" -d --no-show-raw-insn "$LB_MODULE" | awk -v kinds="$kinds" '
		BEGIN { n = split(kinds, k, " "); for (i = 1; i <= n; i++) id[k[i]] = i - 1 }
		/^[0-9a-f]+ <[^>]+>:$/ { fn = $2; gsub(/[<>:]/, "", fn); next }
		/nopl +0x4c42[0-9a-f][0-9a-f][0-9a-f][0-9a-f]\(/ {
			d = $0; sub(/.*nopl +0x4c42/, "", d); sub(/\(.*/, "", d)
			v = 0
			for (j = 1; j <= 4; j++) v = v * 16 + index("0123456789abcdef", substr(d, j, 1)) - 1
			m = sprintf("%d:%d:%d", int(v / 4096), int(v / 1024) % 4, v % 1024)
			# A set: the compiler may copy a marker (one per path) or
			# rotate a loop so that its end comes first in the text.
			if (!((fn, m) in has)) { has[fn, m] = 1; seen[fn] = sorted(seen[fn] " " m) }
		}
		function sorted(str,   a, n, i, j, t, out) {
			n = split(str, a, " ")
			for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
			for (i = 1; i <= n; i++) out = out " " a[i]
			return out
		}
		END {
			for (i = 1; i <= n; i++) {
				want["lb_loop_" k[i]] = sorted(sprintf("1:0:%d 2:0:%d", i - 1, i - 1))
				want["lb_op_" k[i]] = sorted(sprintf("1:1:%d 2:1:%d", i - 1, i - 1))
				want["lb_contend_" k[i]] = sorted(sprintf("1:2:%d 3:2:%d 4:2:%d 2:2:%d", i - 1, i - 1, i - 1, i - 1))
			}
			for (f in seen) if (f ~ /^lb_loop_pad[0-9]+$/) { p = substr(f, 12) + 0; want[f] = sorted(sprintf("1:3:%d 2:3:%d", p, p)) }
			for (f in want) if (seen[f] != want[f]) { printf "%s: markers%s, expected%s\n", f, seen[f] == "" ? " none" : seen[f], want[f]; bad = 1 }
			for (f in seen) if (!(f in want)) { printf "%s: markers%s where none belong\n", f, seen[f]; bad = 1 }
			exit bad
		}') || miss "the events markers of $LB_MODULE (edge:site:id): $out"
fi

[ $fail = 0 ] && echo "check-disasm: $dir: $type (debug $dbg$([ $lockbreak = 1 ] && echo ', lock-break')) OK"
exit $fail
