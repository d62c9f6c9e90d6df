#!/bin/sh
# host-cpu.sh [CPUINFO [NCPUS]]: the host's CPU as key=value lines, and the
# host id made from it: the one definition that lib.sh's host_facts and
# the native bundle's runner (which has no bash and no checkout) share.
#
# The host id names the CPU: its model name, vendor, family, model and
# stepping, and how many CPUs are online, e.g. AMD_EPYC_f26m2s1_x2.  It
# does not change with the host kernel or QEMU (those are in each run's
# provenance), so one machine's runs from different days file under one
# host.  A field cpuinfo lacks is NA.  POSIX sh and awk only.
cpuinfo=${1:-/proc/cpuinfo}
ncpus=${2:-}
[ -r "$cpuinfo" ] || { echo "host-cpu.sh: cannot read $cpuinfo" >&2; exit 1; }
if [ -z "$ncpus" ]; then
	ncpus=$(getconf _NPROCESSORS_ONLN 2>/dev/null) || ncpus=
	[ -n "$ncpus" ] || ncpus=$(grep -c '^processor' "$cpuinfo")
fi
awk -F': *' -v ncpus="$ncpus" '
	function val(k) { return (k in v) && v[k] != "" ? v[k] : "NA" }
	# the first processor block is the host CPU (all are one model)
	/^[ \t]*$/ && n { exit }
	{ k = $1; sub(/[ \t]+$/, "", k); if (!(k in v)) { v[k] = $2; n++ } }
	END {
		vendor = val("vendor_id")
		if (vendor == "AuthenticAMD") short = "AMD"
		else if (vendor == "GenuineIntel") short = "Intel"
		else if (vendor == "HygonGenuine") short = "Hygon"
		else { short = vendor; gsub(/[^A-Za-z0-9]/, "", short); short = substr(short, 1, 12) }
		# The name part: trademarks and the rated clock dropped, then
		# [A-Za-z0-9.] kept and each run of anything else one "_".
		name = val("model name")
		gsub(/\((R|r|TM|tm)\)/, "", name)
		sub(/ *@.*$/, "", name)
		gsub(/[^A-Za-z0-9.]+/, "_", name)
		gsub(/^_+|_+$/, "", name)
		if (index(name, short) != 1) name = short "_" name
		name = substr(name, 1, 24)
		sub(/_+$/, "", name)
		printf "cpu_vendor=%s\ncpu_model=%s\ncpu_family=%s\ncpu_model_id=%s\ncpu_stepping=%s\nonline_cpus=%s\n",
			vendor, val("model name"), val("cpu family"), val("model"), val("stepping"), ncpus
		printf "host_id=%s_f%sm%ss%s_x%s\n", name, val("cpu family"), val("model"), val("stepping"), ncpus
	}' "$cpuinfo"
