#!/usr/bin/env bash
# README.md's timing paragraphs cannot go stale: they are what
# scripts/report/readme-timing.sh draws from the one table of stage times
# (scripts/build/stage-times.sh: the published run's stage table,
# results/stages.tsv, and schema/stage-times.tsv), byte for byte, as is
# docs/tests.md's paragraph of make check's times; the published table is
# what scripts/report/stages.sh derives from the published raw data's
# run.info files; and a planted stage time changes the paragraph.
. "$(dirname "$0")/../lib.bash"
R=$TOP/results
[ -f "$R/stages.tsv" ] || fail "results/stages.tsv is missing (make publish writes it)"
# The README's block, between its markers.
awk '/^<!-- \/timing -->/ { on = 0 } on { print } /^<!-- timing/ { on = 1; n++ } END { exit n != 1 }' "$TOP/README.md" >"$TMP/readme" ||
	fail "README.md has not exactly one <!-- timing ... --> block"
"$TOP/scripts/report/readme-timing.sh" >"$TMP/gen" 2>"$TMP/err" || fail "readme-timing.sh failed: $(cat "$TMP/err")"
cmp -s "$TMP/readme" "$TMP/gen" ||
	fail "README.md's timing paragraph is not what readme-timing.sh prints from results/stages.tsv (make publish rewrites it): $(diff "$TMP/readme" "$TMP/gen" | head -n 8)"
echo "ok: README.md's timing paragraph is readme-timing.sh's, from results/stages.tsv"
awk '/^<!-- \/check-timing -->/ { on = 0 } on { print } /^<!-- check-timing/ { on = 1; n++ } END { exit n != 1 }' "$TOP/docs/tests.md" >"$TMP/tests-md" ||
	fail "docs/tests.md has not exactly one <!-- check-timing ... --> block"
"$TOP/scripts/report/readme-timing.sh" --check >"$TMP/gen-check" || fail "readme-timing.sh --check failed"
cmp -s "$TMP/tests-md" "$TMP/gen-check" ||
	fail "docs/tests.md's make check times are not readme-timing.sh --check's (regenerate them): $(diff "$TMP/tests-md" "$TMP/gen-check" | head -n 6)"
grep -q -F "$(head -n 1 "$TMP/gen-check")" "$TMP/gen" || fail "README.md's make check times differ from docs/tests.md's"
echo "ok: docs/tests.md's make check times are the same table's, as the README's"
# Every figure of the table names its host and its source.
bad=$(awk -F '\t' '!/^#/ && $1 != "stage" && (NF != 5 || $2 !~ /^[0-9]+$/ || $2 == 0 || $4 == "" || $5 == "") { print NR ": " $0 }' "$TOP/schema/stage-times.tsv")
[ -z "$bad" ] || fail "schema/stage-times.tsv: rows without a nonzero time, a host and a source: $bad"
# The table is the raw data's own record.
"$TOP/scripts/report/stages.sh" "$R/raw" >"$TMP/stages.tsv" || fail "stages.sh on results/raw failed"
cmp -s "$TMP/stages.tsv" "$R/stages.tsv" || fail "results/stages.tsv differs from stages.sh on results/raw: $(diff "$R/stages.tsv" "$TMP/stages.tsv" | head -n 6)"
echo "ok: results/stages.tsv is stages.sh's reading of results/raw's run.info files"
# A planted change: the timed matrix 60 s longer moves the paragraph's
# figure and its total.
mkdir -p "$TMP/r"
cp "$R/run.info" "$R/host.txt" "$TMP/r/"
awk -F '\t' -v OFS='\t' '$1 == "timed" { $2 += 60 } { print }' "$R/stages.tsv" >"$TMP/r/stages.tsv"
"$TOP/scripts/report/readme-timing.sh" "$TMP/r" >"$TMP/planted" || fail "readme-timing.sh on a planted table failed"
old=$(awk -F '\t' '$1 == "timed" { print $2 }' "$R/stages.tsv")
tr '\n' ' ' <"$TMP/planted" | grep -q "timed matrix $((old + 60)) s" || fail "a timed stage 60 s longer does not show: $(cat "$TMP/planted")"
! cmp -s "$TMP/planted" "$TMP/gen" || fail "a planted stage time leaves the paragraph unchanged"
echo "ok: a planted stage time changes the paragraph"
expect_error "no stage table" "stages.tsv is missing" "$TOP/scripts/report/readme-timing.sh" "$TMP/none"
