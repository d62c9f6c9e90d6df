#!/usr/bin/env bash
# quick.sh: make quick, the patch author's loop (docs/quick.md).  Each
# tree is prepared once out of tree and only the lock objects the native
# binary links are built (quick-tree.sh); then the native comparison
# (run.sh, shorter units, the same statistics), the exact user-space path
# lengths (pathlen.sh, callgrind) and a cover-letter-style summary.  No
# whole kernel, no boot.
#   make quick [VARIANTS=...]             the matrix, from the patched tree
#   make quick KSRC=tree BASE_KSRC=tree   your change against a base tree
#   make quick KSRC=tree BASE=ref         against a commit of the same tree
# Writes build/runs/NAME/ (native/, quick.txt), builds in build/quick/.
. "$(dirname "$0")/../native/common.sh"

# make's command-line settings reach every make below through MAKEFLAGS,
# and Kbuild would take the user's O= from there as its own output:
# quick passes Kbuild what it means, explicitly.
unset MAKEFLAGS MFLAGS MAKELEVEL O
t0=$EPOCHSECONDS
uo=${QUICK_O:-}
q=$LB_BUILD/quick
name=$(run_name)
run=$LB_BUILD/runs/$name
[ ! -e "$run/native/run.info" ] || die "$run already holds a run: give another NAME="

# Everything refused before any long work: the trees, the configuration,
# then the host.
trees=() outs=() cfgs=() names=()
if [ -z "${KSRC:-}" ]; then
	[ -z "${BASE_KSRC:-}${BASE:-}$uo" ] || die "BASE_KSRC=, BASE= and O= are for your own tree: give KSRC= too (docs/quick.md)"
	mode=matrix
	list=$(parse_variants "${VARIANTS:-}")
	mapfile -t variants <<<"$list"
	for v in "${variants[@]}"; do
		[ "$(variant_path "$v" tree)" = "$LB_TREE" ] ||
			die "variant $v is not built from linux-source-6.1: make quick takes your own tree as KSRC= (docs/quick.md)"
	done
	kb=$q/matrix
	for v in "${variants[@]}"; do
		frags=$(variant_fragments "$v")
		names+=("$v") trees+=("$LB_TREE") outs+=("$kb/$v")
		cfgs+=("$LB_VMCONFIGS/base.config ${frags//$'\n'/ }")
	done
else
	mode=user
	[ -n "${BASE_KSRC:-}${BASE:-}" ] || die "make quick KSRC=$KSRC needs a base: BASE_KSRC=another-tree, or BASE=git-ref of $KSRC"
	[ -z "${BASE_KSRC:-}" ] || [ -z "${BASE:-}" ] || die "give BASE_KSRC= or BASE=, not both"
	[ -z "${VARIANTS:-}" ] || die "VARIANTS= names the matrix; with KSRC= the two sides are base and change"
	bash "$LB_TOP/scripts/quick/quick-refuse.sh" KSRC "$KSRC"
	change=$(realpath "$KSRC")
	if [ -n "${BASE_KSRC:-}" ]; then
		bash "$LB_TOP/scripts/quick/quick-refuse.sh" BASE_KSRC "$BASE_KSRC"
		base=$(realpath "$BASE_KSRC")
	else
		git -C "$change" rev-parse --git-dir >/dev/null 2>&1 || die "BASE=$BASE: KSRC=$KSRC is not a git tree; give the base as BASE_KSRC=tree"
		sha=$(commit_of "$change" BASE "$BASE")
		base=$q/src/base-${sha:0:12}
	fi
	# The configuration: O='s .config (your build directory, read only),
	# else base.config on tinyconfig (a 6.1 tree's own locks), with
	# VARIANT='s fragments when one is named (their options must exist in
	# your tree: lock-pre and lock-post need patch/).
	if [ -n "$uo" ]; then
		bash "$LB_TOP/scripts/quick/quick-refuse.sh" KSRC "$KSRC" "$uo/.config"
		cfg="config=$(realpath "$uo/.config")"
	else
		frags=""
		[ -z "${VARIANT:-}" ] || frags=$(variant_fragments "$VARIANT")
		cfg="$LB_VMCONFIGS/base.config ${frags//$'\n'/ }"
	fi
	kb=$q/user
	names=(base change) trees=("$base" "$change") outs=("$kb/base" "$kb/change") cfgs=("$cfg" "$cfg")
	# The two sides as variants: a matrix and comparisons of their own.
	vc=$q/user-vm-configs
	mkdir -p "$vc"
	printf '%s\n' "base" "change" >"$vc/matrix"
	printf 'headline\tbase\tchange\tbase → change (%s)\n' "${KSRC##*/}" >"$vc/comparisons"
	export LB_VMCONFIGS=$vc
	unset COMPARISONS
