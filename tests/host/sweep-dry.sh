#!/usr/bin/env bash
# scripts/native/sweep.sh DRYRUN=1: the bigger machine's sweep states its
# matrix (thread counts, kinds, shapes, variants, replicates, placements)
# and the arithmetic of its time, which fits 300 s on 16 CPUs; a matrix
# over the budget is refused; nothing is built or written.
. "$(dirname "$0")/../lib.bash"
export LB_BUILD=$TMP/build
out=$(DRYRUN=1 SWEEP_CPUS=16 "$TOP/scripts/native/sweep.sh" 2>&1) || fail "the dry run failed: $out"
for want in "thread counts: 1 2 4 8 16 (5)" "hold 100 ns/parallel 200 ns" "hold 2000 ns/parallel 100 ns" "variants: pre post stock (3); replicates: 10" \
	"placements: smt llc cross-llc cross-node (4)" \
	"main pass: 3 variants x 10 replicates x (5 thread counts x 905 ms + 100 ms a process) = 3 x 10 x 4625 ms = 138.7 s" \
	"placements: 4 x 3 variants x 5 replicates x (905 ms + 100 ms) = 4 x 3 x 5 x 1005 ms = 60.3 s" \
	"total: 199.0 s of a 300 s budget"; do
	[[ $out == *"$want"* ]] || fail "the dry run does not say '$want': $out"
done
# Every kind of native.jobs' contended lines is in the matrix.
[[ $out =~ kinds:\ ([a-z_ ]+)\; ]] || fail "the dry run names no kinds: $out"
named=" ${BASH_REMATCH[1]} "
for k in $(awk '/mode=contended/ { for (i = 1; i <= NF; i++) if ($i ~ /^kind=/) print substr($i, 6) }' "$TOP/bench-user/jobs/native.jobs"); do
	[[ $named == *" $k "* ]] || fail "the matrix lacks native.jobs' contended $k: $named"
done
echo "ok: 16 CPUs: $(grep -o 'total: .*' <<<"$out")"
[ ! -e "$LB_BUILD" ] || fail "the dry run wrote $LB_BUILD"
expect_error "over budget" "takes 476 s, over the 300 s budget" env DRYRUN=1 SWEEP_CPUS=16 RUNS=30 "$TOP/scripts/native/sweep.sh"
expect_error "SWEEP_CPUS for real" "SWEEP_CPUS= is for DRYRUN=1" env SWEEP_CPUS=16 "$TOP/scripts/native/sweep.sh"
