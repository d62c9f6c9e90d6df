#!/bin/sh
# host-facts.sh [TSC_MHZ]: a native run's host-facts.txt on stdout: the
# CPU and host id (scripts/host-cpu.sh), the host kernel, the frequency
# governor, whether it is a VM, and the topology (topology.sh facts).
# POSIX sh: make native and the bundle's runner both write it.  TSC_MHZ,
# when the caller knows it (the host kernel's log), is recorded too.
# LBN_CPUINFO and LBN_SYSFS stand in for /proc/cpuinfo and /sys (tests).
here=$(dirname "$0")
cpuinfo=${LBN_CPUINFO:-/proc/cpuinfo}
sysfs=${LBN_SYSFS:-/sys}
# host-cpu.sh sits beside this script in the bundle, one folder up here.
hc=$here/host-cpu.sh
[ -f "$hc" ] || hc=$here/../host-cpu.sh
sh "$hc" "$cpuinfo" || exit 1
echo "kernel=$(uname -r)"
gov=none
[ ! -r "$sysfs/devices/system/cpu/cpu0/cpufreq/scaling_governor" ] ||
	gov=$(head -n 1 "$sysfs/devices/system/cpu/cpu0/cpufreq/scaling_governor")
echo "governor=$gov"
[ -z "${1:-}" ] || echo "tsc_mhz=$1"
if grep -m 1 '^flags' "$cpuinfo" | grep -qw hypervisor; then
	echo "vm=1"
	echo "note=measured on a VM's vCPUs (the CPUID hypervisor flag is set)"
else
	echo "vm=0"
fi
sh "$here/topology.sh" -s "$sysfs" facts
