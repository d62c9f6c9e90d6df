#!/usr/bin/env bash
# Host-side code never loads a kernel module.  Two checks: no host-side
# file calls insmod, modprobe or the module syscalls; and the host tools,
# run under strace, make no init_module/finit_module/delete_module call
# (and find shimmed insmod/modprobe/rmmod first on PATH unused).
. "$(dirname "$0")/../lib.bash"
cd "$TOP"
# Guest-side files (they run inside QEMU) are the only allowed users.
hits=$(git grep -n -I -E '\b(insmod|modprobe|rmmod|finit_module|init_module|delete_module)\b' -- \
	scripts bench-user plots Makefile .ci ':!bench-user/guest' 2>/dev/null |
	grep -v -E '^[^:]+:[0-9]+:\s*(#|//|\*|/\*)' || true)
[ -z "$hits" ] || fail "host-side code mentions module loading:
$hits"
echo "ok: no host-side module loading in scripts/, bench-user/ (host tools), plots/, Makefile, .ci/"

command -v strace >/dev/null || skip "strace not installed"
mkdir -p "$TMP/shim"
for t in insmod modprobe rmmod; do
	printf '#!/bin/sh\necho "%s $*" >> %s/shim.log\nexit 1\n' "$t" "$TMP" >"$TMP/shim/$t"
	chmod +x "$TMP/shim/$t"
done
trace() { # trace WHAT command...: run under strace, fail on any module syscall
	local what=$1
	shift
	PATH="$TMP/shim:$PATH" strace -f -qq -o "$TMP/strace" -e trace=init_module,finit_module,delete_module "$@" \
		>/dev/null 2>&1 || true
	! grep -E 'init_module|delete_module' "$TMP/strace" || fail "$what made a module syscall"
}
fx=$TOP/tests/unit/fixtures
set -- "$fx"/*.csv
[ -f "$1" ] || fail "no fixtures in $fx"
n=$#
# One strace over every host tool (it follows each child): one start-up of
# strace, not one per file.
# shellcheck disable=SC2016 # expanded by that bash
trace "the host tools" bash -c 'v=$1 fx1=$2 t=$3 top=$4
	shift 4
	for f; do "$v" "$f"; done
	"${v%/*}/lb-stat" summary -o "$t/summary.csv" "$fx1"
	"$top/scripts/boot/console-scan.sh" "$top/tests/fixtures/console/oops.log"
	VARIANTS=nosuch "$top/scripts/timed/run.sh"
	exit 0' _ "$TOP/bench-user/lb-validate" "$1" "$TMP" "$TOP" "$@"
[ ! -s "$TMP/shim.log" ] || fail "a host tool ran a module loader: $(cat "$TMP/shim.log")"
echo "ok: host tools ran under strace ($n fixture validations, compare, scan, run) with no module syscalls"
