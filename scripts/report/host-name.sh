#!/usr/bin/env bash
# host-name.sh FACTS: the name a reader knows a host by, the one every
# table and graph of results uses: the CPU's microarchitecture
# (schema/cpus.tsv, through cpu-name.sh: "Zen 5 (Turin)", "Emerald
# Rapids"), then what the machine is, from the same facts: "2-vCPU VM"
# where the CPUID hypervisor flag was set (vm=1), "2 CPUs, bare metal"
# where it was not (vm=0), "2 CPUs" where the facts do not say.  A model
# the table lacks is named by its model name, family and model, never
# guessed.  FACTS is a key=value file with cpu_vendor, cpu_model,
# cpu_family, cpu_model_id, online_cpus and vm: a run's host-facts.txt
# or a filed host's host.info.
#   $ host-name.sh results/hosts/AMD_EPYC_f26m2s1_x2/host.info
#   Zen 5 (Turin), 2-vCPU VM
. "$(dirname "$0")/../lib.sh"

facts=${1:?usage: host-name.sh FACTS (host-facts.txt or host.info)}
[ -f "$facts" ] || die "host-name: $facts is missing"
declare -A F=()
readkv F "$facts"
uarch=unknown
[ -z "${F[cpu_family]:-}" ] || [ -z "${F[cpu_model_id]:-}" ] ||
	uarch=$("$LB_TOP/scripts/report/cpu-name.sh" "${F[cpu_vendor]:-}" "${F[cpu_family]}" "${F[cpu_model_id]}")
if [ "$uarch" = unknown ]; then
	name=${F[cpu_model]:-an unnamed CPU}
	[ -z "${F[cpu_family]:-}" ] || name+=" (family ${F[cpu_family]} model ${F[cpu_model_id]:-?})"
else
	name=$uarch
fi
n=${F[online_cpus]:-}
case ${F[vm]:-} in
1) name+=", ${n:+$n-}vCPU VM" ;;
0) name+=", ${n:+$n CPUs, }bare metal" ;;
*) name+="${n:+, $n CPUs}" ;;
esac
printf '%s\n' "$name"
