#!/usr/bin/env bash
# kernel.sh VARIANT: configure and build one variant out of tree, in
# build/kernel/VARIANT, from the one patched tree, with ccache.
. "$(dirname "$0")/lib.sh"

v=${1:?usage: kernel.sh VARIANT}
variant_fragments "$v" >/dev/null # dies on an unknown name
mapfile -t frags < <(variant_fragments "$v")
frags=("$LB_VMCONFIGS/base.config" "${frags[@]}")
[ -f "$LB_STAMP" ] || die "no kernel tree: run 'make tree' first"
out=$LB_KBUILD/$v
need_disk "$LB_KBUILD" 1500
mkdir -p "$out"

# MAKE_JOBS: make -j for the kernel (JOBFILE is the job list elsewhere).
jobs=${MAKE_JOBS:-$(nproc)}
cc="gcc"
command -v ccache >/dev/null && cc="ccache gcc"
export CCACHE_BASEDIR=$LB_BUILD CCACHE_NOHASHDIR=1
# V=1 or 2 (Kbuild's verbosity) shows the commands in build.log.
quiet=-s
case ${V:-0} in 0 | '') ;; 1 | 2) quiet="V=$V" ;; *) die "V=$V is Kbuild's verbosity (0, 1, 2); name a variant with VARIANT=" ;; esac
kmake() { make -C "$LB_TREE" O="$out" CC="$cc" "$@"; }

# Reconfigure only when the fragments or the tree changed.
cfg_key=$(sha_of "${frags[@]}" "$LB_STAMP")
if [ "$(cat "$out/.lb-config-key" 2>/dev/null)" != "$cfg_key" ] || [ ! -f "$out/.config" ]; then
	note "kernel $v: configuring from tinyconfig + ${frags[*]##*/}"
	kmake -s tinyconfig >/dev/null
	(cd "$LB_TREE" && ./scripts/kconfig/merge_config.sh -m -O "$out" "$out/.config" "${frags[@]}") >"$out/merge.log" 2>&1 ||
		{ cat "$out/merge.log" >&2; die "merge_config.sh failed for $v"; }
	kmake -s olddefconfig >/dev/null
	"$LB_TOP/scripts/check-config.sh" "$out/.config" "${frags[@]}"
	printf '%s\n' "$cfg_key" >"$out/.lb-config-key"
fi

start=$(date +%s)
before=$(stat -c %Y "$out/vmlinux" 2>/dev/null || echo none)
note "kernel $v: building bzImage and modules with -j$jobs ($cc)"
if ! kmake "$quiet" -j"$jobs" bzImage modules >"$out/build.log" 2>&1; then
	tail -n 30 "$out/build.log" >&2
	df -Pm "$out" | awk 'NR == 2 && $4 < 200 { exit 1 }' ||
		die "kernel $v: build failed: the disk is full; free space and rerun"
	die "kernel $v: build failed (full log: ${out#"$LB_TOP"/}/build.log)"
fi
# objtool's warnings mean code it could not follow, often in inline asm
# such as the legacy lock paths: never let one pass unseen.
if grep -E 'objtool: .*warning:|: warning: objtool:' "$out/build.log" >&2; then
	die "kernel $v: objtool warned (above; full log: ${out#"$LB_TOP"/}/build.log)"
fi
secs=$(($(date +%s) - start))
# Only a build that relinked vmlinux is a build time worth predicting from.
[ "$(stat -c %Y "$out/vmlinux" 2>/dev/null)" = "$before" ] || printf '%s\n' "$secs" >"$out/.lb-build-seconds"
note "kernel $v: built in ${secs}s -> ${out#"$LB_TOP"/}/arch/x86/boot/bzImage"
