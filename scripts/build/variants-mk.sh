#!/usr/bin/env bash
# variants-mk.sh: the make rules of every variant's files, for the
# Makefile to include (build/variants.mk): its kernel image, its
# lockbench.ko and its modules archive, each with the files it is made
# from, so that make alone decides what a goal rebuilds.  Read from the
# matrix files (vm-configs/matrix, matrix.extra, and build/user/matrix,
# where byo.sh declares your own kernels), with this make's variants,
# LB_VARIANTS (at the end).  Each variant gets:
#   kernel.V  module.V  cpio.V   its three files, for the goals' prerequisites
# and their rules.  The recipes (kernel_rule, module_rule, cpio_rule) and
# the shared prerequisites (TREE_STAMP, MODULE_SRC) are the Makefile's.
. "$(dirname "$0")/../lib.sh"

echo "# Written by scripts/build/variants-mk.sh from the matrix files; do not edit."
for v in $(matrix_variants all); do
	tree=$(variant_path "$v" tree)
	kdir=$(variant_path "$v" kdir)
	image=$(variant_path "$v" image)
	echo
	echo "kernel.$v := $image"
	echo "module.$v := $LB_BUILD/module/$v/lockbench.ko"
	echo "cpio.$v := $(variant_path "$v" state)/lb-modules.cpio"
	if [ "$tree" = "$LB_TREE" ]; then
		# The one patched tree: its stamp, and this variant's fragments.
		echo "\$(kernel.$v): $LB_VMCONFIGS/base.config $(variant_fragments "$v" | tr '\n' ' ')\$(TREE_STAMP) \$(call kconfig_force,$kdir)"
		echo "	\$(call kernel_rule,$v)"
		echo "	@touch \$@"
	elif [ -n "$tree" ]; then
		# Your own tree: make cannot see its sources (a bisect moves it),
		# so Kbuild is asked every time, through kernel.sh; the image
		# changes only when Kbuild relinks it.
		echo "\$(kernel.$v): FORCE"
		echo "	\$(call kernel_rule,$v)"
	fi
	# A prebuilt kernel (KERNEL=) has no rule: make boots it as it is, and
	# builds lockbench.ko against its KBUILD.
	echo "\$(module.$v): \$(kernel.$v) \$(MODULE_SRC)"
	echo "	\$(call module_rule,$v)"
	echo "\$(cpio.$v): \$(module.$v) \$(kernel.$v)"
	echo "	\$(call cpio_rule,$v)"
done

# This make's variants, parsed once: VARIANTS, else the default matrix or
# your own kernels (the Makefile wrote this anew when one of them
# changed; check-args refused a bad list before).  The scripts take them
# through lib.sh's run_variants, which parses VARIANTS itself only when
# they were not given this list.
echo
echo "LB_VARIANTS := $(parse_variants "${VARIANTS:-}" | tr '\n' ' ')"
echo "LB_VARIANTS_OF := ${VARIANTS:-}"
