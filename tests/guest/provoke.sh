#!/bin/sh
# Runs inside a throwaway guest only: provoke.sh CASE [WAIT]: run one of
# lockbench.ko's lock-misuse cases (bad_magic, recursion, unlock_unlocked,
# wrong_owner, lockup, write_lockup) so that the host can read the lock
# debug layer's report from the console.  First proves that without
# provoke=1 the control file refuses the case (EPERM), and with it an
# unknown word (EINVAL); after the case, a second one (EBUSY).  Waits up to
# WAIT seconds (default 3) for the case to end; cases that oops their
# thread or hang their CPU never end.  Prints the kernel log and exits:
# /init then saves it, hands back the results and powers off, unless the
# misuse left the guest unable to, when the host's TIMEOUT ends the boot.
# Lines starting "provoke.sh:" also go to the console, which the host
# reads even when the guest does not power off.
c=${1:?usage: provoke.sh CASE [WAIT]}
wait=${2:-3}
D=/sys/kernel/debug/lockbench
say() {
	echo "provoke.sh: $*"
	echo "provoke.sh: $*" > /dev/console
}

mountpoint -q /sys/kernel/debug 2>/dev/null ||
	mount -t debugfs none /sys/kernel/debug 2>/dev/null
insmod /lb/lockbench.ko || { say "insmod failed"; exit 1; }
# dd, unlike the shell's printf, names the errno of a failed write.
if printf '%s\n' "$c" | dd of="$D/provoke" 2>/tmp/pv.err; then
	say "FAIL: $c was accepted without provoke=1"
	exit 1
fi
say "without provoke=1: refused: $(grep -v records /tmp/pv.err)"
rmmod lockbench || { say "rmmod failed"; exit 1; }

insmod /lb/lockbench.ko provoke=1 || { say "insmod provoke=1 failed"; exit 1; }
if printf 'nosuch\n' | dd of="$D/provoke" 2>/tmp/pv.err; then
	say "FAIL: an unknown case was accepted"
	exit 1
fi
say "unknown case: refused: $(grep -v records /tmp/pv.err); $(dmesg | grep -o 'provoke: unknown case.*' | tail -n 1)"
if ! printf '%s\n' "$c" > "$D/provoke" 2>/tmp/pv.err; then
	say "FAIL: writing $c failed: $(cat /tmp/pv.err)"
	exit 1
fi
say "$c: written, waiting up to ${wait}s"
i=0
while [ $i -lt "$wait" ]; do
	# Two-CPU cases print "done" once per thread.
	n=$(dmesg | grep -c "provoke $c: CPU#[0-9]* done")
	case $c in
	wrong_owner | lockup | write_lockup) [ "$n" -ge 2 ] && break ;;
	*) [ "$n" -ge 1 ] && break ;;
	esac
	sleep 1
	i=$((i + 1))
done
say "$c: waited ${i}s"
if printf '%s\n' "$c" | dd of="$D/provoke" 2>/tmp/pv.err; then
	say "FAIL: a second case was accepted"
	exit 1
fi
say "second case: refused: $(grep -v records /tmp/pv.err)"
dmesg
