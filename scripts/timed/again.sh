#!/usr/bin/env bash
# again.sh RUN: make again, as kvm-again.sh does: a new timed run of the same
# variants, job list and settings (accelerator, vCPUs, boots, passes, the
# variant-order seed) as RUN, with the kernels as they are built now.
# Any of VARIANTS, ACCEL, VCPUS, BOOTS, REPEAT, ORDER_SEED given to make
# again overrides the run's own.
. "$(dirname "$0")/../lib.sh"

[ -n "${1:-}" ] || die "make again needs RUN=build/runs/ID: the run to repeat"
[ -e "$1" ] || die "make again: RUN=$1 does not exist; runs are in $LB_BUILD/runs/ (make again RUN=build/runs/latest)"
[ -d "$1" ] || die "make again: RUN=$1 is a file, not a run directory; name one under $LB_BUILD/runs/"
src=$(readlink -f "$1")
[ -f "$src/run.info" ] && [ -f "$src/jobs" ] ||
	die "make again: $1 is not a run directory (it lacks run.info or jobs); name one under $LB_BUILD/runs/"
info() { sed -n "s/^$1=//p" "$src/run.info" | head -n 1; }
for k in run_id variants accel vcpus boots repeat order_seed; do
	[ -n "$(info "$k")" ] || die "make again: $1/run.info has no $k=: not a run that run.sh wrote"
done
for k in vcpus boots repeat order_seed; do
	case $(info "$k") in *[!0-9]*) die "make again: $1/run.info says $k=$(info "$k"): an imported lab run has no settings to repeat here; use make run" ;; esac
done
# The caller's VARIANTS etc. win; the accelerator is asked for by its
# kind (kvm is probed again).  A run on a machine that is no accelerator
# (an instrument's folder, an imported lab run) has none to repeat.
[[ " $(machines yes) " == *" $(info accel) "* ]] ||
	die "make again repeats a timed run, and $1 ran on '$(info accel)', no accelerator of this host's (an instrument's folder, or an imported lab run?): make timed ACCEL=... runs one"
export VARIANTS=${VARIANTS:-$(info variants)} ACCEL=${ACCEL:-$(info accel)}
export VCPUS=${VCPUS:-$(info vcpus)} BOOTS=${BOOTS:-$(info boots)} REPEAT=${REPEAT:-$(info repeat)}
export ORDER_SEED=${ORDER_SEED:-$(info order_seed)} JOBFILE=$src/jobs RERUN_OF=$(info run_id)
exec bash "$LB_TOP/scripts/timed/run.sh"
