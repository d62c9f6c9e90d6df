#!/usr/bin/env bash
# make timed (make run): the timed instrument.  Boots each variant BOOTS
# times (default 10), running the job list REPEAT times (default 3) per
# boot on VCPUS vCPUs (default 2), under the accelerator ACCEL: auto (KVM
# where a bounded probe boot works, else TCG), kvm or tcg (the rows of
# scripts/boot/machines.tsv that are accelerators).  The run directory is
# build/runs/NAME itself (NAME= or the UTC time make started), linked as
# build/runs/latest once it has records; perf then records a contended
# spin_lock job on each variant (PERF=0: not).  The boots, shuffled round
# by round, are the shared loop's (scripts/boot/loop.sh).
. "$(dirname "$0")/../lib.sh"
. "$LB_TOP/schema/contract.sh"

accel_ok "${ACCEL:-auto}"
vcpus=${VCPUS:-2}
perf_job=
[ "${PERF:-1}" != 1 ] || perf_job="kind=spin_lock mode=contended threads=$vcpus duration_ms=1000 hold_ns=100 parallel_ns=200"
origin=user
[ -n "${JOBFILE:-}" ] || origin=default
name=$(run_name)
MACHINE=${ACCEL:-auto} VCPUS=$vcpus BOOTS=${BOOTS:-10} REPEAT=${REPEAT:-3} JOBFILE=${JOBFILE:-$LB_TOP/bench-user/jobs/default.jobs} \
	JOBS_ORIGIN=$origin PERF_AFTER=$perf_job LATEST=1 exec bash "$LB_TOP/scripts/boot/loop.sh" "$LB_BUILD/runs/$name" "$name"
