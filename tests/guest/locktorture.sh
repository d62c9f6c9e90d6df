#!/bin/sh
# Runs inside the guest: locktorture for each type in $1 (comma list) for
# $2 seconds each.  Passes when every run ends "End of test: SUCCESS" with
# no writer or reader failures.  KTAP, one test per type.
. /lb/tests/ktap.sh
types=${1:-spin_lock,spin_lock_irq,rw_lock,rw_lock_irq} # contract-exempt: locktorture's torture_type names
secs=${2:-10}
ncpu=$(nproc)
ktap_begin "$(echo "$types" | tr ',' '\n' | grep -c .)"
[ -f /lb/torture.ko ] && insmod /lb/torture.ko
for t in $(echo "$types" | tr ',' ' '); do
	dmesg -c > /dev/null
	case $t in
	rw_lock*) args="nwriters_stress=$ncpu nreaders_stress=$ncpu" ;;
	*) args="nwriters_stress=$((2 * ncpu))" ;;
	esac
	if ! insmod /lb/locktorture.ko torture_type="$t" $args stat_interval=0; then
		ktap_fail "$t: insmod failed"
		continue
	fi
	sleep "$secs"
	rmmod locktorture
	log=$(dmesg)
	end=$(echo "$log" | grep -o 'End of test: [A-Z_]*' | tail -n 1)
	stats=$(echo "$log" | grep -E '(Writes|Reads ):  Total' | tr -s ' ' | tr '\n' ';')
	if [ "$end" = "End of test: SUCCESS" ] && ! echo "$stats" | grep -q 'Fail: [1-9]'; then
		ktap_pass "$t ${secs}s: $stats"
	else
		ktap_fail "$t ${secs}s: ${end:-no end line}: $stats"
	fi
done
ktap_end
