#!/usr/bin/env bash
# check-args.sh GOAL...: every setting the make goals read, checked before
# any work (the Makefile's args-ok runs it first), so that a typo costs a
# second, not a tree extraction and six kernel builds.  Every bad setting
# is named with its fix, all of them at once; nothing is written.
# It reads only the environment and small files (no build; at most the C
# preprocessor over the contract, for a job's kind), so it answers on a
# fresh clone.  The rules are schema/settings.tsv's, one row a setting.
# LB_KVM_DEV (default /dev/kvm) is for tests.
. "$(dirname "$0")/../lib.sh"
. "$LB_TOP/schema/contract.sh"

goals=" ${*:-all} "
errs=()
bad() { errs+=("$*"); }

# The names first (scripts/build/names.awk): each goal a target, each
# variable on make's command line a setting these goals read, and a
# warning for a variable of the environment that looks like a setting
# misspelt.  What it answers "read" are the settings whose values are
# checked below: a setting no goal here reads is not this make's business;
# "jobs" says one of them is a job list or line.
mapfile -t instrument_rows < <(contract_rows instruments)
# The targets are schema/targets.tsv's and the instruments' (their names
# and aliases, rows made from the contract's by targets.sh).  A target of
# a makefile make read before this one (make -f X -f Makefile,
# MAKEFILES=) is that makefile's: it may read any setting.
others=
for f in ${LB_OTHER_MAKEFILES:-}; do
	others+=" $(sed -n 's/^\([A-Za-z0-9_.-]*\):\([^=]\|$\).*/\1/p' "$f" | paste -sd' ')"
done
declare -A reads=()
job_lists=
while IFS=$'\t' read -r kind text; do
	case $kind in
	read) reads[$text]=1 ;;
	jobs) job_lists=1 ;;
	error) bad "$text" ;;
	warn) say "warning: $text" ;;
	esac
done < <(awk -F '\t' -v goals="${*:-}" -v cmdline="${LB_CMDLINE_VARS:-}" \
	-v others="$others" \
	-f "$LB_TOP/scripts/build/names.awk" <("$LB_TOP/scripts/build/targets.sh" rows) "$LB_TOP/schema/settings.tsv")
has() { # has GOAL...: is one of them among the goals?
	local g
	for g; do [[ $goals == *" $g "* ]] && return 0; done
	return 1
}
# A check that dies (a lib.sh rule shared with the scripts), as a message.
bad_if_dies() { # command...
	local out
	out=$( ("$@") 2>&1 >/dev/null) || bad "${out#lockbench: error: }"
}

