#!/usr/bin/env bash
# accel.sh ACCEL BZIMAGE: resolve the timed instrument's ACCEL (auto, or
# an accelerator of scripts/boot/machines.tsv) to the machine its boots
# will run on, and print it: kvm:CPUMODEL, or the accelerator as named.
#
# auto and kvm run a bounded probe boot: a KVM guest must reach its /init
# and power off within LB_KVM_PROBE_S seconds (default 15) per CPU model
# tried.  /dev/kvm (LB_KVM_DEV, for tests) can exist and still hang a nested
# guest, so its presence proves nothing.  auto falls back to multi-threaded
# TCG and says so; kvm fails.  Any other accelerator needs no probe.
#
# A probe's verdict is kept in LB_KVM_VERDICT (default build/kvm-verdict),
# under a key of what decides it: the host CPU (vendor, family, model,
# stepping), the host kernel release, QEMU's version and the CPU models
# tried; not the guest kernel, which any working KVM boots.  ACCEL=auto
# keeps its verdict and reuses one with the same key for 24 hours, so a
# host whose KVM hangs pays the probe once a day, not once a boot.  A
# changed key or an older verdict probes again; ACCEL=kvm always probes,
# -cpu host alone, and keeps nothing.
. "$(dirname "$0")/../lib.sh"
. "$LB_TOP/schema/contract.sh"

want=${1:-auto} kernel=${2:?usage: accel.sh ACCEL BZIMAGE}
limit=${LB_KVM_PROBE_S:-15}
kvm=${LB_KVM_DEV:-/dev/kvm}
verdict_file=${LB_KVM_VERDICT:-$LB_BUILD/kvm-verdict}
keep_s=$((24 * 3600))
accel_ok "$want"
case $want in
auto | kvm) ;;
*) echo "$want"; exit 0 ;;
esac
case $limit in
'' | *[!0-9]* | 0) die "LB_KVM_PROBE_S=$limit: give the probe's time limit as a positive number of seconds" ;;
esac
command -v qemu-system-x86_64 >/dev/null ||
	die "qemu-system-x86_64 not found: install qemu-system-x86 ('make deps')"
[ -f "$kernel" ] || die "accel probe: no kernel at $kernel; build one with 'make kernel VARIANT=...'"

# -cpu host is what a user wants; some nested hosts reject its MSRs at
# once, so auto tries the others next, each bounded.  ACCEL=kvm is the
# timed instrument on the host's own CPU model (its PMU and features):
# -cpu host or nothing.
cpus="host max kvm64"
[ "$want" = kvm ] && cpus=host

# A kept verdict for this key, younger than keep_s: print it and succeed.
cached_verdict() { # key
	local -A v=()
	[ -f "$verdict_file" ] || return 1
	readkv v "$verdict_file"
	[ "${v[key]:-}" = "$1" ] || return 1
	[[ ${v[probed_at]:-} =~ ^[0-9]+$ ]] || return 1
	[ $((EPOCHSECONDS - v[probed_at])) -lt $keep_s ] || return 1
	case ${v[verdict]:-} in
	kvm:*) note "accel: KVM verdict cached from ${v[probed_utc]:-} ($verdict_file): ${v[verdict]}" ;;
	tcg) note "accel: KVM verdict cached from ${v[probed_utc]:-} ($verdict_file): unusable (${v[why]:-}); multi-threaded TCG" ;;
	*) return 1 ;;
	esac
	echo "${v[verdict]}"
}

save_verdict() { # key verdict why
	local utc
	mkdir -p "$(dirname "$verdict_file")"
	utc=$(utc_now %Y-%m-%dT%H:%M:%SZ)
	printf 'key=%s\nverdict=%s\nwhy=%s\nprobed_at=%s\nprobed_utc=%s\n' \
		"$1" "$2" "$3" "$EPOCHSECONDS" "$utc" >"$verdict_file.$$"
	mv "$verdict_file.$$" "$verdict_file"
}

# One bounded boot of KERNEL under -cpu MODEL; sets why on failure.
probe() { # cpu tmpdir
	local cpu=$1 tmp=$2 rc=0 start=$EPOCHSECONDS
	# Under sh so the abort notice lands in qemu.err, not our stderr.
	sh -c '"$@" >"$0" 2>&1' "$tmp/qemu.err" timeout -k 2 "$limit" qemu-system-x86_64 -accel kvm -cpu "$cpu" -m 256 -smp 1 \
		-nodefaults -display none -no-reboot -serial "file:$tmp/console" \
		-kernel "$kernel" -initrd "$tmp/probe.cpio" \
		-append "console=ttyS0 panic=-1 loglevel=3" || rc=$?
	if grep -q LB-KVM-PROBE-OK "$tmp/console" 2>/dev/null; then
		note "accel: KVM probe (-cpu $cpu) booted in $((EPOCHSECONDS - start))s"
		return 0
	fi
	if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
		why="a KVM probe guest (-cpu $cpu) did not finish booting within ${limit}s (nested virtualisation hang)"
		return 2
	fi
	why="the KVM probe guest (-cpu $cpu) failed: $(grep -v '^$' "$tmp/qemu.err" | tail -n 1 | cut -c1-160)"
	return 1
}

why=""
verdict=tcg
if [ ! -e "$kvm" ]; then
	why="$kvm does not exist"
elif [ ! -r "$kvm" ] || [ ! -w "$kvm" ]; then
	why="$kvm is not accessible to $(id -un)"
else
	host_facts
	key="vendor=$LB_HOST_CPU_VENDOR family=$LB_HOST_CPU_FAMILY model=$LB_HOST_CPU_MODEL_ID"
	key+=" stepping=$LB_HOST_CPU_STEPPING kernel=$LB_HOST_KERNEL qemu=$LB_QEMU_VERSION cpus=$cpus"
	[ "$want" = auto ] && cached_verdict "$key" && exit 0

	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	mkdir -p "$tmp/root/bin"
	cp /usr/bin/busybox "$tmp/root/bin/busybox"
	printf '#!/bin/busybox sh\n/bin/busybox echo LB-KVM-PROBE-OK\n/bin/busybox poweroff -f\n' >"$tmp/root/init"
	chmod +x "$tmp/root/init"
	(cd "$tmp/root" && find . | cpio -o -H newc --quiet) >"$tmp/probe.cpio"
	for cpu in $cpus; do
		rc=0
		probe "$cpu" "$tmp" || rc=$?
		[ $rc -eq 0 ] && { verdict=kvm:$cpu why="" && break; }
		# A hang is the host's answer for every model: do not wait again.
		[ $rc -eq 2 ] && break
	done
	[ "$want" = kvm ] || save_verdict "$key" "$verdict" "$why"
fi
if [ "$verdict" != tcg ]; then
	echo "$verdict"
	exit 0
fi
if [ "$want" = kvm ]; then
	# settings-exempt: the other accelerators, named as the way out
	die "ACCEL=kvm but KVM is unusable here: $why. Use ACCEL=auto or ACCEL=tcg"
fi
note "accel: KVM unusable ($why); falling back to multi-threaded TCG. TCG figures compare variants on this host only; they are not bare-metal costs"
echo tcg
