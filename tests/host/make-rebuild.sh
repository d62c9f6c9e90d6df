#!/usr/bin/env bash
# make's own file targets decide what a goal rebuilds (build/variants.mk,
# scripts/build/variants-mk.sh), asked with make -n against fixture files
# standing in for every variant's kernel image, lockbench.ko and modules
# archive: nothing is planned when every output is newer than what it is
# made from; a fragment touched plans only its variant's kernel, module and
# archive; a boot script run alone without its kernel refuses with the
# make command, before it writes a run.
. "$(dirname "$0")/../lib.bash"
export LB_BUILD=$TMP/build LB_VMCONFIGS=$TMP/vm-configs
unset VARIANTS VARIANT KSRC KERNEL KCONFIG LB_NO_PERF LB_RUNNER MAKEFLAGS MAKELEVEL
[ -x "$TOP/bench-user/lb-guest" ] && [ -x "$TOP/bench-user/lb-validate" ] ||
	skip "needs the C tools (make user)"
cp -r "$TOP/vm-configs" "$LB_VMCONFIGS"
find "$LB_VMCONFIGS" -exec touch -d '-1 hour' {} +
. "$TOP/scripts/lib.sh"
set +e # lib.sh's set -e is the scripts'; the test checks each step
vs=$(matrix_variants builtin)
mkdir -p "$LB_BUILD/kernel" "$LB_BUILD/initramfs"
: >"$LB_BUILD/kernel/tree.stamp"
: >"$LB_BUILD/initramfs/base.cpio"
for v in $vs; do
	for f in "$(variant_path "$v" image)" "$LB_BUILD/module/$v/lockbench.ko" "$(variant_path "$v" state)/lb-modules.cpio"; do
		mkdir -p "${f%/*}" && : >"$f"
	done
done
all=$(echo $vs)
# The steps make -n would run, one a line: the variant builds only.
plan() {
	make -n -s -C "$TOP" initramfs VARIANTS="$all" 2>&1 |
		grep -oE '(kernels|module|initramfs)\.sh [a-z0-9-]+|touch [^ ]+' | sort -u
}

out=$(plan)
[ -z "$out" ] || fail "every output is newer than its sources, yet make plans: $out"
echo "ok: nothing planned when every output is up to date"

# Settings make cannot compare by time ask their script again: KCONFIG=
# (the kernels of this make), and a base archive built with the tests'
# LB_NO_PERF= (base.settings), once after.
out=$(make -n -s -C "$TOP" kernels VARIANTS=post KCONFIG=CONFIG_SMP=y 2>&1 | grep -oE 'kernels\.sh [a-z0-9-]+')
[ "$out" = "kernels.sh post" ] || fail "make kernels VARIANTS=post KCONFIG= plans '$out', not post's kernel"
: >"$LB_BUILD/initramfs/base.settings"
plan | grep -qx 'initramfs.sh base' || fail "a base archive built with LB_NO_PERF= is not planned again"
rm "$LB_BUILD/initramfs/base.settings"
echo "ok: KCONFIG= and the tests' base settings ask their scripts again"

# One variant's fragment (debug-magic: pre-debug's alone) touched.
sleep 0.05
touch "$LB_VMCONFIGS/debug-magic.config"
out=$(plan)
want="initramfs.sh pre-debug
kernels.sh pre-debug
module.sh pre-debug
touch $LB_BUILD/kernel/pre-debug/arch/x86/boot/bzImage"
# (the module and archive rules touch their file after the script: one
# line each, of the same recipe as the script)
[ "$(grep -v '^touch' <<<"$out")" = "$(grep -v '^touch' <<<"$want")" ] ||
	fail "touching debug-magic.config should plan pre-debug's kernel, module and archive only; planned:
$out"
grep -qx "touch $LB_BUILD/kernel/pre-debug/arch/x86/boot/bzImage" <<<"$out" ||
	fail "the plan does not mark pre-debug's kernel as checked: $out"
echo "ok: a touched fragment plans its variant's kernel, module and archive only"

# The tree's stamp: every kernel of the one tree.
sleep 0.05
touch "$LB_BUILD/kernel/tree.stamp"
n=$(plan | grep -c '^kernels\.sh')
[ "$n" = "$(wc -w <<<"$all")" ] || fail "a new tree plans $n kernels, not all $(wc -w <<<"$all"): $(plan)"
echo "ok: a new tree plans every kernel built from it"

# A boot script alone, without its kernel: refused with the make command,
# before any work (no run directory).
rm "$(variant_path pre image)"
for s in "timed/run.sh" "icount/run.sh" "boot/perf.sh pre kind=spin_lock" "icount/cell-count.sh pre kind=spin_lock" "calibrate/run.sh pre"; do
	read -r -a cmd <<<"$s"
	expect_error "${cmd[0]} without pre's kernel" "make kernels modules initramfs VARIANTS='pre'" \
		env VARIANTS=pre "$TOP/scripts/${cmd[0]}" "${cmd[@]:1}"
done
# (run.sh's disk check, before it, makes build/runs itself: left empty)
[ -z "$(find "$LB_BUILD/runs" -mindepth 1 2>/dev/null)" ] && [ ! -e "$LB_BUILD/perf" ] &&
	[ ! -e "$LB_BUILD/cell-count" ] ||
	fail "a refused boot script wrote into build/: $(find "$LB_BUILD/runs" "$LB_BUILD/perf" "$LB_BUILD/cell-count" 2>/dev/null)"
echo "ok: boot scripts without their kernel refuse with the make command and write nothing"
