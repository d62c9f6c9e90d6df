#!/usr/bin/env bash
# icount/table.sh RUN: the path-length tables of an icount run:
#   RUN/pathlen.md        instructions per acquire+release, kind x variant
#   RUN/pathlen-diff.md   the comparisons (vm-configs/comparisons), in whole instructions
#   RUN/pathlen.csv       the same counts as data
# lb-pathlen refuses the run if any count is not exact or differs between
# boots; render.sh draws the two tables from its CSV.  Derived files are rebuilt whole; the records are only read.
. "$(dirname "$0")/../lib.sh"

run=$(readlink -f "${1:?usage: icount/table.sh RUNDIR}")
[ -f "$run/run.info" ] || die "$1 has no run.info: not a run directory"
declare -A RI=()
readkv RI "$run/run.info"
[ "${RI[accel]:-}" = icount ] ||
	die "$1 is not an icount run (run.info accel=${RI[accel]:-}): path lengths come from 'make pathlen'"
read -r -a vs <<<"${RI[variants]:-}"
files=() have=" "
for v in "${vs[@]}"; do
	[ -f "$run/$v.csv" ] || { note "pathlen: $v has no records in $1"; continue; }
	files+=("$run/$v.csv") have+="$v "
done
[ ${#files[@]} -gt 0 ] || die "$1 has no result files"
pairs=""
all=$(comparison_lines) || exit 1
while IFS=$'\t' read -r role b o _; do
	case $role in aa | headline | pair | pathlen) ;; *) continue ;; esac
	[[ $have == *" $b "* && $have == *" $o "* ]] && pairs+="$b:$o "
done <<<"$all"
tmp=$(mktemp -d "$run/.pathlen.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"$LB_TOP/bench-user/lb-pathlen" -o "$tmp/pathlen.csv" "${files[@]}" || die "lb-pathlen refused $1 (see above)"
# The tables are drawn from the CSV by the report's one renderer.
. "$LB_TOP/schema/contract.sh"
render() { "$LB_TOP/scripts/report/render.sh" pathlen -v mix="$(contract_list kinds side=mix)" "$@" "$tmp/pathlen.csv"; }
render -v variants="${have# }" >"$tmp/pathlen.md" || die "pathlen: the table of $1 could not be drawn"
if [ -n "$pairs" ]; then
	render -v pairs="$pairs" -v diff_only=1 >"$tmp/pathlen-diff.md" || die "pathlen: the comparisons of $1 could not be drawn"
else
	echo "(no pair of compared variants in this run)" >"$tmp/pathlen-diff.md"
fi
mv "$tmp"/pathlen.md "$tmp"/pathlen-diff.md "$tmp"/pathlen.csv "$run/"
say "pathlen: tables in ${run#"$LB_TOP"/}/pathlen.md and pathlen-diff.md"
