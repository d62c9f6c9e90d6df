#!/usr/bin/env bash
# The base initramfs is rebuilt only when an input changed: every booting
# step asks for it, and rebuilding 35 MiB each time was most of the fake
# kernels' host tests.  A second call leaves base.cpio as it was; a
# changed guest script rebuilds it.
. "$(dirname "$0")/../lib.bash"
[ -x /usr/bin/busybox ] || skip "busybox-static is not installed (make deps)"
[ -x "$TOP/bench-user/lb-guest" ] || skip "needs the C tools (make user)"
export LB_BUILD=$TMP/build LB_NO_PERF=1
ib=$LB_BUILD/initramfs/base.cpio
"$TOP/scripts/build/initramfs.sh" base >/dev/null 2>&1 || fail "initramfs.sh base failed"
# The time to the nanosecond (the file system's clock ticks every few ms,
# and a rebuild takes longer), so no sleep is needed to tell a rewrite.
before=$(stat -c %y.%i "$ib")
"$TOP/scripts/build/initramfs.sh" base >/dev/null 2>&1 || fail "the second initramfs.sh base failed"
[ "$(stat -c %y.%i "$ib")" = "$before" ] || fail "unchanged inputs rebuilt base.cpio"
echo "ok: unchanged inputs: base.cpio kept"
LB_RUNNER=$TMP/lb-guest
cp "$TOP/bench-user/lb-guest" "$LB_RUNNER"
export LB_RUNNER
"$TOP/scripts/build/initramfs.sh" base >/dev/null 2>&1 || fail "initramfs.sh base with another runner failed"
[ "$(stat -c %y.%i "$ib")" != "$before" ] || fail "another guest runner did not rebuild base.cpio"
echo "ok: another guest runner: base.cpio rebuilt"
