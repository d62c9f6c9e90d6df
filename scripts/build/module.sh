#!/usr/bin/env bash
# module.sh VARIANT: build lockbench.ko against that variant's kernel build.
# Sources are copied to build/module/VARIANT so each variant's objects stay
# apart and bench-module/ stays clean; the schema header is included from
# the top-level schema/ (Kbuild's LB_SCHEMA).
. "$(dirname "$0")/../lib.sh"

v=${1:?usage: module.sh VARIANT}
variant_fragments "$v" >/dev/null
kdir=$(variant_path "$v" kdir)
[ -f "$kdir/Module.symvers" ] || die "kernel $v is not built ($kdir/Module.symvers missing): run 'make kernel VARIANT=$v'"
mdir=$LB_BUILD/module/$v
lb_cc "$kdir"
cc=$LB_CC
# Up to date without asking Kbuild (its M= walk took 1.4 s a variant): the
# last build finished with this compiler, and neither the module's
# sources, the schema nor the kernel it builds against changed since.
gcc_facts
fresh_key="$cc $kdir $LB_GCC_VERSION"
old_key=$(cat "$mdir/.lb-fresh" 2>/dev/null) || true
if [ -f "$mdir/lockbench.ko" ] && [ "$old_key" = "$fresh_key" ] &&
	[ -z "$(find "$LB_TOP/bench-module" "$LB_TOP/schema" "$kdir/Module.symvers" "$kdir/vmlinux" "$kdir/.config" -newer "$mdir/.lb-fresh" -print -quit)" ]; then
	note "module $v: up to date (${mdir#"$LB_TOP"/}/lockbench.ko)"
	exit 0
fi
mkdir -p "$mdir"
# .lb-fresh.new stamps the build's start: written now with the key (no
# touch), renamed to .lb-fresh once the build is done.
[ ! -e "$mdir/.lb-fresh" ] || rm -f "$mdir/.lb-fresh"
printf '%s\n' "$fresh_key" >"$mdir/.lb-fresh.new"
cp -a "$LB_TOP/bench-module/." "$mdir/"
# A copy left by a build from before the header moved would win over -I.
[ ! -e "$mdir/lockbench_schema.h" ] || rm -f "$mdir/lockbench_schema.h"
if ! make -C "$kdir" M="$mdir" CC="$cc" LB_SCHEMA="$LB_TOP/schema" modules >"$mdir/build.log" 2>&1; then
	cat "$mdir/build.log" >&2
	die "lockbench.ko failed to build for $v"
fi
grep -E 'warning:' "$mdir/build.log" >&2 && die "lockbench.ko built with warnings for $v (see above)"
mv "$mdir/.lb-fresh.new" "$mdir/.lb-fresh"
note "module $v: ${mdir#"$LB_TOP"/}/lockbench.ko"
