#!/usr/bin/env bash
# provenance.sh VARIANT ACCEL VCPUS BOOT QEMU_CMDLINE_FILE: print one boot's
# provenance record as JSON on stdout.  jq builds it, so every string is
# escaped whatever it holds; readers use jq too.
. "$(dirname "$0")/../lib.sh"

v=$1 accel=$2 vcpus=$3 boot=$4 cmdfile=$5
kdir=$(variant_path "$v" kdir)
tree=$(variant_path "$v" tree)
# Where the kernel came from: the Debian tree's stamp, a user tree's commit
# (docs/own-kernel.md), or a prebuilt image.  No host paths.
pcommit=
case $tree in
"$LB_TREE")
	linux_source=missing
	[ ! -f "$LB_STAMP" ] || [ ! -r "$LB_STAMP" ] || linux_source=$(<"$LB_STAMP")
	pcommit=$(series_commit)
	;;
"") linux_source="prebuilt $(basename "$(variant_path "$v" image)")" ;;
*) linux_source="git $(git -C "$tree" rev-parse HEAD 2>/dev/null) ($(git -C "$tree" describe --always --dirty 2>/dev/null))" ;;
esac
command -v jq >/dev/null || die "jq is not installed: run 'make deps'"
head=$(git -C "$LB_TOP" rev-parse HEAD 2>/dev/null || echo none)
dirty=false
# The command line as it ran, with this checkout's paths made relative: a
# published provenance names no machine's directories.
qcmd=$(<"$cmdfile")
qcmd=${qcmd//"$LB_BUILD"/build}
qcmd=${qcmd//"$LB_TOP"\//}
[ -n "$(git -C "$LB_TOP" status --porcelain --untracked-files=no 2>/dev/null)" ] && dirty=true
host_facts
date_utc=$(utc_now %Y-%m-%dT%H:%M:%SZ)
# Each line's last series= value.
series=$(sed -n 's/.*series=\([^ ]*\).*/\1/p' "$LB_STAMP" 2>/dev/null) || true
kernel_release=$(cat "$kdir/include/config/kernel.release" 2>/dev/null) || true
# The compiler and linker Kbuild built the kernel with, as its version
# banner gives them (include/generated/compile.h's LINUX_COMPILER): the
# cover letter ends with it.  A prebuilt kernel's build may not say.
compiler=$(sed -n 's/^#define LINUX_COMPILER[[:space:]]*"\(.*\)"$/\1/p' "$kdir/include/generated/compile.h" 2>/dev/null) || true
jq -n \
	--arg variant "$v" \
	--argjson boot "$boot" \
	--arg date_utc "$date_utc" \
	--arg linux_source "$linux_source" \
	--arg linux_source_version "$(dpkg-query -W -f='${Version}' "$LB_SRC_PKG" 2>/dev/null || echo unknown)" \
	--arg patch_series_sha256 "$series" \
	--arg patch_series_commit "$pcommit" \
	--arg config_sha256 "$(sha_of "$kdir/.config")" \
	--arg kernel_release "$kernel_release" \
	--arg kernel_compiler "${compiler:-unknown}" \
	--arg qemu_version "$LB_QEMU_VERSION" \
	--arg qemu_cmdline "$qcmd" \
	--arg accel "$accel" \
	--argjson vcpus "$vcpus" \
	--arg host_cpu_model "$LB_HOST_CPU_MODEL" \
	--arg host_cpu_vendor "$LB_HOST_CPU_VENDOR" \
	--arg host_cpu_family "$LB_HOST_CPU_FAMILY" \
	--arg host_cpu_model_id "$LB_HOST_CPU_MODEL_ID" \
	--arg host_cpu_stepping "$LB_HOST_CPU_STEPPING" \
	--argjson host_cpus "$LB_HOST_CPUS" \
	--arg host_kernel "$LB_HOST_KERNEL" \
	--arg host_fingerprint "$LB_HOST_FP" \
	--arg host_id "$LB_HOST_ID" \
	--arg git_head "$head" \
	--argjson git_dirty "$dirty" \
	'{schema: "lockbench-provenance 1"} + $ARGS.named'
