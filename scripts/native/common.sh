# shellcheck shell=bash
# What the native scripts share: where a variant's kernel build is, which
# of its objects hold the lock code, and the host checks.  Sourced.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

# LB_NATIVE_KBUILD=dir reads the kernels from dir/VARIANT (read only: a
# build elsewhere, another clone's); default: this clone's own.
native_kdir() { # variant
	if [ -n "${LB_NATIVE_KBUILD:-}" ]; then
		printf '%s\n' "$LB_NATIVE_KBUILD/$1"
	else
		variant_path "$1" kdir
	fi
}
LB_NATIVE_OUT=${LB_NATIVE_OUT:-$LB_BUILD/native}

# The objects that may hold a variant's lock code: each is linked when its
# directory's archives list it (a stale object of an earlier configuration
# is not).
LB_NATIVE_LOCK_OBJS="kernel/locking/spinlock.o kernel/locking/spinlock_debug.o kernel/locking/qspinlock.o kernel/locking/qrwlock.o arch/x86/lib/rwlock_legacy.o"

native_lock_objs() { # kdir -> the variant's lock objects, absolute, one a line
	local k=$1 o dir a
	for o in $LB_NATIVE_LOCK_OBJS; do
		[ -f "$k/$o" ] || continue
		dir=${o%/*}
		for a in "$k/$dir/built-in.a" "$k/$dir/lib.a"; do
			[ -f "$a" ] || continue
			if ar t "$a" | grep -qxF -e "$k/$o" -e "$o" -e "${o##*/}"; then
				printf '%s\n' "$k/$o"
				break
			fi
		done
	done
}

# The variant's kernel must be built, with its lock objects; names the fix.
native_need_kernel() { # variant
	local v=$1 k
	variant_fragments "$v" >/dev/null
	k=$(native_kdir "$v")
	[ -f "$k/vmlinux" ] && [ -f "$k/kernel/locking/spinlock.o" ] ||
		die "kernel $v is not built ($k/vmlinux or kernel/locking/spinlock.o missing): run 'make kernel VARIANT=$v'"
}

# ACCEL=native needs x86_64 and a constant TSC; CPUINFO overrides the file.
native_host_ok() {
	local m
	m=$(uname -m)
	[ "$m" = x86_64 ] || die "ACCEL=native runs x86_64 kernel objects on this host's CPUs, and this host is $m: run it on an x86_64 machine, or use ACCEL=tcg or icount here"
	grep -m1 '^flags' "${LBN_CPUINFO:-/proc/cpuinfo}" | grep -qw constant_tsc ||
		die "this CPU's TSC is not constant (no constant_tsc in /proc/cpuinfo's flags), so its ticks are not time: run ACCEL=native on a CPU with constant_tsc, or use ACCEL=tcg or icount here"
}
