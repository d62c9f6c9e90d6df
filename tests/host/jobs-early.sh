#!/usr/bin/env bash
# The job lists and lines a make reads are checked by the one expander
# (lb-validate --jobs: the module's own parser) before any tree is
# extracted or kernel built: each of these once passed the early checks
# and was refused by lb-validate only after about 27 minutes of builds
# (issue #47).  On a fresh clone (a copy of the tree without bench-user's
# binaries, an empty build directory and no linux-source), the first make
# builds lb-validate itself; each refusal names the fix, within 15 s, and
# no tree or build directory is written.  DRYRUN=1 make all and native
# plan there too, lb-validate built, not refused for want of it.
# check: slow
. "$(dirname "$0")/../lib.bash"
command -v gcc >/dev/null || missing "gcc is not installed (make deps)"
clone=$TMP/clone
mkdir -p "$clone"
(cd "$TOP" && { git ls-files -z; git ls-files -z --others --exclude-standard; } | tar --null -T - -cf -) | tar -xf - -C "$clone"
[ ! -e "$clone/bench-user/lb-validate" ] || fail "the copy has an lb-validate already"
export LB_BUILD=$TMP/build LB_SRC_TARBALL=$TMP/no-linux-source.tar.xz
unset VARIANT VARIANTS JOBFILE JOB MEM BOOTS DRYRUN
printf 'kind=spin_lock mode=hot bogus=1\n' >"$TMP/bogus.jobs"
printf 'kind=spin_lock mode=contended threads=abc\n' >"$TMP/abc.jobs"
failed=()
# refused WHAT PATTERN MAKE-ARGS...
refused() {
	local what=$1 pat=$2 t0=${EPOCHREALTIME/./} ms
	shift 2
	if ! (expect_error "$what" "$pat" make -s -C "$clone" "$@"); then
		failed+=("$what")
		return
	fi
	ms=$(((${EPOCHREALTIME/./} - t0) / 1000))
	echo "   answered in ${ms} ms"
	[ "$ms" -le 15000 ] || failed+=("$what: ${ms} ms, over 15 s")
	[ ! -e "$LB_BUILD" ] || { failed+=("$what: wrote $LB_BUILD") && rm -rf "$LB_BUILD"; }
}
refused "JOBFILE=README.md" "JOBFILE=README.md is not a job list: README.md:[0-9]+: .* is not key=value: a job list has one job a line" run JOBFILE=README.md
[ -x "$clone/bench-user/lb-validate" ] || failed+=("the first make did not build bench-user/lb-validate")
refused "JOB with threads=0" "JOB='kind=spin_lock mode=contended threads=0': threads=0: want an integer from 1 to 64: write e.g. JOB=" \
	perf VARIANT=stock JOB='kind=spin_lock mode=contended threads=0'
refused "a job with bogus=1" "JOBFILE=$TMP/bogus.jobs is not a job list: .*bogus.jobs:1: .*unknown job key 'bogus'" run JOBFILE="$TMP/bogus.jobs"
refused "a job with threads=abc" "abc.jobs:1: .*threads=abc: want an integer" native JOBFILE="$TMP/abc.jobs"
refused "MEM=1" "MEM=1 is below 128, the least it takes .*: write e.g. MEM=1024" run MEM=1
refused "all at once, dry" "JOBFILE=README.md is not a job list" run DRYRUN=1 JOBFILE=README.md MEM=1
[ "$(make -s -C "$clone" run JOBFILE=README.md MEM=1 2>&1 | grep -c '^lockbench: error:')" -eq 2 ] ||
	failed+=("a job list and MEM=1 given together are not both named")
[ ! -e "$clone/build" ] || failed+=("a refusal wrote the clone's build/")
# A good job list passes the check, threads=SWEEP and all (native.jobs:
# make native then refuses its kernels, not built, and nothing else).
out=$(make -s -C "$clone" DRYRUN=1 native JOBFILE="$clone/bench-user/jobs/native.jobs" 2>&1) || true
[[ $out != *"is not a job list"* && $out == *"kernel pre is not built"* ]] ||
	failed+=("JOBFILE=bench-user/jobs/native.jobs refused as a job list: $out")

# A fresh clone plans make all and make native: lb-validate is built for
# the plan (native then refuses its kernels, not built, as the real one).
out=$(make -s -C "$clone" DRYRUN=1 all 2>&1) || failed+=("DRYRUN=1 make all on a fresh clone failed: $(tail -n 3 <<<"$out")")
out=$(make -s -C "$clone" DRYRUN=1 native 2>&1) || true
[[ $out != *"lb-validate is not built"* ]] || failed+=("DRYRUN=1 make native: $out")
[[ $out == *"kernel pre is not built"* ]] || failed+=("DRYRUN=1 make native on a fresh clone: not the kernels' refusal: $out")
[ ! -e "$LB_BUILD" ] || failed+=("a plan wrote $LB_BUILD")
echo "ok: DRYRUN=1 make all and native plan on a fresh clone (lb-validate built for them)"
[ ${#failed[@]} -eq 0 ] || fail "${#failed[@]} cases failed: $(printf '%s; ' "${failed[@]}")"
