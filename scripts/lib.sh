# shellcheck shell=bash
# Shared helpers for lockbench's pipeline scripts: paths, errors, the
# variant matrix.  Sourced, never run.
# Scripts source it as . "$(dirname "$0")/../lib.sh".
# Scripts start one another as "bash SCRIPT": the same bash their
# "#!/usr/bin/env bash" finds on PATH, without env's exec (milliseconds a
# start, and a run starts hundreds).
#
# One return convention, here and in every script:
#   - A function that answers prints its answer on stdout, and the caller
#     writes `local var` on a line of its own, then var=$(fn args): a die
#     in fn ends the command substitution, the assignment fails, and
#     set -e ends the caller.  set -e is off under if, ! and left of
#     && or ||, and a command substitution does not inherit it, so a
#     function that may run there passes a failure on itself
#     (var=$(fn) || exit, cmd || die "...").
#   - A function that fills an array takes the array's name as its first
#     argument (readkv, machine_qemu_args); no other nameref, and no
#     answer left in a global.
#   - host_facts, gcc_facts and lb_cc set up the environment of what a
#     script starts: they export LB_HOST_*, LB_GCC_VERSION and ccache's
#     settings, and lb_cc also leaves the compiler in LB_CC.
#   - The plain idiom (mkdir -p, $(cat FILE), dirname, head, cut) over a
#     helper that spares its process.
# tests/host/shell-style.sh refuses the conventions this one replaced.
set -euo pipefail

# make -jN hands a recipe that is not a sub-make's ($(MAKE)) its -jN and
# job server in MAKEFLAGS but closes the server's pipe, so a make that a
# script starts (Kbuild's configs, a test's make) would warn "jobserver
# unavailable", or take whatever else holds those descriptors for it.
# Such a make runs as under plain make instead: Kbuild has MAKE_JOBS=,
# make check J= (docs/targets.md).
# serial_makeflags FLAGS: make's FLAGS without -jN and the job server.
serial_makeflags() {
	local opts=$1 vars= w kept=() words
	if [[ $1 == *' -- '* ]]; then
		opts=${1%%' -- '*} vars=" -- ${1#*' -- '}"
	fi
	read -r -a words <<<"$opts"
	for w in "${words[@]}"; do
		case $w in -j* | --jobs* | --jobserver-*) ;; *) kept+=("$w") ;; esac
	done
	printf '%s%s\n' "${kept[*]}" "$vars"
}
case ${MAKEFLAGS:-} in
*-j* | *jobserver*) MAKEFLAGS=$(serial_makeflags "$MAKEFLAGS") ;;
esac

LB_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
LB_BUILD=${LB_BUILD:-$LB_TOP/build}
LB_SRC_TARBALL=${LB_SRC_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
LB_SRC_PKG=${LB_SRC_PKG:-linux-source-6.1}
# The tree and the O= build directories are siblings, so that with
# CCACHE_BASEDIR every compile sees the same relative paths and ccache
# hits across trees and clean re-extractions.
LB_KBUILD=$LB_BUILD/kernel
LB_TREE=$LB_KBUILD/linux-source-6.1
LB_STAMP=$LB_KBUILD/tree.stamp
# The variant matrix and its Kconfig fragments (check-bisect.sh points this
# at a filtered copy).
LB_VMCONFIGS=${LB_VMCONFIGS:-$LB_TOP/vm-configs}

die() {
	printf 'lockbench: error: %s\n' "$*" >&2
	exit 1
}

# Q=1 keeps only errors (die) and each step's summary (say).
note() {
	[ "${Q:-0}" = 1 ] || printf 'lockbench: %s\n' "$*" >&2
}
say() {
	printf 'lockbench: %s\n' "$*" >&2
}

# commit_of DIR VAR REF: REF's commit in the git tree DIR, printed; a REF
# that names none stops the script with the fix (VAR is the setting that
# gave it).  byo.sh and bisect.sh take their refs through it.
commit_of() {
	git -C "$1" rev-parse --verify -q "$3^{commit}" ||
		die "$2=$3 is not a commit in $KSRC: check the spelling (git -C $KSRC log --oneline $3), or fetch it first (git -C $KSRC fetch --tags origin)"
}

# Refuse to start work that would die half way on a full disk.
need_disk() { # need_disk DIR MIB
	local avail
	mkdir -p "$1"
	avail=$(df -Pm "$1" | awk 'NR == 2 { print $4 }') || true
	[ "$avail" -ge "$2" ] ||
		die "only ${avail} MiB free on $(df -P "$1" | awk 'NR == 2 { print $6 }'), need $2 MiB for $1; free space (make clean removes build/) and retry"
}

# Your own kernels (docs/own-kernel.md) are variants too:
# scripts/build/byo.sh declares them in a generated matrix of the same shape,
# whose lines also say where the kernel comes from (see variant_path).
LB_USER=$LB_BUILD/user
LB_USER_MATRIX=$LB_USER/matrix

# All variant names known to the matrix files, one per line: the default
# matrix; with builtin, the extra variants too; with all, also the user's
# variants, when byo.sh has declared any.
matrix_variants() { # [builtin|all]
	local f name rest files=("$LB_VMCONFIGS/matrix")
	case ${1:-} in
	builtin) files+=("$LB_VMCONFIGS/matrix.extra") ;;
	all) files+=("$LB_VMCONFIGS/matrix.extra" "$LB_USER_MATRIX") ;;
	esac
	for f in "${files[@]}"; do
		[ -f "$f" ] || continue
		while read -r name rest; do
			case $name in '' | '#'*) ;; *) echo "$name" ;; esac
		done <"$f"
	done
}

