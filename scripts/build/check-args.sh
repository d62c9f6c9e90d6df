#!/usr/bin/env bash
# check-args.sh GOAL...: every setting the make goals read, checked before
# any work (the Makefile's args-ok runs it first), so that a typo costs a
# second, not a tree extraction and six kernel builds.  Every bad setting
# is named with its fix, all of them at once; nothing is written.
# It reads only the environment and small files (no build, no tool), so it
# answers on a fresh clone.  LB_KVM_DEV (default /dev/kvm) is for tests.
. "${0%"${0##*/}"}../lib.sh"

goals=" ${*:-all} "
errs=()
bad() { errs+=("$*"); }
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

# Numbers: positive integers, as every script that reads them wants.
for n in BOOTS:10 REPEAT:3 BOOTS_ICOUNT:2 BOOTS_Q:3 MAKE_JOBS:2 MEM:1024 VCPUS:2 TIMEOUT:600 \
	ORDER_SEED:1 STAT_RESAMPLES:4000 LAVA_MINUTES:60; do
	name=${n%%:*} v=${!name:-}
	[ -n "$v" ] || continue
	[[ $v =~ ^[1-9][0-9]{0,17}$ ]] || bad "$name=$v is not a positive integer: write e.g. $name=${n#*:}"
done
[ -z "${STAT_SEED:-}" ] || [[ $STAT_SEED =~ ^[0-9]{1,18}$ ]] ||
	bad "STAT_SEED=$STAT_SEED is not a whole number: write e.g. STAT_SEED=1"
[[ ! ${VCPUS:-} =~ ^[0-9]+$ ]] || [ ${#VCPUS} -gt 3 ] || [ "$VCPUS" -le 64 ] ||
	bad "VCPUS=$VCPUS exceeds the guest's NR_CPUS=64: write VCPUS=64 or fewer"

# Switches.
for n in Q VERBOSE PERF DRYRUN; do
	case ${!n:-} in '' | 0 | 1) ;; *) bad "$n=${!n} is not 0 or 1" ;; esac
done
case ${CCACHE:-auto} in auto | yes | no) ;; *) bad "CCACHE=$CCACHE: write auto, yes or no" ;; esac

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
auto | tcg | icount) ;;
kvm)
	kvm=${LB_KVM_DEV:-/dev/kvm}
	if has all run again boot calibrate perf quality check check-long lava-run; then
		if [ ! -e "$kvm" ]; then
			bad "ACCEL=kvm but $kvm does not exist (no KVM on this host, or the kvm module is not loaded): use ACCEL=auto (KVM when it works, else TCG) or ACCEL=tcg"
		elif [ ! -r "$kvm" ] || [ ! -w "$kvm" ]; then
			bad "ACCEL=kvm but $kvm is not readable and writable by $(id -un): add the user to the kvm group (then log in again), or use ACCEL=tcg"
		fi
	fi
	;;
*) bad "ACCEL=$accel is not one of auto, kvm, tcg, icount" ;;
esac
# icount runs 1 vCPU (lib.sh, LB_ICOUNT_WHY_1CPU).  make pathlen always
# counts under icount; inside make all, VCPUS is the timed run's.
if [[ $vcpus =~ ^[0-9]+$ ]] && [ "$vcpus" != 1 ]; then
	if [ "$accel" = icount ] && has all run again boot calibrate perf quality; then
		bad "ACCEL=icount runs on 1 vCPU, not VCPUS=$vcpus: $LB_ICOUNT_WHY_1CPU; drop VCPUS= or use ACCEL=tcg"
	elif has pathlen && ! has all; then
		bad "make pathlen counts under ACCEL=icount, which runs on 1 vCPU, not VCPUS=$vcpus: drop VCPUS= ($LB_ICOUNT_WHY_1CPU)"
	fi
fi

