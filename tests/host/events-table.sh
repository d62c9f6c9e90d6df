#!/usr/bin/env bash
# scripts/events/table.sh on the events.csv of a real 6-variant
# pass (tests/fixtures/events/, make events on this project's kernels):
# one row per hot kind and variant, the compared pairs stated in events
# (pre → post the same), the pad calibration exact; a pad whose count is
# off, or a CSV with no rows, is refused.
. "$(dirname "$0")/../lib.bash"
fix=$TOP/tests/fixtures/events/events.csv
tab=$TOP/scripts/events/table.sh
[ -x "$TOP/bench-user/lb-validate" ] || fail "bench-user/lb-validate is not built: run 'make -C bench-user'"
mkdir -p "$TMP/run"
cp "$fix" "$TMP/run/events.csv"
"$tab" "$TMP/run" >"$TMP/run/events.md" || fail "the table refused the recorded pass: $(tail -n 5 "$TMP/run/events.md")"
rows=$(grep -c -E '^\| [a-z_]+ \| (pre|post|stock)(-debug)? \| [0-9]' "$TMP/run/events.md")
[ "$rows" = 84 ] || fail "$rows kind x variant rows, expected 14 kinds x 6 variants = 84"
grep -q -x -- '- \*\*pre → post\*\*: the same events on every kind' "$TMP/run/events.md" || fail "no 'pre → post: the same events' line"
grep -q -E '^  - spin_lock: insns 16 → 50, loads 6 → 20, stores 4 → 12, lines 2 → 4$' "$TMP/run/events.md" ||
	fail "pre-debug → post-debug's spin_lock difference is not stated"
[ "$(grep -c '| exact |' "$TMP/run/events.md")" = 24 ] || fail "not 24 exact pad rows (4 pads x 6 variants)"
echo "ok: 84 rows, the pairs in events, 24 pads exact"
# A pad one instruction short is refused (exit 3) and marked.
awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
	NR > 1 && $c["variant"] == "post" && $c["pad"] == 64 { $c["insns"] = $c["insns"] - 1 } { print }' "$fix" >"$TMP/run/events.csv"
rc=0
"$tab" "$TMP/run" >"$TMP/run/off.md" || rc=$?
[ $rc = 3 ] || fail "a pad off by one: exit $rc, expected 3"
grep -q -E '^\| post \| 64 \| .*\*\*off\*\* \|$' "$TMP/run/off.md" || fail "the pad off by one is not marked off"
echo "ok: a pad off by one is refused and marked"
head -n 1 "$fix" >"$TMP/run/events.csv"
expect_error "no rows" "has no rows: no ops seen" "$tab" "$TMP/run"
