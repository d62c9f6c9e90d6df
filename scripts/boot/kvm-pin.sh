#!/usr/bin/env bash
# kvm-pin.sh: each vCPU thread of a KVM guest on a host CPU of its own, so
# a timed job's threads never share a core with each other or migrate.
#   kvm-pin.sh plan VCPUS HOSTCPUS   print "VCPU HOSTCPU" per vCPU: vCPU i on
#       host CPU i+1 when there is a CPU to spare (CPU 0 keeps QEMU's main
#       loop, its I/O and the host), else on CPU i; refused when VCPUS
#       exceeds HOSTCPUS (an oversubscribed guest cannot be pinned 1:1)
#   kvm-pin.sh pin PIDFILE VCPUS OUT  wait (LB_PIN_WAIT_S, default 10 s) for
#       QEMU's PIDFILE and its vCPU threads, which -name ...,debug-threads=on
#       names "CPU N/KVM", pin each with taskset, check the affinity took,
#       and write "vcpu N thread TID host_cpu C" lines to OUT
. "$(dirname "$0")/../lib.sh"

plan() { # vcpus hostcpus
	local n=$1 h=$2 off=0 i
	for x in "$n" "$h"; do
		case $x in '' | *[!0-9]* | 0) die "kvm-pin: '$x' is not a positive CPU count" ;; esac
	done
	[ "$n" -le "$h" ] || die "kvm-pin: $n vCPUs cannot each have one of $h host CPUs (oversubscribed): use VCPUS<=$h"
	[ "$n" -lt "$h" ] && off=1
	for ((i = 0; i < n; i++)); do echo "$i $((i + off))"; done
}

# The TID of vCPU N's thread in PID, or nothing yet.
vcpu_tid() { # pid n
	local t comm
	for t in /proc/"$1"/task/*; do
		comm=$(cat "$t/comm" 2>/dev/null) || true
		[ "$comm" != "CPU $2/KVM" ] || { echo "${t##*/}" && return; }
	done
}

case ${1:-} in
plan) plan "${2:-}" "${3:-}" ;;
pin)
	pidfile=${2:?usage: kvm-pin.sh pin PIDFILE VCPUS OUT} n=${3:?} out=${4:?}
	command -v taskset >/dev/null || die "kvm-pin: taskset is missing (util-linux)"
	mapfile -t pairs < <(plan "$n" "$(nproc)")
	[ ${#pairs[@]} -eq "$n" ] || exit 1
	deadline=$(($EPOCHSECONDS + ${LB_PIN_WAIT_S:-10}))
	pid=
	: >"$out.tmp"
	for p in "${pairs[@]}"; do
		vcpu=${p% *} cpu=${p#* } tid=
		while :; do
			[ -n "$pid" ] || pid=$(cat "$pidfile" 2>/dev/null) || true
			[ -z "$pid" ] || tid=$(vcpu_tid "$pid" "$vcpu")
			[ -n "$tid" ] && break
			[ "$EPOCHSECONDS" -lt "$deadline" ] ||
				die "kvm-pin: no thread 'CPU $vcpu/KVM' in QEMU ${pid:-(no pid in $pidfile)} after ${LB_PIN_WAIT_S:-10}s (is -name ...,debug-threads=on set?)"
			sleep 0.1
		done
		taskset -p -c "$cpu" "$tid" >/dev/null || die "kvm-pin: taskset could not pin thread $tid (vCPU $vcpu) to CPU $cpu"
		got=$(taskset -p -c "$tid")
		got=${got##*:} && got=${got#"${got%%[! ]*}"} # sed 's/.*: *//'
		[ "$got" = "$cpu" ] || die "kvm-pin: vCPU $vcpu (thread $tid) runs on CPUs $got, not $cpu"
		echo "vcpu $vcpu thread $tid host_cpu $cpu" >>"$out.tmp"
	done
	mv "$out.tmp" "$out"
	;;
*) die "usage: kvm-pin.sh plan VCPUS HOSTCPUS | kvm-pin.sh pin PIDFILE VCPUS OUT" ;;
esac