# One variant's matrix line without its name; dies on an unknown name.
variant_rest() { # variant
	local f name rest
	for f in "$LB_VMCONFIGS/matrix" "$LB_VMCONFIGS/matrix.extra" "$LB_USER_MATRIX"; do
		[ -f "$f" ] || continue
		while read -r name rest; do
			[ "$name" != "$1" ] || { echo "$rest" && return; }
		done <"$f"
	done
	die "unknown variant '$1'; known variants: $(matrix_variants all | tr '\n' ' ')(see vm-configs/matrix)"
}

# Fragments of one variant, one path per line; dies on an unknown name.
# A fragment is a name in vm-configs/ or, in the user's matrix, a path.
variant_fragments() { # variant
	local rest frag
	rest=$(variant_rest "$1") || exit
	for frag in $rest; do
		case $frag in
		*=*) continue ;; # tree=, kernel=, kbuild=: where it comes from (variant_path)
		/*)
			[ -f "$frag" ] ||
				die "variant '$1' names fragment $frag, which does not exist; fix FRAGMENTS= and rerun make tree with it"
			echo "$frag"
			;;
		*)
			[ -f "$LB_VMCONFIGS/$frag.config" ] ||
				die "variant '$1' names fragment '$frag' but vm-configs/$frag.config does not exist"
			echo "$LB_VMCONFIGS/$frag.config"
			;;
		esac
	done
}

# Where a variant's files are: the one lookup every script uses.
#   tree   its source tree (empty for a prebuilt kernel)
#   kdir   its kernel build directory (make O=, or a prebuilt's KBUILD)
#   image  its bzImage
#   state  lockbench's own files for it (.lb-build-seconds, lb-modules.cpio)
# The default variants keep their historical layout: one tree, LB_TREE,
# and build/kernel/VARIANT.  A user tree is build/user/VARIANT/src and is
# built in build/user/VARIANT/obj, so every user tree sits at the same
# relative path (../src) from its build directory and ccache hits across
# the two sides of a comparison (see LB_KBUILD above).
variant_path() { # variant tree|kdir|image|state
	local rest tok tree=$LB_TREE kdir=$LB_KBUILD/$1 image="" state=""
	rest=$(variant_rest "$1") || exit
	for tok in $rest; do
		case $tok in
		tree=*) tree=${tok#tree=} kdir=${tree%/*}/obj ;;
		kernel=*) tree="" image=${tok#kernel=} state=$LB_USER/$1 ;;
		kbuild=*) kdir=${tok#kbuild=} ;;
		esac
	done
	case $2 in
	tree) echo "$tree" ;;
	kdir) echo "$kdir" ;;
	image) echo "${image:-$kdir/arch/x86/boot/bzImage}" ;;
	state) echo "${state:-$kdir}" ;;
	*) die "variant_path: no such field '$2'" ;;
	esac
}

# KCONFIG="CONFIG_X=y CONFIG_Y=n ..." -> the lines of a Kconfig fragment
# (=n as "is not set"); dies on a word that is not CONFIG_NAME=VALUE.
kconfig_fragment() { # words
	local w
	for w in $1; do
		[[ $w =~ ^CONFIG_[A-Za-z0-9_]+=(y|n|m|-?[0-9]+|0x[0-9a-fA-F]+|\"[^\"]*\")$ ]] ||
			die "KCONFIG: '$w' is not CONFIG_NAME=VALUE (y, n, m, a number or a quoted string without spaces); write e.g. KCONFIG=\"CONFIG_LOCK_STAT=y CONFIG_DEBUG_ATOMIC_SLEEP=n\""
		case $w in
		*=n) printf '# %s is not set\n' "${w%=n}" ;;
		*) printf '%s\n' "$w" ;;
		esac
	done
}

# The names of the variants this make's KSRC= and KERNEL= declare, one per
# line (byo.sh checks them): BASE_NAME (from BASE, else "base"), then
# PATCHED_NAME (from PATCHED, else the PATCHES directory's name) when
# there is a second side, then a prebuilt kernel's VARIANT (else "prebuilt").
byo_variants() {
	if [ -n "${KSRC:-}" ]; then
		echo "${BASE_NAME:-$(variant_name "${BASE:-base}")}"
		if [ -n "${PATCHED:-}" ]; then
			echo "${PATCHED_NAME:-$(variant_name "$PATCHED")}"
		elif [ -n "${PATCHES:-}" ]; then
			echo "${PATCHED_NAME:-$(variant_name "$(basename "$PATCHES")")}"
		fi
	fi
	[ -z "${KERNEL:-}" ] || echo "${VARIANT:-prebuilt}"
}

# A git ref as a variant name: lower case letters, digits and '-' (a name
# is also a path, a kernel argument and part of APPEND_<variant>).
variant_name() { # ref
	local LC_ALL=C n=${1,,}
	n=${n//[^a-z0-9]/-}
	while [[ $n == *--* ]]; do n=${n//--/-}; done
	n=${n:0:40}
	while [[ $n == -* ]]; do n=${n#-}; done
	while [[ $n == *- ]]; do n=${n%-}; done
	printf '%s\n' "$n"
}

# The variants a make works on when it names none: the user's, when it
# declares some with KSRC= or KERNEL=, else the default matrix.
default_variants() {
	if [ -n "${KSRC:-}${KERNEL:-}" ]; then byo_variants; else matrix_variants; fi
}

# VARIANTS="a,b c" -> validated names, one per line.
parse_variants() { # list
	local v list=${1//,/ }
	[ -n "${list// /}" ] || list=$(default_variants)
	for v in $list; do variant_fragments "$v" >/dev/null; done # dies on an unknown name
	for v in $list; do echo "$v"; done
}
# The variants this make works on, one per line: the Makefile's one parse
# of VARIANTS (build/variants.mk, scripts/build/variants-mk.sh: LB_VARIANTS,
# and LB_VARIANTS_OF, the VARIANTS it parsed), else VARIANTS parsed here,
# for a script run by hand or one whose caller set VARIANTS itself.
run_variants() {
	if [ -n "${LB_VARIANTS:-}" ] && [ "${LB_VARIANTS_OF-unset}" = "${VARIANTS:-}" ]; then
		printf '%s\n' $LB_VARIANTS
	else
		parse_variants "${VARIANTS:-}"
	fi
}

# The host as timed figures depend on it: CPU vendor, family, model and
# stepping, the TSC rate the host kernel detected (from its log, when this
# user may read it), host kernel and QEMU version.  host_facts works them
# out once and exports them (LB_HOST_*), so that a run's boots, and the
# scripts each boot runs, reuse them instead of asking again.
host_facts() {
	[ -z "${LB_HOST_ID:-}" ] || return 0
	local tsc k v
	declare -A cpu=()
	# The CPU and the host id: scripts/host-cpu.sh, shared with the native
	# bundle's runner.
	while IFS='=' read -r k v; do cpu[$k]=$v; done < <("$LB_TOP/scripts/host-cpu.sh" /proc/cpuinfo "$(nproc)")
	LB_HOST_CPU_MODEL=${cpu[cpu_model]} LB_HOST_CPU_VENDOR=${cpu[cpu_vendor]}
	LB_HOST_CPU_FAMILY=${cpu[cpu_family]} LB_HOST_CPU_MODEL_ID=${cpu[cpu_model_id]}
	LB_HOST_CPU_STEPPING=${cpu[cpu_stepping]} LB_HOST_CPUS=${cpu[online_cpus]}
	# sed prints the first match only and reads on (no SIGPIPE): no head.
	tsc=$({ dmesg 2>/dev/null || journalctl -k -b 2>/dev/null; } |
		sed -n -e '/.*tsc: Detected \([0-9.]*\) MHz.*/{s//\1/p;:rest' -e 'n;b rest' -e '}')
	IFS= read -r LB_HOST_KERNEL </proc/sys/kernel/osrelease # uname -r
	LB_QEMU_VERSION=$(qemu-system-x86_64 --version 2>/dev/null) || true
	LB_QEMU_VERSION=${LB_QEMU_VERSION%%$'\n'*} # its first line
	local qv=${LB_QEMU_VERSION#* * * } # "QEMU emulator version X (...)": X
	[ "$qv" != "$LB_QEMU_VERSION" ] || qv=""
	# The fingerprint (provenance) has the host kernel and QEMU too; the
	# host id, every record's host field, names only the CPU and its count
	# (a kernel update does not make another host).  Runs before this
	# change have ids like AMD_EPYC_x2-635dbe1b (the name, the count and 8
	# hex digits of the fingerprint): results/hosts/*/host.info lists them.
	printf -v LB_HOST_FP 'vendor=%s family=%s model=%s stepping=%s tsc_mhz=%s kernel=%s qemu=%s' \
		"$LB_HOST_CPU_VENDOR" "$LB_HOST_CPU_FAMILY" "$LB_HOST_CPU_MODEL_ID" "$LB_HOST_CPU_STEPPING" "${tsc:-unknown}" \
		"$LB_HOST_KERNEL" "${qv%% *}"
	LB_HOST_TSC_MHZ=${tsc:-unknown}
	LB_HOST_ID=${cpu[host_id]}
	export LB_HOST_CPU_MODEL LB_HOST_CPU_VENDOR LB_HOST_CPU_FAMILY LB_HOST_CPU_MODEL_ID LB_HOST_CPU_STEPPING \
		LB_HOST_KERNEL LB_HOST_CPUS LB_QEMU_VERSION LB_HOST_FP LB_HOST_ID LB_HOST_TSC_MHZ
}
# gcc --version's first line, once per make: kernel.sh and module.sh put
# it in their up-to-date keys; exported (LB_GCC_VERSION) as host_facts does.
gcc_facts() {
	[ -z "${LB_GCC_VERSION:-}" ] || return 0
	LB_GCC_VERSION=$(gcc --version)
	LB_GCC_VERSION=${LB_GCC_VERSION%%$'\n'*}
	export LB_GCC_VERSION
}
host_fingerprint() { host_facts && printf '%s\n' "$LB_HOST_FP"; }
host_id() { host_facts && printf '%s\n' "$LB_HOST_ID"; }

# The compiler of kernel and module builds, into LB_CC.  CCACHE= says
# whether it is "ccache gcc":
#   auto (default) what the build directory DIR was built with before
#        (DIR/.lb-cc: Kbuild recompiles everything when CC changes), and
#        for a new one, ccache when its cache already holds objects: an
#        empty cache cannot hit, and its miss path made a cold 2-core
#        build of pre 27% slower (459 s against 362 s with plain gcc;
#        40 objects compiled one at a time: 5 to 13% slower);
#   yes  always, to fill the cache for rebuilds (the default for your
#        own trees, scripts/build/kernel.sh);
#   no   never.
# CCACHE_BASEDIR makes the paths it hashes relative, so a fresh clone hits
# what another built; depend mode hashes each source and the headers the
# compiler reports reading instead of preprocessing first.  One kernel
# took 200 s from a fresh clone's warm cache.
lb_cc() { # [DIR]
	LB_CC=gcc
	case ${CCACHE:-auto} in
	no) return 0 ;;
	yes) command -v ccache >/dev/null || die "CCACHE=yes but ccache is not installed: run make deps" ;;
	auto)
		command -v ccache >/dev/null || return 0
		if [ -n "${1:-}" ] && [ -f "$1/.lb-cc" ]; then
			local was
			was=$(<"$1/.lb-cc")
			[ "$was" = "ccache gcc" ] || return 0
		else
			[ "$(ccache --print-stats 2>/dev/null | awk '$1 == "files_in_cache" { print $2 }')" -gt 0 ] 2>/dev/null || return 0
		fi
		;;
	*) die "CCACHE=$CCACHE: write auto (as the build directory was; a new one only once the cache holds objects), yes or no" ;;
	esac
	export CCACHE_BASEDIR=$LB_BUILD CCACHE_NOHASHDIR=1 CCACHE_DEPEND=${CCACHE_DEPEND:-1}
	LB_CC="ccache gcc"
}

