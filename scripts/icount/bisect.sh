#!/usr/bin/env bash
# make bisect KSRC=tree GOOD=ref BAD=ref CELL='kind=spin_lock mode=hot'
# THRESHOLD=5%: find the first commit between GOOD and BAD where CELL's
# instruction count (the icount machine, exact, so a threshold means something)
# is more than THRESHOLD above GOOD's.  The commits are built in one git
# worktree of KSRC, the variant "bisect" (build/user/bisect/src, see
# byo.sh), which git bisect run moves; scripts/icount/bisect-step.sh judges each.
# Writes build/bisect-runs/TIMESTAMP/: good.count, steps.log, bisect.log,
# result.
. "$(dirname "$0")/../lib.sh"

bisect_args_ok
export THRESHOLD=${THRESHOLD%\%}
v=${BISECT_VARIANT:-bisect}
export LB_BISECT_VARIANT=$v
export LB_BISECT_MEASURE=${LB_BISECT_MEASURE:-$LB_TOP/scripts/icount/bisect-measure.sh}

# The worktree, set up at BAD (byo.sh checks KSRC and the ref); a bisect
# left over from an interrupted run is reset first.
w=$LB_USER/$v/src
# bisect_path NAME: the worktree's .git file NAME (git rev-parse
# --git-path).
bisect_path() {
	local p
	p=$(git -C "$w" rev-parse --git-path "$1" 2>/dev/null) || return
	[[ $p = /* ]] || p=$w/$p
	echo "$p"
}
# git bisect reset does nothing but say so without a BISECT_START: it is
# asked only when there is one (each git bisect costs a dozen processes).
# (Only in a worktree: a plain folder there would have git find
# lockbench's own repository above it.)
if [ -e "$w/.git" ] && [ -s "$(bisect_path BISECT_START)" ]; then
	git -C "$w" bisect reset >/dev/null 2>&1 || true
fi
env -u PATCHED -u PATCHES -u KERNEL -u PATCHED_NAME BASE="$BAD" BASE_NAME="$v" bash "$LB_TOP/scripts/build/byo.sh"
[ "$(variant_path "$v" tree)" = "$w" ] || die "bisect: $v is not a worktree at $w"
good=$(commit_of "$w" GOOD "$GOOD")
bad=$(commit_of "$w" BAD "$BAD")
git -C "$w" merge-base --is-ancestor "$good" "$bad" ||
	die "GOOD=$GOOD is not an ancestor of BAD=$BAD: git bisect needs GOOD before BAD on one line of history"

dir=$LB_BUILD/bisect-runs/$(utc_now %Y%m%dT%H%M%SZ)-$$
mkdir -p "$dir"
export LB_BISECT_DIR=$dir
measure() { # ref -> count at that commit
	git -C "$w" checkout -q --detach "$1"
	"$LB_BISECT_MEASURE" "$v" "$CELL" || die "bisect: $CELL could not be measured at $2=$1 (see above)"
}
# The default measurer builds and boots at every step: the host's facts
# once, for every boot below (as run.sh), rather than again in each step's
# boot; and gcc's version for each step's kernel.sh and module.sh.
if [ "$LB_BISECT_MEASURE" = "$LB_TOP/scripts/icount/bisect-measure.sh" ]; then
	host_facts
	gcc_facts
fi
note "bisect: measuring $CELL at GOOD=$GOOD"
measure "$good" GOOD >"$dir/good.count"
good_count=$(<"$dir/good.count")
awk '{ exit !($1 > 0) }' "$dir/good.count" || die "bisect: GOOD's count is '$good_count', not a positive number"
note "bisect: measuring $CELL at BAD=$BAD"
bad_count=$(measure "$bad" BAD)
# The rise, and whether it is over THRESHOLD (as the rounded figure), in one awk.
over=1
rise=$(awk -v c="$bad_count" -v r="$good_count" -v t="$THRESHOLD" \
	'BEGIN { d = sprintf("%.2f", (c - r) * 100 / r); printf "%s", d; exit !(d + 0 > t) }') || over=0
# (rev-parse --short takes one commit; log abbreviates as it does.)
short=$(git -C "$w" log --no-walk=unsorted --format=%h "$good" "$bad")
printf 'good %s %s\nbad %s %s %s%%\n' "${short%%$'\n'*}" "$good_count" "${short#*$'\n'}" "$bad_count" "$rise" >"$dir/steps.log"
[ $over = 1 ] ||
	die "BAD=$BAD counts $bad_count against GOOD's $good_count ($rise%), not more than THRESHOLD=$THRESHOLD%: nothing to bisect; lower THRESHOLD or check CELL"

git -C "$w" bisect start "$bad" "$good" >/dev/null
rc=0
git -C "$w" bisect run bash "$LB_TOP/scripts/icount/bisect-step.sh" >"$dir/bisect.log" 2>&1 || rc=$?
# git bisect log, which copies BISECT_LOG when it is not empty, read here.
: >"$dir/bisect.replay"
log=$(bisect_path BISECT_LOG) || true
[ ! -s "$log" ] || cp "$log" "$dir/bisect.replay"
git -C "$w" bisect reset >/dev/null 2>&1 || true
first=""
while IFS= read -r line || [ -n "$line" ]; do # sed -n 's/^.../\1/p' | head -n 1
	[[ $line =~ ^([0-9a-f]{7,})\ is\ the\ first\ bad\ commit$ ]] || continue
	first=${BASH_REMATCH[1]} && break
done <"$dir/bisect.log"
[ $rc -eq 0 ] && [ -n "$first" ] || {
	tail -n 20 "$dir/bisect.log" >&2
	die "git bisect run did not name one first bad commit (above; all of ${dir#"$LB_TOP"/})"
}
subject=$(git -C "$w" log -1 --format='%h %s' "$first")
printf '%s\n' "$first" >"$dir/result"
note "bisect: first commit where $CELL rises more than $THRESHOLD% over GOOD: $subject"
note "bisect: every step in ${dir#"$LB_TOP"/}/steps.log"
printf '%s\n' "$subject"
