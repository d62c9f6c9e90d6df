#!/usr/bin/env bash
# console-scan.sh LOG: print every line of a guest console log that shows a
# kernel fault (oops, BUG, WARNING, lockup, RCU stall, hung task, panic), as
# kvm.sh's parse-console.sh does.  Exit 1 if there is any, 0 if clean.
set -u
log=${1:?usage: console-scan.sh LOG}
[ -r "$log" ] || { echo "console-scan: cannot read $log" >&2; exit 2; }
pat='Kernel panic|Oops|BUG:|kernel BUG|WARNING:|general protection fault|soft lockup|hard LOCKUP|spinlock lockup|lockup suspected|rcu.*detected stall|self-detected stall|detected stalls on CPU|rcu_.*kthread starved|blocked for more than [0-9]+ seconds|Call Trace:|Unknown symbol|invalid opcode:|bad magic'
if grep -a -n -E "$pat" "$log"; then
	exit 1
fi
exit 0
