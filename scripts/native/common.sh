# shellcheck shell=bash
# What the native scripts share: where a variant's kernel build is, which
# of its objects hold the lock code, and the host checks.  Sourced.
# shellcheck source=scripts/lib.sh
. "${BASH_SOURCE[0]%/*}/../lib.sh"

# LB_NATIVE_KBUILD=dir reads the kernels from dir/VARIANT (read only: a
# build elsewhere, another clone's); default: this clone's own.
native_kdir() { # variant
	if [ -n "${LB_NATIVE_KBUILD:-}" ]; then
		echo "$LB_NATIVE_KBUILD/$1"
	else
		variant_path "$1" kdir
	fi
}
LB_NATIVE_OUT=${LB_NATIVE_OUT:-$LB_BUILD/native}

# The prefix link.sh gives a variant's symbols (pre-debug: pre_debug.,
# the A/A's second copy pre~L2: pre_L2.).
native_prefix() { # variant
	echo "${1//[-~]/_}."
}

# The objects that may hold a variant's lock code: each is linked when its
# directory's archives list it (a stale object of an earlier configuration
# is not).
LB_NATIVE_LOCK_OBJS="kernel/locking/spinlock.o kernel/locking/spinlock_debug.o kernel/locking/qspinlock.o kernel/locking/qrwlock.o arch/x86/lib/rwlock_legacy.o"

native_lock_objs() { # kdir -> the variant's lock objects, absolute, one a line
	local k=$1 o dir a m nl=$'\n'
	local -A members=() # archive -> its ar t, one member a line, framed by newlines
	# make quick's builds (scripts/quick/quick-tree.sh) have no archives:
	# they list the objects Kbuild's Makefiles put in this configuration,
	# as they built them.
	if [ -f "$k/lb-quick-objs" ]; then
		while IFS= read -r o; do printf '%s\n' "$k/$o"; done <"$k/lb-quick-objs"
		return 0
	fi
	for o in $LB_NATIVE_LOCK_OBJS; do
		[ -f "$k/$o" ] || continue
		dir=${o%/*}
		for a in "$k/$dir/built-in.a" "$k/$dir/lib.a"; do
			[ -f "$a" ] || continue
			# One ar a archive (kernel/locking's holds four of the objects);
			# an archive ar cannot list holds none of them.
			if [ -z "${members[$a]+set}" ]; then
				m=$(ar t "$a") || m=
				members[$a]=$nl$m$nl
			fi
			m=${members[$a]}
			if [[ $m == *"$nl$k/$o$nl"* || $m == *"$nl$o$nl"* || $m == *"$nl${o##*/}$nl"* ]]; then
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
	[ ! -f "$k/lb-quick-objs" ] || return 0 # make quick's objects, no vmlinux
	[[ -f $k/vmlinux && -f $k/kernel/locking/spinlock.o ]] ||
		die "kernel $v is not built ($k/vmlinux or kernel/locking/spinlock.o missing): run 'make kernel VARIANT=$v'"
}

# What a binary's lock code is checked against (disasm-check.sh), printed:
# the kernel's vmlinux, or where make quick built no vmlinux,
# the lock objects linked alone (objref.sh): the same code with its
# relocations resolved, without what only a kernel image holds (see
# docs/quick.md: boot-time alternatives, static keys, paravirt patching).
native_ref() { # kdir lockobj...
	local k=$1
	shift
	if [ ! -f "$k/lb-quick-objs" ] || [ -f "$k/vmlinux" ]; then
		echo "$k/vmlinux"
	else
		bash "$LB_TOP/scripts/native/objref.sh" "$k/lb-objref" "$@" >&2 || die "native: linking the reference of $k's lock objects failed"
		echo "$k/lb-objref"
	fi
}

# The one CONFIG_HZ of VARIANTS, each built (native_need_kernel), printed:
# one process holds one loops_per_jiffy, so variants of two
# HZ are refused, FIX saying what the caller's user should do.
native_hz() { # fix variant...
	local fix=$1 v h hz=""
	shift
	for v in "$@"; do
		native_need_kernel "$v"
		h=$(sed -n 's/^CONFIG_HZ=//p' "$(native_kdir "$v")/.config")
		h=${h:-250}
		[ -z "$hz" ] || [ "$h" = "$hz" ] ||
			die "variant $v has CONFIG_HZ=$h where another has $hz: one process holds one loops_per_jiffy, so $fix"
		hz=$h
	done
	echo "$hz"
}

