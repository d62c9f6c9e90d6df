#!/usr/bin/env bash
# plots/overtake.awk: where one variant overtakes another in a contended
# throughput panel, only where the 95% CIs say so on both sides of the
# step; the point is where the medians' lines cross.  Panels of
# series.awk's shape, written here.
# shellcheck source=tests/lib.bash
. "$(dirname "$0")/../lib.bash"
ot() { awk -f "$TOP/plots/overtake.awk" "$@"; }
# pre above stock at 1 thread, stock above at 2, CIs apart at both.
cat >"$TMP/cross.dat" <<'DAT'
#meta nmin=3 nmax=3 oversub=
#variants pre stock
# pre
1 1000 980 1020 0
2 400 380 420 0


# stock
1 900 880 920 0
2 600 580 620 0
DAT
got=$(ot "$TMP/cross.dat")
# d0 = 100, d1 = 200: a third of the way, at 1.33333 threads and 800 ops/s.
[ "$got" = '1.33333 800 "stock overtakes pre"' ] || fail "a clear overtake: got '$got'"
echo "ok: $got"
# The same medians, CIs that overlap at 1 thread: not shown by the data.
sed 's/^1 900 880 920 0$/1 900 880 990 0/' "$TMP/cross.dat" >"$TMP/tie.dat"
[ -z "$(ot "$TMP/tie.dat")" ] || fail "overlapping CIs were taken for an overtake: $(ot "$TMP/tie.dat")"
# A third variant that stays below both, and a step only one variant has.
cat "$TMP/cross.dat" - >"$TMP/three.dat" <<'DAT'


# post
1 500 490 510 0
2 300 290 310 0
4 250 240 260 0
DAT
got=$(ot "$TMP/three.dat")
[ "$got" = '1.33333 800 "stock overtakes pre"' ] || fail "three variants: got '$got'"
# One variant: nothing to cross.
head -n 6 "$TMP/cross.dat" >"$TMP/one.dat"
[ -z "$(ot "$TMP/one.dat")" ] || fail "one variant gave an overtake"
echo "ok: overlapping CIs, a third variant and a lone variant give none"
