#!/usr/bin/env bash
# make icount (make pathlen): the icount instrument.  Boots each variant
# BOOTS_ICOUNT times (default 2) on the icount machine (QEMU's
# instruction counter, 1 vCPU: scripts/boot/machines.tsv), one pass of
# the job list's hot jobs each, with slope=1 (scripts/boot/jobs.sh), into
# build/runs/NAME/icount (NAME= or the UTC time make started), through
# the shared loop (scripts/boot/loop.sh); then the path-length tables and
# their graph.  The counts are exact, so two boots show they repeat.
. "$(dirname "$0")/../lib.sh"

name=$(run_name)
run=$LB_BUILD/runs/$name/icount
origin=user
[ -n "${JOBFILE:-}" ] || origin=default
MACHINE=icount VCPUS=1 BOOTS=${BOOTS_ICOUNT:-2} REPEAT=1 JOBFILE=${JOBFILE:-$LB_TOP/bench-user/jobs/default.jobs} \
	JOBS_ORIGIN=$origin PERF_AFTER= LATEST=0 bash "$LB_TOP/scripts/boot/loop.sh" "$run" "$name-icount"
bash "$LB_TOP/scripts/icount/table.sh" "$run"
bash "$LB_TOP/scripts/icount/plot.sh" "$run"
