# shellcheck shell=bash
# icount's own settings rule, sourced by check-args.sh when make icount
# (make pathlen) is among the goals: it always counts on the icount
# machine, which runs 1 vCPU (scripts/boot/machines.tsv says why); inside
# make all, VCPUS is the timed run's.
if [[ $vcpus =~ ^[0-9]+$ ]] && [ "$vcpus" != 1 ] && ! has all; then
	why=$(machine_vcpus_ok icount "$vcpus" 2>&1) || bad "make icount counts on 1 vCPU, not VCPUS=$vcpus: drop VCPUS= (${why#*"VCPUS=$vcpus: "})"
fi