# PMU= (perf stat's events per job, bench-user/guest/pmu.h): refused before
# anything boots, by the guest runner's own rule.
pmu_ok() {
	[ -n "${PMU:-}" ] || return 0
	local err
	err=$("$LB_TOP/bench-user/lb-guest" --check-pmu "$PMU" 2>&1) || die "PMU=$PMU: ${err#lb-guest: }"
}

# A job file's jobs, one a line, from the one expander every reader uses
# (lb-validate --jobs; lb-native -j is the same code): comments, blank
# lines, continuations and threads=SWEEP, each job checked as the module
# checks it.  Refused with the file's line and the reason.
expand_jobs() { # jobfile [--sweep LIST] [--cpus N] [--lines]
	[ -x "$LB_TOP/bench-user/lb-validate" ] || die "bench-user/lb-validate is not built: run 'make -C bench-user'"
	"$LB_TOP/bench-user/lb-validate" --jobs "$@"
}
# build_id ELF: its GNU build id (nothing when it has none).
build_id() {
	readelf -n "$1" 2>/dev/null | awk '/Build ID:/ && id == "" { id = $3 } END { print id }'
}
# bzimage_build_id TREE BZIMAGE: the build id of the kernel a bzImage
# boots (TREE's extract-vmlinux unpacks it), to hold against its vmlinux's.
bzimage_build_id() {
	local t id
	t=$(mktemp)
	if ! "$1/scripts/extract-vmlinux" "$2" >"$t" 2>/dev/null; then
		rm -f "$t"
		return 1
	fi
	id=$(build_id "$t")
	rm -f "$t"
	printf '%s\n' "$id"
}

