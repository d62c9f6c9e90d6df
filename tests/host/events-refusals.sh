#!/usr/bin/env bash
# make events refuses, before anything builds or boots, the jobs the
# plugin cannot count, the settings it cannot serve and (run outside
# make) the variants not built, each with the reason; and a TCG plugin
# never reaches a KVM boot.
. "$(dirname "$0")/../lib.bash"
ev() { env VARIANTS=stock "$@" "$TOP/scripts/events/run.sh"; }
fresh=$TMP/build
# ACCEL is the timed instrument's: make events chooses its machines
# itself and reads none, whatever make exports.
for a in auto kvm; do
	out=$(ev LB_BUILD="$fresh" ACCEL=$a VCPUS=1 2>&1) && fail "VCPUS=1 was not refused"
	grep -q "ACCEL" <<<"$out" && fail "make events read ACCEL=$a: $out"
done
echo "ok: make events reads no ACCEL"
expect_error "VCPUS=1" "VCPUS=1: the smp pass needs 2 to 32 vCPUs" ev LB_BUILD="$fresh" VCPUS=1
expect_error "VCPUS=33" "VCPUS=33: the smp pass needs 2 to 32 vCPUs .*at most 32 caches" ev LB_BUILD="$fresh" VCPUS=33
printf 'kind=spin_lock mode=hot\nkind=spin_lock mode=contended threads=2\n' >"$TMP/hot"
expect_error "contended under icount" "hot:2: mode=contended cannot run on icount" ev LB_BUILD="$fresh" EVENTS_HOT="$TMP/hot"
printf 'kind=spin_lock mode=cold\nkind=spin_lock mode=hot\n' >"$TMP/smp"
expect_error "hot job in the smp pass" "hot jobs belong in the icount pass \\(EVENTS_HOT\\), where their counts are exact" ev LB_BUILD="$fresh" EVENTS_SMP="$TMP/smp"
printf 'kind=rwlock_mix mode=contended threads=2 read_pct=50\n' >"$TMP/mix"
expect_error "rwlock_mix" "rwlock_mix takes read or write per op" ev LB_BUILD="$fresh" EVENTS_SMP="$TMP/mix" # contract-exempt: the message names the kind
expect_error "unknown variant" "unknown variant 'nosuch'" env VARIANTS=nosuch LB_BUILD="$fresh" "$TOP/scripts/events/run.sh"
# Outside make, with nothing built: refused naming the make command,
# before the plugin is built or a run directory is made.
expect_error "not built" "not built: stock .*make kernels modules initramfs VARIANTS='stock'" ev LB_BUILD="$fresh"
[ ! -e "$fresh/runs" ] || fail "a refused events pass left $(find "$fresh/runs" | head -n 3)"
echo "ok: nothing written by the refusals"
# qemu-boot.sh: a plugin on a KVM machine, refused before any file
# (a fake kernel and initramfs suffice: QEMU never starts).
command -v qemu-system-x86_64 >/dev/null || skip "no qemu-system-x86_64: the boot-side refusal needs it"
fake=$TMP/fakebuild
mkdir -p "$fake/kernel/stock/arch/x86/boot" "$fake/initramfs"
: >"$fake/kernel/stock/arch/x86/boot/bzImage"
: >"$fake/initramfs/base.cpio"
expect_error "PLUGIN under KVM" "TCG plugins run under TCG only, and this boot is KVM \\(kvm:host\\)" \
	env LB_BUILD="$fake" MACHINE=kvm:host PLUGIN=/x/lockbench-events.so,out=/tmp/x "$TOP/scripts/boot/qemu-boot.sh" stock "$fake/boot1"
[ ! -e "$fake/boot1" ] || fail "a refused boot left $fake/boot1"
echo "ok: no boot directory left"
