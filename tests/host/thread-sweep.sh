#!/usr/bin/env bash
# THREADS=all, make native's default: contended thread counts 1, 2, 4, ...
# below the CPUs, then all of them (issue 37), from common.sh's
# native_threads, which run.sh and sweep.sh both use; a list is taken
# as it is and checked against the CPUs.  check-args takes all too.
# shellcheck source=tests/lib.bash
. "$(dirname "$0")/../lib.bash"
sweep() { # spec ncpus -> the list, or the error
	bash -c '. "$1/scripts/native/common.sh" && native_threads "$2" "$3"' _ "$TOP" "$@" 2>&1
}
for c in "1 1" "2 1,2" "3 1,2,3" "4 1,2,4" "6 1,2,4,6" "8 1,2,4,8" "12 1,2,4,8,12" "64 1,2,4,8,16,32,64"; do
	n=${c% *} want=${c#* }
	got=$(sweep all "$n") || fail "THREADS=all on $n CPUs failed: $got"
	[ "$got" = "$want" ] || fail "THREADS=all on $n CPUs: want $want, got $got"
done
echo "ok: THREADS=all expands to powers of two and all CPUs (1 to 64 CPUs)"
[ "$(sweep 1,3 4)" = 1,3 ] || fail "a list is not taken as it is"
expect_error "a count above the CPUs" "3 is above the 2 online CPUs" sweep 1,3 2
expect_error "a bad word" "want all .* or a comma-separated list" sweep most 2
expect_error "zero threads" "at least 1" sweep 0,1 2
# check-args: all passes, a misspelling does not (LB_BUILD: nothing built).
export LB_BUILD=$TMP/build
unset THREADS
# (The plan refuses as the real run does, and no kernel is built here:
# it may stop there, but never at THREADS.)
make -s -C "$TOP" DRYRUN=1 native THREADS=all >"$TMP/dry.out" 2>&1 ||
	grep -q "kernel pre is not built" "$TMP/dry.out" || fail "make native THREADS=all refused: $(<"$TMP/dry.out")"
expect_error "THREADS=al" "THREADS=al: write all" make -s -C "$TOP" DRYRUN=1 native THREADS=al
