#!/usr/bin/env bash
# bisect-step.sh: one step of make bisect, run by git bisect run in the
# bisect worktree.  Measures the cell at the checked-out commit and exits 0
# (good) when it is within THRESHOLD% of GOOD's count, 1 (bad) above it,
# 125 (skip) when the commit cannot be built or booted.  Environment from
# bisect.sh: LB_BISECT_VARIANT, LB_BISECT_DIR (good.count, steps.log),
# CELL, THRESHOLD (a number, percent), LB_BISECT_MEASURE (the measurer).
. "$(dirname "$0")/../lib.sh"

commit=$(git rev-parse --short HEAD)
if ! count=$("$LB_BISECT_MEASURE" "$LB_BISECT_VARIANT" "$CELL"); then
	echo "$commit skip (no measurement: build or boot failed)" >>"$LB_BISECT_DIR/steps.log"
	exit 125
fi
good_count=$(cat "$LB_BISECT_DIR/good.count" 2>/dev/null) || true
verdict=$(awk -v c="$count" -v r="$good_count" -v t="$THRESHOLD" \
	'BEGIN { d = (c - r) * 100 / r; printf "%s %+.2f%%\n", (d > t ? "bad" : "good"), d }')
echo "$commit $count $verdict" >>"$LB_BISECT_DIR/steps.log"
note "bisect: $commit: $CELL = $count, $verdict against GOOD"
[ "${verdict%% *}" = good ]
