#!/usr/bin/env bash
# Every variable a script reads from outside is a setting (a row of
# schema/settings.tsv, which check-args checks and docs/variables.md
# lists) or the plumbing between lockbench's own scripts (a row of
# schema/internal-vars.tsv): LAYOUT, UNIT_MS and SLICES were read by
# make native and checked only once it started (issue #47).
# tests/host/env-reads.awk reads the shell's words of scripts/, plots/
# and the Makefile for ${NAME:-...} and the like, and $NAME of a name the
# script never assigns.  Not read: the makefiles a script runs with its
# own variables on their command line (*.mk: their arguments).
# The allow-list is checked too: each row is still read, is set by the
# file it names, and is not a setting as well.  And a setting no script
# reads is a stale row, but for Kbuild's refused names (no one reads
# them) and make check's own (the harness reads them).
. "$(dirname "$0")/../lib.bash"
cd "$TOP" || exit
mapfile -t files < <(git ls-files scripts plots Makefile | grep -E '\.sh$|(^|/)Makefile$|^scripts/git/commit-msg$')
[ ${#files[@]} -gt 50 ] || fail "only ${#files[@]} scripts to read under scripts/ plots/"
libs="scripts/lib.sh schema/contract.sh scripts/native/common.sh"
# shellcheck disable=SC2086 # the libraries, one word each
reads=$(awk -v LIBS="$libs" -f tests/host/env-reads.awk $libs "${files[@]}")
n=$(cut -f 1 <<<"$reads" | sort -u | wc -l)
[ "$n" -gt 50 ] || fail "only $n variables read found in ${#files[@]} scripts: the reader reads nothing"

# The shell's and make's own variables, never the environment's to set.
own=" CURDIR MAKE MAKECMDGOALS MAKEFILE_LIST MAKEFLAGS MAKELEVEL MAKE_RESTARTS EPOCHREALTIME EPOCHSECONDS OPTARG OPTIND _ "
declare -A setting=() internal=()
while read -r name rule; do
	setting[$name]=$rule
done < <(awk -F '\t' '!/^#/ && $1 != "name" { print $1, $3 }' schema/settings.tsv)
while IFS=$'\t' read -r name by why; do
	internal[$name]=$by
	[ -n "$why" ] || fail "schema/internal-vars.tsv: $name has no reason"
done < <(awk -F '\t' '!/^#/ && $1 != "name"' schema/internal-vars.tsv)

# 1. Every read is a setting, an internal row or the shell's own.
missing=()
declare -A seen=()
while IFS=$'\t' read -r name where; do
	seen[$name]=1
	[[ $own != *" $name "* ]] || continue
	[ -z "${setting[$name]:-}" ] && [ -z "${internal[$name]:-}" ] || continue
	missing+=("$name ($where)")
done <<<"$reads"
[ ${#missing[@]} -eq 0 ] ||
	fail "${#missing[@]} variables read from the environment are not in schema/settings.tsv (a setting: its rule, goals and help) or schema/internal-vars.tsv (plumbing): ${missing[*]}"
echo "ok: the $n variables ${#files[@]} scripts read from outside are each a setting, an internal row or the shell's own"

# 2. The allow-list: still read, set where it says, not a setting.
for name in "${!internal[@]}"; do
	[ -n "${seen[$name]:-}" ] || fail "schema/internal-vars.tsv: $name is read by no script: drop its row"
	[ -z "${setting[$name]:-}" ] || fail "$name is both a setting and an internal row: keep one"
	by=${internal[$name]}
	grep -q -E "(^|[^A-Za-z0-9_])(export +)?$name *(\+|\?|:)?=" "$by" ||
		fail "schema/internal-vars.tsv: $by does not set $name"
done
echo "ok: the ${#internal[@]} internal rows are each read, set by the file they name, and no setting"

# 3. No stale setting: each row is read by a script or make check's
# harness, but for the refused ones and the NAME_* patterns (a script
# reads those by an indirect name).
harness=$(awk -f tests/host/env-reads.awk tests/harness/*.sh | cut -f 1)
stale=()
for name in "${!setting[@]}"; do
	[ "${setting[$name]}" != refused ] && [[ $name != *_\* ]] || continue
	[ -n "${seen[$name]:-}" ] || grep -q -x "$name" <<<"$harness" || stale+=("$name")
done
[ ${#stale[@]} -eq 0 ] || fail "settings no script reads (stale rows of schema/settings.tsv): ${stale[*]}"
echo "ok: every setting of schema/settings.tsv is read by a script"
