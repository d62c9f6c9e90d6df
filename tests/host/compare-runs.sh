#!/usr/bin/env bash
# make compare BASE_RUN=A RUN=B: each variant of B against itself in A.
# Two copies of the published records: unchanged cells are not
# significant; post-debug's spin_lock made slower in B is a change (by
# 1.5x its own spread, max/min over A's passes, so that every pass of B
# lies above every pass of A whatever modes the published boots fall in);
# a BASE_RUN that is no run is refused before any work.  Each copy holds
# the records of the two variants checked and its run.info (all that
# compare-runs reads; lb-stat's time is per variant).
. "$(dirname "$0")/../lib.bash"
export LB_BUILD=$TMP/build
for r in A B; do
	mkdir "$TMP/$r"
	cp "$TOP/results/raw/pre.csv" "$TOP/results/raw/post-debug.csv" "$TMP/$r/"
	sed "s/^run_id=.*/run_id=run$r/" "$TOP/results/raw/run.info" >"$TMP/$r/run.info"
done
cell='NR == 2 { for (i = 1; i <= NF; i++) h[$i] = i } NR > 2 && !/^#/ && $h["kind"] == "spin_lock" && $h["mode"] == "hot"'
factor=$(awk -F, "$cell"' { v = $h["ns_op"] + 0; if (!n++ || v < lo) lo = v; if (v > hi) hi = v }
	END { if (lo > 0) printf "%.6g", 1.5 * hi / lo }' "$TOP/results/raw/post-debug.csv")
[ -n "$factor" ] || fail "the published post-debug.csv has no hot spin_lock records"
awk -F, -v OFS=, -v f="$factor" "$cell"' { $h["ns_op"] = sprintf("%.3f", f * $h["ns_op"]) } { print }' \
	"$TOP/results/raw/post-debug.csv" >"$TMP/B/post-debug.csv"
make -s -C "$TOP" compare BASE_RUN="$TMP/A" RUN="$TMP/B" >"$TMP/out" 2>&1 || fail "make compare BASE_RUN= failed: $(tail -n 5 "$TMP/out")"
p=$TMP/B/compare-runs/runA/pairs.csv
v() { awk -F, -v o="$1" -v k="$2" 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
	$h["other"] == o && $h["kind"] == k && $h["mode"] == "hot" && $h["metric"] == "ns_op" { print $h["verdict"] }' "$p"; }
[ "$(v runB@post-debug spin_lock)" = changed-no-floor ] || fail "spin_lock ${factor}x slower is '$(v runB@post-debug spin_lock)'"
[ "$(v runB@pre spin_lock)" = not-significant ] || fail "an unchanged copy is '$(v runB@pre spin_lock)'"
grep -q '^### runA@post-debug → runB@post-debug' "$TMP/B/compare-runs/runA/tables.md" || fail "no table for post-debug"
echo "ok: B against A: the cell slowed ${factor}x changed, an unchanged one not significant"
expect_error "BASE_RUN that is no run" "BASE_RUN=.* has no run.info" make -s -C "$TOP" compare BASE_RUN="$TMP" RUN="$TMP/B"

# A run of one variant has no pairs: compare writes the contract's pairs
# header, and the graphs are drawn from it (the headline a placeholder).
one=$TMP/one
mkdir -p "$one/boots"
cp -r "$TOP/results/raw/boots/pre" "$one/boots/"
cp "$TOP/results/raw/pre.csv" "$TMP/A/run.info" "$one/"
"$TOP/scripts/report/compare.sh" "$one" >"$TMP/out" 2>&1 || fail "compare on one variant failed: $(tail -n 5 "$TMP/out")"
[ "$(head -n 1 "$one/pairs.csv")" = "$(LB_TOP=$TOP && . "$TOP/schema/contract.sh" && contract_header pairs)" ] ||
	fail "one variant's pairs.csv header is not the contract's: $(head -n 1 "$one/pairs.csv")"
if command -v gnuplot >/dev/null; then
	"$TOP/scripts/report/plots.sh" "$one" >"$TMP/out" 2>&1 || fail "plots on one variant failed: $(tail -n 5 "$TMP/out")"
fi
echo "ok: one variant: no pairs, the contract's header, graphs drawn"