# Variant names: the matrix files' and those this make's KSRC=/KERNEL=
# declare (lib.sh, byo_variants).
matrix_names all
byo_names
known=" "
for v in "${MATRIX_NAMES[@]}" "${BYO_NAMES[@]}"; do known+="$v "; done
for n in VARIANT VARIANTS CHECK_VARIANTS; do
	list=${!n:-}
	for v in ${list//,/ }; do
		[[ $known == *" $v "* ]] ||
			bad "$n: unknown variant '$v'; known variants:${known% } (see vm-configs/matrix)"
	done
done
[ -z "${BISECT_VARIANT:-}" ] || { variant_name_of "$BISECT_VARIANT" && [ "$VARIANT_NAME" = "$BISECT_VARIANT" ]; } ||
	bad "BISECT_VARIANT=$BISECT_VARIANT: a variant name is lower case letters, digits and '-'"
# The goals that work on one variant.
for g in kernel module boot perf quality export import lava-run; do
	has "$g" && [ -z "${VARIANT:-}" ] && bad "name a variant: make $g VARIANT=post-debug"
done
if has perf; then
	if [ -z "${JOB:-}" ]; then
		bad "make perf needs the job to record: make perf VARIANT=variant JOB='kind=spin_lock mode=contended threads=2'"
	elif [[ ! " $JOB" =~ [[:space:]]kind=[a-z_]+ ]] || [[ ! " $JOB" =~ [[:space:]]mode=[a-z]+ ]]; then
		bad "JOB='$JOB' is not a job line (kind=... mode=...): write e.g. JOB='kind=spin_lock mode=contended threads=2'"
	fi
fi

# Files a setting names.
for n in JOBFILE SCRIPT COMPARISONS KERNEL; do
	[ -z "${!n:-}" ] || [ -f "${!n}" ] || bad "$n=${!n} does not exist (or is not a file)"
done
[ -z "${KSRC:-}" ] || [ -e "$KSRC" ] || bad "KSRC=$KSRC does not exist: name a kernel tree, a git clone or a linux-*.tar.* tarball"
[ -z "${PATCHES:-}" ] || [ -d "$PATCHES" ] || bad "PATCHES=$PATCHES is not a directory of patches (git format-patch output)"
[ -z "${KERNEL:-}" ] || [ -d "${KBUILD:-}" ] ||
	bad "KERNEL= needs KBUILD=, the kernel's build directory (its .config and Module.symvers): KBUILD=${KBUILD:-} is not a directory"
[ -z "${KCONFIG:-}" ] || bad_if_dies kconfig_fragment "$KCONFIG"
if has import; then
	[ -n "${BUNDLE_LOG:-}" ] || bad "make import needs BUNDLE_LOG=console.log (a lab's console log, LAVA job log or results disk)"
	for f in ${BUNDLE_LOG:-}; do [ -f "$f" ] || bad "BUNDLE_LOG: $f does not exist"; done
	[ -z "${INTO:-}" ] || [ -f "$INTO/run.info" ] || bad "INTO=$INTO is not a run directory (no run.info): name one under build/runs/"
fi
# A raw PMU event spec is refused by the guest runner's own rule, when
# the tools are built (otherwise the boot refuses it, before QEMU).
[ -z "${PMU:-}" ] || [ ! -x "$LB_TOP/bench-user/lb-guest" ] || bad_if_dies pmu_ok
has bisect && bad_if_dies bisect_args_ok

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
	if [ ! -e "${RUN:-}" ]; then
		bad "RUN=${RUN:-} does not exist: $run_hint"
	elif [ ! -f "$RUN/run.info" ]; then
		bad "RUN=$RUN has no run.info, so it is not a run: $run_hint"
	fi
fi

# The native pass: its replicates and thread counts (scripts/native/run.sh
# checks them again, against the online CPUs).
if has native all; then
	[ -z "${RUNS:-}" ] || [[ $RUNS =~ ^[1-9][0-9]{0,5}$ ]] || bad "RUNS=$RUNS is not a positive integer: write e.g. RUNS=10"
	if [ -n "${THREADS:-}" ]; then
		if [[ ! $THREADS =~ ^[1-9][0-9]{0,3}(,[1-9][0-9]{0,3})*$ ]]; then
			bad "THREADS=$THREADS: write a comma-separated list of thread counts, e.g. THREADS=1,2"
		else
			for t in ${THREADS//,/ }; do
				[ "$t" -le "$(nproc)" ] || bad "THREADS=$THREADS: $t is above this host's $(nproc) online CPUs (oversubscribed spinners measure the scheduler): use at most $(nproc)"
			done
		fi
	fi
fi

# NAME: a run directory's name, one path component.
[ -z "${NAME:-}" ] || [[ $NAME =~ ^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$ ]] ||
	bad "NAME=$NAME: a run name is letters, digits, '.', '_' and '-' (one folder name), e.g. NAME=fix-v2"
# BASE_RUN: make compare's other run; the same check as RUN.
if [ -n "${BASE_RUN:-}" ]; then
	if ! has compare cover-letter; then
		bad "BASE_RUN= is read by make compare and make cover-letter only: make compare BASE_RUN=build/runs/A RUN=build/runs/B"
	elif [ ! -f "$BASE_RUN/run.info" ]; then
		bad "BASE_RUN=$BASE_RUN has no run.info, so it is not a run: $run_hint"
	fi
fi

# PAIR: make cover-letter's one pair of a run.
[ -z "${PAIR:-}" ] || [[ $PAIR =~ ^[A-Za-z0-9._-]+:[A-Za-z0-9._-]+$ ]] ||
	bad "PAIR=$PAIR: want base:other, two variant names, e.g. PAIR=pre-debug:post-debug"

[ ${#errs[@]} -eq 0 ] && exit 0
printf 'lockbench: error: %s\n' "${errs[@]}" >&2
echo "lockbench: nothing was done: fix the setting$([ ${#errs[@]} -eq 1 ] || echo s) above and rerun" >&2
exit 1
