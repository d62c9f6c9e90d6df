#!/usr/bin/env bash
# kernel-fresh.sh: variants built from the one tree stay up to date while
# the others are configured and built (the icount pass asks each again
# right after make kernels), with a fake tree playing Kbuild's part
# (tests/fixtures/byo/fake-kbuild.bash).
. "$(dirname "$0")/../lib.bash"
export LB_BUILD=$TMP/build
unset KCONFIG
. "$TOP/tests/fixtures/byo/fake-kbuild.bash"
tree=$LB_BUILD/kernel/linux-source-6.1
mkdir -p "$LB_BUILD/kernel"
fake_kernel "$tree"
touch "$LB_BUILD/kernel/tree.stamp"
# The tree is older than anything built from it, as after make tree.
find "$tree" -exec touch -d '-1 hour' {} +
for v in pre post; do
	"$TOP/scripts/build/kernel.sh" $v >"$TMP/log" 2>&1 || fail "kernel.sh $v: $(cat "$TMP/log")"
	grep -q 'built in' "$TMP/log" || fail "$v did not build: $(cat "$TMP/log")"
done
for v in pre post; do
	"$TOP/scripts/build/kernel.sh" $v >"$TMP/log" 2>&1 || fail "kernel.sh $v again: $(cat "$TMP/log")"
	grep -q 'up to date' "$TMP/log" || fail "$v went to Kbuild again after another variant was configured: $(cat "$TMP/log")"
done
echo "ok: configuring and building one variant leaves the others up to date"
