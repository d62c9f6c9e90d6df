#!/usr/bin/env bash
# check-api.sh PLUGIN.so QEMU: the build-time half of the API check.  Every
# qemu_plugin_* function the plugin leaves undefined (what it will ask QEMU
# for) must be exported by QEMU, and the plugin must export
# qemu_plugin_version and qemu_plugin_install.  The load-time half is the
# plugin's own check of the API version QEMU reports (events-out.c).
set -euo pipefail
so=${1:?usage: check-api.sh PLUGIN.so QEMU}
qemu=${2:-}
die() { printf 'lockbench-events: check-api: %s\n' "$*" >&2; exit 1; }
[ -n "$qemu" ] && [ -x "$qemu" ] ||
	die "no qemu-system-x86_64 to check against (QEMU='$qemu'): install qemu-system-x86 (make deps)"
# nm's --target: no try of each bfd plugin (with LLVM's installed, most
# of each nm's time); on an x86-64 host QEMU and the plugin are x86-64 ELF.
nmt=()
[[ $HOSTTYPE != x86_64 ]] || nmt=(--target=elf64-x86-64)
nm() { command nm "${nmt[@]}" "$@"; }
exported=$(nm -D --defined-only "$qemu" | awk '$3 ~ /^qemu_plugin_/ { print $3 }' | sort -u)
[ -n "$exported" ] ||
	die "$qemu exports no qemu_plugin_* symbols: it was built without TCG plugin support (--enable-plugins)"
needed=$(nm -D --undefined-only "$so" | awk '$2 ~ /^qemu_plugin_/ { print $2 }' | sort -u)
missing=$(comm -23 <(printf '%s\n' "$needed") <(printf '%s\n' "$exported"))
[ -z "$missing" ] ||
	die "$qemu does not export $(echo "$missing" | tr '\n' ' ')which $so calls: its plugin API is not the one of bench-user/events/qemu-plugin-v1.h"
own=" $(nm -D --defined-only "$so" | awk '{ printf "%s ", $3 }')"
for s in qemu_plugin_version qemu_plugin_install; do
	[[ $own == *" $s "* ]] || die "$so does not export $s"
done
printf 'lockbench-events: %s: the %d plugin functions it calls are exported by %s\n' \
	"${so##*/}" "$(printf '%s\n' "$needed" | grep -c .)" "$qemu" >&2
