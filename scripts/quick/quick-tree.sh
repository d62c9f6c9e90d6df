#!/usr/bin/env bash
# quick-tree.sh TREE OUT CONFIG...: make quick's build of one tree, out of
# tree in OUT (Kbuild's O=): configured and prepared once, then only the
# lock objects the native binary links, each by Kbuild's single-target
# build (make O=OUT kernel/locking/spinlock.o ...), so that Kbuild's own
# dependency files rebuild what a change touched and nothing else.
# OUT/lb-quick-objs lists them (native_lock_objs reads it); no vmlinux.
#
# CONFIG: Kconfig fragments merged over tinyconfig (as kernel.sh builds a
# variant: merge_config.sh, olddefconfig, check-config.sh), or
# config=FILE, a user's own .config taken as it is (olddefconfig).
# quick-refuse.sh has checked TREE and FILE.  MAKE_JOBS= make -j.
. "$(dirname "$0")/../native/common.sh"

tree=${1:?usage: quick-tree.sh TREE OUT CONFIG...} out=${2:?}
shift 2
[ $# -gt 0 ] || die "quick-tree.sh: no configuration"
# Absolute: merge_config.sh runs from OUT.
cfgs=()
for c; do
	if [[ $c == config=* ]]; then cfgs+=("config=$(realpath "${c#config=}")"); else cfgs+=("$(realpath "$c")"); fi
done
set -- "${cfgs[@]}"
jobs=${MAKE_JOBS:-$(nproc)}
mkdir -p "$out"
# Through ccache where it is installed (CCACHE= says otherwise): the
# trees' host tools (objtool, kconfig, modpost) and most of prepare are
# the same compiles in every tree, so every tree after the first hits.
# Every call passes the same CC: Kbuild rebuilds what a new one compiled.
command -v ccache >/dev/null && : "${CCACHE:=yes}"
lb_cc "$out"
kmake() { make -C "$tree" O="$out" CC="$LB_CC" HOSTCC="$LB_CC" "$@"; }

# Configure and prepare again only when the configuration's inputs or
# the tree's place changed: a change to a lock source is the objects'
# business (Kbuild's), not a reason to prepare again.
inputs=()
for c; do inputs+=("${c#config=}"); done
key="$tree $(sha_of "${inputs[@]}")"
old=$(cat "$out/.lb-quick-key" 2>/dev/null) || true
if [ "$old" != "$key" ] || [ ! -f "$out/include/config/auto.conf" ]; then
	need_disk "$out" 300
	rm -f "$out/.lb-quick-key"
	start=$EPOCHSECONDS
	if [[ $1 == config=* ]]; then
		cp "${1#config=}" "$out/.config"
		kmake -s olddefconfig >"$out/config.log" 2>&1 || { cat "$out/config.log" >&2; die "olddefconfig failed in $out"; }
	else
		kmake -s tinyconfig >"$out/config.log" 2>&1 || { cat "$out/config.log" >&2; die "tinyconfig failed in $out"; }
		# From OUT: merge_config.sh writes temporary files in the current
		# directory (kernel.sh says why not the tree's).
		(cd "$out" && "$tree/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" "$@") >"$out/merge.log" 2>&1 ||
			{ cat "$out/merge.log" >&2; die "merge_config.sh failed in $out"; }
		kmake -s olddefconfig >>"$out/config.log" 2>&1 || { cat "$out/config.log" >&2; die "olddefconfig failed in $out"; }
		bash "$LB_TOP/scripts/build/check-config.sh" "$out/.config" "$@"
	fi
	grep -q '^CONFIG_X86_64=y$' "$out/.config" ||
		die "$out/.config does not configure x86-64 (no CONFIG_X86_64=y): make quick runs the lock code on this x86-64 host"
	# modules_prepare: the headers, scripts and objtool that the objects
	# and the harness's kernel half (M=) are compiled with.
	kmake -j"$jobs" modules_prepare >"$out/prepare.log" 2>&1 ||
		{ tail -n 30 "$out/prepare.log" >&2; die "make modules_prepare failed in $out (full log: $out/prepare.log)"; }
	printf '%s\n' "$key" >"$out/.lb-quick-key"
	note "quick: ${out#"$LB_TOP"/} configured and prepared in $((EPOCHSECONDS - start)) s"
fi

# The lock objects of this configuration: those of LB_NATIVE_LOCK_OBJS
# that their directory's Makefile builds in (kbuild-objs.mk).
declare -A dirs=() inconf=()
for o in $LB_NATIVE_LOCK_OBJS; do dirs[${o%/*}]=1; done
for d in "${!dirs[@]}"; do
	for o in $(make -s -f "$LB_TOP/scripts/quick/kbuild-objs.mk" AUTOCONF="$out/include/config/auto.conf" TREE="$tree" DIR="$d"); do
		inconf[$d/$o]=1
	done
done
objs=()
for o in $LB_NATIVE_LOCK_OBJS; do [ -z "${inconf[$o]:-}" ] || objs+=("$o"); done
[ ${#objs[@]} -gt 0 ] || die "$out/.config builds none of the lock objects ($LB_NATIVE_LOCK_OBJS): is CONFIG_SMP set?"
# -j1: Kbuild reaches arch/x86/lib twice (obj-y and lib-y), and two
# jobs would assemble one object at once; a few objects need no -j.
kmake "${objs[@]}" >"$out/objects.log" 2>&1 ||
	{ tail -n 30 "$out/objects.log" >&2; die "building ${objs[*]} failed in $out (full log: $out/objects.log)"; }
printf '%s\n' "${objs[@]}" >"$out/lb-quick-objs"
