# shellcheck shell=bash
# icount's own settings rule, sourced by check-args.sh when make pathlen is
# among the goals: make pathlen always counts under icount, which runs 1
# vCPU (lib.sh, LB_ICOUNT_WHY_1CPU); inside make all, VCPUS is the timed
# run's.
if [[ $vcpus =~ ^[0-9]+$ ]] && [ "$vcpus" != 1 ] && ! has all; then
	bad "make pathlen counts under ACCEL=icount, which runs on 1 vCPU, not VCPUS=$vcpus: drop VCPUS= ($LB_ICOUNT_WHY_1CPU)"
fi
