#!/usr/bin/env bash
# tests/disasm/run.sh: self-test of tests/harness/check-disasm.sh on a tiny linked
# ELF that holds the legacy lock sequences (legacy.S), once intact and once
# with spin_lock's "lock decb" replaced (-DBROKEN), which must be reported.
set -u
here=$(cd "$(dirname "$0")" && pwd)
chk=$here/../harness/check-disasm.sh
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
rc=0
for v in good bad; do
	mkdir -p "$t/$v"
	def=; [ $v = bad ] && def=-DBROKEN
	gcc -c $def -o "$t/$v/l.o" "$here/legacy.S" &&
		ld -e _raw_spin_lock -o "$t/$v/vmlinux" "$t/$v/l.o" || { echo "FAIL: cannot build fixture"; exit 1; }
	printf 'CONFIG_X86_SPINLOCK_LEGACY_2613=y\n' > "$t/$v/.config"
	out=$("$chk" "$t/$v" pre off 2>&1); r=$?
	if [ $v = good ] && [ $r != 0 ]; then echo "FAIL: good fixture rejected:"; echo "$out"; rc=1; fi
	if [ $v = bad ]; then
		if [ $r = 0 ] || ! grep -q 'spin_lock.*lock.decb' <<<"$out"; then
			echo "FAIL: broken fixture not reported:"; echo "$out"; rc=1
		fi
	fi
	# The same ELF is not a stock build.
	[ $v = good ] && { "$chk" "$t/$v" stock off >/dev/null 2>&1 && { echo "FAIL: stock accepted legacy code"; rc=1; }; }
done
[ $rc = 0 ] && echo "tests/disasm: PASS"
exit $rc
