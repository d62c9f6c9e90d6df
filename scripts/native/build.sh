#!/usr/bin/env bash
# build.sh VARIANT: one variant's part of lb-native, in build/native/VARIANT/.
# The kernel half (bench-user/native/kern) is compiled by the variant's
# own Kbuild (its compiler, flags and headers) and merged with the
# variant's lock objects, as they are, into merged.o (ld -r), which
# link.sh renames and links with any other variants.  Here it is linked
# alone into build/native/VARIANT/lb-native, and
# scripts/native/disasm-check.sh compares every lock function of that
# binary with the variant's vmlinux (make quick's builds, which have
# none: with their lock objects linked alone, native_ref).  LBN_ALONE=0 (run.sh, which links
# and checks the binaries it measures) stops at merged.o.
. "$(dirname "$0")/common.sh"

v=${1:?usage: build.sh VARIANT}
native_need_kernel "$v"
k=$(native_kdir "$v")
out=$LB_NATIVE_OUT/$v
kobj=$out/kobj
nat=$LB_TOP/bench-user/native
mkdir -p "$kobj"

make -s -C "$nat" O="$LB_NATIVE_OUT/harness" || die "the native harness failed to build"

# Kbuild for one object, into our folder only (M=): nothing is written in
# the kernel's build directory.  LBN_KHALF=obj gives a prebuilt one (the
# host tests' stand-in, which have no kernel tree to build it against).
khalf() {
	make -C "$k" M="$kobj" LB_SCHEMA="$LB_TOP/schema" LB_MODSRC="$LB_TOP/bench-module" \
		LB_NATIVE="$nat" lbn_kloops.o >"$kobj/build.log" 2>&1 || {
		cat "$kobj/build.log" >&2
		die "the native kernel half failed to build against $v"
	}
	! grep -E 'warning:' "$kobj/build.log" >&2 || die "the native kernel half built with warnings for $v (see above)"
}
if [ -n "${LBN_KHALF:-}" ]; then
	cp "$LBN_KHALF" "$kobj/lbn_kloops.o"
elif [ -f "$k/lb-quick-objs" ]; then
	# make quick's tree may change between calls (a header the loops
	# inline): Kbuild's own dependency files decide what to rebuild, so
	# the sources keep their times (cp -p).
	cp -p "$nat"/kern/* "$kobj/"
	khalf
elif [ ! -f "$kobj/lbn_kloops.o" ] ||
	[ -n "$(find "$nat" "$LB_TOP/bench-module" "$LB_TOP/schema" "$k/vmlinux" -newer "$kobj/lbn_kloops.o" -print -quit)" ]; then
	cp "$nat"/kern/* "$kobj/"
	rm -f "$kobj/lbn_kloops.o"
	khalf
fi
hz=$(sed -n 's/^CONFIG_HZ=//p' "$k/.config")
mapfile -t locks < <(native_lock_objs "$k")
printf '%s\n' "$kobj/lbn_kloops.o" "${locks[@]}" >"$out/objects.txt"
ld -r -z noexecstack -o "$out/merged.o" "$kobj/lbn_kloops.o" "${locks[@]}" || die "native $v: ld -r of its objects failed"
echo "${hz:-250}" >"$out/hz"
# run.sh links and checks the binaries it measures itself (LBN_ALONE=0).
if [ "${LBN_ALONE:-1}" = 0 ]; then
	note "native $v: ${out#"$LB_TOP"/}/merged.o"
	exit 0
fi
"$LB_TOP/scripts/native/link.sh" "$out" "$LB_NATIVE_OUT/harness" "${hz:-250}" 0 - "$v=$out/merged.o"
ref=$(native_ref "$k" "${locks[@]}")
"$LB_TOP/scripts/native/disasm-check.sh" -p "$(native_prefix "$v")" "$out/lb-native" "$ref" "${locks[@]}" >"$out/disasm-check.txt" || {
	cat "$out/disasm-check.txt" >&2
	die "native $v: the binary's lock code is not ${ref##*/}'s (see above): refusing to measure it"
}
mapfile -t stubs <"$out/stubs.txt"
mapfile -t check <"$out/disasm-check.txt"
note "native $v: ${out#"$LB_TOP"/}/lb-native (${#stubs[@]} stubs; ${check[-1]})"
