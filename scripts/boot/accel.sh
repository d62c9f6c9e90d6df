#!/usr/bin/env bash
# accel.sh ACCEL BZIMAGE: resolve ACCEL (auto|kvm|tcg) to the accelerator a
# boot will use and print it.  auto and kvm run a bounded probe boot: a KVM
# guest must reach its /init and power off within LB_KVM_PROBE_S seconds
# (default 15) per CPU model tried.  /dev/kvm can exist and still hang a nested guest, so its
# presence proves nothing.  auto falls back to multi-threaded TCG and says
# so; kvm fails.  tcg and icount need no probe.  Prints tcg, icount, or
# kvm:CPUMODEL.
. "${0%"${0##*/}"}../lib.sh"

want=${1:-auto} kernel=${2:?usage: accel.sh auto|kvm|tcg BZIMAGE}
limit=${LB_KVM_PROBE_S:-15}
case $want in
tcg | icount) echo "$want"; exit 0 ;;
auto | kvm) ;;
*) die "ACCEL=$want is not one of $("$LB_TOP/scripts/build/settings.sh" choices ACCEL)" ;;
esac
command -v qemu-system-x86_64 >/dev/null ||
	die "qemu-system-x86_64 not found: install qemu-system-x86 ('make deps')"
[ -f "$kernel" ] || die "accel probe: no kernel at $kernel; build one with 'make kernel VARIANT=...'"

why=""
if [ ! -e /dev/kvm ]; then
	why="/dev/kvm does not exist"
elif [ ! -r /dev/kvm ] || [ ! -w /dev/kvm ]; then
	why="/dev/kvm is not accessible to $(id -un)"
else
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	mkdir -p "$tmp/root/bin"
	cp /usr/bin/busybox "$tmp/root/bin/busybox"
	printf '#!/bin/busybox sh\n/bin/busybox echo LB-KVM-PROBE-OK\n/bin/busybox poweroff -f\n' >"$tmp/root/init"
	chmod +x "$tmp/root/init"
	(cd "$tmp/root" && find . | cpio -o -H newc --quiet) >"$tmp/probe.cpio"
	# -cpu host is what a user wants; some nested hosts reject its MSRs
	# at once, so try the others next, each bounded.
	# ACCEL=kvm is the timed instrument on the host's own CPU model (its
	# PMU and features): -cpu host or nothing.
	cpus="host max kvm64"
	[ "$want" = kvm ] && cpus=host
	for cpu in $cpus; do
		start=$EPOCHSECONDS
		rc=0
		# Run under sh so the abort notice lands in qemu.err, not our stderr.
		sh -c '"$@" >"$0" 2>&1' "$tmp/qemu.err" timeout -k 2 "$limit" qemu-system-x86_64 -accel kvm -cpu "$cpu" -m 256 -smp 1 \
			-nodefaults -display none -no-reboot -serial "file:$tmp/console" \
			-kernel "$kernel" -initrd "$tmp/probe.cpio" \
			-append "console=ttyS0 panic=-1 loglevel=3" || rc=$?
		if grep -q LB-KVM-PROBE-OK "$tmp/console" 2>/dev/null; then
			note "accel: KVM probe (-cpu $cpu) booted in $(($EPOCHSECONDS - start))s"
			echo "kvm:$cpu"
			exit 0
		fi
		if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
			why="a KVM probe guest (-cpu $cpu) did not finish booting within ${limit}s (nested virtualisation hang)"
			break
		fi
		why="the KVM probe guest (-cpu $cpu) failed: $(grep -v '^$' "$tmp/qemu.err" | tail -n 1 | cut -c1-160)"
	done
fi
if [ "$want" = kvm ]; then
	die "ACCEL=kvm but KVM is unusable here: $why. Use ACCEL=auto or ACCEL=tcg"
fi
note "accel: KVM unusable ($why); falling back to multi-threaded TCG. TCG figures compare variants on this host only; they are not bare-metal costs"
echo tcg
