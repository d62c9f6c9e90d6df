#!/usr/bin/env bash
# kernel.sh VARIANT: configure and build one variant out of tree, in
# build/kernel/VARIANT, from the one patched tree, with ccache.
. "$(dirname "$0")/../lib.sh"

v=${1:?usage: kernel.sh VARIANT}
variant_fragments "$v" >/dev/null # dies on an unknown name
mapfile -t frags < <(echo "$LB_VMCONFIGS/base.config" && variant_fragments "$v")
tree=$(variant_path "$v" tree)
out=$(variant_path "$v" kdir)
if [ -z "$tree" ]; then
	[ -z "${KCONFIG:-}" ] ||
		die "KCONFIG= cannot change the prebuilt kernel $v: rebuild it with those options yourself, or build it here from its tree with KSRC="
	note "kernel $v: prebuilt, $(variant_path "$v" image)"
	exit 0
fi
# KCONFIG="CONFIG_X=y CONFIG_Y=n": this make's own options, merged last
# and checked like every fragment (as kvm.sh --kconfig).
kconfig=""
[ -z "${KCONFIG:-}" ] || kconfig=$(kconfig_fragment "$KCONFIG")
if [ "$tree" = "$LB_TREE" ]; then
	[ -f "$LB_STAMP" ] || die "no kernel tree: run 'make tree' first"
	tree_key=$LB_STAMP
else
	[ -f "$tree/Makefile" ] || die "no source tree for $v at $tree: set it up again with make tree KSRC=... (docs/own-kernel.md)"
	# Reconfigure at every new commit (a bisect step may change a Kconfig).
	tree_key=$out/.lb-tree-head
	mkdir -p "$out"
	git -C "$tree" rev-parse HEAD >"$tree_key" 2>/dev/null || echo "no git" >"$tree_key"
fi
# The space a build needs, checked before configuring or building (an
# up-to-date kernel writes nothing here: no df for it).
disk_dir=$(dirname "$out") disk_ok=""
disk_ok() { [ -n "$disk_ok" ] || need_disk "$disk_dir" 1500 && disk_ok=1; }
mkdir -p "$out"
if [ -n "$kconfig" ]; then
	printf '%s\n' "$kconfig" >"$out/KCONFIG.config"
	frags+=("$out/KCONFIG.config")
fi

# Your own trees default to ccache: the two sides of one repository, and
# a bisect's steps, share most of their files.
[ "$tree" = "$LB_TREE" ] || : "${CCACHE:=yes}"
lb_cc "$out"
cc=$LB_CC
# V=1 or 2 (Kbuild's verbosity) shows the commands in build.log.
quiet=-s
case ${V:-0} in 0 | '') ;; 1 | 2) quiet="V=$V" ;; *) die "V=$V is Kbuild's verbosity (0, 1, 2); name a variant with VARIANT=" ;; esac
# Host tools (objtool, kconfig) through ccache too: the same for every variant.
kmake() { make -C "$tree" O="$out" CC="$cc" HOSTCC="$cc" "$@"; }

# Reconfigure only when the fragments or the tree changed.
cfg_key=$(sha_of "${frags[@]}" "$tree_key")
old_key=$(cat "$out/.lb-config-key" 2>/dev/null) || true
if [ "$old_key" != "$cfg_key" ] || [ ! -f "$out/.config" ]; then
	disk_ok
	note "kernel $v: configuring from tinyconfig + ${frags[*]##*/}"
	kmake -s tinyconfig >/dev/null
	# From $out: merge_config.sh makes its temporary files in the current
	# directory, and one made in the tree would make every variant built
	# from it look older than the tree (the up-to-date check below).
	(cd "$out" && "$tree/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" "${frags[@]}") >"$out/merge.log" 2>&1 ||
		{ cat "$out/merge.log" >&2; die "merge_config.sh failed for $v"; }
	kmake -s olddefconfig >/dev/null
	bash "$LB_TOP/scripts/build/check-config.sh" "$out/.config" "${frags[@]}"
	printf '%s\n' "$cfg_key" >"$out/.lb-config-key"
fi

# Up to date without asking Kbuild, whose walk of an unchanged tree takes
# 10 s a variant and every booting step asks: the last build here
# finished, with these fragments, this compiler and this gcc, and the same
# .config, and no file of the tree is newer than its start (.lb-fresh).
# The .config is compared by content: syncconfig rewrites it in every
# build, after the stamp.
gcc_facts
fresh_key="$cfg_key $cc $LB_GCC_VERSION"
config_sum() { # -> the .config's short sha256
	sha256sum <"$out/.config" | cut -c 1-16
}
if [ -f "$out/arch/x86/boot/bzImage" ] && [ -f "$out/vmlinux" ] && [ -f "$out/.lb-fresh" ] &&
	{ IFS= read -r key && IFS= read -r sum; } <"$out/.lb-fresh" &&
	[ "$key" = "$fresh_key" ] && [ "$sum" = "$(config_sum)" ] &&
	[ -z "$(find "$tree" -newer "$out/.lb-fresh" -print -quit)" ]; then
	note "kernel $v: up to date (nothing newer than its last build)"
	exit 0