# ACCEL=native needs x86_64 and a constant TSC; CPUINFO overrides the file.
native_host_ok() {
	local m flags
	m=$(uname -m)
	[ "$m" = x86_64 ] || die "ACCEL=native runs x86_64 kernel objects on this host's CPUs, and this host is $m: run it on an x86_64 machine, or use ACCEL=tcg or icount here"
	flags=$(grep -m1 '^flags' "${LBN_CPUINFO:-/proc/cpuinfo}" 2>/dev/null) || true
	[[ $flags =~ (^|[^[:alnum:]_])constant_tsc($|[^[:alnum:]_]) ]] ||
		die "this CPU's TSC is not constant (no constant_tsc in /proc/cpuinfo's flags), so its ticks are not time: run ACCEL=native on a CPU with constant_tsc, or use ACCEL=tcg or icount here"
}

# THREADS=all (make native's default): 1, 2, 4, ... below N, then N (all
# CPUs), the contended curve issue 37 asks for; a list is taken as it is.
# Checked against N CPUs; the counts printed, comma-separated.
native_threads() { # spec ncpus
	local spec=$1 n=$2 t list=""
	if [ "$spec" = all ]; then
		for ((t = 1; t < n; t *= 2)); do list+="$t,"; done
		echo "$list$n"
		return
	fi
	[[ $spec =~ ^[0-9]+(,[0-9]+)*$ ]] || die "THREADS=$spec: want all (1, 2, 4, ... and all CPUs) or a comma-separated list of thread counts, like 1,2"
	for t in ${spec//,/ }; do
		[ "$t" -ge 1 ] || die "THREADS=$spec: a thread count must be at least 1"
		[ "$t" -le "$n" ] || die "THREADS=$spec: $t is above the $n online CPUs (oversubscribed spinners measure the scheduler); use THREADS of at most $n"
	done
	echo "$spec"
}

# native_placement_cpus PLACEMENT: its CPUs on this host (its /sys,
# LBN_SYSFS= another), in the order threads take them; refused, before
# any work, where the host has no such CPUs: topology.sh says why and
# what the host has.
native_placement_cpus() { # placement
	sh "$LB_TOP/scripts/native/topology.sh" -s "${LBN_SYSFS:-/sys}" cpus "$1" ||
		die "native: a job names placement $1, which this host lacks (see above)"
}
# job_placement JOB: the placement a job line names (any when none).
job_placement() { # job
	if [[ " $1 " =~ \ placement=([^ ]+)\  ]]; then echo "${BASH_REMATCH[1]}"; else echo any; fi
}
# native_placements ARRAY JOBLIST: lb-native's -C options into ARRAY, one
# PLACEMENT=CPUS a placement JOBLIST's jobs name (but any, the process's
# own CPUs).
native_placements() { # array joblist
	local -n _placements=$1
	local line p cpus
	local -A seen=()
	_placements=()
	while IFS= read -r line; do
		p=$(job_placement "$line")
		[ "$p" != any ] && [ -z "${seen[$p]:-}" ] || continue
		seen[$p]=1
		cpus=$(native_placement_cpus "$p") || exit 1
		_placements+=(-C "$p=$cpus")
	done <<<"$2"
}
# native_placed_jobs JOBLIST [-C PLACEMENT=CPUS]...: JOBLIST without the
# jobs of more threads than their placement has CPUs, counted from
# native_placements' -C options (a sweep of THREADS goes as far as each
# placement's CPUs, with a note of what was left out).
native_placed_jobs() { # joblist [-C placement=cpus]...
	local jobs=$1 line p commas left=0 kept=""
	local -A ncpus=()
	shift
	while [ $# -ge 2 ]; do
		commas=${2#*=} commas=${commas//[^,]/}
		ncpus[${2%%=*}]=$((${#commas} + 1))
		shift 2
	done
	while IFS= read -r line; do
		p=$(job_placement "$line")
		if [ "$p" != any ] && [[ " $line " =~ \ threads=([0-9]+)\  ]] &&
			[ "${BASH_REMATCH[1]}" -gt "${ncpus[$p]}" ]; then
			left=$((left + 1))
			continue
		fi
		kept+=${kept:+$'\n'}$line
	done <<<"$jobs"
	[ "$left" = 0 ] || note "native: left out $left jobs with more threads than their placement's CPUs"
	[ -n "$kept" ] || die "native: no job is left to run"
	printf '%s\n' "$kept"
}
