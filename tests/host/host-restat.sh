#!/usr/bin/env bash
# scripts/report/hosts/host-restat.sh recomputes a filed native run's
# statistics with today's lb-stat: on a copy of results/hosts, the Zen 4
# run (no tsc_step in its run.info, no slices) gets the step its figures
# show (26), today's pairs.csv columns, no CI of zero width, a stat.info
# that says its states are unknown, and a provenance line naming the
# commit that recomputed it; its records are untouched, and so is the
# tracked results/.  A folder not filed under RESULTS/hosts is refused.
# check: slow
. "$(dirname "$0")/../lib.bash"
command -v jq >/dev/null || skip "jq is not installed"
[[ -x $TOP/bench-user/lb-stat ]] || missing "the tools are not built (make -C bench-user)"
export LB_TOP=$TOP LB_BUILD=$TMP/build RESULTS=$TMP/r STAT_RESAMPLES=200
. "$TOP/schema/contract.sh"
zen4=(/dev/null)
for d in "$TOP"/results/hosts/AMD_EPYC_f25m17*/native/*/; do [ -f "$d/pre.csv" ] && zen4=("$d") && break; done
[ -f "${zen4[0]}/pre.csv" ] || fail "no Zen 4 run in results/hosts"
snap() { (cd "$TOP" && find results -type f -print0 | sort -z | xargs -0 md5sum); }
snap >"$TMP/before"
mkdir -p "$RESULTS"
cp -r "$TOP/results/hosts" "$RESULTS/"
run=$RESULTS/hosts/${zen4[0]#"$TOP"/results/hosts/}
run=${run%/}
(cd "$run" && md5sum ./*.csv | grep -v -e summary.csv -e pairs.csv -e baseline.csv) >"$TMP/records"
"$TOP/scripts/report/hosts/host-restat.sh" "$run" >"$TMP/out" 2>&1 || fail "host-restat.sh failed: $(tail -n 20 "$TMP/out")"
grep -qx 'tsc_step=26' "$run/stat.info" || fail "the Zen 4 run's step is not 26: $(grep tsc_step "$run/stat.info")"
grep -qx 'tsc_step_from=inferred' "$run/stat.info" || fail "the step is not said to be inferred"
grep -qx 'states=unknown (no slices)' "$run/stat.info" || fail "a run without slices does not say its states are unknown: $(grep states "$run/stat.info")"
[ "$(head -n 1 "$run/pairs.csv")" = "$(contract_header pairs)" ] || fail "pairs.csv does not have today's columns"
zero=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["pct_lo"] !~ /nan/ && $c["pct_lo"] == $c["pct_hi"] { n++ } END { print n + 0 }' "$run/pairs.csv")
rows=$(($(wc -l <"$run/pairs.csv") - 1))
[ "$rows" -gt 0 ] || fail "pairs.csv has no rows"
[ "$zero" = 0 ] || fail "$zero of $rows rows have a CI of zero width"
grep -q '^statistics_by=lockbench [0-9a-f]\{12\}' "$run/provenance.txt" || fail "provenance.txt does not say which commit recomputed it"
(cd "$run" && md5sum -c --quiet "$TMP/records") || fail "the records changed"
echo "ok: the Zen 4 run recomputed: step 26 (inferred), $rows rows, none of zero width, states unknown, records kept"
expect_error "not filed" "is not a run filed under" "$TOP/scripts/report/hosts/host-restat.sh" "$TMP"
snap >"$TMP/after"
cmp -s "$TMP/before" "$TMP/after" || fail "results/ changed: $(diff "$TMP/before" "$TMP/after" | head)"
echo "ok: a folder outside RESULTS/hosts refused; the tracked results/ untouched"
