#!/usr/bin/env bash
# Timed boots paired by round (issue #46): two variants whose boots of
# rounds 3, 6 and 9 both ran 60% slow (a slow host state shared by the
# round), b 10% slower than a in every round.  Unpaired, the shared
# slow mode makes the CI wide; with --rounds run.info the change is the
# median of per-round ratios, its CI narrow, and the A/A floor is
# resampled paired too.  A round that did not boot both variants pairs
# neither; a name must match whole; a bad order_round_ line is refused
# by file:line.  compare.sh passes its run's run.info, so the published
# run's boots are paired end to end.
. "$(dirname "$0")/../lib.bash"
bin=$TOP/bench-user/lb-stat fx=$TOP/tests/unit/fixtures
[ -x "$bin" ] || fail "lb-stat is not built"
cd "$TMP"
# pre.csv's 10 hot spin_lock records, one a boot (round); a, its A/A twin
# c (its own 1% jitter) and b (10% slower, its own jitter), each slowed
# 1.6x in rounds 3, 6 and 9.
awk -F, -v OFS=, 'NR <= 2 { print > "a.csv"; print > "b.csv"; print > "c.csv" }
	NR == 2 { for (i = 1; i <= NF; i++) h[$i] = i }
	NR > 2 && !/^#/ && $h["kind"] == "spin_lock" && $h["mode"] == "hot" {
		r = ++n; $h["boot"] = r; s = r % 3 ? 1 : 1.6; ns = $h["ns_op"] * s; cyc = $h["cyc_op"] * s
		$h["variant"] = "a"; $h["ns_op"] = sprintf("%.3f", ns); $h["cyc_op"] = sprintf("%.3f", cyc); print > "a.csv"
		j = 1 + (r % 2 ? 0.01 : -0.01)
		$h["variant"] = "c"; $h["ns_op"] = sprintf("%.3f", ns * j); $h["cyc_op"] = sprintf("%.3f", cyc * j); print > "c.csv"
		j = 1.1 * (1 + (r % 3 - 1) * 0.01)
		$h["variant"] = "b"; $h["ns_op"] = sprintf("%.3f", ns * j); $h["cyc_op"] = sprintf("%.3f", cyc * j); print > "b.csv" }
	END { exit n != 10 }' "$fx/pre.csv" || fail "pre.csv has not 10 hot spin_lock records"
for r in $(seq 1 10); do echo "order_round_$r=c b a"; done >run.info
row() { # FILE OTHER: a:OTHER's hot ns_op paired, change, CI and floor
	awk -F, -v o="$2" 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
		$h["base"] == "a" && $h["other"] == o && $h["mode"] == "hot" && $h["metric"] == "ns_op" {
			print $h["paired"], $h["pct_change"], $h["pct_lo"], $h["pct_hi"], $h["floor_pct"] }' "$1"
}
"$bin" compare --aa a:c --pair a:c --pair a:b -o unpaired.csv a.csv b.csv c.csv || fail "compare without --rounds failed"
"$bin" compare --aa a:c --pair a:c --pair a:b --rounds run.info -o paired.csv a.csv b.csv c.csv ||
	fail "compare --rounds failed"
read -r up upct ulo uhi ufloor < <(row unpaired.csv b) || true
read -r pp ppct plo phi pfloor < <(row paired.csv b) || true
[ "$up" = 0 ] || fail "without --rounds a:b is paired ($up)"
[ "$pp" = 1 ] || fail "with --rounds a:b is not paired ($pp)"
why=$(awk -v ulo="$ulo" -v uhi="$uhi" -v p="$ppct" -v lo="$plo" -v hi="$phi" -v uf="$ufloor" -v pf="$pfloor" 'BEGIN {
	if (!(uhi - ulo > 30)) print "unpaired CI [" ulo ", " uhi "] is not wide"
	else if (!(p > 9 && p < 11 && lo > 8 && hi < 12)) print "paired change " p "% [" lo ", " hi "] is not +10% with a narrow CI"
	else if (!(pf < 3 && uf > 20)) print "A/A floor " uf "% unpaired, " pf "% paired: not resampled by round" }')
[ -z "$why" ] || fail "$why"
echo "ok: a shared slow round: unpaired ${upct}% [$ulo, $uhi], floor $ufloor%; paired ${ppct}% [$plo, $phi], floor $pfloor%"

# Round 4 booted a and c but not b (and a variant named ab, which is not
# b): a:b is not paired, a:c still is.
sed 's/^order_round_4=.*/order_round_4=ab c a/' run.info >partial.info
"$bin" compare --aa a:c --pair a:c --pair a:b --rounds partial.info -o partial.csv a.csv b.csv c.csv ||
	fail "compare --rounds partial.info failed"
read -r pb _ < <(row partial.csv b) || true
read -r pc _ < <(row partial.csv c) || true
[ "$pb $pc" = "0 1" ] || fail "round 4 without b: a:b paired '$pb', a:c paired '$pc' (want 0 and 1)"
# A run.info without rounds (an imported run) pairs nothing.
printf 'source=import\norder_seed=none\n' >none.info
"$bin" compare --pair a:b --rounds none.info -o none.csv a.csv b.csv || fail "compare --rounds none.info failed"
read -r pn _ < <(row none.csv b) || true
[ "$pn" = 0 ] || fail "a run.info without rounds paired a:b"
echo "ok: a round without b pairs a:b with nothing; a run.info without rounds pairs nothing"

printf 'order_seed=1\norder_round_x=a b\n' >bad.info
expect_error "a round that is no number" "bad\.info:2: not order_round_B" \
	"$bin" compare --pair a:b --rounds bad.info -o x.csv a.csv b.csv
printf 'order_round_1=a b\norder_round_1=b a\n' >twice.info
expect_error "a round listed twice" "twice\.info:2: round 1 is listed twice" \
	"$bin" compare --pair a:b --rounds twice.info -o x.csv a.csv b.csv
expect_error "--rounds outside compare" "usage:" "$bin" summary --rounds run.info -o x.csv a.csv
[ ! -e x.csv ] || fail "a refused call left x.csv"

# compare.sh end to end on the published run's pre and post: every row
# of the A/A pair is paired by round.
run=$TMP/run
mkdir -p "$run/boots"
cp -r "$TOP/results/raw/boots/pre" "$TOP/results/raw/boots/post" "$run/boots/"
cp "$TOP/results/raw/pre.csv" "$TOP/results/raw/post.csv" "$TOP/results/raw/run.info" "$run/"
printf 'aa pre post\n' >comparisons
COMPARISONS=$TMP/comparisons STAT_RESAMPLES=400 "$TOP/scripts/report/compare.sh" "$run" >out 2>&1 ||
	fail "compare.sh failed: $(tail -n 5 out)"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } { n++; p += $h["paired"] }
	END { if (!n || p != n) { print n + 0 " rows, " p + 0 " paired"; exit 1 } }' "$run/pairs.csv" >why ||
	fail "compare.sh did not pair the published run's rounds: $(cat why)"
echo "ok: compare.sh pairs the published run's pre and post by round ($(($(wc -l <"$run/pairs.csv") - 1)) rows)"
