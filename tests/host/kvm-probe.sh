#!/usr/bin/env bash
# The KVM probe on any host, with the host's /dev/kvm pinned by LB_KVM_DEV
# and a stand-in qemu-system-x86_64, in each of the three states a host
# can be in: /dev/kvm absent, present and working, present and hanging.
# The verdict is kept (LB_KVM_VERDICT) under its key and reused by
# ACCEL=auto, not by ACCEL=kvm; a changed key or an old verdict probes again.
. "$(dirname "$0")/../lib.bash"
# The host's own facts must be read again under the stand-in QEMU.
unset LB_HOST_ID
export LB_KVM_VERDICT=$TMP/kvm-verdict LB_KVM_PROBE_S=1
accel=$TOP/scripts/boot/accel.sh
echo kernel >"$TMP/bzImage"
mkdir -p "$TMP/bin"

# stand_in MODE: a qemu-system-x86_64 that logs each start's -cpu to
# $TMP/starts and then boots (writes the probe's line to its serial file),
# hangs, or fails at once.  --version answers $TMP/version.
stand_in() {
	cat >"$TMP/bin/qemu-system-x86_64" <<EOT
#!/bin/sh
[ "\$1" = --version ] && { cat "$TMP/version"; exit 0; }
serial=
while [ \$# -gt 0 ]; do
	case \$1 in
	-cpu) echo "\$2" >>"$TMP/starts" ;;
	-serial) serial=\${2#file:} ;;
	esac
	shift
done
case $1 in
works) echo LB-KVM-PROBE-OK >"\$serial" ;;
hangs) exec sleep 60 ;;
fails) echo "qemu: error: the CPU model is rejected" >&2; exit 1 ;;
esac
EOT
	chmod +x "$TMP/bin/qemu-system-x86_64"
}
echo "QEMU emulator version 7.2.0 (stand-in)" >"$TMP/version"
probe() { # ACCEL: accel.sh's answer in OUT, its notes in $TMP/err
	: >"$TMP/starts"
	OUT=$(PATH=$TMP/bin:$PATH "$accel" "$1" "$TMP/bzImage" 2>"$TMP/err")
}
starts() { tr '\n' ' ' <"$TMP/starts"; }

# 1. /dev/kvm absent: TCG at once, no QEMU started, nothing kept.
export LB_KVM_DEV=$TMP/no-kvm
stand_in works
probe auto
[ "$OUT" = tcg ] || fail "no KVM device: ACCEL=auto printed '$OUT'"
grep -q "$TMP/no-kvm does not exist" "$TMP/err" || fail "absent /dev/kvm: no reason given: $(cat "$TMP/err")"
[ -z "$(starts)" ] || fail "absent /dev/kvm: QEMU was started for -cpu $(starts)"
[ ! -e "$LB_KVM_VERDICT" ] || fail "absent /dev/kvm: a verdict was kept"
PATH=$TMP/bin:$PATH expect_error "ACCEL=kvm, /dev/kvm absent" "ACCEL=kvm but KVM is unusable here: $TMP/no-kvm does not exist" \
	"$accel" kvm "$TMP/bzImage"
echo "ok: /dev/kvm absent: tcg, no probe boot, nothing kept"

# 2. Present and working: the first probe boots, the second reuses it.
export LB_KVM_DEV=$TMP/kvm
: >"$LB_KVM_DEV"
probe auto
[ "$OUT" = kvm:host ] || fail "working KVM: auto printed '$OUT': $(cat "$TMP/err")"
[ "$(starts)" = "host " ] || fail "working KVM: probed $(starts)"
grep -q '^verdict=kvm:host$' "$LB_KVM_VERDICT" || fail "working KVM: verdict kept as: $(cat "$LB_KVM_VERDICT")"
probe auto
[ "$OUT" = kvm:host ] || fail "working KVM, second boot: auto printed '$OUT'"
[ -z "$(starts)" ] || fail "working KVM, second boot: probed again ($(starts))"
grep -q "KVM verdict cached from [0-9T:-]*Z ($LB_KVM_VERDICT): kvm:host" "$TMP/err" || fail "no cache note: $(cat "$TMP/err")"
probe kvm
[ "$OUT" = kvm:host ] && [ "$(starts)" = "host " ] || fail "ACCEL=kvm did not probe again: '$OUT', $(starts)"
echo "ok: working /dev/kvm: kvm:host, kept, reused by auto, probed again by ACCEL=kvm"

# 3. Present and hanging: one bounded probe, then the kept verdict.
rm -f "$LB_KVM_VERDICT"
stand_in hangs
s=$EPOCHSECONDS
probe auto
[ "$OUT" = tcg ] || fail "hanging KVM: auto printed '$OUT'"
grep -q 'did not finish booting within 1s' "$TMP/err" || fail "hanging KVM: no reason: $(cat "$TMP/err")"
[ "$(starts)" = "host " ] || fail "hanging KVM: after a hang auto went on to $(starts)"
[ $((EPOCHSECONDS - s)) -le 8 ] || fail "hanging KVM: LB_KVM_PROBE_S=1 probe took $((EPOCHSECONDS - s)) s"
t0=$EPOCHREALTIME
probe auto
ms=$(((${EPOCHREALTIME/./} - ${t0/./}) / 1000))
[ "$OUT" = tcg ] && [ -z "$(starts)" ] || fail "hanging KVM, second boot: '$OUT', probed $(starts)"
grep -q 'KVM verdict cached from .*unusable (a KVM probe guest (-cpu host) did not finish' "$TMP/err" ||
	fail "hanging KVM: no cache note: $(cat "$TMP/err")"
echo "ok: hanging /dev/kvm: tcg after one ${LB_KVM_PROBE_S}s probe; the second boot reused it in $ms ms"

# A model that fails at once lets auto try the next; all failing is TCG.
rm -f "$LB_KVM_VERDICT"
stand_in fails
probe auto
[ "$OUT" = tcg ] && [ "$(starts)" = "host max kvm64 " ] || fail "failing models: '$OUT', probed $(starts)"
PATH=$TMP/bin:$PATH expect_error "ACCEL=kvm, failing -cpu host" "ACCEL=kvm but KVM is unusable here: the KVM probe guest \(-cpu host\) failed" \
	"$accel" kvm "$TMP/bzImage"
echo "ok: models that fail at once: auto tries host max kvm64, then tcg"

# The key: another QEMU, or a verdict older than a day, probes again.
stand_in works
probe auto
[ "$OUT" = tcg ] && [ -z "$(starts)" ] || fail "a kept tcg verdict was not reused: '$OUT', $(starts)"
echo "QEMU emulator version 8.2.0 (stand-in)" >"$TMP/version"
probe auto
[ "$OUT" = kvm:host ] && [ "$(starts)" = "host " ] || fail "a new QEMU did not probe again: '$OUT', $(starts)"
sed -i "s/^probed_at=.*/probed_at=$((EPOCHSECONDS - 25 * 3600))/" "$LB_KVM_VERDICT"
stand_in hangs
probe auto
[ "$OUT" = tcg ] && [ "$(starts)" = "host " ] || fail "a 25-hour-old verdict was reused: '$OUT', $(starts)"
echo "ok: a changed QEMU version or a verdict older than 24 hours probes again"

LB_KVM_PROBE_S=0 PATH=$TMP/bin:$PATH expect_error "LB_KVM_PROBE_S=0" "LB_KVM_PROBE_S=0: give the probe's time limit" \
	"$accel" auto "$TMP/bzImage"
