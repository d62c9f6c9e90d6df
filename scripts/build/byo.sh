#!/usr/bin/env bash
# byo.sh: declare your own kernels as variants (docs/own-kernel.md).
# make tree runs it when KSRC= or KERNEL= is set.
#
#   KSRC=DIR|TARBALL   a Linux tree: a git clone (bare too), a plain directory or a
#                      source tarball (the last two are imported into a git
#                      repository of lockbench's own, build/user/import/)
#   BASE=ref           the base side (default: the tree's HEAD)
#   PATCHED=ref        the compared side, or
#   PATCHES=dir        patches applied on top of BASE with git am (dir/series
#                      gives their order, else the *.patch files sorted)
#   BASE_NAME= PATCHED_NAME=   the variants' names (default: from the refs)
#   FRAGMENTS="a b"    Kconfig fragments on top of vm-configs/base.config:
#                      names in vm-configs/ or paths
#   KERNEL=bzImage KBUILD=dir [VARIANT=name]   a prebuilt kernel, booted as
#                      is, lockbench.ko built against KBUILD (as vng -r does)
#
# Each side is a git worktree, build/user/NAME/src, so that git rebase -x
# and git bisect run work in it; it is built in build/user/NAME/obj.  Once
# set up, a side is left where it is (a bisect may be moving it) until the
# request changes.  The variants' lines go to build/user/matrix.
. "$(dirname "$0")/../lib.sh"

[ -n "${KSRC:-}${KERNEL:-}" ] || die "byo.sh: set KSRC=/path/to/linux or KERNEL=bzImage KBUILD=dir"
mkdir -p "$LB_USER"

# The markers of a Linux source tree, checked before anything is built.
kernel_tree_lacks() { # dir -> what is missing, nothing when it is a tree
	local d=$1 m miss=() lacks=""
	grep -q '^VERSION = ' "$d/Makefile" 2>/dev/null || miss+=("a top-level Makefile with VERSION =")
	[ -f "$d/Kconfig" ] || miss+=("Kconfig")
	[ -d "$d/arch/x86" ] || miss+=("arch/x86/")
	for m in "${miss[@]}"; do lacks+=${lacks:+, }$m; done
	echo "$lacks"
}
not_a_tree() { # what lacks
	die "$1 is not a Linux kernel source tree (it lacks $2): point KSRC at the top of a kernel tree, a git clone of linux.git or a linux-*.tar.* tarball"
}

case ${KSRC:-} in *[[:space:]]*) die "KSRC='$KSRC' contains white space: use a path without spaces (a symlink will do)" ;; esac
case ${KERNEL:-}${KBUILD:-} in *[[:space:]]*) die "KERNEL= and KBUILD= must be paths without spaces (a symlink will do)" ;; esac

# --- the names ---------------------------------------------------------
mapfile -t names < <(byo_variants)
declare -A builtin=() seen=()
for n in $(matrix_variants builtin); do builtin[$n]=1; done
for n in "${names[@]}"; do
	[[ $n =~ ^[a-z0-9][a-z0-9_-]{0,39}$ ]] ||
		die "variant name '$n' is not lower-case letters, digits, '-' and '_' (at most 40): name it with BASE_NAME=, PATCHED_NAME= or VARIANT="
	[ -z "${builtin[$n]:-}" ] ||
		die "variant name '$n' is already a built-in variant (vm-configs/matrix): choose another with BASE_NAME=, PATCHED_NAME= or VARIANT="
	[ -z "${seen[$n]:-}" ] || die "two sides are both named '$n': name them apart with BASE_NAME= and PATCHED_NAME="
	seen[$n]=1
done
[ -z "${PATCHED:-}" ] || [ -z "${PATCHES:-}" ] ||
	die "PATCHED=$PATCHED and PATCHES=$PATCHES both name the compared side: give one of them"

# --- the fragments, shared by every side built from source -------------
frags=()
for f in ${FRAGMENTS:-}; do
	case $f in
	*/*)
		[ -f "$f" ] || die "FRAGMENTS names $f, which does not exist"
		frags+=("$(readlink -f "$f")")
		;;
	*)
		f=${f%.config}
		if [ ! -f "$LB_VMCONFIGS/$f.config" ]; then
			# ls *.config | sed 's/\.config$//' | tr '\n' ' ', by a glob
			known=("$LB_VMCONFIGS"/*.config) list=""
			known=("${known[@]##*/}")
			printf -v list '%s ' "${known[@]%.config}"
			die "FRAGMENTS names '$f' but vm-configs/$f.config does not exist: name a fragment there ($list) or give a path"
		fi
		frags+=("$f")
		;;
	esac
