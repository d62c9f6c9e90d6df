#!/usr/bin/env bash
# The accelerator probe on this host's real /dev/kvm and QEMU: it is
# bounded and decides (auto prints tcg or kvm:CPU; ACCEL=kvm fails with a
# clear reason where KVM does not work), and the next boot reuses its
# verdict in well under a second.  Where the probe succeeds, a guest
# boots under KVM; elsewhere that part is skipped, with the probe's reason.
. "$(dirname "$0")/lib.bash"
set -- $VARIANTS_UNDER_TEST
v=$1
k=$TOP/build/kernel/$v/arch/x86/boot/bzImage
# A verdict of this test's own: the probe really runs once here.
export LB_KVM_VERDICT=$TMP/kvm-verdict
s=$EPOCHSECONDS
a=$("$TOP/scripts/boot/accel.sh" auto "$k" 2>"$TMP/err")
took=$((EPOCHSECONDS - s))
[ $took -le 50 ] || fail "the probe took ${took}s"
case $a in
tcg) grep -q 'falling back to multi-threaded TCG' "$TMP/err" || fail "fallback not announced: $(cat "$TMP/err")"
	expect_error "ACCEL=kvm" "ACCEL=kvm but KVM is unusable here" "$TOP/scripts/boot/accel.sh" kvm "$k" ;;
kvm:*) ;;
*) fail "accel.sh printed '$a'" ;;
esac
echo "ok: probe chose $a in ${took}s: $(cat "$TMP/err")"

t0=$EPOCHREALTIME
b=$("$TOP/scripts/boot/accel.sh" auto "$k" 2>"$TMP/err2")
ms=$(((${EPOCHREALTIME/./} - ${t0/./}) / 1000))
[ "$b" = "$a" ] || fail "the second probe said $b, the first $a"
# (Without a usable /dev/kvm there is no probe to keep: tcg at once.)
grep -q 'KVM verdict cached from' "$TMP/err2" || ! { [ -r /dev/kvm ] && [ -w /dev/kvm ]; } || fail "the second boot did not reuse the verdict: $(cat "$TMP/err2")"
echo "ok: the second boot decided $b in $ms ms: $(cat "$TMP/err2")"

case $a in
kvm:*) ;;
*) skip "a guest under KVM: KVM is unusable here ($(sed -n 's/.*KVM unusable (\(.*\)); falling back.*/\1/p' "$TMP/err"))" ;;
esac
guest kvm-hello "$v" '/lb/tests/hello.sh' MACHINE="$a" VCPUS=1 TIMEOUT=60 || fail "$v did not boot under $a"
grep -q '^hello from 6.1' "$B/guest/script.log" || fail "$v under $a: wrong output: $(cat "$B/guest/script.log")"
echo "ok: $v booted under $a"
