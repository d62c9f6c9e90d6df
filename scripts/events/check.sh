# shellcheck shell=bash
# The events instrument's own settings rules, sourced by check-args.sh when
# make events is among the goals: a TCG plugin, whose passes choose their
# accelerator (hot: icount, smp: TCG); the smp pass's directory models 2
# to 32 caches (scripts/events/run.sh refuses both again, after the tree
# is there).
[ "$accel" != kvm ] ||
	bad "ACCEL=kvm: the events instrument is a TCG plugin, and its passes choose their accelerator themselves (hot: icount, smp: tcg): drop ACCEL="
[[ ! $vcpus =~ ^[0-9]+$ ]] || { [ "$vcpus" -ge 2 ] && [ "$vcpus" -le 32 ]; } ||
	bad "VCPUS=$vcpus: make events' smp pass needs 2 to 32 vCPUs: write e.g. VCPUS=2"