sha_of() { # files... -> short sha256 of their concatenation
	local s rc=0
	if [ $# -eq 1 ] && [ -f "$1" ] && [ -r "$1" ]; then
		s=$(sha256sum <"$1") || rc=$? # one file: no cat
	else
		s=$(cat "$@" | sha256sum) || rc=$?
	fi
	printf '%s\n' "${s:0:16}"
	return $rc
}

# series_commit: the lockbench commit that last changed the patch series
# the Debian tree is patched with (patch/, or LB_PATCH_DIR's), "-dirty"
# after it when the checkout's series or a patch differs from that
# commit; nothing outside git.  The provenance's patch_series_sha256 (the
# tree stamp's) says which contents were applied; this, where they came
# from.
series_commit() {
	local d=${LB_PATCH_DIR:-$LB_TOP/patch} c
	c=$(git -C "$d" log -1 --format=%H -- . 2>/dev/null) || return 0
	[ -n "$c" ] || return 0
	[ -z "$(git -C "$d" status --porcelain --untracked-files=no -- . 2>/dev/null)" ] || c+=-dirty
	printf '%s\n' "$c"
}

# make bisect's settings (scripts/icount/bisect.sh), checked before any work
# by it and by scripts/build/check-args.sh.
bisect_args_ok() {
	[ -n "${KSRC:-}" ] || die "make bisect needs KSRC=, the git tree to bisect (docs/own-kernel.md)"
	[ -n "${GOOD:-}" ] && [ -n "${BAD:-}" ] ||
		die "make bisect needs GOOD=ref (a commit without the regression) and BAD=ref (one with it)"
	[ -n "${CELL:-}" ] || die "make bisect needs CELL=, one hot job such as CELL='kind=spin_lock mode=hot'"
	[[ $CELL == *kind=* ]] || die "CELL='$CELL' names no kind=: write e.g. CELL='kind=spin_lock mode=hot'"
	[[ $CELL =~ (^|[[:space:]])mode=hot($|[[:space:]]) ]] ||
		die "CELL='$CELL' is not a hot job: make bisect counts instructions on the icount machine, which runs hot jobs only (docs/instruments.md); write mode=hot"
	[[ ${THRESHOLD:-} =~ ^[0-9]+(\.[0-9]+)?%$ ]] ||
		die "THRESHOLD='${THRESHOLD:-}' is not a percentage: write e.g. THRESHOLD=5% (the rise over GOOD's count that marks a commit bad)"
}

# The lock layer (pre, post, stock) and debug setting (on, off) of a variant,
# from its fragments: the one rule for "is this a debug variant".  The
# fragments_* forms take variant_fragments' output, for callers that have
# it already.
fragments_lock() { # fragments -> the lock layer (nothing: no lock-X fragment)
	local f
	while IFS= read -r f; do
		case $f in */lock-*.config) f=${f##*/lock-} && echo "${f%.config}" && return ;; esac
	done <<<"$1"
}
fragments_debug() { # fragments -> on or off
	local f
	while IFS= read -r f; do
		case $f in */debug-on.config | */debug-magic.config) echo on && return ;; esac
	done <<<"$1"
	echo off
}
variant_lock() {
	local f
	f=$(variant_fragments "$1") || return 1
	fragments_lock "$f"
}
variant_debug() {
	local f
	f=$(variant_fragments "$1") || return 1
	fragments_debug "$f"
}
# The same rule for gnuplot (plots/common.gp): dbg, the debug variants among
# VARIANTS, pmt, those built with preempt.config, and fams, each one's lock
# layer (its colour), as gnuplot assignments.  A name the matrix does not
# know is none of them.
variant_gp() { # variant...
	local v fr lock dbg="" pmt="" fams=" "
	for v in "$@"; do
		fr=$(variant_fragments "$v" 2>/dev/null) || continue
		lock=$(fragments_lock "$fr")
		[ -z "$lock" ] || fams+="$v=$lock "
		[ "$(fragments_debug "$fr")" != on ] || dbg+="$v "
		[[ $'\n'$fr$'\n' != *"/preempt.config"$'\n'* ]] || pmt+="$v "
	done
	printf "dbg='%s'; pmt='%s'; fams='%s'" "${dbg% }" "${pmt% }" "$fams"
}

