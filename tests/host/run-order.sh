#!/usr/bin/env bash
# The timed run's variant order: one seed and round give one order, and
# the rounds of a run differ (they were all the same while the random
# source was a repeated "seed:round" text, of which shuf read only bytes
# every round shared).
. "$(dirname "$0")/../lib.bash"
. "$TOP/scripts/lib.sh"
vs=(pre pre-debug post post-debug stock stock-debug)
for r in $(seq 1 10); do seeded_shuffle "1796401290:$r" "${vs[@]}" | paste -sd' '; done >"$TMP/orders"
[ "$(wc -l <"$TMP/orders")" -eq 10 ] || fail "not 10 orders"
while read -r line; do
	[ "$(tr ' ' '\n' <<<"$line" | sort | paste -sd' ')" = "$(printf '%s\n' "${vs[@]}" | sort | paste -sd' ')" ] ||
		fail "an order is not a permutation of the variants: $line"
done <"$TMP/orders"
distinct=$(sort -u "$TMP/orders" | wc -l)
[ "$distinct" -ge 8 ] || fail "10 rounds gave only $distinct distinct orders: $(cat "$TMP/orders")"
[ "$(seeded_shuffle "1796401290:3" "${vs[@]}" | paste -sd' ')" = "$(sed -n 3p "$TMP/orders")" ] ||
	fail "one seed and round gave two orders"
[ "$(seeded_shuffle "7:1" "${vs[@]}" | paste -sd' ')" != "$(seeded_shuffle "8:1" "${vs[@]}" | paste -sd' ')" ] ||
	[ "$(seeded_shuffle "7:2" "${vs[@]}" | paste -sd' ')" != "$(seeded_shuffle "8:2" "${vs[@]}" | paste -sd' ')" ] ||
	fail "the seed does not change the order"
echo "ok: 10 rounds, $distinct distinct orders of 6 variants, reproducible from the seed"
