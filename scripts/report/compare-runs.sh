#!/usr/bin/env bash
# compare-runs.sh BASE_RUN RUN: the same variants measured in two runs, as
# mmtests' compare-kernels.sh --baseline/--compare does: each variant of
# RUN against itself in BASE_RUN, by lb-stat (rank test, bootstrap CI,
# Holm per pair and mode; no A/A floor: two runs have no identical pair).
# Writes RUN/compare-runs/BASE_ID/: pairs.csv and tables.md.
. "$(dirname "$0")/../lib.sh"

base=$(run_dir "${1:?usage: compare-runs.sh BASE_RUN RUN}")
run=$(run_dir "${2:?usage: compare-runs.sh BASE_RUN RUN}")
[ "$base" != "$run" ] || die "BASE_RUN and RUN are the same run ($1)"
bid=$(dir_id "$base")
id=$(dir_id "$run")
# Two runs of one id (a host's native runs all say run_id=native) go by
# their folders' names (build/runs/NAME for NAME/native): one name for
# both would compare a run with itself.
folder() { # DIR -> its name, or the name above its native/
	local d
	d=$(readlink -f "$1")
	d=${d%/native}
	echo "${d##*/}"
}
if [ "$bid" = "$id" ]; then
	bid=$(folder "$1") id=$(folder "$2")
	[ "$bid" != "$id" ] || die "BASE_RUN and RUN are both named $id: copy one to a folder of another name"
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Each record file again, its variant renamed BASE_ID:VARIANT or ID:VARIANT
# in the records' own variant column, so lb-stat sees four names.
rename() { # dir id -> the renamed record files of that run in $tmp
	local f v
	for f in "$1"/*.csv; do
		is_record_file "$f" || continue
		v=${f##*/} v=${v%.csv}
		awk -F, -v OFS=, -v to="$2@$v" 'NR == 2 { for (i = 1; i <= NF; i++) if ($i == "variant") c = i }
			NR > 2 && !/^#/ && c { $c = to } { print }' "$f" >"$tmp/$2@$v.csv"
		echo "$v"
	done
}
mapfile -t bv < <(rename "$base" "$bid")
mapfile -t rv < <(rename "$run" "$id")
pairs=()
for v in "${rv[@]}"; do
	[[ " ${bv[*]} " == *" $v "* ]] && pairs+=(--pair "$bid@$v:$id@$v")
done
[ ${#pairs[@]} -gt 0 ] || die "BASE_RUN ($bid: ${bv[*]}) and RUN ($id: ${rv[*]}) share no variant"
(cd "$tmp" && "$LB_TOP/bench-user/lb-stat" compare --seed "${STAT_SEED:-1}" "${pairs[@]}" -o "$tmp/pairs.out" ./*.csv) ||
	die "lb-stat could not compare $bid with $id (see above; --force is not passed: runs of two hosts or accelerators do not mix)"
# Written only once lb-stat has compared them: a refusal leaves nothing.
out=$run/compare-runs/$bid
mkdir -p "$out"
mv "$tmp/pairs.out" "$out/pairs.csv"
"$LB_TOP/scripts/report/render.sh" tables "$out/pairs.csv" >"$out/tables.md"
say "compare: $id against $bid, $((${#pairs[@]} / 2)) variants: ${out#"$LB_TOP"/}/tables.md"
