#!/usr/bin/env bash
# make bisect with its default measurer (LB_BISECT_MEASURE unset:
# scripts/icount/bisect-measure.sh, make cell-count), so a wrong default
# path fails here: each step goes through the real build chain on the fake Kbuild of
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
# c1: 100 instructions; c2 and c3: 110 (+10%), on top of fake_kernel's
# commit, written as one git fast-import stream (a commit and a tag each).
stream=""
for i in 1 2 3; do
	c=110 from=""
	[ "$i" != 1 ] || c=100 from="from refs/heads/master^0
"
	stream+="commit refs/heads/master
mark :$i
committer t <t@example.org> $((1700000000 + i)) +0000
data <<E
c$i
E
${from}M 100644 inline cost
data <<E
$c
E
M 100644 inline n
data <<E
$i
E
reset refs/tags/c$i
from :$i
"
done
# (<<< ends the stream with an empty line, which fast-import allows here.)
git -C "$k" fast-import --quiet <<<"$stream"
git -C "$k" reset -q --hard
out=$(env KSRC="$k" GOOD=c1 BAD=c3 CELL='kind=spin_lock mode=hot' THRESHOLD=5% \
	"$TOP/scripts/icount/bisect.sh" 2>&1) || fail "bisect with the default measurer failed: $out"
want=$(git -C "$k" log -1 --format='%h c2' c2)
[ "$(tail -n 1 <<<"$out")" = "$want" ] || fail "bisect named '$(tail -n 1 <<<"$out")', not '$want': $out"
grep -q '^good .* 100$' "$LB_BUILD"/bisect-runs/*/steps.log || fail "GOOD's count is not 100: $(cat "$LB_BUILD"/bisect-runs/*/steps.log)"
echo "ok: the default measurer (make cell-count) built and booted each step; first bad commit c2"