done

# Replace this make's variants' lines in the user matrix, keep the others.
declare -A line=()
write_matrix() {
	local tmp=$LB_USER_MATRIX.tmp n
	{
		echo "# Written by scripts/build/byo.sh: your own kernels, as variants.  Like"
		echo "# vm-configs/matrix, plus where each comes from: tree=DIR (built in"
		echo "# DIR/../obj) or kernel=BZIMAGE kbuild=DIR (prebuilt)."
		# awk '!/^#/ && NF && index(drop, " " $1 " ") == 0', in bash
		local l drop=" ${!line[*]} " ws=$' \t'
		if [ -f "$LB_USER_MATRIX" ]; then
			while IFS= read -r l || [ -n "$l" ]; do
				[[ $l != '#'* && $l =~ ^[$ws]*([^$ws]+) && $drop != *" ${BASH_REMATCH[1]} "* ]] || continue
				printf '%s\n' "$l"
			done <"$LB_USER_MATRIX"
		fi
		for n in "${names[@]}"; do [ -z "${line[$n]:-}" ] || printf '%s\n' "${line[$n]}"; done
	} >"$tmp"
	mv "$tmp" "$LB_USER_MATRIX"
	# Two sides of one tree are this make's headline comparison.
	if [ -n "${KSRC:-}" ] && [ ${#names[@]} -ge 2 ] && [ -n "${line[${names[1]}]:-}" ]; then
		{
			echo "# Written by scripts/build/byo.sh: your kernels' comparison (see vm-configs/comparisons)."
			printf 'headline  %s  %s\n' "${names[0]}" "${names[1]}"
		} >"$LB_USER_COMPARISONS"
	fi
}

# --- a prebuilt kernel --------------------------------------------------
if [ -n "${KERNEL:-}" ]; then
	[ -n "${KBUILD:-}" ] ||
		die "KERNEL=$KERNEL needs KBUILD=, the directory that kernel was built in (its O= directory, with .config and Module.symvers), to build lockbench.ko against; as vng -r: make boot KERNEL=$KERNEL KBUILD=/path/to/build"
	[ -f "$KERNEL" ] || die "KERNEL=$KERNEL does not exist: name the bzImage (arch/x86/boot/bzImage in its build directory)"
	[ "$(dd if="$KERNEL" bs=1 skip=514 count=4 2>/dev/null)" = HdrS ] ||
		die "KERNEL=$KERNEL is not an x86 bzImage (no HdrS boot header): name arch/x86/boot/bzImage, not vmlinux"
	for f in .config Module.symvers include/config/kernel.release; do
		[ -f "$KBUILD/$f" ] ||
			die "KBUILD=$KBUILD has no $f: name the kernel's build directory (O=) after 'make bzImage modules' there"
	done
	[ -z "${FRAGMENTS:-}" ] || note "FRAGMENTS applies to kernels built from source, not to the prebuilt ${VARIANT:-prebuilt}"
	n=${VARIANT:-prebuilt}
	mkdir -p "$LB_USER/$n"
	kernel=$(readlink -f "$KERNEL") kbuild=$(readlink -f "$KBUILD")
	line[$n]="$n kernel=$kernel kbuild=$kbuild"
	note "byo: variant $n boots $kernel (prebuilt; lockbench.ko against $kbuild)"
fi

if [ -z "${KSRC:-}" ]; then
	write_matrix
	exit 0
fi

# --- the repository: the user's git tree, or an import -------------------
[ -e "$KSRC" ] || die "KSRC=$KSRC does not exist: point it at a Linux kernel tree (a git clone) or a source tarball"
ksrc=$(readlink -f "$KSRC")
git_id=(-c user.name=lockbench -c user.email=lockbench@localhost)
# A tarball or a plain directory is committed into a git repository of
# lockbench's own, one per source (build/user/import/HASH/git): a new
# tarball (size, time) starts it afresh; the same directory again adds a
# commit only when its files changed.
import_dir() { # the folder an import of KSRC lives in
	local h
	h=$(printf '%s' "$ksrc" | sha256sum)
	echo "$LB_USER/import/${h:0:12}"
}
# A tarball is all source: every file is committed.  A directory may hold
# an in-tree build, so its .gitignore is obeyed, unless that leaves out the
# tree itself (Debian's linux-source ignores "/*" but debian/).
import() { # workdir key tarball|directory
	local repo=$imp/git force=()
	local stamp
	stamp=$(cat "$imp/stamp" 2>/dev/null) || true
	if [ "$stamp" != "$2" ]; then
		rm -rf "$repo" "$imp/stamp"
		git init -q --bare "$repo"
	fi
	[ "$3" = directory ] || force=(-f)
	git --git-dir="$repo" --work-tree="$1" add -A "${force[@]}" . ||
		die "importing $KSRC into ${repo#"$LB_TOP"/} failed (disk full? see above)"
	if ! git --git-dir="$repo" --work-tree="$1" ls-files --error-unmatch Makefile Kconfig >/dev/null 2>&1; then
		note "byo: $KSRC's .gitignore ignores its own Makefile and Kconfig (as Debian's does): importing every file"
		git --git-dir="$repo" --work-tree="$1" add -A -f . ||
			die "importing $KSRC into ${repo#"$LB_TOP"/} failed (disk full? see above)"
	fi
	if ! git --git-dir="$repo" diff --cached --quiet HEAD -- 2>/dev/null; then
		local name
		name=$(basename "$KSRC")
		# (lockbench's own repository: no git maintenance run --auto after it)
		git --git-dir="$repo" --work-tree="$1" "${git_id[@]}" commit -q -m "$name, imported by lockbench" ||
			die "importing $KSRC into ${repo#"$LB_TOP"/} failed (see above)"
	fi
	printf '%s\n' "$2" >"$imp/stamp"
}
if [ -f "$ksrc" ]; then
	# A tarball: holds one top directory (linux-6.6/) or the tree itself.
	imp=$(import_dir)
	key="tarball $(stat -c '%s %Y' "$ksrc")"
	stamp=$(cat "$imp/stamp" 2>/dev/null) || true
	if [ "$stamp" != "$key" ]; then
		need_disk "$LB_USER" 3000
		note "byo: importing $KSRC into ${imp#"$LB_TOP"/}/git"
		rm -rf "$imp/tmp"
		mkdir -p "$imp/tmp"
		tar -xf "$ksrc" -C "$imp/tmp" ||
			{ rm -rf "$imp"; die "KSRC=$KSRC is neither a directory nor a tarball tar can read"; }
		top=$imp/tmp
		# The one entry (find -mindepth 1 -maxdepth 1), if there is one, by a glob.
		entries=()
		shopt -s nullglob dotglob
		entries=("$top"/*)
		shopt -u nullglob dotglob
		[ ${#entries[@]} -ne 1 ] || top=${entries[0]}
		lacks=$(kernel_tree_lacks "$top")
		[ -z "$lacks" ] || { rm -rf "$imp"; not_a_tree "KSRC=$KSRC" "$lacks"; }
		import "$top" "$key" tarball
		rm -rf "$imp/tmp"
	fi
	repo=$imp/git
# One git asks both: bare ("true"), else a work tree's top ("false", top).
elif { git_kind=$(git -C "$ksrc" rev-parse --is-bare-repository --show-toplevel 2>/dev/null) || true; } &&
	[ "$git_kind" = true ]; then
	# A bare repository (a mirror of linux.git): each side is checked below.
	repo=$ksrc
elif [ "$git_kind" = "false"$'\n'"$ksrc" ]; then
	lacks=$(kernel_tree_lacks "$ksrc")
	[ -z "$lacks" ] || not_a_tree "KSRC=$KSRC" "$lacks"
	repo=$ksrc
else
	# A plain directory (or a subdirectory of some other repository).
	lacks=$(kernel_tree_lacks "$ksrc")
	[ -z "$lacks" ] || not_a_tree "KSRC=$KSRC" "$lacks"
	imp=$(import_dir)
	note "byo: $KSRC is not a git tree; committing its files into ${imp#"$LB_TOP"/}/git (they stay where they are)"
	mkdir -p "$imp"
	import "$ksrc" directory directory
	repo=$imp/git
fi
g() { git -C "$repo" "$@"; }
# git log -1 --format='%h %s', cut to N bytes.
head_line() { # worktree N
	git -C "$1" log -1 --format='%h %s' HEAD | cut -b "1-$2" || true
}

base=$(commit_of "$repo" BASE "${BASE:-HEAD}")
patched=""
[ -z "${PATCHED:-}" ] || patched=$(commit_of "$repo" PATCHED "$PATCHED")

# The patches, in order, when PATCHES= names them.
patches=()
if [ -n "${PATCHES:-}" ]; then
	[ -d "$PATCHES" ] || die "PATCHES=$PATCHES is not a directory: name the directory holding the patches (git format-patch output)"
	pdir=$(readlink -f "$PATCHES")
	if [ -f "$pdir/series" ]; then
		while read -r p _; do
			case $p in '' | '#'*) continue ;; esac
			[ -f "$pdir/$p" ] || die "$PATCHES/series names $p, which does not exist in $PATCHES"
			patches+=("$pdir/$p")
		done <"$pdir/series"
	else
		mapfile -t patches < <(find "$pdir" -maxdepth 1 -type f \( -name '*.patch' -o -name '*.diff' -o -name '*.mbox' \) | LC_ALL=C sort)
	fi
	[ ${#patches[@]} -gt 0 ] || die "PATCHES=$PATCHES holds no series file and no *.patch: write them with git format-patch -o $PATCHES BASE..branch"
fi

# One side: a worktree at COMMIT under build/user/NAME/src, plus the patches.
side() { # name commit [patch...]
	local n=$1 c=$2 w=$LB_USER/$1/src key stamp=$LB_USER/$1/source.stamp p old
	shift 2
	key="ksrc=$ksrc commit=$c patches=$(sha_of /dev/null "$@")"
	old=$(cat "$stamp" 2>/dev/null) || true
	if [ -d "$w" ] && [ "$old" = "$key" ]; then
		note "byo: $n up to date at ${w#"$LB_TOP"/} ($(head_line "$w" 60))"
		return
	fi
	if [ -d "$w" ]; then
		[ -z "$(git -C "$w" status --porcelain 2>/dev/null)" ] ||
			die "$w has uncommitted changes and would be reset for the new request: commit or stash them there, or remove it (git -C $KSRC worktree remove --force $w)"
		g worktree remove --force "$w" 2>/dev/null || rm -rf "$w"
	fi
	[ ! -e "$stamp" ] || rm -f "$stamp"
	need_disk "$LB_USER" 2500
	mkdir -p "$LB_USER/$n"
	g worktree add -q -f --detach "$w" "$c" ||
		die "git worktree add of $c for $n failed (see above)"
	local id=()
	# git am needs an identity (asked only when there are patches).
	[ $# -eq 0 ] || git -C "$w" config user.email >/dev/null || id=("${git_id[@]}")
	for p in "$@"; do
		if ! git -C "$w" "${id[@]}" am -q "$p" >"$LB_USER/$n/am.log" 2>&1; then
			grep -E 'error:|Patch failed|does not apply' "$LB_USER/$n/am.log" >&2 || cat "$LB_USER/$n/am.log" >&2
			git -C "$w" am --abort >/dev/null 2>&1 || true
			git -C "$repo" worktree remove --force "$w" >/dev/null 2>&1 || rm -rf "$w"
			! grep -q 'Patch format detection failed' "$LB_USER/$n/am.log" ||
				die "${p#"$LB_TOP"/} is not a mail-format patch, which git am needs: write it with git format-patch, or give a plain diff From: and Subject: lines"
			die "${p#"$LB_TOP"/} does not apply with git am on top of ${BASE:-HEAD} ($(git -C "$repo" log -1 --format=%h "$c")); rebase it onto that base (or name the base it was written for with BASE=)"
		fi
		note "byo: $n: applied ${p##*/}"
	done
	lacks=$(kernel_tree_lacks "$w")
	if [ -n "$lacks" ]; then
		at=$(head_line "$w" 50)
		git -C "$repo" worktree remove --force "$w" >/dev/null 2>&1 || rm -rf "$w"
		die "$n ($at) is not a Linux kernel tree (it lacks $lacks): name a commit of the kernel with BASE=/PATCHED="
	fi
	printf '%s\n' "$key" >"$stamp"
	note "byo: $n at ${w#"$LB_TOP"/} ($(head_line "$w" 60))"
}

side "${names[0]}" "$base"
if [ -n "$patched" ]; then
	side "${names[1]}" "$patched"
elif [ ${#patches[@]} -gt 0 ]; then
	side "${names[1]}" "$base" "${patches[@]}"
fi
for n in "${names[@]}"; do
	[ -d "$LB_USER/$n/src" ] || continue
	line[$n]="$n tree=$LB_USER/$n/src${frags[*]:+ ${frags[*]}}"
done
write_matrix
