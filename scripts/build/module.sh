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
mkdir -p "$mdir"
cp -a "$LB_TOP/bench-module/." "$mdir/"
# A copy left by a build from before the header moved would win over -I.
rm -f "$mdir/lockbench_schema.h"
cc="gcc"
command -v ccache >/dev/null && cc="ccache gcc"
if ! make -C "$kdir" M="$mdir" CC="$cc" LB_SCHEMA="$LB_TOP/schema" modules >"$mdir/build.log" 2>&1; then
	cat "$mdir/build.log" >&2
	die "lockbench.ko failed to build for $v"
fi
grep -E 'warning:' "$mdir/build.log" >&2 && die "lockbench.ko built with warnings for $v (see above)"
note "module $v: ${mdir#"$LB_TOP"/}/lockbench.ko"
