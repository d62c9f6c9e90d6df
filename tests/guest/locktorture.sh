#!/bin/sh
# Runs inside the guest: locktorture for each type in $1 (comma list) for
# $2 seconds each.  Passes when every run ends "End of test: SUCCESS" with
# no writer or reader failures.  Prints "N passed, M failed".
types=${1:-spin_lock,spin_lock_irq,rw_lock,rw_lock_irq}
secs=${2:-10}
ncpu=$(nproc)
pass=0 fail=0
[ -f /lb/torture.ko ] && insmod /lb/torture.ko
for t in $(echo "$types" | tr ',' ' '); do
	dmesg -c > /dev/null
	case $t in
	rw_lock*) args="nwriters_stress=$ncpu nreaders_stress=$ncpu" ;;
	*) args="nwriters_stress=$((2 * ncpu))" ;;
	esac
	if ! insmod /lb/locktorture.ko torture_type="$t" $args stat_interval=0; then
		echo "FAIL $t: insmod failed"
		fail=$((fail + 1))
		continue
	fi
	sleep "$secs"
	rmmod locktorture
	log=$(dmesg)
	end=$(echo "$log" | grep -o 'End of test: [A-Z_]*' | tail -n 1)
	stats=$(echo "$log" | grep -E '(Writes|Reads ):  Total' | tr -s ' ' | tr '\n' ';')
	if [ "$end" = "End of test: SUCCESS" ] && ! echo "$stats" | grep -q 'Fail: [1-9]'; then
		echo "PASS $t ${secs}s: $stats"
		pass=$((pass + 1))
	else
		echo "FAIL $t ${secs}s: ${end:-no end line}: $stats"
		fail=$((fail + 1))
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
