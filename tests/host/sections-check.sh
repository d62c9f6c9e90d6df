#!/usr/bin/env bash
# scripts/native/sections-check.sh: every process's contended hold and
# parallel sections against what the job asked, within 3%.  A small
# sections.csv with sections just inside and just outside on each side,
# a hot row it must leave alone, and bad input refused.
# shellcheck source=tests/lib.bash
. "$(dirname "$0")/../lib.bash"
chk=$TOP/scripts/native/sections-check.sh
cat >"$TMP/s.csv" <<'CSV'
variant,boot,kind,mode,threads,read_pct,hold_ns,parallel_ns,hold_measured_ns,parallel_measured_ns,timer_ns_per_op
pre,1,spin_lock,contended,1,100,100,200,100.0,200.0,80.15
pre,1,spin_lock,contended,2,100,100,200,97.1,205.9,80.15
pre,2,spin_lock,contended,1,100,100,200,96.9,200.0,80.15
pre,2,spin_lock,contended,2,100,100,200,100.0,206.1,80.15
post,1,empty,contended,2,100,0,0,0.0,0.0,80.15
post,1,spin_lock,hot,1,100,0,200,0.0,150.0,0.04
CSV
rc=0
out=$("$chk" "$TMP/s.csv") || rc=$?
[ $rc = 1 ] || fail "two sections off by over 3%: want exit 1, got $rc: $out"
mapfile -t lines <<<"$out"
[ "${lines[-1]}" = "sections: hold 1 of 4 and parallel 1 of 4 outside +-3% (contended, per process)" ] ||
	fail "wrong counts: $out"
[[ $out == *"off: hold 96.9 ns of 100: pre spin_lock threads=1 process 2"* ]] || fail "the short hold is not named: $out"
[[ $out == *"off: parallel 206.1 ns of 200: pre spin_lock threads=2 process 2"* ]] || fail "the long parallel is not named: $out"
echo "ok: ${lines[-1]}"
# A wider tolerance lets both through.
"$chk" "$TMP/s.csv" 5 >/dev/null || fail "within 5% everything passes"
expect_error "not a sections file" "not a sections.csv" "$chk" "$TOP/README.md"
expect_error "no file" "no sections file" "$chk" "$TMP/none.csv"
expect_error "bad percentage" "want a percentage" "$chk" "$TMP/s.csv" 3x
