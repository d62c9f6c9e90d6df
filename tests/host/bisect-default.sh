#!/usr/bin/env bash
# make bisect with its default measurer (LB_BISECT_MEASURE unset:
# scripts/boot/cell-count.sh), so a wrong default path fails here: each
# step goes through the real build chain on the fake Kbuild of
# tests/fixtures/byo/fake-kbuild.bash and boots the stand-in QEMU of
# tests/fixtures/fake-qemu, whose guest reports the tree's file "cost" as
# the cell's instruction count.  byo-bisect.sh covers the driver itself.
# check: slow
. "$(dirname "$0")/../lib.bash"
. "$TOP/tests/fixtures/byo/fake-kbuild.bash"
export LB_BUILD=$TMP/build LB_SRC_TARBALL=$TMP/no-linux-source.tar.xz LB_NO_PERF=1
unset LB_BISECT_MEASURE KCONFIG VARIANT VARIANTS
export PATH=$TOP/tests/fixtures/fake-qemu:$PATH FAKE_QEMU_CYC_OP=$LB_BUILD/user/bisect/src/cost
for t in busybox cpio; do command -v $t >/dev/null || skip "needs $t (make deps) for the guest initramfs"; done
[ -x "$TOP/bench-user/lb-guest" ] || skip "needs the C tools (make user)"
k=$TMP/linux
fake_kernel "$k"
# c1: 100 instructions; c2 and c3: 110 (+10%).
for i in 1 2 3; do
	if [ "$i" = 1 ]; then echo 100; else echo 110; fi >"$k/cost"
	echo "$i" >"$k/n"
	git -C "$k" add -A
	git -C "$k" -c user.name=t -c user.email=t@example.org commit -q -m "c$i"
	git -C "$k" tag "c$i"
done
out=$(env KSRC="$k" GOOD=c1 BAD=c3 CELL='kind=spin_lock mode=hot' THRESHOLD=5% \
	"$TOP/scripts/boot/bisect.sh" 2>&1) || fail "bisect with the default measurer failed: $out"
want=$(git -C "$k" log -1 --format='%h c2' c2)
[ "$(tail -n 1 <<<"$out")" = "$want" ] || fail "bisect named '$(tail -n 1 <<<"$out")', not '$want': $out"
grep -q '^good .* 100$' "$LB_BUILD"/bisect-runs/*/steps.log || fail "GOOD's count is not 100: $(cat "$LB_BUILD"/bisect-runs/*/steps.log)"
echo "ok: the default measurer (cell-count.sh) built and booted each step; first bad commit c2"
