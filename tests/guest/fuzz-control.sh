#!/bin/sh
# Runs inside the guest: thousands of random and malformed writes to
# lockbench's control file.  Each must fail with an error code (none may
# be accepted as a job), and the guest must stay responsive: a valid job
# still runs afterwards.  KTAP: rejection, a valid job after, rmmod.
. /lb/tests/ktap.sh
n=${1:-2000}
ctl=/sys/kernel/debug/lockbench/job
ktap_begin 3
insmod /lb/lockbench.ko || { ktap_fail "insmod"; ktap_end; exit 1; }
[ -e "$ctl" ] || { ktap_fail "no $ctl"; ktap_end; exit 1; }
accepted=0 rejected=0 i=0
# Structured near-misses first: each is one bad field on a valid job.
for bad in "kind=nosuch mode=hot" "kind=spin_lock mode=warm" "kind=spin_lock mode=hot batches=0" \
	"kind=spin_lock mode=hot batches=-1" "kind=spin_lock mode=hot batches=99999999999999999999" \
	"kind=spin_lock mode=contended threads=999" "kind=spin_lock mode=contended threads=0" \
	"kind=spin_lock mode=contended duration_ms=0" "kind=spin_lock mode=contended duration_ms=86400000" \
	"kind=spin_lock mode=hot bogus=1" "kind=spin_lock mode=hot batches=1x" "kind=spin_lock" "mode=hot" \
	"kind=spin_lock mode=hot mode=hot" "kind=broken_lock mode=hot" "kind= mode=hot" "=" "" \
	"kind=spin_lock mode=hot read_pct=101" "kind=spin_lock mode=hot hold_ns=1000000000"; do
	if printf '%s\n' "$bad" > "$ctl" 2>/dev/null; then
		ktap_note "ACCEPTED: '$bad'"
		accepted=$((accepted + 1))
	else
		rejected=$((rejected + 1))
	fi
done
# Then random bytes and random word soup.
words="kind= mode= threads= hot cold contended spin_lock read_lock = == 1 0 -1 999999 x , ; \\ %s %n" # contract-exempt: fuzz words
while [ $i -lt "$n" ]; do
	i=$((i + 1))
	if [ $((i % 2)) -eq 0 ]; then
		len=$(( $(od -An -N1 -tu1 /dev/urandom) % 200 + 1 ))
		head -c "$len" /dev/urandom > /tmp/fz
	else
		line=""
		for w in $(echo $words | tr ' ' '\n' | shuf -n 4 2>/dev/null); do line="$line$w"; done
		printf '%s\n' "$line" > /tmp/fz
	fi
	if cat /tmp/fz > "$ctl" 2>/dev/null; then
		accepted=$((accepted + 1))
		ktap_note "ACCEPTED: $(od -An -c /tmp/fz | head -n 2 | tr -s ' ')"
	else
		rejected=$((rejected + 1))
	fi
done
if [ $accepted -eq 0 ]; then
	ktap_pass "fuzz: $rejected writes, all rejected"
else
	ktap_fail "fuzz: $accepted of $((rejected + accepted)) writes accepted"
fi
if echo "kind=spin_lock mode=hot batches=10 batch_ops=10" > "$ctl" &&
	grep -q ',ok,' /sys/kernel/debug/lockbench/result; then
	ktap_pass "a valid job runs after fuzzing"
else
	ktap_fail "a valid job runs after fuzzing"
fi
if rmmod lockbench; then ktap_pass "rmmod"; else ktap_fail "rmmod"; fi
ktap_end
