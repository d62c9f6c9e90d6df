#!/usr/bin/env bash
# initramfs.sh base | VARIANT: build the guest's initramfs pieces.
#   base:    busybox, /init, the guest runner and Debian's perf with its
#            shared libraries, shared by every variant (build/initramfs/base.cpio)
#   VARIANT: that variant's lockbench.ko and locktorture modules
#            (build/kernel/VARIANT/lb-modules.cpio; variant_path ... state)
# The launcher appends a small per-boot archive (jobs or script); the kernel
# unpacks concatenated newc archives in order.
. "$(dirname "$0")/../lib.sh"

mkcpio() { # dir out
	(cd "$1" && find . -print0 | LC_ALL=C sort -z |
		cpio --null -o -H newc --owner 0:0 --quiet) >"$2.tmp"
	mv "$2.tmp" "$2"
}

copy_with_libs() { # binary stage
	local bin=$1 stage=$2 lib
	install -D -m 0755 "$bin" "$stage$bin"
	for lib in $(ldd "$bin" | awk '/=>/ { print $3 } /^[[:space:]]*\/lib/ { print $1 }'); do
		[ -f "$lib" ] || continue
		install -D -m 0755 "$(readlink -f "$lib")" "$stage$lib"
	done
}

what=${1:?usage: initramfs.sh base|VARIANT}
if [ "$what" = base ]; then
	runner=${LB_RUNNER:-$LB_TOP/bench-user/lb-guest}
	# Every booting step asks for base.cpio; it is rebuilt only when one of
	# its inputs changed (their names, sizes and times, and the contract).
	key=$( {
		echo "perf=${LB_NO_PERF:-0}"
		stat -L -c '%n %s %Y' /usr/bin/busybox /usr/bin/perf "$LB_TOP/bench-user/guest/init" \
			"$LB_TOP"/tests/guest/*.sh "$LB_TOP/schema/contract.sh" "$runner" \
			"$LB_TOP/bench-user/lb-validate" "$0" 2>&1
	} | md5sum)
	old_key=$(cat "$LB_BUILD/initramfs/base.key" 2>/dev/null) || true
	if [ -f "$LB_BUILD/initramfs/base.cpio" ] && [ "$old_key" = "$key" ]; then
		exit 0
	fi
	stage=$LB_BUILD/initramfs/stage
	rm -rf "$stage" "$LB_BUILD/initramfs/base.key"
	mkdir -p "$stage"/{bin,lb/tests,lb-out,proc,sys,dev,tmp}
	[ -x /usr/bin/busybox ] || die "busybox-static is missing: run 'make deps'"
	busybox_type=$(file -L /usr/bin/busybox 2>/dev/null) || true
	[[ $busybox_type == *'statically linked'* ]] ||
		die "/usr/bin/busybox is not static: install busybox-static ('make deps')"
	install -m 0755 /usr/bin/busybox "$stage/bin/busybox"
	install -m 0755 "$LB_TOP/bench-user/guest/init" "$stage/init"
	# Guest-side test scripts, run by the boot tests via SCRIPT= (in
	# lb/tests, made above).
	install -m 0755 "$LB_TOP"/tests/guest/*.sh "$stage/lb/tests/"
	# The contract for them: the guest has no lb-validate, so its
	# --describe output travels as /lb/contract.tsv, with the shell reader.
	[ -x "$LB_TOP/bench-user/lb-validate" ] || die "bench-user/lb-validate is not built: run 'make -C bench-user'"
	"$LB_TOP/bench-user/lb-validate" --describe >"$stage/lb/contract.tsv"
	install -m 0644 "$LB_TOP/schema/contract.sh" "$stage/lb/contract.sh"
	[ -x "$runner" ] || die "$runner is not built: run 'make -C bench-user'"
	install -m 0755 "$runner" "$stage/bin/lb-guest"
	if [ "${LB_NO_PERF:-0}" != 1 ]; then
		[ -x /usr/bin/perf ] || die "/usr/bin/perf is missing: install linux-perf ('make deps')"
		copy_with_libs /usr/bin/perf "$stage"
	fi
	mkcpio "$stage" "$LB_BUILD/initramfs/base.cpio"
	echo "$key" >"$LB_BUILD/initramfs/base.key"
	# Built with the tests' settings: the Makefile asks again after them.
	if [ -n "${LB_NO_PERF:-}${LB_RUNNER:-}" ]; then
		echo "LB_NO_PERF=${LB_NO_PERF:-} LB_RUNNER=${LB_RUNNER:-}" >"$LB_BUILD/initramfs/base.settings"
	elif [ -e "$LB_BUILD/initramfs/base.settings" ]; then
		rm -f "$LB_BUILD/initramfs/base.settings"
	fi
	size=$(du -m "$LB_BUILD/initramfs/base.cpio") || true
	note "initramfs: base.cpio ${size%%[[:space:]]*} MiB"
	exit 0
fi

v=$what
variant_fragments "$v" >/dev/null
kdir=$(variant_path "$v" kdir)
state=$(variant_path "$v" state)
stage=$state/lb-modules.stage
ko=$LB_BUILD/module/$v/lockbench.ko
[ -f "$ko" ] || die "$ko is not built: run 'make module VARIANT=$v'"
# lockbench.ko and the locktorture modules the kernel built, in one install.
mods=("$ko")
for m in kernel/torture.ko kernel/locking/locktorture.ko; do
	[ ! -f "$kdir/$m" ] || mods+=("$kdir/$m")
done
# Every booting step asks for it too: rebuilt only when an input changed
# (the modules' and the kernel release's names, sizes and times to the
# nanosecond, and this script).
key=$(stat -L -c '%n %s %.9Y' "${mods[@]}" "$kdir/include/config/kernel.release" "$0" 2>&1) || true
old_key=$(cat "$state/lb-modules.key" 2>/dev/null) || true
if [ -f "$state/lb-modules.cpio" ] && [ "$old_key" = "$key" ]; then
	exit 0
fi
rm -rf "$stage" "$state/lb-modules.key"
mkdir -p "$stage/lb" # and $state
install -m 0644 "${mods[@]}" "$stage/lb/"
# perf report in the guest finds a loaded module's ELF under
# /lib/modules/RELEASE and takes its symbols (with sizes) from there; from
# kallsyms alone perf 6.1 left some early samples unresolved.
rel=$(cat "$kdir/include/config/kernel.release" 2>/dev/null) || true
if [ -n "$rel" ]; then
	install -D -m 0644 "$ko" "$stage/lib/modules/$rel/extra/lockbench.ko"
else
	note "initramfs $v: $kdir has no include/config/kernel.release: perf in the guest names lockbench.ko's functions from kallsyms only"
fi
mkcpio "$stage" "$state/lb-modules.cpio"
printf '%s\n' "$key" >"$state/lb-modules.key"
