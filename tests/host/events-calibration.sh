#!/usr/bin/env bash
# The plugin's calibration check (scripts/events/calibration.sh) on
# the file a real calibration boot wrote (tests/fixtures/events/, from
# lb-events-cal under MTTCG, 2 vCPUs): it passes as is, and fails when one
# atomic goes missing, when the other vCPU's line stops being a transfer,
# or when a row is missing.
. "$(dirname "$0")/../lib.bash"
cal=$TOP/scripts/events/calibration.sh fix=$TOP/tests/fixtures/events/calibration.tsv
"$cal" "$fix" >"$TMP/ok.md" || fail "the recorded calibration is refused: $(cat "$TMP/ok.md")"
[ "$(grep -c '| exact |' "$TMP/ok.md")" = 7 ] || fail "not 7 exact rows: $(cat "$TMP/ok.md")"
echo "ok: recorded calibration: 7 rows exact"
doctor() { # name awk-program: the fixture changed, must be refused
	awk -F'\t' -v OFS='\t' "$2" "$fix" >"$TMP/$1.tsv"
	if "$cal" "$TMP/$1.tsv" >"$TMP/$1.md"; then fail "$1: accepted: $(cat "$TMP/$1.md")"; fi
	grep -q -E '\*\*(off|missing)\*\*' "$TMP/$1.md" || fail "$1: no row marked off or missing"
	echo "ok: $1 refused: $(grep -E '\*\*(off|missing)\*\*' "$TMP/$1.md" | head -n 1)"
}
doctor atomic-lost '$1 == "pad" && $2 == 4 { $6 = 3 } { print }'
doctor no-transfer '$1 == "pad" && $2 == 1000 { $17 = 0 } { print }'
doctor row-missing '!($1 == "pad" && $2 == 16)'
printf '#lockbench-events v1\n# no ops seen\n' >"$TMP/none.tsv"
expect_error "no ops seen" "no ops seen: lb-events-cal did not run" "$cal" "$TMP/none.tsv"
