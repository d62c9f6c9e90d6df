#!/usr/bin/env bash
# RESULTS.md is an article: at most 3,000 words outside tables and code
# and at most 12 tables; it opens with the run's answer, then the machine
# line; every graph has a caption naming its instrument; everything else
# is in results/tables.md, and each of the article's links into it names
# a heading there (GitHub's anchors, as anchors.awk makes them).
. "$(dirname "$0")/../lib.bash"
art=${LB_ARTICLE:-$TOP/RESULTS.md} app=$TOP/results/tables.md
[ -f "$app" ] || fail "results/tables.md is missing (make publish writes it)"
read -r words tables < <(awk '/^```/ { code = !code; next } code { next }
	/^\|/ { if (!intable) tables++; intable = 1; next }
	{ intable = 0; words += NF } END { print words + 0, tables + 0 }' "$art")
[ "$words" -le 3000 ] || fail "${art#"$TOP"/} has $words words outside tables and code (at most 3000)"
[ "$tables" -le 12 ] || fail "${art#"$TOP"/} has $tables tables (at most 12)"
echo "ok: ${art#"$TOP"/}: $words words outside tables and code, $tables tables"
first=$(awk 'NR > 1 && NF { print; exit }' "$art")
[[ $first == "**What was found**"* || $first == "**On each host:**" ]] || fail "RESULTS.md does not open with the answer: $first"
grep -q '^\*\*Machine\.\*\* ' "$art" || fail "RESULTS.md has no machine line"
# Each graph is followed by its caption, which names an instrument.
awk '/^!\[/ { g = $0; want = 1; next }
	want && NF { if ($0 !~ /^\*(native|icount|events|TCG|KVM|[A-Z]+)[ :(]/) { print "no instrument in the caption of " g ": " $0; bad = 1 } want = 0 }
	END { exit bad }' "$art" || fail "a graph's caption does not name its instrument (above)"
# The links into the appendix land on its headings.
awk -f "$TOP/scripts/report/anchors.awk" -v links=1 "$app" | grep -o 'results/tables\.md#[a-z0-9_-]*' | sed 's/.*#//' | sort >"$TMP/anchors"
grep -o 'results/tables\.md#[a-z0-9_-]*' "$art" | sed 's/.*#//' | sort -u >"$TMP/links"
[ -s "$TMP/links" ] || fail "RESULTS.md links to no section of results/tables.md"
missing=$(comm -23 "$TMP/links" "$TMP/anchors")
[ -z "$missing" ] || fail "RESULTS.md links to sections results/tables.md does not have: $missing"
echo "ok: the answer first, the machine line, captions with instruments, $(wc -l <"$TMP/links") links into results/tables.md"
