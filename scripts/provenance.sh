#!/usr/bin/env bash
# provenance.sh VARIANT ACCEL VCPUS BOOT QEMU_CMDLINE_FILE: print one boot's
# provenance record as JSON on stdout.
. "$(dirname "$0")/lib.sh"

v=$1 accel=$2 vcpus=$3 boot=$4 cmdfile=$5
kdir=$LB_KBUILD/$v
js() { # JSON-escape a string
	printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/\t/\\t/g' | tr -d '\n\r'
}
host_cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)
head=$(git -C "$LB_TOP" rev-parse HEAD 2>/dev/null || echo none)
dirty=false
[ -n "$(git -C "$LB_TOP" status --porcelain --untracked-files=no 2>/dev/null)" ] && dirty=true
cat <<EOT
{
  "schema": "lockbench-provenance 1",
  "variant": "$(js "$v")",
  "boot": $boot,
  "date_utc": "$(date -u +%Y-%m-%dT%H:%M:%SZ)",
  "linux_source": "$(js "$(cat "$LB_STAMP" 2>/dev/null || echo missing)")",
  "linux_source_version": "$(dpkg-query -W -f='${Version}' "$LB_SRC_PKG" 2>/dev/null || echo unknown)",
  "patch_series_sha256": "$(js "$(sed -n 's/.*series=\([^ ]*\).*/\1/p' "$LB_STAMP" 2>/dev/null)")",
  "config_sha256": "$(sha_of "$kdir/.config")",
  "kernel_release": "$(js "$(cat "$kdir/include/config/kernel.release" 2>/dev/null)")",
  "qemu_version": "$(js "$(qemu-system-x86_64 --version 2>/dev/null | head -n 1)")",
  "qemu_cmdline": "$(js "$(cat "$cmdfile")")",
  "accel": "$(js "$accel")",
  "vcpus": $vcpus,
  "host_cpu_model": "$(js "$host_cpu")",
  "host_cpus": $(nproc),
  "host_kernel": "$(js "$(uname -r)")",
  "git_head": "$head",
  "git_dirty": $dirty
}
EOT
