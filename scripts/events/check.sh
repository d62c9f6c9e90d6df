# shellcheck shell=bash
# The events instrument's own settings rule, sourced by check-args.sh when
# make events is among the goals: the smp pass's directory models 2 to 32
# caches (scripts/events/run.sh refuses it again, after the tree is
# there).  It chooses its machines itself (hot: icount, smp: tcg), so
# ACCEL, the timed instrument's setting, is not its.
[[ ! $vcpus =~ ^[0-9]+$ ]] || { [ "$vcpus" -ge 2 ] && [ "$vcpus" -le 32 ]; } ||
	bad "VCPUS=$vcpus: make events' smp pass needs 2 to 32 vCPUs: write e.g. VCPUS=2"
