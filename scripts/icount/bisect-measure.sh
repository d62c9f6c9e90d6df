#!/usr/bin/env bash
# bisect-measure.sh VARIANT "CELL": make bisect's default measurer.  Each
# step's commit is built by make's own rules (your own tree's kernel is
# always asked of Kbuild; lockbench.ko and the archives follow it), then
# counted by scripts/icount/cell-count.sh: make cell-count does both.  The
# count alone goes to stdout.
# The outer make bisect's command line (KSRC=, GOOD=, ...) reaches a make
# through MAKEFLAGS: left out, so that this make only builds the variant
# bisect.sh set up, and declares no other.
. "$(dirname "$0")/../lib.sh"
v=${1:?usage: bisect-measure.sh VARIANT CELL} cell=${2:?usage: bisect-measure.sh VARIANT CELL}
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u KSRC -u KERNEL \
	make --no-print-directory -s -C "$LB_TOP" cell-count VARIANT="$v" CELL="$cell"
