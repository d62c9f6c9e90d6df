#!/usr/bin/env bash
# The host id names the CPU (scripts/host-cpu.sh): model name, vendor,
# family, model, stepping and the online CPU count, never the host kernel
# (lib.sh's host_facts, every record's host field, takes it from there).
. "$(dirname "$0")/../lib.bash"
id_of() { # cpuinfo ncpus -> the host id
	sh "$TOP/scripts/host-cpu.sh" "$1" "$2" | sed -n 's/^host_id=//p'
}
printf 'processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 85\nmodel name\t: Intel(R) Xeon(R) Gold 6130 CPU @ 2.10GHz\nstepping\t: 4\n\nprocessor\t: 1\nmodel name\t: other\n' >"$TMP/intel"
id=$(id_of "$TMP/intel" 16)
[ "$id" = Intel_Xeon_Gold_6130_CPU_f6m85s4_x16 ] || fail "Intel: host id $id"
printf 'processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 25\nmodel\t\t: 17\nmodel name\t: AMD EPYC\nstepping\t: 0\n' >"$TMP/amd"
id=$(id_of "$TMP/amd" 2)
[ "$id" = AMD_EPYC_f25m17s0_x2 ] || fail "AMD: host id $id"
# A model name without the vendor gets it; a field cpuinfo lacks is NA.
printf 'processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 6\nmodel name\t: QEMU Virtual CPU version 2.5+\n' >"$TMP/qemu"
id=$(id_of "$TMP/qemu" 4)
[ "$id" = Intel_QEMU_Virtual_CPU_v_f6m6sNA_x4 ] || fail "QEMU CPU: host id $id"
(( ${#id} < 48 )) || fail "a host id longer than a record's host field: $id"
echo "ok: host ids from cpuinfo: Intel_Xeon_Gold_6130_CPU_f6m85s4_x16, AMD_EPYC_f25m17s0_x2, $id"
# This host's id, as lib.sh exports it: the same from host-cpu.sh, and
# no kernel release or hash in it.
# shellcheck source=scripts/lib.sh
. "$TOP/scripts/lib.sh"
unset LB_HOST_ID
host_facts
id=$(id_of /proc/cpuinfo "$(nproc)")
[ "$LB_HOST_ID" = "$id" ] || fail "lib.sh's host id $LB_HOST_ID is not host-cpu.sh's $id"
[[ $LB_HOST_ID =~ _f[0-9]+m[0-9]+s[0-9NA]+_x[0-9]+$ ]] || fail "this host's id $LB_HOST_ID does not name family, model and stepping"
[[ $LB_HOST_ID != *"$LB_HOST_KERNEL"* ]] || fail "the host id names the kernel: $LB_HOST_ID"
echo "ok: this host is $LB_HOST_ID"