# The comparisons: vm-configs/comparisons (COMPARISONS= replaces it),
# then build/user/comparisons, where byo.sh puts your own kernels' pair.
# One function reads them, checked, for every report stage.
LB_USER_COMPARISONS=$LB_USER/comparisons
comparison_lines() { # -> "role<TAB>base<TAB>other<TAB>label" per line
	local file=${COMPARISONS:-$LB_VMCONFIGS/comparisons} files=() out
	[ -f "$file" ] || die "COMPARISONS=$file does not exist: name a file shaped like vm-configs/comparisons"
	files=("$file")
	[ ! -f "$LB_USER_COMPARISONS" ] || files+=("$LB_USER_COMPARISONS")
	out=$(awk -v known=" $(matrix_variants all | tr '\n' ' ')" -v OFS='\t' '
	function bad(why) { printf "%s:%d: %s\n", FILENAME, FNR, why > "/dev/stderr"; err = 1 }
	/^[[:space:]]*(#|$)/ { next }
	{
		if (NF < 3) { bad("want: role base other [label]"); next }
		if ($1 !~ /^(aa|headline|pair|timed|pathlen)$/) { bad("unknown role \"" $1 "\" (aa, headline, pair, timed, pathlen)"); next }
		for (i = 2; i <= 3; i++)
			if (index(known, " " $i " ") == 0) { bad("unknown variant \"" $i "\": add it to vm-configs/matrix (or matrix.extra), or fix the name; known: " substr(known, 2)); next }
		if ($2 == $3) { bad("a variant compared with itself"); next }
		if ($1 == "aa" && naa++) { bad("a second aa pair: the noise floor comes from one"); next }
		label = ""
		for (i = 4; i <= NF; i++) label = label (i > 4 ? " " : "") $i
		if (!seen[$2 ":" $3]++) print $1, $2, $3, label
	}
	END { exit err }' "${files[@]}") || die "fix the comparisons file (see above)"
	printf '%s\n' "$out"
}
# comparisons ROLE... -> "base:other" of those roles, in file order.
comparisons() {
	comparison_lines | awk -F'\t' -v roles=" $* " 'index(roles, " " $1 " ") { print $2 ":" $3 }'
}
# The label of one pair: its own, else "base → other".
comparison_label() { # base:other
	comparison_lines | awk -F'\t' -v p="$1" '$2 ":" $3 == p { l = $4 } END { if (l == "") { l = p; sub(/:/, " → ", l) } print l }'
}

# The A/A noise floor of a hot metric (lb-stat's floor_pct) in a pairs.csv,
# or nothing when the run has no A/A pair: what the report and its text
# form both state.
hot_noise_floor() { # pairs.csv [METRIC [KIND]]: KIND's hot A/A bound (ns_op, or the native run's cyc_op; spin_lock)
	# Each kind has its own floor (lb-stat's, from the A/A pair's cells of
	# that kind); a row whose own quantum set its floor does not show it.
	awk -F, -v m="${2:-ns_op}" -v k="${3:-spin_lock}" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["mode"] == "hot" && $c["metric"] == m && $c["kind"] == k && $c["floor_pct"] !~ /nan/ && $c["floor_by"] != "quantum" { printf "%.1f\n", $c["floor_pct"]; exit }' "$1"
}

# lb-resolution's output (a comment, its CSV table, the verdict line) ->
# the CSV table alone, which render.sh reads.
resolution_csv() { # lb-resolution output file
	sed -n '/^pad,/,/^resolution:/{/^resolution:/!p}' "$1"
}

# The machines a guest boots on (scripts/boot/machines.tsv): the word a
# record's accel column carries, how QEMU runs it and how many vCPUs.
# machine_row MACHINE: its accel, vcpus, qemu and why columns, a tab
# between; a resolved KVM (kvm:CPU) is kvm's row.
machine_row() {
	local m rest
	while IFS=$'\t' read -r m rest; do
		[ "$m" != "${1%%:*}" ] || { printf '%s\n' "$rest" && return 0; }
	done <"$LB_TOP/scripts/boot/machines.tsv"
	die "no machine '$1': the machines are $(machines) (scripts/boot/machines.tsv)"
}
# machines [yes]: the machines, or only the timed instrument's
# accelerators (ACCEL= names them, with auto), on one line.
machines() {
	awk -F '\t' -v a="${1:-}" '!/^#/ && $1 != "machine" && (a == "" || $2 == a) { printf "%s%s", n++ ? " " : "", $1 }
		END { print "" }' "$LB_TOP/scripts/boot/machines.tsv"
}
# QEMU arguments of a resolved machine (tcg, icount, kvm:CPU), into the
# array named by $1.  One definition for the launcher and run.info.
machine_qemu_args() { # arrayname machine
	local -n _args=$1
	local row _a _v q _w
	row=$(machine_row "$2") || exit
	IFS=$'\t' read -r _a _v q _w <<<"$row"
	[ "${2%%:*}" = "$2" ] || q=${q//CPU/${2#*:}}
	read -r -a _args <<<"$q"
}
# accel_ok ACCEL: dies unless ACCEL is auto or one of the timed
# instrument's accelerators; the name of an instrument or of a machine no
# instrument chooses by ACCEL is refused naming the make target to use.
# (The caller sources schema/contract.sh.)
accel_ok() {
	local a=$1 accels name alias _u _d _b _p _q
	accels="auto $(machines yes)"
	[[ " $accels " != *" $a "* ]] || return 0
	accels=${accels// /, }
	while IFS=$'\t' read -r name _u _d _b alias _p _q; do
		[ "$a" = "$name" ] || [ "$a" = "$alias" ] ||
			continue
		die "ACCEL=$a: $name is an instrument, not an accelerator: run make $name (ACCEL chooses the timed instrument's accelerator: $accels)"
	done < <(contract_rows instruments)
	(machine_row "$a") >/dev/null 2>&1 &&
		die "ACCEL=$a: $a is the machine an instrument boots on by itself, not an accelerator (ACCEL chooses the timed instrument's: $accels)"
	die "ACCEL=$a is not one of $accels"
}
# machine_vcpus MACHINE: the most vCPUs it runs; nothing when as many as asked.
machine_vcpus() {
	local row _a v _r
	row=$(machine_row "$1") || exit
	IFS=$'\t' read -r _a v _r <<<"$row"
	[ "$v" = - ] || printf '%s\n' "$v"
}
# machine_vcpus_ok MACHINE VCPUS: dies when MACHINE runs fewer, saying why.
machine_vcpus_ok() {
	local row _a v _q why
	row=$(machine_row "$1") || exit
	IFS=$'\t' read -r _a v _q why <<<"$row"
	[ "$v" = - ] || [ "$2" -le "$v" ] ||
		die "${1%%:*} runs on $v vCPU$([ "$v" = 1 ] || echo s), not VCPUS=$2: $why"
}

# progress K N WHAT [SECONDS_LEFT]: "[k/N] WHAT, about M min S s left",
# the estimate from recorded times (the caller's sum of what remains).
progress() {
	local eta=""
	[ -n "${4:-}" ] && [ "$4" -gt 0 ] && eta=$(printf ', about %d min %02d s left' $(($4 / 60)) $(($4 % 60)))
	note "[$1/$2] $3$eta"
}

# seeded_shuffle KEY WORD...: the words, one a line, in an order that KEY
# alone decides.  shuf reads its randomness from AES-CTR keyed by KEY
# (coreutils' recipe for a seeded shuf); a repeated text was not enough,
# since shuf reads only its first bytes.
seeded_shuffle() {
	local key=$1
	shift
	printf '%s\n' "$@" |
		shuf --random-source=<(openssl enc -aes-256-ctr -pass pass:"$key" -nosalt -pbkdf2 </dev/zero 2>/dev/null)
}

# A file of records (what the guest writes), as opposed to a derived table
# (summary, pairs, baseline) or failures.csv: told by its first line.
is_record_file() { # is_record_file FILE
	local h=""
	{ IFS= read -r -N 20 h || true; } <"$1"
	[ "$h" = "#lockbench-results v" ]
}

# A run's name: run.info's run_id (a copy keeps it), else the folder's.
# The run directory's name: NAME= (the Makefile exports it as LB_RUN_NAME,
# fixed once per make, so make all's stages share one directory), else the
# UTC time now.
run_name() {
	local n=${LB_RUN_NAME:-}
	[ -n "$n" ] || n=$(utc_now %Y%m%dT%H%M%SZ)
	[[ $n =~ ^[A-Za-z0-9][A-Za-z0-9._-]*$ ]] || die "NAME=$n: a run name is letters, digits, '.', '_' and '-'"
	echo "$n"
}
# date -u +FORMAT.  LB_NOW (seconds since the epoch) holds the clock
# still, for the tests of names made from it.
utc_now() { # strftime format
	date -u ${LB_NOW:+-d "@$LB_NOW"} "+$1"
}

# claim_dir PARENT NAME: the first of NAME, NAME.2, NAME.3, ... that
# PARENT lacks, made there (empty) by mkdir, which only one process can
# win, and printed: two runs named from the same second never share a
# directory.  The caller fills it, or replaces it with mv -T from a
# staging folder.
claim_dir() {
	local name=$2 n=1
	mkdir -p "$1"
	until mkdir "$1/$name" 2>/dev/null; do
		[ -d "$1" ] || die "cannot create $1/$name"
		n=$((n + 1))
		name=$2.$n
	done
	echo "$name"
}

# cat_csv TABLE OUT FILE...: the per-process CSVs of a native run or
# bundle joined: the contract's TABLE header once (the caller sources
# schema/contract.sh), then every FILE's lines after its own header,
# which must be the same: lb-native writes the contract's too.
cat_csv() {
	local t=$1 o=$2 h f line
	h=$(contract_header "$t")
	shift 2
	for f; do
		IFS= read -r line <"$f" || :
		[ "$line" = "$h" ] || die "$f's header is not the contract's $t header: $line (want $h)"
	done
	echo "$h" >"$o"
	[ $# = 0 ] || awk 'FNR > 1' "$@" >>"$o"
}

# csvq TEXT: TEXT as one quoted CSV field (a name may hold commas).
csvq() { printf '"%s"' "${1//\"/\"\"}"; }

# A KEY=VALUE file (run.info, stat.info, ...) read once, without a process:
# readkv ARRAY FILE fills the associative ARRAY[KEY] with each key's first
# value (what sed -n 's/^KEY=//p' FILE | head -n 1 prints).
readkv() {
	local -n _readkv=$1 # (a name no caller's array has: a nameref to itself fails)
	local line k
	_readkv=()
	while IFS= read -r line || [ -n "$line" ]; do
		k=${line%%=*}
		[ "$k" = "$line" ] || [ -n "${_readkv["$k"]+set}" ] || _readkv["$k"]=${line#*=}
	done <"$2"
}

# A run's id: its run.info's run_id, else its folder's name.
dir_id() { # DIR
	local -A ri=()
	[ ! -f "$1/run.info" ] || readkv ri "$1/run.info" 2>/dev/null || true
	[ -n "${ri[run_id]:-}" ] || ri[run_id]=$(basename "$(readlink -f "$1")")
	echo "${ri[run_id]}"
}

# The published results (results/, written by publish.sh and
# host-publish.sh alone) are tracked: the stages that derive files from a
# run work on a copy of any run directory inside them, under build/.  The
# published raw data (its raw.info: results/raw, or another clone's) is
# copied to build/raw/ID; any other run in this checkout's results/ (a
# host's native run, results/hosts/HOST/native/ID) to build/published/,
# named by its path (results+hosts+HOST+native+ID): two hosts' runs of one
# id never share a copy.  A run that make native or make import
# BUNDLE_RESULTS= made (build/runs/NAME/native, no run.info above it) is
# named by either folder.  run_dir ARG prints the directory the stages
# use.  compare.sh passes "fresh" so every regeneration starts from the
# records.
run_dir() { # ARG [fresh]
	local d id copy pub rel
	local -A ri=()
	d=$(readlink -f "$1") || die "no run directory $1"
	[ -f "$d/run.info" ] || [ ! -f "$d/native/run.info" ] || d=$d/native
	pub=$(readlink -f "$LB_TOP/results")
	if [ -f "$d/raw.info" ]; then
		[ ! -f "$d/run.info" ] || readkv ri "$d/run.info"
		id=${ri[run_id]:-}
		[ -n "$id" ] || die "$1/run.info has no run_id: not published raw data"
		copy=$LB_BUILD/raw/$id
	elif [[ $d/ == "$pub"/* ]]; then
		rel=${d#"$pub"}
		copy=$LB_BUILD/published/results${rel//\//+}
	else
		echo "$d" && return
	fi
	# A copy named again is its own copy.
	[ "$d" != "$(readlink -m "$copy")" ] || { echo "$d" && return; }
	if [ "${2:-}" = fresh ] || [ ! -d "$copy" ]; then
		rm -rf "$copy"
		mkdir -p "${copy%/*}"
		cp -r "$d" "$copy" || die "cannot copy $1 to $copy"
	fi
	echo "$copy"
}

# The native runs filed by host (scripts/report/hosts/host-publish.sh) that
# hosts-table.sh and cycles-model.sh take, one a line: each with its
# summary.csv, physlimit.csv and a hot cell, less a host's sittings
# (its sittings.list: one binary run again, which get a table of their
# own from scripts/report/hosts/sittings.sh).
host_runs() { # results
	local r list
	for r in "$1"/hosts/*/native/*/; do
		r=${r%/}
		[ -f "$r/summary.csv" ] && [ -f "$r/physlimit.csv" ] && grep -q ',hot,' "$r/summary.csv" || continue
		list=${r%/native/*}/sittings.list
		[ -f "$list" ] && grep -qx "${r##*/}" "$list" && continue
		printf '%s\n' "$r"
	done
}
