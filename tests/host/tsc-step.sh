#!/usr/bin/env bash
# scripts/report/tsc-step.sh: a run that measured its TSC's step says so;
# one from before that gets the step its hot figures show (every one a
# multiple of 26 ticks per 1000-op batch: 26), one whose figures share
# no step gets 1, and one with no hot figure says none.
. "$(dirname "$0")/../lib.bash"
TS=$TOP/scripts/report/tsc-step.sh
run=$TMP/native
mkdir -p "$run"
# A records file: the version line, the header, then RECORDS as
# "mode cyc_op" pairs (the other columns as a real file has them).
records() { # file mode:cyc_op...
	local f=$1
	shift
	{
		echo "#lockbench-results v2"
		echo "variant,boot,kind,mode,batch_ops,status,overhead_cyc,cyc_op,cyc_p25,cyc_p75"
		for r; do echo "pre,1,spin_lock,${r%%:*},1000,ok,0.754,${r#*:},${r#*:},${r#*:}"; done
	} >"$f"
}
echo "run_id=x" >"$run/run.info"
records "$run/pre.csv" hot:5.564 hot:5.590 hot:14.742 hot:0.026 cold:1.001
[ "$("$TS" "$run")" = "26 inferred" ] || fail "multiples of 0.026 gave $("$TS" "$run"), want 26 inferred"
records "$run/pre.csv" hot:5.564 hot:5.591 hot:14.742 hot:0.026
[ "$("$TS" "$run")" = "1 inferred" ] || fail "figures of no common step gave $("$TS" "$run"), want 1 inferred"
records "$run/pre.csv" cold:5.564
[ "$("$TS" "$run")" = "1 none" ] || fail "a run with no hot figure gave $("$TS" "$run"), want 1 none"
echo "tsc_step=27" >>"$run/run.info"
[ "$("$TS" "$run")" = "27 measured" ] || fail "a measured step gave $("$TS" "$run"), want 27 measured"
echo "ok: measured, inferred from the figures, or none"