fi
# MAKE_JOBS: make -j for the kernel (JOBFILE is the job list elsewhere).
disk_ok
# (nproc, unless host_facts has counted the CPUs already: run.sh, bisect.sh)
jobs=${MAKE_JOBS:-${LB_HOST_CPUS:-$(nproc)}}
# .lb-fresh.new stamps the build's start: written now (no touch) with the
# key and the .config's sum; the stamp of a finished build is it, renamed.
[ ! -e "$out/.lb-fresh" ] || rm -f "$out/.lb-fresh"
# What this build compiles with, for lb_cc's next choice (CCACHE=auto).
printf '%s\n' "$cc" >"$out/.lb-cc"
pre_sum=$(config_sum)
printf '%s\n%s\n' "$fresh_key" "$pre_sum" >"$out/.lb-fresh.new"
start=$EPOCHSECONDS
note "kernel $v: building bzImage and modules with -j$jobs ($cc)"
# VERBOSE=1 streams Kbuild's own lines (CC, LD, ...) as they come; the
# log keeps them either way.
build() {
	if [ "${VERBOSE:-0}" = 1 ]; then
		[ "$quiet" != -s ] || quiet=V=0
		kmake "$quiet" -j"$jobs" bzImage modules 2>&1 | tee "$out/build.log"
	else
		kmake "$quiet" -j"$jobs" bzImage modules >"$out/build.log" 2>&1
	fi
}
if ! build; then
	tail -n 30 "$out/build.log" >&2
	df -Pm "$out" | awk 'NR == 2 && $4 < 200 { exit 1 }' ||
		die "kernel $v: build failed: the disk is full; free space and rerun"
	die "kernel $v: build failed (full log: ${out#"$LB_TOP"/}/build.log)"
fi
# piggy.o carries the compressed kernel by .incbin, which ccache's depend
# mode cannot hash: a cached piggy.o of another build whose kernel
# compressed to the same size put that build's kernel into bzImage (a
# fresh clone booted another clone's pre-debug, and perf found no
# symbols for it).  Compile it again without the cache; its command line
# is unchanged, so Kbuild relinks only bzImage.
if [ "$cc" = "ccache gcc" ]; then
	rm -f "$out/arch/x86/boot/compressed/piggy.o"
	CCACHE_DISABLE=1 kmake "$quiet" bzImage >>"$out/build.log" 2>&1 ||
		die "kernel $v: rebuilding bzImage's piggy.o without ccache failed (full log: ${out#"$LB_TOP"/}/build.log)"
fi
# What boots must be what was built: bzImage's kernel and vmlinux have
# one build id.
bzimage_id=$(bzimage_build_id "$tree" "$out/arch/x86/boot/bzImage") || bzimage_id=""
vmlinux_id=$(build_id "$out/vmlinux")
[ -n "$vmlinux_id" ] && [ "$bzimage_id" = "$vmlinux_id" ] ||
	die "kernel $v: bzImage holds build id '$bzimage_id', vmlinux '$vmlinux_id': bzImage is not this build's kernel"
# objtool's warnings mean code it could not follow, often in inline asm
# such as the legacy lock paths: never let one pass unseen.
if grep -E 'objtool: .*warning:|: warning: objtool:' "$out/build.log" >&2; then
	die "kernel $v: objtool warned (above; full log: ${out#"$LB_TOP"/}/build.log)"
fi
# Stamped with the time the build started: a file edited during the
# build is newer, and the next make rebuilds.
# syncconfig rewrites the .config with the same options: the sum written
# at the start stands, and the stamp is only renamed (one mv).
post_sum=$(config_sum)
if [ "$post_sum" != "$pre_sum" ]; then
	printf '%s\n%s\n' "$fresh_key" "$post_sum" >"$out/.lb-fresh.new.key"
	touch -r "$out/.lb-fresh.new" "$out/.lb-fresh.new.key"
	mv "$out/.lb-fresh.new.key" "$out/.lb-fresh.new"
fi
# KCONFIG.config stays only while the kernel holds KCONFIG='s options:
# the Makefile asks this script again while the file is there.
[ -n "$kconfig" ] || [ ! -e "$out/KCONFIG.config" ] || rm -f "$out/KCONFIG.config"
mv "$out/.lb-fresh.new" "$out/.lb-fresh"
secs=$(($EPOCHSECONDS - start))
# Only a build that relinked vmlinux (newer than the build's start, the
# stamp's time) is a build time worth predicting from.
[ ! "$out/vmlinux" -nt "$out/.lb-fresh" ] || printf '%s\n' "$secs" >"$out/.lb-build-seconds"
say "kernel $v: built in ${secs}s -> ${out#"$LB_TOP"/}/arch/x86/boot/bzImage"
