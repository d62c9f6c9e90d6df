#!/usr/bin/env bash
# Each variant boots under TCG with 2 and 4 vCPUs, runs a command in the
# guest, and its output comes back over the results disk; the provenance
# record names everything the issue asks for.
. "$(dirname "$0")/lib.bash"
for v in $VARIANTS_UNDER_TEST; do
	for n in 2 4; do
		guest hello "$v" '/lb/tests/hello.sh' VCPUS=$n TIMEOUT=120 || fail "$v with $n vCPUs did not boot cleanly"
		grep -q "^hello from 6.1.* on $n cpus$" "$B/guest/script.log" || fail "$v: wrong output: $(cat "$B/guest/script.log")"
		grep -q "lb.variant=$v" "$B/guest/script.log" || fail "$v: command line did not reach the guest"
		for k in linux_source_version patch_series_sha256 patch_series_commit config_sha256 qemu_version qemu_cmdline accel vcpus host_cpu_model host_cpu_vendor host_cpu_family host_cpu_model_id host_cpu_stepping host_cpus host_kernel git_head git_dirty; do
			jq -e --arg k "$k" 'has($k)' "$B/provenance.json" >/dev/null || fail "$v: provenance lacks $k"
		done
		up=$(grep -a -o 'guest up after [0-9.]*' "$B/console.log" | awk '{ print $4 }')
		echo "ok: $v $n vCPUs: runner reached after ${up}s, boot wall $(cat "$B/wall_s")s"
	done
done
