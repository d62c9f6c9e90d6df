# shellcheck shell=bash
# Helpers for the boot tests: boot a variant with a guest script and check
# what came back.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.bash"
# Boots meet this host's own /dev/kvm and share its kept probe verdict.
unset LB_KVM_DEV LB_KVM_VERDICT
VARIANTS_UNDER_TEST=${CHECK_VARIANTS:-stock}
# A test that loops over them would check nothing.
[ -n "${VARIANTS_UNDER_TEST// /}" ] || fail "CHECK_VARIANTS names no variant: name some, e.g. CHECK_VARIANTS='pre-debug stock'"
OUTROOT=${LB_CHECK_DIR:-$TOP/build/check}/boots
mkdir -p "$OUTROOT"

# guest NAME VARIANT "script text" [env...]: boot with a one-off script;
# leaves the boot directory in $B.  Returns qemu-boot.sh's status.  The
# machine is make check's ACCEL, the timed instrument's accelerator
# (default here tcg), unless the test names another (MACHINE=).
guest() {
	local name=$1 v=$2 body=$3
	shift 3
	B=$OUTROOT/$name-$v
	rm -rf "$B"
	printf '#!/bin/sh\n%s\n' "$body" >"$TMP/$name.sh"
	env MACHINE=${ACCEL:-tcg} SCRIPT="$TMP/$name.sh" "$@" "$TOP/scripts/boot/qemu-boot.sh" "$v" "$B"
}

# ktap_ok LOG [N]: LOG (a guest script's output) is one KTAP v1 document
# whose every test passed: the version line, a plan (of N when given)
# that the ok lines match, no "not ok", and the closing summary line.
ktap_ok() {
	local log=$1 want=${2:-} plan nok nbad
	grep -q -x 'KTAP version 1' "$log" || { echo "$log: no 'KTAP version 1' line" >&2; return 1; }
	plan=$(sed -n 's/^1\.\.\([0-9][0-9]*\)$/\1/p' "$log" | head -n 1)
	[ -n "$plan" ] || { echo "$log: no plan line" >&2; return 1; }
	nok=$(grep -c -E '^ok [0-9]+ ' "$log" || true)
	nbad=$(grep -c -E '^not ok [0-9]+ ' "$log" || true)
	[ "$nbad" -eq 0 ] || { grep -E '^not ok' "$log" >&2; return 1; }
	[ "$nok" -eq "$plan" ] || { echo "$log: $nok ok lines, the plan says $plan" >&2; return 1; }
	[ -z "$want" ] || [ "$plan" -eq "$want" ] || { echo "$log: plan of $plan tests, expected $want" >&2; return 1; }
	tail -n 1 "$log" | grep -E -q '^[0-9]+ passed, 0 failed, [0-9]+ skipped$' ||
		{ echo "$log: last line is not 'N passed, 0 failed, K skipped': $(tail -n 1 "$log")" >&2; return 1; }
}

# perf_top_ok PERF_TOP VMLINUX: the summary's symbol lines (not the header,
# which names the job and so always says spin_lock) name a lock function
# this vmlinux defines and a lockbench.ko function, and none of the top 10
# is an unresolved address.  (From kallsyms alone perf 6.1 left a module's
# first samples unresolved; the guest now has lockbench.ko under
# /lib/modules/RELEASE/extra, and perf reads its symbols from the ELF.)
perf_top_ok() {
	nm --target=elf64-x86-64 "$2" | awk '$2 ~ /^[tT]$/ && $3 ~ /^(_raw_(spin|read|write)_|do_raw_|queued_|__(spin|read|write)_lock_debug|__(read|write)_lock_failed)/ { print $3 }' |
		sort -u >"$TMP/lockfns"
	grep -v '^#' "$1" | grep -v '^$' | head -n 10 >"$TMP/top10"
	awk '{ print $NF }' "$TMP/top10" >"$TMP/topsyms"
	if grep -E -q '^0x[0-9a-f]+$' "$TMP/topsyms"; then
		echo "unresolved addresses in the top 10 of $1: $(grep -E '^0x' "$TMP/topsyms" | tr '\n' ' ')" >&2
		return 1
	fi
	grep -F -x -q -f "$TMP/lockfns" "$TMP/topsyms" || { echo "no lock function of $2 in the top 10 of $1" >&2; return 1; }
	grep -q '\[lockbench\] .*lb_' "$TMP/top10" || { echo "no lockbench.ko function in the top 10 of $1" >&2; return 1; }
}
