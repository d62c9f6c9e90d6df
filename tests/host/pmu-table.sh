#!/usr/bin/env bash
# pmu-table.sh's figures from a pmu.csv a KVM run would write: the median
# over boots of each boot's median, instructions per cycle from the two
# medians, an event perf could not count shown as such, and a pmu.csv
# whose columns are not the contract's refused by name.
. "$(dirname "$0")/../lib.bash"
export LB_VALIDATE=$TOP/bench-user/lb-validate
. "$TOP/schema/contract.sh"
run=$TMP/run
mkdir -p "$run"
{
	contract_header pmu
	# Boot 1 ran spin_lock twice (passes): its median is 150 cycles.
	echo "post,kvm,1,0,spin_lock,hot,1,100,cycles,100.000,none,100.000,counted"
	echo "post,kvm,1,0,spin_lock,hot,1,100,instructions,300.000,none,100.000,counted"
	echo "post,kvm,1,1,spin_lock,hot,1,100,cycles,200.000,none,100.000,counted"
	echo "post,kvm,1,1,spin_lock,hot,1,100,instructions,300.000,none,100.000,counted"
	echo "post,kvm,2,0,spin_lock,hot,1,100,cycles,1000.000,none,100.000,counted"
	echo "post,kvm,2,0,spin_lock,hot,1,100,instructions,500.000,none,100.000,counted"
	echo "post,kvm,3,0,spin_lock,hot,1,100,cycles,170.000,none,100.000,counted"
	echo "post,kvm,3,0,spin_lock,hot,1,100,instructions,340.000,none,100.000,counted"
	echo "post,kvm,1,2,read_lock,contended,2,90,cycles,0.000,none,0.000,not-supported"
} >"$run/pmu.csv"
"$TOP/scripts/report/pmu-table.sh" "$run" >"$TMP/t.md" 2>"$TMP/err" || fail "pmu-table.sh failed: $(cat "$TMP/err")"
# Boot medians 150, 1000, 170 -> 170 cycles; 300, 500, 340 -> 340
# instructions; 340 / 170 = 2.000 per cycle.
grep -q -x '| post | spin_lock | hot | 1 | 100 | cycles | 3 | 170 | none |  |' "$TMP/t.md" ||
	fail "spin_lock cycles are not the median of boot medians (170): $(cat "$TMP/t.md")"
grep -q -x '| post | spin_lock | hot | 1 | 100 | instructions | 3 | 340 | none | 2.000 |' "$TMP/t.md" ||
	fail "instructions or instructions per cycle wrong: $(cat "$TMP/t.md")"
grep -q -x '| post | read_lock | contended | 2 | 90 | cycles | 0 | not-supported | none |  |' "$TMP/t.md" ||
	fail "an uncounted event is not shown as such: $(cat "$TMP/t.md")"
echo "ok: medians of boot medians, instructions per cycle, uncounted events"

sed -i '1s/running_pct/running/' "$run/pmu.csv"
if "$TOP/scripts/report/pmu-table.sh" "$run" >"$TMP/t.md" 2>"$TMP/err"; then
	fail "a pmu.csv with another header was tabled"
fi
grep -q "pmu.csv: its header is not the contract's" "$TMP/err" || fail "no clear error: $(cat "$TMP/err")"
rm "$run/pmu.csv"
"$TOP/scripts/report/pmu-table.sh" "$run" >/dev/null 2>"$TMP/err" && fail "a run without pmu.csv was tabled"
grep -q "pmu.csv is missing" "$TMP/err" || fail "no clear error for a missing pmu.csv: $(cat "$TMP/err")"
echo "ok: a foreign header and a missing file are refused by name"
