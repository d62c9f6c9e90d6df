#!/usr/bin/env bash
# Negative tests of the lock debug layers: each misuses a lock on purpose
# (lockbench.ko loaded with provoke=1, tests/guest/provoke.sh, one
# throwaway TCG boot per case) and checks the console for what that
# layer prints, or for its silence where it had no check:
#
#   case             pre-debug (2.6.13 magic)   post-debug (2.6.14 debug)
#   bad_magic        "eip: <caller>", BUG()     BUG: spinlock bad magic
#   recursion        nothing (hangs)            BUG: spinlock recursion
#   unlock_unlocked  BUG()                      BUG: spinlock already unlocked
#   wrong_owner      nothing                    BUG: spinlock wrong owner
#   lockup           nothing (waits 12 s)       BUG: spinlock lockup
#   write_lockup     nothing (waits 12 s)       BUG: write-lock lockup
#
# A task taking its own lock again trips both of 6.1's recursion checks;
# the first, "recursion", is the one printed: a report turns debug_locks
# off, so later checks stay silent (the bad_magic, unlock_unlocked and
# wrong_owner cases check that exactly one line is printed).
#
# The lockup cases boot with lpj=$LPJ (LB_PV_LPJ): the 2.6.14 loop polls
# loops_per_jiffy * HZ times before it reports, and under TCG a round
# (cpu_relax(), whose PAUSE leaves the translated code, and a trylock)
# took about 0.36 us on a 2-CPU host: lpj=200000 (5e7 rounds at HZ=250)
# did not report within the case's 12 s hold, lpj=20000 reports after
# about 1.8 s.  The hold stays under 6.1's soft-lockup (20 s) and RCU stall
# (21 s) limits, and the cases that hang a CPU for good are killed at
# TIMEOUT=$HANG_TIMEOUT, before 6.1's own detectors would speak: a
# "nothing" above means no report from the lock layer or anything else.
# Every boot also shows that the control file refuses the case (EPERM)
# when the module was loaded without provoke=1, an unknown word (EINVAL)
# and a second case in one load (EBUSY).
. "$(dirname "$0")/lib.bash"
. "$TOP/scripts/lib.sh"
CASES=${LB_PV_CASES:-bad_magic recursion unlock_unlocked wrong_owner lockup write_lockup}
LPJ=${LB_PV_LPJ:-20000}
HANG_TIMEOUT=20
variants=()
# The legacy layers with debugging on, by their fragments (lib.sh's rule).
for v in $VARIANTS_UNDER_TEST; do
	if [ "$(variant_debug "$v")" = on ] && [ "$(variant_lock "$v")" != stock ]; then variants+=("$v"); fi
done
checked ${#variants[@]} "neither pre-debug nor post-debug is under test (CHECK_VARIANTS=$VARIANTS_UNDER_TEST): name one, e.g. CHECK_VARIANTS=post-debug"

# want VARIANT CASE: the console line the layer must print (an extended
# regex), or "none".
want() {
	case $1:$2 in
	pre-debug:bad_magic) echo 'eip: lb_pv_bad_magic\+0x[0-9a-f]+/0x[0-9a-f]+ \[lockbench\]' ;;
	pre-debug:unlock_unlocked) echo 'kernel BUG at [./a-z0-9-]*include/linux/spinlock\.h:[0-9]+!' ;;
	pre-debug:*) echo none ;;
	post-debug:bad_magic) echo 'BUG: spinlock bad magic on CPU#0, lockbench-pv/0/' ;;
	post-debug:recursion) echo 'BUG: spinlock recursion on CPU#0, lockbench-pv/0/' ;;
	post-debug:unlock_unlocked) echo 'BUG: spinlock already unlocked on CPU#0, lockbench-pv/0/' ;;
	post-debug:wrong_owner) echo 'BUG: spinlock wrong owner on CPU#1, lockbench-pv/1/' ;;
	post-debug:lockup) echo 'BUG: spinlock lockup on CPU#1, lockbench-pv/1/' ;;
	post-debug:write_lockup) echo 'BUG: write-lock lockup on CPU#1, lockbench-pv/1/' ;;
	esac
}

