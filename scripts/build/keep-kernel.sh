#!/usr/bin/env bash
# keep-kernel.sh VARIANT DIR: what a run measured, kept with it so the run
# can be re-analysed after build/ is rebuilt or removed: the variant's
# vmlinux (perf symbols, the disassembly), .config, System.map and
# lockbench.ko, and build-ids listing their GNU build ids.
. "$(dirname "$0")/../lib.sh"

v=${1:?usage: keep-kernel.sh VARIANT DIR} out=${2:?usage: keep-kernel.sh VARIANT DIR}
kdir=$(variant_path "$v" kdir)
ko=$LB_BUILD/module/$v/lockbench.ko
[ -f "$kdir/.config" ] || die "keep-kernel: $v has no $kdir/.config: run 'make kernel VARIANT=$v'"
[ -f "$ko" ] || die "keep-kernel: $v has no $ko: run 'make module VARIANT=$v'"
mkdir -p "$out"
cp "$kdir/.config" "$out/config"
cp "$ko" "$out/"
# A prebuilt kernel's build directory may lack vmlinux (KBUILD= needs only
# .config and Module.symvers): then perf and the disassembly cannot use it.
for f in vmlinux System.map; do
	if [ -f "$kdir/$f" ]; then
		cp --reflink=auto "$kdir/$f" "$out/$f"
	else
		note "keep-kernel: $v has no $kdir/$f: the run keeps none"
	fi
done
for f in vmlinux lockbench.ko; do
	[ ! -f "$out/$f" ] || printf '%s %s\n' "$(build_id "$out/$f")" "$f"
done >"$out/build-ids"
