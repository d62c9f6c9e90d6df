#!/usr/bin/env bash
# make native on a real kernel: each built variant's lock objects link,
# every lock function disassembles as in its vmlinux, and one replicate of
# a short job list gives valid, ok records with no stub called.  Skips
# (exit 4) when no variant is built here. A boot test, so that it runs
# after make check has built its kernels (CI builds only some of them);
# LB_NATIVE_KBUILD=dir reads kernels built elsewhere.
. "$(dirname "$0")/../lib.bash"
. "$TOP/scripts/native/common.sh"
[ "$(uname -m)" = x86_64 ] || skip "make native needs x86_64"
grep -m1 '^flags' /proc/cpuinfo | grep -qw constant_tsc || skip "no constant_tsc on this host"
built=()
for v in pre pre-debug post post-debug stock stock-debug; do
	k=$(native_kdir "$v")
	[ -f "$k/vmlinux" ] && [ -f "$k/kernel/locking/spinlock.o" ] && built+=("$v")
done
[ ${#built[@]} -gt 0 ] || skip "no variant's kernel is built (make kernel VARIANT=pre)"
export LB_NATIVE_OUT=$TMP/native
for v in "${built[@]}"; do
	"$TOP/scripts/native/build.sh" "$v" || fail "$v: build or disassembly check failed"
	tail -n 1 "$LB_NATIVE_OUT/$v/disasm-check.txt" | grep -q 'identical' || fail "$v: disassembly check did not pass"
	"$LB_NATIVE_OUT/$v/lb-native" -v "$v" -b 1 -H test -o "$TMP/$v.csv" \
		"kind=empty mode=hot batches=20" "kind=spin_lock mode=hot batches=20" "kind=read_lock mode=hot batches=20" \
		"kind=spin_lock mode=cold batches=3" "kind=spin_lock mode=contended threads=$(nproc) duration_ms=20" ||
		fail "$v: lb-native failed"
	"$TOP/bench-user/lb-validate" "$TMP/$v.csv" >/dev/null || fail "$v: records do not validate"
	awk -F, 'NR == 2 { for (i = 1; i <= NF; i++) h[$i] = i } NR > 2 && $h["status"] != "ok" { bad = 1 } END { exit bad }' "$TMP/$v.csv" || fail "$v: a record is not ok"
	echo "ok: $v: $(tail -n 1 "$LB_NATIVE_OUT/$v/disasm-check.txt"); stubs: $(tr '\n' ' ' <"$LB_NATIVE_OUT/$v/stubs.txt")"
done
# Every built variant in one binary, at a drawn layout (seed 1, the first
# variant twice): each one's lock code is still its vmlinux's, and one
# short process runs them all.
merged=()
for v in "${built[@]}"; do merged+=("$v=$LB_NATIVE_OUT/$v/merged.o"); done
"$TOP/scripts/native/link.sh" "$TMP/all" "$LB_NATIVE_OUT/harness" "$(<"$LB_NATIVE_OUT/${built[0]}/hz")" 1 "${built[0]}" "${merged[@]}" ||
	fail "linking ${built[*]} into one binary failed"
for c in "${built[@]}" "${built[0]}~L2"; do
	v=${c%~L2}
	k=$(native_kdir "$v")
	mapfile -t objs < <(tail -n +2 "$LB_NATIVE_OUT/$v/objects.txt")
	"$TOP/scripts/native/disasm-check.sh" -p "$(native_prefix "$c")" "$TMP/all/lb-native" "$k/vmlinux" "${objs[@]}" >"$TMP/dis" ||
		fail "$c in the one binary: $(<"$TMP/dis")"
done
mkdir "$TMP/one"
"$TMP/all/lb-native" -b 1 -H test -t 20 -s 2 -O "$TMP/one" "kind=spin_lock mode=hot" "kind=spin_lock mode=contended threads=$(nproc) hold_ns=100 parallel_ns=200" ||
	fail "the one binary of ${built[*]} failed"
for c in "${built[@]}" "${built[0]}~L2"; do
	"$TOP/bench-user/lb-validate" "$TMP/one/$c.csv" >/dev/null || fail "$c's records from the one binary do not validate"
done
echo "ok: ${built[*]} (and ${built[0]}~L2) in one binary: disassembly identical, records valid"