# reports LOG: every report in it (console-scan.sh's faults: the lock
# layers' BUG lines, oopses, 6.1's own lockup and stall detectors) and
# 2.6.13's "eip:" line.  Fails when there is none.
reports() {
	{ "$TOP/scripts/boot/console-scan.sh" "$1" || true; } | cut -d: -f2-
	grep -a 'eip: ' "$1" || true
}
t0=$EPOCHSECONDS
for v in "${variants[@]}"; do
	for c in $CASES; do
		w=$(want "$v" "$c")
		args=(VCPUS=2 "TIMEOUT=$HANG_TIMEOUT")
		wait=3
		case $c in
		lockup | write_lockup) args=(VCPUS=2 TIMEOUT=40 APPEND="lpj=$LPJ") wait=25 ;;
		esac
		s=$EPOCHSECONDS
		guest "pv-$c" "$v" "/lb/tests/provoke.sh $c $wait" "${args[@]}" || true
		st=$(cat "$B/status")
		log=$TMP/$v-$c.log
		# A guest killed at TIMEOUT hands back no dmesg.txt: the console only.
		cat "$B/console.log" >"$log"
		[ ! -f "$B/guest/dmesg.txt" ] || cat "$B/guest/dmesg.txt" >>"$log"
		sed -i 's/\r$//' "$log"
		con=$(tr -d '\r' <"$B/console.log")
		case $st in
		ok | fault | boot-timeout) ;;
		*) fail "$v $c: boot status $st: $(tail -n 5 "$B/console.log")" ;;
		esac
		# provoke.sh's own lines: from its output when the guest handed it
		# back, else from the console, where a kernel message can land in
		# the middle of one (seen: "Devic[ 1.406183] input: ...e or
		# resource busy").
		# A hung case hands back no script.log: its lines come from the
		# console, with any kernel line printed in the middle of one taken
		# out (seen: "Inva[ 1.734572] lockbench: provoke recursion:
		# started on CPU#0" then "lid argument; ...").
		if [ -f "$B/guest/script.log" ]; then
			said=$(tr -d '\r' <"$B/guest/script.log")
		else
			said=$(perl -0pe 's/(?<=[^\n])\[ *[0-9]+\.[0-9]+\] [^\n]*\n//g' <<<"$con")
		fi
		grep -a -q -E 'provoke.sh: without provoke=1: refused: .*Operation not permitted' <<<"$said" ||
			fail "$v $c: no EPERM refusal without provoke=1"
		grep -a -q -E 'provoke.sh: unknown case: refused: .*Invalid argument; provoke: unknown case; accepted: bad_magic recursion' <<<"$said" ||
			fail "$v $c: an unknown case was not refused with EINVAL and the list of cases"
		grep -a -q -E 'provoke.sh: second case: refused: .*Device or resource busy' <<<"$said" ||
			fail "$v $c: a second case was not refused with EBUSY"
		grep -a -q "provoke $c: started on CPU#" "$log" || fail "$v $c: the case did not start"
		if [ "$w" = none ]; then
			bad=$(reports "$log")
			[ -z "$bad" ] || fail "$v $c: expected no report (2.6.13 had no such check), got: $(head -n 3 <<<"$bad")"
			case $c in
			recursion)
				grep -a -q 'provoke recursion: CPU#0 takes the lock it holds' "$log" ||
					fail "$v $c: the second spin_lock was never tried"
				! grep -a -q 'second spin_lock returned' "$log" ||
					fail "$v $c: the second spin_lock returned"
				seen="CPU#0 hung in its second spin_lock, no report"
				;;
			wrong_owner)
				[ "$(grep -a -c 'provoke wrong_owner: CPU#[01] done' "$log")" -ge 2 ] ||
					fail "$v $c: the threads did not finish"
				seen="CPU#1 released CPU#0's lock, no report"
				;;
			*)
				ms=$(sed -n "s/.*provoke $c: CPU#1 got the lock after \([0-9]*\) ms.*/\1/p" "$log" | head -n 1)
				[ -n "$ms" ] || fail "$v $c: the waiter never got the lock"
				[ "$ms" -ge 10000 ] || fail "$v $c: the waiter got the lock after only $ms ms"
				seen="CPU#1 waited $ms ms for the lock, no report"
				;;
			esac
		else
			line=$(grep -a -m 1 -E "$w" "$log") ||
				fail "$v $c: no /$w/ on the console (status $st); reports: $(reports "$log" | head -n 3)"
			seen=$line
			case $v:$c in
			pre-debug:bad_magic | pre-debug:unlock_unlocked)
				bug=$(grep -a -m 1 -E 'kernel BUG at [./a-z0-9-]*include/linux/spinlock\.h:[0-9]+!' "$log") ||
					fail "$v $c: no 'kernel BUG at ...include/linux/spinlock.h'"
				# The BUG() is in the lock's own out-of-line function.
				fn=_raw_spin_lock
				[ "$c" = bad_magic ] || fn=_raw_spin_unlock
				rip=$(grep -a -m 1 -E "RIP: [0-9]+:$fn\+" "$log") || fail "$v $c: the oops is not in $fn"
				seen="$bug | ${rip#*] }"
				[ "$c" = unlock_unlocked ] || seen="$line | $seen"
				;;
			post-debug:recursion)
				# Same task, same CPU: only the first check reports.
				! grep -a -q 'BUG: spinlock cpu recursion' "$log" ||
					fail "$v $c: 'cpu recursion' was printed too"
				;;
			post-debug:bad_magic | post-debug:unlock_unlocked | post-debug:wrong_owner)
				n=$(grep -a -c 'BUG: spinlock' <<<"$con")
				[ "$n" -eq 1 ] || fail "$v $c: $n 'BUG: spinlock' lines on the console, want 1 (debug_locks_off)"
				;;
			post-debug:lockup | post-debug:write_lockup)
				# Reported while waiting, before the lock was got.
				got=$(grep -a -n "provoke $c: CPU#1 got the lock after" <<<"$con" | cut -d: -f1)
				rep=$(grep -a -n -m 1 -E "$w" <<<"$con" | cut -d: -f1)
				[ -n "$got" ] || fail "$v $c: the waiter never got the lock"
				[ -n "$rep" ] || fail "$v $c: no report on the console itself"
				[ "$rep" -lt "$got" ] || fail "$v $c: the report came after the lock was got"
				;;
			esac
			[ "$v:$c" != pre-debug:unlock_unlocked ] || ! grep -a -q 'eip: ' "$log" ||
				fail "$v $c: the lock-side 'eip:' report fired on unlock"
		fi
		echo "ok: $v $c ($st, $(($EPOCHSECONDS - s))s): $seen"
	done
done
echo "ok: ${#variants[@]} variants x $(wc -w <<<"$CASES") cases in $(($EPOCHSECONDS - t0))s"