# The settings' rules, one row each in schema/settings.tsv: every setting
# given a value is checked by its row's rule here; a "special" row's rule
# depends on the goals or on other settings, and is the code further down.
# rule_RULE NAME VALUE DEFAULT HELP: a bad value, as a message.
rule_int() { # NAME VALUE DEFAULT HELP [LEAST]
	if [[ ! $2 =~ ^[1-9][0-9]{0,17}$ ]]; then
		bad "$1=$2 is not a positive integer: write e.g. $1=${3:-1}"
	elif [ -n "${5:-}" ] && [ "$2" -lt "$5" ]; then
		bad "$1=$2 is below $5, the least it takes ($1 is $4): write e.g. $1=${3:-$5}"
	fi
}
rule_whole() {
	[[ $2 =~ ^[0-9]{1,18}$ ]] || bad "$1=$2 is not a whole number: write e.g. $1=${3:-0}"
}
rule_bool() {
	case $2 in 0 | 1) ;; *) bad "$1=$2 is not 0 or 1" ;; esac
}
rule_one() { # NAME VALUE CHOICES (a,b,c)
	[[ ",$3," == *",$2,"* ]] || bad "$1=$2 is not one of ${3//,/, }"
}
rule_variants() { # NAME LIST: known names, no empty or repeated element
	local v seen=" " fixed list
	read -r -a list <<<"${2//,/ }"
	fixed=${list[*]}
	if [[ $2 =~ (^|,)[[:space:]]*(,|$) ]]; then
		bad "$1=$2 has an empty element: write $1='$fixed'"
	fi
	for v in "${list[@]}"; do
		[[ $known == *" $v "* ]] ||
			bad "$1: unknown variant '$v'; known variants:${known% } (see vm-configs/matrix)"
		[[ $seen != *" $v "* ]] || bad "$1='$2' names $v twice (each variant is measured once per boot round): write $1='$(printf '%s\n' "${list[@]}" | awk '!seen[$0]++' | paste -sd' ')'"
		seen+="$v "
	done
}
rule_variant() {
	[[ $2 != *[,\ ]* ]] || { bad "$1=$2: $1 names one variant; VARIANTS= takes a list" && return; }
	rule_variants "$@"
}
rule_file() { [ -f "$2" ] || bad "$1=$2 does not exist (or is not a file): $1 is $4"; }
rule_files() {
	local f
	for f in $2; do [ -f "$f" ] || bad "$1: $f does not exist (or is not a file)"; done
}
rule_dir() { [ -d "$2" ] || bad "$1=$2 is not a directory: $1 is $4"; }
rule_exists() { [ -e "$2" ] || bad "$1=$2 does not exist: $1 is $4"; }
rule_run() { [ -f "$2/run.info" ] || bad "$1=$2 is not a run directory (no run.info): name one under build/runs/"; }
rule_name() {
	[[ $2 =~ ^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$ ]] ||
		bad "$1=$2: a run name is letters, digits, '.', '_' and '-' (one folder name), e.g. $1=fix-v2"
}
rule_counts() { # THREADS: all, or thread counts, each at most the online CPUs, once
	local t seen=" " n
	n=$(nproc)
	[ "$2" != all ] || return 0
	if [[ ! $2 =~ ^[1-9][0-9]{0,3}(,[1-9][0-9]{0,3})*$ ]]; then
		bad "$1=$2: write all (1, 2, 4, ... and all CPUs) or a comma-separated list of thread counts, e.g. $1=1,2"
		return
	fi
	for t in ${2//,/ }; do
		[ "$t" -le "$n" ] || bad "$1=$2: $t is above this host's $n online CPUs (oversubscribed spinners measure the scheduler): use at most $n"
		[[ $seen != *" $t "* ]] || bad "$1=$2 repeats $t: name each thread count once, e.g. $1=$(printf '%s\n' ${2//,/ } | awk '!seen[$0]++' | paste -sd,)"
		seen+="$t "
	done
}
# PMU: auto, off, or perf events the guest's perf stat counts: perf's
# generic hardware, software and cache events (perf list), each with
# optional :modifiers, or a raw event rHEX; the guest runner checks the
# syntax again (lb-guest --check-pmu), when the tools are built.
LB_PERF_EVENTS=" cycles cpu-cycles instructions cache-references cache-misses branches
	branch-instructions branch-misses bus-cycles ref-cycles stalled-cycles-frontend
	stalled-cycles-backend cpu-clock task-clock page-faults faults context-switches cs
	cpu-migrations migrations minor-faults major-faults alignment-faults emulation-faults "
LB_PERF_CACHE='^(L1-dcache|L1-icache|LLC|dTLB|iTLB|branch|node)-(loads|load-misses|stores|store-misses|prefetches|prefetch-misses)$'
rule_pmu() {
	local e events
	case $2 in auto | off) return ;; esac
	read -r -a events <<<"${2//,/ }"
	for e in "${events[@]}"; do
		e=${e%%:*}
		[[ $LB_PERF_EVENTS == *[[:space:]]"$e"[[:space:]]* ]] || [[ $e =~ $LB_PERF_CACHE ]] || [[ $e =~ ^r[0-9a-fA-F]{1,16}$ ]] ||
			bad "$1=$2: '$e' is not a perf event the guest knows: write auto, off, or events such as $1=cycles,instructions (docs/accelerators.md)"
	done
	[ ! -x "$LB_TOP/bench-user/lb-guest" ] || bad_if_dies pmu_ok
}
rule_job() { # a job line: kind= and mode= from the contract, then the rest
	local kind mode kinds modes err
	[[ " $2" =~ [[:space:]]kind=([a-z_]+) ]] && kind=${BASH_REMATCH[1]}
	[[ " $2" =~ [[:space:]]mode=([a-z]+) ]] && mode=${BASH_REMATCH[1]}
	if [ -z "${kind:-}" ] || [ -z "${mode:-}" ]; then
		bad "$1='$2' is not a job line (kind=... mode=...): write e.g. $1='kind=spin_lock mode=contended threads=2'"
		return
	fi
	kinds=$(contract_names kinds) modes=$(contract_names modes)
	[ -z "$kinds" ] || [[ " $kinds " == *" $kind "* ]] ||
		{ bad "$1='$2': unknown kind '$kind'; kinds: $kinds (schema/lockbench_schema.h)" && return; }
	[ -z "$modes" ] || [[ " $modes " == *" $mode "* ]] ||
		{ bad "$1='$2': unknown mode '$mode'; modes: $modes (schema/lockbench_schema.h)" && return; }
	# Every other key, by the module's own parser (lb-validate --jobs).
	[ -n "$validate" ] || return 0
	err=$("$validate" --jobs <(printf '%s\n' "$2") --sweep 2 --keep-sweep 2>&1 >/dev/null) && return
	err=${err#lb-validate: } err=${err#*:1: } err=${err#"$2": }
	bad "$1='$2': $err: write e.g. $1='kind=spin_lock mode=contended threads=2' (docs/results.md: the job keys)"
}
# A job list: a file of jobs, each line checked by the one expander
# (lb-validate --jobs: comments, continuations, the module's own parser),
# its line named in a refusal.  A threads=SWEEP job is checked at 2
# threads (each goal expands it to its own counts later).
rule_jobs() {
	local err
	[ -f "$2" ] || { bad "$1=$2 does not exist (or is not a file): $1 is $4" && return; }
	[ -n "$validate" ] || return 0
	err=$("$validate" --jobs "$2" --sweep 2 --keep-sweep 2>&1 >/dev/null) && return
	bad "$1=$2 is not a job list: ${err#lb-validate: }: a job list has one job a line, key=value words (bench-user/jobs/default.jobs is one; docs/results.md)"
}
# validate: lb-validate, which checks the job lines, made first when a
# goal reads a job list (seconds, even on a fresh clone: DRYRUN's plan
# needs it too), by bench-user's own make (it decides what is stale).
# Without a compiler (before make deps) the boots check the jobs later.
validate=
need_validate() {
	local out
	if ! command -v gcc >/dev/null; then
		[ ! -x "$LB_TOP/bench-user/lb-validate" ] || validate=$LB_TOP/bench-user/lb-validate
		return 0
	fi
	if ! out=$(env -u MAKEFLAGS -u MAKELEVEL make -s -C "$LB_TOP/bench-user" lb-validate 2>&1); then
		bad "bench-user/lb-validate does not build, so the job lists cannot be checked: $(tail -n 3 <<<"$out" | paste -sd' ')"
		return 0
	fi
	validate=$LB_TOP/bench-user/lb-validate
}
# contract_names kinds|modes: the contract's kinds or modes on one line,
# from lb-validate --describe when it is built, else from the header
# through the C preprocessor (as tests/host/contract.sh reads it), since
# a fresh clone has no lb-validate yet.  Nothing when there is no gcc
# either (the boot refuses a bad job then).
contract_names() {
	local out v=$LB_TOP/bench-user/lb-validate
	if [ -x "$v" ]; then
		out=$("$v" --describe | awk -F '\t' '$1 == "kinds" || $1 == "modes" { a[$1] = a[$1] " " $2 } END { print "kinds:" a["kinds"]; print "modes:" a["modes"] }')
	elif command -v gcc >/dev/null; then
		out=$(printf '#include "%s"\n#define N(n, ...) n\nkinds: LB_KINDS(N)\nmodes: LB_MODES(N)\n' "$LB_TOP/schema/lockbench_schema.h" |
			gcc -E -P -x c - 2>/dev/null) || return 0
	fi
	sed -n "s/^$1: *//p" <<<"$out"
}
rule_kconfig() { bad_if_dies kconfig_fragment "$2"; }
# ACCEL: auto or an accelerator of scripts/boot/machines.tsv; an
# instrument's name is refused naming its make target (lib.sh's accel_ok).
rule_accel() { bad_if_dies accel_ok "$2"; }
# T: make check's test globs, each matching a test (the harness's rule).
rule_tests() { bad_if_dies env T="$2" "$LB_TOP/tests/harness/check.sh" --select; }
rule_text() { :; }
rule_path() { :; }
rule_special() { :; }
# Kbuild's own variables, which lockbench does not read: refused by name
# when given on make's command line (the Makefile's LB_CMDLINE_SET), since
# the environment may hold them for other builds.
rule_refused() {
	[[ " ${LB_CMDLINE_VARS:-} " != *" $1 "* ]] || bad "$1=$2: $4"
}

# Variant names: the matrix files' and those this make's KSRC=/KERNEL=
# declare (lib.sh, byo_variants).
known=" $({ matrix_variants all && byo_variants; } | tr '\n' ' ')"

[ -z "$job_lists" ] || need_validate
while IFS= read -r row; do
	# name, default, rule, goals, help; a default may be empty, so not
	# read's IFS splitting, which would merge two tabs into one.
	name=${row%%$'\t'*} row=${row#*$'\t'}
	def=${row%%$'\t'*} row=${row#*$'\t'}
	rule=${row%%$'\t'*} row=${row#*$'\t'}
	help=${row#*$'\t'}
	case $name in '#'* | name | '' | *_\*) continue ;; esac
	[ -n "${reads[$name]:-}" ] || [ "$rule" = refused ] || continue
	v=${!name:-}
	[ -n "$v" ] || continue
	case $rule in
	one:*) rule_one "$name" "$v" "${rule#one:}" ;;
	*:*) "rule_${rule%%:*}" "$name" "$v" "$def" "$help" "${rule#*:}" ;;
	*) "rule_$rule" "$name" "$v" "$def" "$help" ;;
	esac
done <"$LB_TOP/schema/settings.tsv"
# VCPUS: the guest's NR_CPUS is 64.
[[ ! ${VCPUS:-} =~ ^[0-9]+$ ]] || [ ${#VCPUS} -gt 3 ] || [ "$VCPUS" -le 64 ] ||
	bad "VCPUS=$VCPUS exceeds the guest's NR_CPUS=64: write VCPUS=64 or fewer"

# The accelerator, and what it allows.  Goals that boot here need a usable
# /dev/kvm for ACCEL=kvm (accel.sh's probe would find out only after the
# kernels are built); make export writes it into a lab's job instead.
accel=${ACCEL:-auto} vcpus=${VCPUS:-}
# make again repeats its run's accelerator and vCPUs unless the command
# line names others (the Makefile's again_set).
if has again && [ -f "${RUN:-}/run.info" ]; then
	[[ " ${LB_AGAIN_SET:-} " == *" ACCEL="* ]] || accel=$(sed -n 's/^accel=//p' "$RUN/run.info" | head -n 1)
	[[ " ${LB_AGAIN_SET:-} " == *" VCPUS="* ]] || vcpus=$(sed -n 's/^vcpus=//p' "$RUN/run.info" | head -n 1)
fi
case $accel in
kvm)
	kvm=${LB_KVM_DEV:-/dev/kvm}
	if has all timed run again boot calibrate perf quality check check-long lava-run; then
		if [ ! -e "$kvm" ]; then
			# settings-exempt: the other accelerators, named as the way out
			bad "ACCEL=kvm but $kvm does not exist (no KVM on this host, or the kvm module is not loaded): use ACCEL=auto (KVM when it works, else TCG) or ACCEL=tcg"
		elif [ ! -r "$kvm" ] || [ ! -w "$kvm" ]; then
			bad "ACCEL=kvm but $kvm is not readable and writable by $(id -un): add the user to the kvm group (then log in again), or use ACCEL=tcg"
		fi
	fi
	;;
esac
# Each instrument's own rules (its place's check.sh, where it has one),
# when its make target (its name or its alias) is among the goals.
for row in "${instrument_rows[@]}"; do
	IFS=$'\t' read -r name _ _ _ alias place _ <<<"$row"
	if has "$name" "$alias" && [ -f "$LB_TOP/$place/check.sh" ]; then
		. "$LB_TOP/$place/check.sh"
	fi
done
# A timed accelerator with more vCPUs than host CPUs times the host's
# scheduler: refused unless asked for (OVERSUBSCRIBE=1), and then every
# cell is flagged oversubscribed (boot/loop.sh).  Only a VCPUS= given here: the
# default 2 on a 1-CPU host is the loop's to flag.
if [[ $vcpus =~ ^[0-9]+$ ]] && [ "${OVERSUBSCRIBE:-0}" != 1 ] &&
	has all timed run again boot calibrate perf quality && [ "$vcpus" -gt "$(nproc)" ]; then
	bad "VCPUS=$vcpus is above this host's $(nproc) CPUs: a timed run would measure the host's scheduler (oversubscribed): use VCPUS=$(nproc) or fewer, or OVERSUBSCRIBE=1 to run it flagged oversubscribed"
fi

[ -z "${BISECT_VARIANT:-}" ] || [ "$(variant_name "$BISECT_VARIANT")" = "$BISECT_VARIANT" ] ||
	bad "BISECT_VARIANT=$BISECT_VARIANT: a variant name is lower case letters, digits and '-'"
# The goals that work on one variant.
for g in kernel module boot perf quality export import lava-run; do
	# (a native bundle's results name their variants)
	[ "$g" != import ] || [ -z "${BUNDLE_RESULTS:-}" ] || continue
	has "$g" && [ -z "${VARIANT:-}" ] && bad "name a variant: make $g VARIANT=post-debug"
done
if has perf; then
	[ -n "${JOB:-}" ] ||
		bad "make perf needs the job to record: make perf VARIANT=variant JOB='kind=spin_lock mode=contended threads=2'"
fi

[ -z "${reads[KERNEL]:-}" ] || [ -z "${KERNEL:-}" ] || [ -d "${KBUILD:-}" ] ||
	bad "KERNEL= needs KBUILD=, the kernel's build directory (its .config and Module.symvers): KBUILD=${KBUILD:-} is not a directory"
[ -n "${KERNEL:-}" ] || [ -z "${KBUILD:-}" ] || [ -d "$KBUILD" ] || bad "KBUILD=$KBUILD is not a directory: name the prebuilt kernel's build directory"
if has import && [ -n "${BUNDLE_RESULTS:-}" ]; then
	[ -f "$BUNDLE_RESULTS/run.info" ] || bad "BUNDLE_RESULTS=$BUNDLE_RESULTS is not what a native bundle's run.sh wrote (no run.info)"
	[ -z "${BUNDLE_LOG:-}" ] || bad "make import takes BUNDLE_LOG= (a lab's logs) or BUNDLE_RESULTS= (a native bundle's results), not both"
elif has import; then
	[ -n "${BUNDLE_LOG:-}" ] || bad "make import needs BUNDLE_LOG=console.log (a lab's console log, LAVA job log or results disk)"
fi
has bisect && bad_if_dies bisect_args_ok
# make quick KSRC=: its trees and its base ref, as quick.sh refuses them
# before any work (quick-refuse.sh: a kernel tree, x86-64, clean).
if has quick && [ -n "${KSRC:-}" ]; then
	if [ -z "${BASE_KSRC:-}${BASE:-}" ]; then
		bad "make quick KSRC=$KSRC needs a base: BASE_KSRC=another-tree, or BASE=git-ref of $KSRC"
	elif [ -n "${BASE_KSRC:-}" ] && [ -n "${BASE:-}" ]; then
		bad "make quick takes BASE_KSRC= or BASE=, not both"
	fi
	bad_if_dies bash "$LB_TOP/scripts/quick/quick-refuse.sh" KSRC "$KSRC"
	[ -z "${BASE_KSRC:-}" ] || bad_if_dies bash "$LB_TOP/scripts/quick/quick-refuse.sh" BASE_KSRC "$BASE_KSRC"
	if [ -n "${BASE:-}" ] && [ -z "${BASE_KSRC:-}" ] && [ -d "$KSRC" ]; then
		if git -C "$KSRC" rev-parse --git-dir >/dev/null 2>&1; then
			bad_if_dies commit_of "$KSRC" BASE "$BASE"
		else
			bad "BASE=$BASE: KSRC=$KSRC is not a git tree; give the base as BASE_KSRC=tree"
		fi
	fi
fi

# RUN: what make again repeats and the report goals read.  A goal that
# makes a run first (run, all, import) is left to make it.
run_hint="make run makes one; runs are in ${LB_BUILD#"$LB_TOP"/}/runs/ (RUN=build/runs/ID)"
if has again; then
	if [ ! -e "${RUN:-}" ]; then
		bad "make again: RUN=${RUN:-} does not exist: $run_hint"
	elif [ ! -f "$RUN/run.info" ] || [ ! -f "$RUN/jobs" ]; then
		bad "make again: RUN=$RUN is not a run directory (it lacks run.info or jobs): $run_hint"
	fi
elif has compare plots results publish cover-letter && ! has all run import; then
	# A native run alone (make native, make import BUNDLE_RESULTS=) is
	# named by its folder or the one above it (lib.sh's run_dir).
	ri=${RUN:-}/run.info
	[ -f "$ri" ] || [ ! -f "${RUN:-}/native/run.info" ] || ri=$RUN/native/run.info
	if [ ! -e "${RUN:-}" ]; then
		bad "RUN=${RUN:-} does not exist: $run_hint"
	elif [ ! -f "$ri" ]; then
		bad "RUN=$RUN has no run.info, so it is not a run: $run_hint"
	elif grep -q -x 'status=incomplete' "$ri"; then
		bad "RUN=$RUN was cut short (status=incomplete in its run.info): compare a finished run, or repeat it with make again RUN=$RUN"
	fi
fi

# BASE_RUN: make compare's other run; the same check as RUN.
if [ -n "${reads[BASE_RUN]:-}" ] && [ -n "${BASE_RUN:-}" ]; then
	if [ ! -f "$BASE_RUN/run.info" ] && [ ! -f "$BASE_RUN/native/run.info" ]; then
		bad "BASE_RUN=$BASE_RUN has no run.info, so it is not a run: $run_hint"
	elif grep -q -x 'status=incomplete' "$BASE_RUN/run.info" 2>/dev/null; then
		bad "BASE_RUN=$BASE_RUN was cut short (status=incomplete in its run.info): name a finished run"
	fi
fi

# PAIR: make cover-letter's one pair of a run.
[ -z "${reads[PAIR]:-}" ] || [ -z "${PAIR:-}" ] || [[ $PAIR =~ ^[A-Za-z0-9._-]+:[A-Za-z0-9._-]+$ ]] ||
	bad "PAIR=$PAIR: want base:other, two variant names, e.g. PAIR=pre-debug:post-debug"

# O=: make quick KSRC= reads the .config of your own build directory
# there (read only); every other goal builds in build/.
if [ -n "${LB_O_SET:-}" ] && [ -n "${reads[O]:-}" ]; then
	if [ -z "${KSRC:-}" ]; then
		bad "O=$LB_O_SET: only make quick KSRC=... reads O= (your build directory's .config); the kernels build in build/kernel/VARIANT (LB_BUILD=dir moves build/): drop O="
	elif [ ! -f "$LB_O_SET/.config" ]; then
		bad "O=$LB_O_SET has no .config: name the directory your kernel is built in (make O=dir)"
	fi
fi

[ ${#errs[@]} -eq 0 ] && exit 0
printf 'lockbench: error: %s\n' "${errs[@]}" >&2
echo "lockbench: nothing was done: fix the setting$([ ${#errs[@]} -eq 1 ] || echo s) above and rerun" >&2
exit 1
