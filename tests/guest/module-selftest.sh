#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# module-selftest.sh MODULE.ko: exercise lockbench.ko inside a throwaway
# guest (never on a real host).  Needs root, debugfs, insmod/rmmod and a
# busybox-level userland.  Prints KTAP, one test per check; exits non-zero
# when anything failed.
#
# LB_QUICK=1 runs fewer kinds (the baselines and the contended-graph
# kinds) and shorter jobs.  Kinds come from the contract, /lb/contract.tsv.

. /lb/tests/ktap.sh
LB_CONTRACT=${LB_CONTRACT:-/lb/contract.tsv}
# shellcheck source=../../schema/contract.sh
. "${LB_CONTRACT%.tsv}.sh"
ko=${1:?usage: module-selftest.sh lockbench.ko}
D=/sys/kernel/debug/lockbench
ncpu=$(grep -c '^processor' /proc/cpuinfo)

ok() { ktap_pass "$*"; }
bad() { ktap_fail "$*"; }

# job LINE: run one job; the exit status is the write's.
job() { printf '%s\n' "$1" > "$D/job"; }

# col NAME: that column of the last result, by the header's order.
col() {
	awk -F, -v want="$1" 'NR == FNR { for (i = 1; i <= NF; i++)
		if ($i == want) c = i; next } { print $c }' "$D/header" "$D/result"
}

# expect_ok LINE [STATUS]: job must succeed with status (default ok).
expect_ok() {
	want=${2:-ok}
	if ! job "$1" 2>/tmp/lb.err; then
		bad "'$1' failed: $(cat /tmp/lb.err)"
		return 1
	fi
	st=$(col status)
	if [ "$st" != "$want" ]; then
		bad "'$1' status=$st, want $want"
		return 1
	fi
	ncol=$(tr ',' '\n' < "$D/result" | wc -l)
	if [ "$ncol" != "$nhdr" ]; then
		bad "'$1' has $ncol columns, header has $nhdr"
		return 1
	fi
	ok "'$1' -> $(cat "$D/result")"
}

# expect_err LINE: job must be refused by the write.
expect_err() {
	if job "$1" 2>/dev/null; then
		bad "'$1' was accepted"
	else
		ok "'$1' refused"
	fi
}

ktap_begin
dmesg -c >/dev/null 2>&1
mountpoint -q /sys/kernel/debug 2>/dev/null ||
	mount -t debugfs none /sys/kernel/debug 2>/dev/null

if insmod "$ko"; then ok "insmod"; else bad "insmod"; ktap_end; exit 1; fi

for f in job result header abort; do
	if [ -e "$D/$f" ]; then ok "$f exists"; else bad "$f missing"; fi
done
if cat "$D/result" >/dev/null 2>&1; then
	bad "result readable before any job"
else
	ok "result before any job refused"
fi
nhdr=$(tr ',' '\n' < "$D/header" | wc -l)
case "$(cat "$D/header")" in
kind,mode,threads,*,cs_count,cs_expected,jain,*,all_run_pct) ok "header: $nhdr columns" ;;
*) bad "header: $(cat "$D/header")" ;;
esac

# Every kind but the broken one (tested on its own below).
kinds=$(contract_list kinds test=0)
dur=100
if [ -n "$LB_QUICK" ]; then
	kinds="$(contract_list kinds base=1) $(contract_list kinds cont=1)"
	dur=50
fi
if [ -z "$kinds" ]; then
	bad "no kinds in $LB_CONTRACT"
	ktap_end
	exit 1
fi
th=2
[ "$ncpu" -lt 2 ] && th=1

for k in $kinds; do
	expect_ok "kind=$k mode=hot batches=50 batch_ops=200"
done
if [ "$ncpu" -ge 2 ]; then
	for k in $kinds; do
		expect_ok "kind=$k mode=cold batches=20 batch_ops=20"
	done
else
	expect_err "kind=spin_lock mode=cold"
fi
for k in $kinds; do
	if expect_ok "kind=$k mode=contended threads=$th duration_ms=$dur read_pct=50"; then
		c=$(col cs_count)
		e=$(col cs_expected)
		[ "$c" = "$e" ] && ok "$k: cs_count $c = cs_expected" ||
			bad "$k: cs_count $c != $e"
	fi
done
if expect_ok "kind=spin_lock mode=contended threads=$ncpu duration_ms=$dur hold_ns=200 parallel_ns=500"; then
	# Schema v3: the shared loop's measures are there (the module's
	# own; under TCG their values are QEMU's, not a CPU's).
	j=$(col jain) h=$(col hold_meas_ns) p=$(col par_meas_ns) t=$(col timer_ns) a=$(col all_run_pct)
	case " $j $h $p $t $a " in
	*" 0.000 "* | *"  "*) bad "spin_lock contended: a v3 column is 0 or missing: jain=$j hold=$h par=$p timer=$t all_run=$a" ;;
	*) ok "spin_lock contended: jain=$j hold=$h par=$p timer=$t all_run=$a" ;;
	esac
