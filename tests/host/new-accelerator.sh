#!/usr/bin/env bash
# A new accelerator touches at most 3 files: its row in scripts/boot/
# machines.tsv, its row in LB_ACCELS of schema/lockbench_schema.h and its
# test (issue #48, docs/accelerators.md).  In a copy of this tree, add a
# throwaway one, tcg1 (TCG on one host thread), count the files it
# changed, then check that it reached, with no other edit, each place
# that names the accelerators: the contract, make help, check-args (and
# its refusal of one still unknown), DRYRUN's plan, and make timed
# ACCEL=tcg1, which boots through the stand-in QEMU of tests/fixtures/
# fake-qemu with the row's arguments, into valid records (kernels from
# the fake Kbuild).
# check: slow
. "$(dirname "$0")/../lib.bash"
. "$TOP/tests/fixtures/byo/fake-kbuild.bash"
for b in lb-validate lb-guest; do
	[ -x "$TOP/bench-user/$b" ] || missing "bench-user/$b is not built: run 'make user'"
done
command -v git >/dev/null || missing "git is not installed (make deps)"
command -v busybox >/dev/null || missing "busybox is not installed (make deps): the guest's archive needs it"

# The tree as it stands (tracked files, as edited), in a repository of
# its own, with bench-user's build (its times kept).
tree=$TMP/tree
mkdir -p "$tree"
(cd "$TOP" && git ls-files -z | tar --null -T - -cf -) | tar -xf - -C "$tree"
(cd "$TOP" && git ls-files -z -o -i --exclude-standard bench-user | tar --null -T - -cf -) | tar -xf - -C "$tree"
g() { git -C "$tree" -c user.name=test -c user.email=test@invalid "$@"; }
g init -q && g add -A && g commit -q -m base --no-verify

# tcg1: its two rows, after tcg's, and its test.
awk '{ print } $1 == "tcg" { print "tcg1\tyes\t-\t-accel tcg,thread=single -cpu max\t-" }' \
	"$tree/scripts/boot/machines.tsv" >"$TMP/m" && cat "$TMP/m" >"$tree/scripts/boot/machines.tsv"
awk '{ print } /^\tX\(tcg,/ { print "\tX(tcg1,\t\tcycles)\t\t\t\\" }' \
	"$tree/schema/lockbench_schema.h" >"$TMP/h" && cat "$TMP/h" >"$tree/schema/lockbench_schema.h"
cat >"$tree/tests/host/tcg1.sh" <<'EOF'
#!/usr/bin/env bash
# tcg1's own test: make timed takes it.
. "$(dirname "$0")/../lib.bash"
DRYRUN=1 make -s -C "$TOP" timed ACCEL=tcg1 >/dev/null || fail "make timed refused ACCEL=tcg1"
EOF
chmod +x "$tree/tests/host/tcg1.sh"
mapfile -t out < <(g status --porcelain -uall | sed 's/^...//')
echo "ok: tcg1 touched ${#out[@]} files: ${out[*]}"
[ ${#out[@]} -le 3 ] || fail "a new accelerator touched ${#out[@]} files (at most 3): ${out[*]}"

make -s -C "$tree/bench-user" lb-validate >"$TMP/out" 2>&1 || fail "lb-validate did not build with tcg1's row: $(cat "$TMP/out")"
grep -q $'^accels\ttcg1\tcycles$' < <("$tree/bench-user/lb-validate" --describe accels) ||
	fail "lb-validate --describe accels has no tcg1 row"

export LB_BUILD=$TMP/build LB_SRC_TARBALL=$TMP/no-linux-source.tar.xz LB_NO_PERF=1
unset DRYRUN VARIANTS VARIANT COMPARISONS T KSRC KERNEL KCONFIG JOBFILE ACCEL BOOTS REPEAT VCPUS
out=$(make -s -C "$tree" help 2>&1) || fail "make help failed: $out"
grep -q '^  ACCEL=auto .*[(|]tcg1[|)]' <<<"$out" || fail "make help does not list tcg1 as ACCEL's: $(grep ACCEL= <<<"$out")"
out=$(make -s -C "$tree" DRYRUN=1 timed ACCEL=tcg2 2>&1) && fail "make timed took ACCEL=tcg2, which no row names"
grep -q 'ACCEL=tcg2 is not one of auto, .*tcg1' <<<"$out" || fail "ACCEL=tcg2's refusal does not name tcg1: $out"
out=$(make -s -C "$tree" DRYRUN=1 timed ACCEL=tcg1 2>&1) || fail "DRYRUN=1 make timed ACCEL=tcg1 failed: $out"
grep -q 'timed: variants .*ACCEL=tcg1;' <<<"$out" || fail "the plan of make timed does not say ACCEL=tcg1: $out"
echo "ok: the contract, make help, check-args and the plan take tcg1 from its rows"

# make timed ACCEL=tcg1 on a kernel of your own: the stand-in QEMU, run
# by a shim that keeps its arguments, gives records whose accel is tcg1.
k=$TMP/linux
fake_kernel "$k"
mkdir -p "$TMP/bin"
printf '#!/bin/sh\necho "$*" >>"%s"\nexec "%s" "$@"\n' "$TMP/qemu.args" "$TOP/tests/fixtures/fake-qemu/qemu-system-x86_64" >"$TMP/bin/qemu-system-x86_64"
chmod +x "$TMP/bin/qemu-system-x86_64"
sed 's/^post,tcg,/mine,tcg1,/' "$TOP/tests/unit/fixtures/post-tcg.csv" >"$TMP/mine.csv"
PATH=$TMP/bin:$PATH FAKE_QEMU_RESULTS=$TMP/mine.csv make -s -C "$tree" timed ACCEL=tcg1 NAME=accrun \
	KSRC="$k" BASE_NAME=mine BOOTS=1 REPEAT=1 PERF=0 >"$TMP/out" 2>&1 || fail "make timed ACCEL=tcg1 failed: $(cat "$TMP/out")"
run=$LB_BUILD/runs/accrun
grep -q '^accel=tcg1$' "$run/run.info" || fail "run.info does not record accel=tcg1: $(grep accel "$run/run.info")"
grep -q -- '-accel tcg,thread=single -cpu max' "$TMP/qemu.args" || fail "QEMU was not run with tcg1's row: $(cat "$TMP/qemu.args")"
"$tree/bench-user/lb-validate" "$run/mine.csv" >"$TMP/out" 2>&1 || fail "tcg1's records are not valid: $(cat "$TMP/out")"
echo "ok: make timed ACCEL=tcg1 booted mine with its row's QEMU arguments into valid tcg1 records"
