#!/usr/bin/env bash
# The boot path's job list (scripts/boot/jobs.sh) comes from the one job
# file expander (lb-validate --jobs): indented and trailing comments,
# blank lines and continuations read as the native harness reads them,
# threads=SWEEP as 1, 2, ... VCPUS, and a bad job refused by its file and
# line before a guest boots.  The expander's own cases: test_jobfile.c.
. "$(dirname "$0")/../lib.bash"
[ -x "$TOP/bench-user/lb-validate" ] || fail "the tools are not built (make -C bench-user)"
jobs=$TOP/scripts/boot/jobs.sh
cat >"$TMP/a.jobs" <<'JOBS'
# a comment
   # an indented one

kind=spin_lock mode=hot   batches=20 # a trailing one
kind=spin_lock mode=contended \
	threads=SWEEP duration_ms=20
JOBS
got=$(bash "$jobs" "$TMP/a.jobs" 3) || fail "jobs.sh refused a good list"
want="kind=spin_lock mode=hot batches=20
kind=spin_lock mode=contended threads=1 duration_ms=20
kind=spin_lock mode=contended threads=2 duration_ms=20
kind=spin_lock mode=contended threads=3 duration_ms=20"
[ "$got" = "$want" ] || fail "jobs.sh printed:"$'\n'"$got"$'\n'"want:"$'\n'"$want"
echo "ok: comments, a blank line, a continuation and SWEEP to 3 vCPUs"
got=$(bash "$jobs" "$TMP/a.jobs" 1 icount default 2>/dev/null) || fail "jobs.sh icount refused the default-like list"
[ "$got" = "kind=spin_lock mode=hot batches=20 slope=1" ] || fail "icount: $got"
printf 'kind=spin_lock mode=hot\n\nkind=spin_lock \\\n mode=hot pad=3\n' >"$TMP/b.jobs"
expect_error "bad pad" "b.jobs:3: kind=spin_lock mode=hot pad=3: pad=3: not one of 1 2 4" bash "$jobs" "$TMP/b.jobs" 2