fi
native_host_ok
command -v valgrind >/dev/null || die "valgrind is not installed: run 'make deps'"
if [ "$mode" = matrix ]; then
	bash "$LB_TOP/scripts/build/tree.sh"
	bash "$LB_TOP/scripts/quick/quick-refuse.sh" "the patched tree" "$LB_TREE"
elif [ -n "${BASE:-}" ] && [ ! -f "$base/Makefile" ]; then
	# BASE=ref: that commit checked out in a worktree of its own under
	# build/quick/src; your checkout is not touched.
	mkdir -p "$q/src"
	note "quick: checking out $BASE ($sha) into ${base#"$LB_TOP"/}"
	git -C "$change" worktree add --detach "$base" "$sha" >"$q/src/worktree.log" 2>&1 ||
		{ cat "$q/src/worktree.log" >&2; die "git worktree add of $BASE failed"; }
fi

# 1. Each tree: configured and prepared once, then its lock objects; all
# at once, each in its own directory: a tree's configuring and Kbuild's
# walk of an unchanged tree are mostly one process, which leaves a CPU
# idle when the trees take turns.
pids=()
for i in "${!names[@]}"; do
	# shellcheck disable=SC2086 # the fragments, one word each
	bash "$LB_TOP/scripts/quick/quick-tree.sh" "${trees[i]}" "${outs[i]}" ${cfgs[i]} &
	pids+=($!)
done
bad=()
for i in "${!names[@]}"; do
	if wait "${pids[i]}"; then
		note "quick: ${names[i]}: lock objects $(paste -sd' ' "${outs[i]}/lb-quick-objs") ready ($((EPOCHSECONDS - t0)) s)"
	else
		bad+=("${names[i]}")
	fi
done
[ ${#bad[@]} = 0 ] || die "quick: preparing ${bad[*]} failed (see above)"
t_build=$((EPOCHSECONDS - t0))

# 2. Each side's lb-native alone (the disassembly check against the
# objects as built), then the native comparison: RUNS processes as make
# native, in shorter units (QUICK_UNIT_MS).
export LB_NATIVE_KBUILD=$kb LB_NATIVE_OUT=$q/native-$mode
for v in "${names[@]}"; do
	Q=1 bash "$LB_TOP/scripts/native/build.sh" "$v" || die "quick: linking $v failed (see above)"
done
ts=$EPOCHSECONDS
vlist=${names[*]}
# A process's timeout: run.sh's own (three times the units, and 30 s)
# is minutes for 100 ms units, but seconds for quick's, which a host
# busy with builds outlasts (a 2-variant process took 33 s at a load of
# 12); it is there to stop a hung lock, not to time the work.
VARIANTS=${vlist// /,} UNIT_MS=${QUICK_UNIT_MS:-12} RUN_DIR=$run/native Q=1 NATIVE_TIMEOUT=${NATIVE_TIMEOUT:-300} \
	bash "$LB_TOP/scripts/native/run.sh" || die "quick: the native run failed (see above)"
t_native=$((EPOCHSECONDS - ts))

# 3. The exact path lengths, counted in user space.
ts=$EPOCHSECONDS
bash "$LB_TOP/scripts/native/pathlen.sh" "${names[@]}" >"$run/native/pathlen-user.csv" ||
	die "quick: counting the path lengths failed (see above)"
t_pathlen=$((EPOCHSECONDS - ts))
agree=""
if [ "$mode" = matrix ]; then
	agree=$run/native/pathlen-agree.md
	bash "$LB_TOP/scripts/native/pathlen-agree.sh" "$run/native/pathlen-user.csv" "${ICOUNT_CSV:-$LB_TOP/results/pathlen/pathlen.csv}" >"$agree"
fi

# 4. The summary.  cover-letter.sh reads a run's run.info.
{
	echo "run_id=$name"
	echo "accel=native"
	echo "quick=$mode"
	echo "variants=$vlist"
	echo "seconds_build=$t_build"
	echo "seconds_native=$t_native"
	echo "seconds_pathlen=$t_pathlen"
	echo "seconds_total=$((EPOCHSECONDS - t0))"
} >"$run/run.info"
bash "$LB_TOP/scripts/quick/quick-summary.sh" "$run" "$agree" >"$run/quick.txt" || die "quick: the summary failed"
cat "$run/quick.txt"
say "quick: ${run#"$LB_TOP"/}/quick.txt ($((EPOCHSECONDS - t0)) s: objects $t_build s, native $t_native s, path lengths $t_pathlen s)"
