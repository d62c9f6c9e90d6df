#!/usr/bin/env bash
# Bad settings are refused by make's first step (scripts/build/check-args.sh),
# before the tree is extracted or anything is built or written: one case
# per refused setting.  Each refusal's time is printed, not judged: the
# 1 s target is a benchmark's, and a loaded host may take longer.  Each of these once cost a tree
# extraction and kernel builds (up to 40 min) before the script that read
# it refused it.  Every case runs, and every failure is listed.
. "$(dirname "$0")/../lib.bash"
# An empty build directory and no linux-source: a fresh clone, no tree.
export LB_BUILD=$TMP/build LB_SRC_TARBALL=$TMP/no-linux-source.tar.xz LB_KVM_DEV=$TMP/no-kvm
unset VARIANT VARIANTS VCPUS ACCEL BOOTS REPEAT JOB RUN KSRC KERNEL KCONFIG JOBFILE PMU RUNS THREADS NAME BASE_RUN OVERSUBSCRIBE PAIR
failed=()
# refused NAME PATTERN MAKE-ARGS...: make must fail, print PATTERN and
# leave no build directory.
refused() {
	local name=$1 pat=$2 t0=${EPOCHREALTIME/./} ms
	shift 2
	if ! (expect_error "$name" "$pat" make -s -C "$TOP" "$@"); then
		failed+=("$name")
		return
	fi
	ms=$(((${EPOCHREALTIME/./} - t0) / 1000))
	echo "   answered in ${ms} ms"
	[ ! -e "$LB_BUILD" ] || { echo "FAIL: $name left $LB_BUILD" && failed+=("$name (wrote)") && rm -rf "$LB_BUILD"; }
}
refused "ACCEL=kvmm" "ACCEL=kvmm is not one of $("$TOP/scripts/build/settings.sh" choices ACCEL)" run ACCEL=kvmm
refused "ACCEL=kvm, no /dev/kvm" "ACCEL=kvm but $TMP/no-kvm does not exist.*use ACCEL=auto" run ACCEL=kvm
refused "MAKE_JOBS=abc" "MAKE_JOBS=abc is not a positive integer" kernels MAKE_JOBS=abc
refused "run ACCEL=icount" "ACCEL=icount: icount is an instrument, not an accelerator: run make icount" run ACCEL=icount
refused "run ACCEL=native" "ACCEL=native: native is an instrument, not an accelerator: run make native" run ACCEL=native
refused "pathlen, VCPUS=2" "make icount counts on 1 vCPU, not VCPUS=2: drop VCPUS=" pathlen VCPUS=2
refused "VARIANTS=bogus" "unknown variant 'bogus'; known variants: pre " run VARIANTS=bogus
refused "VARIANT=bogus" "unknown variant 'bogus'" kernel VARIANT=bogus
refused "no VARIANT" "name a variant: make boot VARIANT=" boot
refused "BOOTS=abc" "BOOTS=abc is not a positive integer: write e.g. BOOTS=10" run BOOTS=abc
refused "REPEAT=0" "REPEAT=0 is not a positive integer" run REPEAT=0
refused "BOOTS_ICOUNT=x" "BOOTS_ICOUNT=x is not a positive integer" pathlen BOOTS_ICOUNT=x
refused "MEM=1G" "MEM=1G is not a positive integer" boot VARIANT=stock MEM=1G
refused "VCPUS=65" "VCPUS=65 exceeds the guest's NR_CPUS=64" run VCPUS=65
refused "TIMEOUT=-1" "TIMEOUT=-1 is not a positive integer" run TIMEOUT=-1
refused "CCACHE=maybe" "CCACHE=maybe is not one of auto, yes, no" kernels CCACHE=maybe
refused "perf without JOB" "make perf needs the job to record: make perf VARIANT=variant JOB=" perf VARIANT=stock
refused "perf JOB without mode" "JOB='kind=spin_lock' is not a job line" perf VARIANT=stock JOB=kind=spin_lock
refused "again RUN=nonexistent" "make again: RUN=nonexistent does not exist" again RUN=nonexistent
refused "compare RUN without run.info" "RUN=$TMP has no run.info" compare RUN="$TMP"
refused "quality BOOTS_Q=abc" "BOOTS_Q=abc is not a positive integer" quality VARIANT=stock BOOTS_Q=abc
refused "JOBFILE missing" "JOBFILE=$TMP/none does not exist" run JOBFILE="$TMP/none"
refused "KCONFIG shape" "KCONFIG: 'LOCK_STAT=y' is not CONFIG_NAME=VALUE" kernels KCONFIG=LOCK_STAT=y
refused "bisect THRESHOLD" "THRESHOLD='5' is not a percentage" bisect KSRC="$TMP" GOOD=a BAD=b CELL='kind=spin_lock mode=hot' THRESHOLD=5
refused "import without BUNDLE_LOG" "make import needs BUNDLE_LOG=" import VARIANT=stock
refused "DRYRUN=yes" "DRYRUN=yes is not 0 or 1" run DRYRUN=yes
refused "two at once" "nothing was done: fix the settings above" run BOOTS=x REPEAT=y
refused "native RUNS=x" "RUNS=x is not a positive integer" native RUNS=x
refused "native THREADS above nproc" "THREADS=1,999: 999 is above this host's" native THREADS=1,999
refused "NAME with a slash" "NAME=a/b: a run name is letters" run NAME=a/b
refused "BASE_RUN without run.info" "BASE_RUN=$TMP has no run.info" compare BASE_RUN="$TMP" RUN="$TMP"
refused "cover-letter PAIR without a colon" "PAIR=bad: want base:other" cover-letter RUN=results/raw PAIR=bad
refused "cover-letter of no run" "RUN=$TMP/none does not exist" cover-letter RUN="$TMP/none"
refused "VARIANTS=pre,,post" "VARIANTS=pre,,post has an empty element: write VARIANTS='pre post'" run VARIANTS=pre,,post
refused "VARIANTS='pre post post'" "VARIANTS='pre post post' names post twice.*write VARIANTS='pre post'" run VARIANTS="pre post post"
refused "THREADS=1,1" "THREADS=1,1 repeats 1: name each thread count once, e.g. THREADS=1" native THREADS=1,1
refused "PMU=bogus" "PMU=bogus: 'bogus' is not a perf event the guest knows" run PMU=bogus
refused "DRYRUN perf, unknown kind" "JOB='kind=spin_lok mode=hot': unknown kind 'spin_lok'; kinds: empty " perf DRYRUN=1 VARIANT=stock JOB='kind=spin_lok mode=hot'
refused "perf, unknown mode" "unknown mode 'hott'; modes: hot " perf VARIANT=stock JOB='kind=spin_lock mode=hott'
# make check T=: refused by the first step, before make deps runs (as
# root it would install packages).
refused "check T=nope" "T: 'nope' matches no test" check T=nope
out=$(make -s -C "$TOP" check T=nope 2>&1) && failed+=("check T=nope (exit 0)")
[[ $out != *"deps:"* ]] || { echo "FAIL: make check T=nope ran make deps first: $out" && failed+=("check T=nope (deps ran)"); }
for kv in O=/tmp/o LLVM=1 CC=clang W=1 ARCH=arm64; do
	refused "Kbuild's ${kv%%=*}=" "^lockbench: error: $kv: .*drop ${kv%%=*}=|^lockbench: error: $kv: Kbuild's" kernels "$kv"
done
# VCPUS above this host's CPUs under a timed accelerator: refused unless
# OVERSUBSCRIBE=1, which the plan then accepts (a host of 64 or more CPUs
# has no VCPUS above its own that the guest can take).
over=$(($(nproc) + 1))
if [ $over -le 64 ]; then
	refused "VCPUS=$over oversubscribed" "VCPUS=$over is above this host's $(nproc) CPUs.*OVERSUBSCRIBE=1" run VCPUS=$over ACCEL=tcg
	make -s -C "$TOP" DRYRUN=1 run VCPUS=$over ACCEL=tcg OVERSUBSCRIBE=1 >"$TMP/over.log" 2>&1 ||
		{ echo "FAIL: OVERSUBSCRIBE=1 VCPUS=$over refused: $(cat "$TMP/over.log")" && failed+=("OVERSUBSCRIBE=1"); }
	rm -rf "$LB_BUILD"
fi
[ ${#failed[@]} -eq 0 ] || fail "${#failed[@]} refusals failed: $(printf '%s; ' "${failed[@]}")"
