#!/usr/bin/env bash
# lava-job.sh qemu|x86 BUNDLE: print the LAVA job definition (YAML) that
# boots an export bundle (export.sh) and runs its jobs.  It reads only the
# bundle's cmdline.txt and provenance.json and the names (and, when they
# are there, checksums) of bzImage and initramfs.cpio, so it needs no
# kernel of its own to write a job.
#   qemu  device type qemu: images deployed to tmpfs, boot method qemu,
#         TCG or KVM (ACCEL=tcg|kvm, default tcg), VCPUS (default 2), MEM
#   x86   a bare-metal template: deploy to tftp, boot with iPXE's "ramdisk"
#         commands, the command line through extra_kernel_args; set
#         device_type to your lab's x86 device type (LAVA_DEVICE_TYPE)
# Image URLs: BUNDLE_URL/<file> (default file://BUNDLE, for a dispatcher on
# this machine; a lab web server serving the bundle for any other).
# The test action is a LAVA monitor: it starts at "KTAP version 1", takes
# each job's result from the runner's LAVA test-case signal (with its main
# figure as the measurement) and ends at "lockbench: runner done".
# LAVA's YAML is written by Debian's python3-yaml from jq's JSON, so every
# value is quoted by a YAML library, not by hand.
. "$(dirname "$0")/../lib.sh"

form=${1:?usage: lava-job.sh qemu|x86 BUNDLE}
b=$(cd "${2:?usage: lava-job.sh qemu|x86 BUNDLE}" && pwd) || die "no bundle directory $2"
for f in cmdline.txt provenance.json; do
	[ -f "$b/$f" ] || die "$b/$f is missing: not an export bundle (make export VARIANT=x)"
done
command -v jq >/dev/null || die "jq is not installed: run 'make deps'"
v=$(jq -r .variant "$b/provenance.json")
url=${BUNDLE_URL:-file://$b}
url=${url%/}
# LAVA_MINUTES: the test action's limit; the job gets 20 more for deploy and boot.
accel=${ACCEL:-tcg} vcpus=${VCPUS:-2} mem=${MEM:-1024} minutes=${LAVA_MINUTES:-60}
for n in vcpus mem minutes; do
	case ${!n} in '' | *[!0-9]* | 0) die "${n^^}=${!n} must be a positive integer" ;; esac
done
cmdline=$(<"$b/cmdline.txt")
# A file's sha256 when the bundle holds it: LAVA checks the download.
sum() { # (sha256sum | cut -d' ' -f1, without the cut)
	local s
	[ -f "$b/$1" ] && s=$(sha256sum "$b/$1") && printf '%s\n' "${s%% *}" || true
}
img() { # img FILE [image_arg]: a deploy image entry
	jq -n --arg url "$url/$1" --arg sha "$(sum "$1")" --arg arg "${2:-}" \
		'{url: $url} + (if $arg != "" then {image_arg: $arg} else {} end)
		 + (if $sha != "" then {sha256sum: $sha} else {} end)'
}
monitor=$(jq -n '{
	name: "lockbench",
	start: "KTAP version 1",
	end: "lockbench: runner done",
	pattern: "<LAVA_SIGNAL_TESTCASE TEST_CASE_ID=(?P<test_case_id>[A-Za-z0-9_.-]+) RESULT=(?P<result>pass|fail)(?: MEASUREMENT=(?P<measurement>[0-9.]+) UNITS=(?P<units>[^>]+))?>"
}')
meta=$(jq '{"lockbench.variant": .variant, "lockbench.series": .patch_series_sha256,
	"lockbench.git": .git_head, "lockbench.module_build_id": .module_build_id} | with_entries(select(.value != null))' "$b/provenance.json")

case $form in
qemu)
	case $accel in
	# auto: the lab's QEMU emulates unless told otherwise; the guest
	# records what it finds.
	auto | tcg) ctx=$(jq -n --argjson m "$mem" --arg s "-smp $vcpus" \
		'{arch: "amd64", cpu: "max", no_kvm: true, memory: $m, extra_options: [$s, "-accel tcg,thread=multi"]}') ;;
	kvm) ctx=$(jq -n --argjson m "$mem" --arg s "-smp $vcpus" \
		'{arch: "amd64", cpu: "host", memory: $m, extra_options: [$s]}') ;;
	*) die "ACCEL=$accel: a LAVA qemu job runs tcg or kvm" ;;
	esac
	deploy=$(jq -n --argjson k "$(img bzImage "-kernel {kernel} -append \"$cmdline\"")" \
		--argjson r "$(img initramfs.cpio '-initrd {ramdisk}')" \
		'{to: "tmpfs", timeout: {minutes: 10}, images: {kernel: $k, ramdisk: $r}}')
	boot='{"method": "qemu", "media": "tmpfs", "timeout": {"minutes": 5}}'
	dt=qemu name="lockbench $v (qemu, $accel, $vcpus vCPUs)"
	;;
x86)
	# No hypervisor: the records say metal (the guest's CPUID agrees).
	cmdline=$(sed 's/\blb\.accel=[^ ]*/lb.accel=metal/' <<<"$cmdline")
	ctx=$(jq -n --arg c "$cmdline" '{extra_kernel_args: $c}')
	deploy=$(jq -n --argjson k "$(img bzImage)" --argjson r "$(img initramfs.cpio)" \
		'{to: "tftp", timeout: {minutes: 10}, kernel: $k, ramdisk: $r}')
	boot='{"method": "ipxe", "commands": "ramdisk", "timeout": {"minutes": 10}}'
	dt=${LAVA_DEVICE_TYPE:-x86} name="lockbench $v (bare metal)"
	;;
*) die "lava-job.sh: unknown form '$form': qemu or x86" ;;
esac

jq -n --arg dt "$dt" --arg name "$name" --argjson min "$minutes" --argjson ctx "$ctx" \
	--argjson meta "$meta" --argjson deploy "$deploy" --argjson boot "$boot" --argjson mon "$monitor" '{
	device_type: $dt,
	job_name: $name,
	timeouts: {job: {minutes: ($min + 20)}, connection: {minutes: 5}},
	priority: "medium",
	visibility: "public",
	context: $ctx,
	metadata: $meta,
	actions: [
		{deploy: $deploy},
		{boot: $boot},
		{test: {timeout: {minutes: $min}, monitors: [$mon]}}
	]}' |
	/usr/bin/python3 -c 'import json, sys, yaml; yaml.safe_dump(json.load(sys.stdin), sys.stdout, sort_keys=False, default_flow_style=False, width=1000)'
