#!/usr/bin/env bash
# The accelerator probe is bounded and decides: auto prints tcg or kvm:CPU,
# and when KVM does not work ACCEL=kvm fails with a clear reason.
. "$(dirname "$0")/lib.bash"
set -- $VARIANTS_UNDER_TEST
k=$TOP/build/kernel/$1/arch/x86/boot/bzImage
s=$EPOCHSECONDS
a=$("$TOP/scripts/boot/accel.sh" auto "$k" 2>"$TMP/err")
took=$(($EPOCHSECONDS - s))
[ $took -le 50 ] || fail "the probe took ${took}s"
case $a in
tcg) grep -q 'falling back to multi-threaded TCG' "$TMP/err" || fail "fallback not announced: $(cat "$TMP/err")"
	expect_error "ACCEL=kvm" "ACCEL=kvm but KVM is unusable here" "$TOP/scripts/boot/accel.sh" kvm "$k" ;;
kvm:*) ;;
*) fail "accel.sh printed '$a'" ;;
esac
echo "ok: probe chose $a in ${took}s: $(cat "$TMP/err")"
