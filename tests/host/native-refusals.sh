#!/usr/bin/env bash
# ACCEL=native refuses bad input before any work, naming the fix: an
# unknown variant, a variant whose kernel is not built, THREADS above the
# online CPUs, bad numbers, a CPU without constant_tsc (the TSC flag
# parsing on a crafted cpuinfo), a bad job in the list.  The binary's own refusals (a kind that
# needs ring 0, an unknown kind or mode, more threads than CPUs in a job,
# no constant_tsc) are checked by native-fake.sh, on the binary it links:
# building one here too cost this test the harness's compile and a link.
# shellcheck source=tests/lib.bash
. "$(dirname "$0")/../lib.bash"
export LB_BUILD=$TMP/build LB_NATIVE_KBUILD=$TMP/kb
run=$TOP/scripts/native/run.sh
n=$(nproc)
# run.sh with these variables, as env VAR=... run.sh (in expect_error's
# subshell: they do not leak), without env's process.
run_with() { local a; for a; do export "${a?}"; done; "$run"; }
expect_error "unknown variant" "unknown variant 'nosuch'" run_with VARIANTS=nosuch
expect_error "kernel not built" "run 'make kernel VARIANT=pre'" run_with VARIANTS=pre
expect_error "THREADS > nproc" "above the $n online CPUs" run_with VARIANTS=pre THREADS=1,$((n + 1))
expect_error "THREADS bad" "THREADS=1,x" run_with VARIANTS=pre THREADS=1,x
expect_error "RUNS bad" "RUNS=ten" run_with VARIANTS=pre RUNS=ten
expect_error "RUNS zero" "RUNS=0" run_with VARIANTS=pre RUNS=0
sed 's/ constant_tsc//' /proc/cpuinfo >"$TMP/cpuinfo"
expect_error "no constant_tsc" "constant_tsc" run_with VARIANTS=pre LBN_CPUINFO="$TMP/cpuinfo"
# The job list through the one expander: a bad job is refused by its line
# (a continued one by its first), before a kernel is even looked for.
printf '# a comment\nkind=spin_lock \\\n  mode=warm # a trailing one\n' >"$TMP/bad.jobs"
expect_error "bad job" "bad.jobs:2: kind=spin_lock mode=warm: unknown mode 'warm'" run_with VARIANTS=pre JOBFILE="$TMP/bad.jobs"
[ ! -e "$LB_BUILD/runs" ] || fail "a refused run left build/runs behind"
echo "ok: every refusal named its fix"