fi
expect_ok "kind=rwlock_mix mode=contended threads=$ncpu duration_ms=$dur read_pct=90 hold_ns=100"
expect_ok "  kind=spin_lock   mode=hot	batches=1 batch_ops=1  "

# broken_lock must trip the mutual-exclusion check.
if [ "$ncpu" -ge 2 ]; then
	st=
	for try in 1 2 3; do
		job "kind=broken_lock mode=contended threads=$ncpu duration_ms=100" 2>/dev/null
		st=$(col status)
		[ "$st" = mismatch ] && break
	done
	if [ "$st" = mismatch ]; then
		ok "broken_lock: status=mismatch ($(col cs_count) of $(col cs_expected))"
	else
		bad "broken_lock: status=$st"
	fi
	dmesg | grep -q 'MUTUAL EXCLUSION FAILED' && ok "broken_lock: pr_err" ||
		bad "broken_lock: no pr_err"
fi

# Invalid jobs: every one is refused with an error.
big=$(printf 'x%.0s' $(seq 300))
for l in "" "kind=spin_lock" "mode=hot" "kind=nope mode=hot" \
	"kind=spin_lock mode=warm" "kind=spin_lock mode=hot bogus=1" \
	"kind=spin_lock mode=hot threads=0" "kind=spin_lock mode=hot threads=-1" \
	"kind=spin_lock mode=hot threads=$((ncpu + 1))" \
	"kind=spin_lock mode=hot batches=0" "kind=spin_lock mode=hot batches=100001" \
	"kind=spin_lock mode=hot batch_ops=99999999999999999999999" \
	"kind=spin_lock mode=hot duration_ms=10001" "kind=spin_lock mode=hot read_pct=101" \
	"kind=spin_lock mode=hot hold_ns=abc" "kind=spin_lock mode=hot hold_ns=1x" \
	"kind=spin_lock mode=hot hold_ns=" "kind=spin_lock mode=hot =5" \
	"kind=spin_lock mode=hot garbage" "kind=spin_lock kind=spin_lock mode=hot" \
	"kind=spin_lock mode=hot batches=5 batches=5" \
	"kind=broken_lock mode=hot" "kind=broken_lock mode=contended threads=1" \
	"kind=broken_lock mode=cold" "kind=spin_lock mode=hot $big"; do
	expect_err "$l"
done

# A second job while one runs gets EBUSY (dd reports the errno).
job "kind=spin_lock mode=contended threads=1 duration_ms=2000" 2>/dev/null &
bg=$!
sleep 0.5
if echo "kind=spin_lock mode=hot" | dd of="$D/job" 2>/tmp/lb.err; then
	bad "concurrent job accepted"
else
	grep -qi busy /tmp/lb.err && ok "concurrent job: $(grep -i busy /tmp/lb.err)" ||
		bad "concurrent job: $(cat /tmp/lb.err)"
fi
wait $bg && ok "long job finished" || bad "long job failed"

# The abort file stops a running job early, with status=aborted.
t0=$(date +%s)
job "kind=spin_lock mode=contended threads=$ncpu duration_ms=10000"
sleep 1
echo 1 > "$D/abort"
st=$(col status)
t1=$(date +%s)
[ $((t1 - t0)) -lt 6 ] && ok "aborted job ended $((t1 - t0))s after start" ||
	bad "job ran $((t1 - t0))s despite abort"
[ "$st" = aborted ] && ok "aborted job: status=$st" || bad "aborted job: status=$st"

# rmmod during a long job stops it and unloads cleanly: the job runs in
# its own thread, so no open file pins the module.
t0=$(date +%s)
job "kind=rwlock_mix mode=contended threads=$ncpu read_pct=50 duration_ms=10000"
sleep 1
if rmmod lockbench 2>/tmp/lb.rmmod.err; then
	t1=$(date +%s)
	[ $((t1 - t0)) -lt 6 ] && ok "rmmod during a job unloaded after $((t1 - t0))s" ||
		bad "rmmod during a job took $((t1 - t0))s"
else
	bad "rmmod during a job refused: $(cat /tmp/lb.rmmod.err)"
	echo 1 > "$D/abort"
	col status >/dev/null
	rmmod lockbench
fi
grep -q '^lockbench ' /proc/modules && bad "module still loaded" || ok "module unloaded"
[ -d "$D" ] && bad "debugfs dir left after rmmod" || ok "debugfs dir removed"

if dmesg | grep -E 'BUG|WARNING|lockup|stall|Call Trace|hung_task'; then
	bad "kernel log has warnings (above)"
else
	ok "kernel log clean"
fi
ktap_end
