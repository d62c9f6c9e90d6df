#!/usr/bin/env bash
# The make targets are one table, schema/targets.tsv: make help's list
# and docs/targets.md's table are generated from it (issue #47: the doc
# said it was make help's list, and four entries differed), the Makefile
# has a rule for each row and a row for each goal it defines, each row's
# "runs" holds the goals its rule runs first, and help says what a target
# needs first.  The instruments' targets are no rows of it: each is its
# row of the contract, listed in make help and docs/targets.md from there
# (targets.sh), as the Makefile generates its rule.
. "$(dirname "$0")/../lib.bash"
TT=$TOP/scripts/build/targets.sh
mapfile -t names < <(awk -F '\t' '!/^#/ && $1 != "target" { print $1 }' "$TOP/schema/targets.tsv")
[ ${#names[@]} -ge 35 ] || fail "schema/targets.tsv has only ${#names[@]} rows"
bad=$(awk -F '\t' '!/^#/ && $1 != "target" && (NF != 5 || $1 !~ /^[a-z][a-z-]*$/ || $5 == "") { print NR ": " $0 }' "$TOP/schema/targets.tsv")
[ -z "$bad" ] || fail "schema/targets.tsv: rows without target, usage, runs, needs and help: $bad"

# 1. make help's targets, in the table's order.
help=$(env -u V make -s -C "$TOP" help)
listed=$(awk '/^Targets/ { on = 1; next } /^$/ { on = 0 } on && /^  [a-z]/ { print $1 }' <<<"$help")
[ "$listed" = "$(printf '%s\n' "${names[@]}")" ] ||
	fail "make help's targets differ from schema/targets.tsv: $(diff <(echo "$listed") <(printf '%s\n' "${names[@]}") | tr '\n' ' ')"
grep -q -E 'bundle .*needs first: the kernels of VARIANTS \(make kernels\)' < <(tr '\n' ' ' <<<"$help" | tr -s ' ') ||
	fail "make help does not say that make bundle needs the kernels first"
echo "ok: make help lists the ${#names[@]} targets of schema/targets.tsv, with what each needs first"

# 2. docs/targets.md's table is the table's.
doc=$(sed -n '/^<!-- targets: /,/^<!-- \/targets -->/p' "$TOP/docs/targets.md" | sed '1d;$d')
[ "$doc" = "$("$TT" markdown)" ] ||
	fail "docs/targets.md's table is not schema/targets.tsv's: regenerate it with scripts/build/targets.sh markdown: $(diff <(echo "$doc") <("$TT" markdown) | head -n 6 | tr '\n' ' ')"
echo "ok: docs/targets.md's table is schema/targets.tsv's"

# 3. The Makefile: a rule for each row, a row for each goal of its own
# (.PHONY; the instruments' generated goals, $(INSTRUMENT_GOALS), aside),
# and each goal its rule runs first in the row's runs.
phony=$(awk '/^\.PHONY:/ { on = 1 } on { more = $0 ~ /\\$/; gsub(/\\$/, ""); sub(/^\.PHONY:/, ""); print; if (!more) on = 0 }' "$TOP/Makefile" | tr ' \t' '\n\n' | grep -v -x -E '|args-ok|\$\(INSTRUMENT_GOALS\)' | sort -u)
missing_row=$(comm -23 <(echo "$phony") <(printf '%s\n' "${names[@]}" | sort))
[ -z "$missing_row" ] || fail "Makefile goals without a row in schema/targets.tsv: $missing_row"
missing_rule=$(comm -13 <(echo "$phony") <(printf '%s\n' "${names[@]}" | sort))
[ -z "$missing_rule" ] || fail "schema/targets.tsv rows without a .PHONY goal in the Makefile: $missing_rule"
declare -A runs=()
while IFS=$'\t' read -r t _ r _; do runs[$t]=",$r,"; done < <(awk -F '\t' '!/^#/ && $1 != "target" { print $1 "\t" $2 "\t" $3 "\t" $4 }' "$TOP/schema/targets.tsv" | sed 's/\t\t/\t-\t/g')
for t in "${names[@]}"; do
	pre=$(sed -n "s/^$t: \\(.*\\)/\\1/p" "$TOP/Makefile" | grep -v '=' | head -n 1) || true
	for p in $pre; do
		[[ $p != args-ok && $p != *'$'* && $p != *')'* ]] || continue
		[[ " ${names[*]} " == *" $p "* ]] || continue
		[[ ${runs[$t]} == *",$p,"* ]] || fail "make $t runs $p first (its Makefile rule) but its row's runs lack it: ${runs[$t]}"
	done
done
echo "ok: the Makefile has a rule for each row and a row for each goal, each row's runs holding its rule's goals"

# 4. Each instrument's make target, its name and its alias (the
# contract's row), is in make help's list of instruments and
# docs/targets.md's, and is a goal check-args takes (targets.sh names).
LB_TOP=$TOP . "$TOP/schema/contract.sh"
mapfile -t instruments < <(LB_TOP=$TOP contract_rows instruments | cut -f 1,5)
[ ${#instruments[@]} -ge 4 ] || fail "the contract lists only ${#instruments[@]} instruments"
inhelp=$(sed -n '/^Instruments/,/^$/p' <<<"$help")
mapfile -t goals < <("$TT" names)
for row in "${instruments[@]}"; do
	IFS=$'\t' read -r name alias <<<"$row"
	head="$name"
	[ "$alias" = - ] || head="$name ($alias)"
	grep -q -E "^  $(sed 's/[()]/\\&/g' <<<"$head")( |$)" <<<"$inhelp" || fail "make help's instruments lack make $head"
	grep -q -F "| \`make $name\`" "$TOP/docs/targets.md" || fail "docs/targets.md's instruments lack make $name"
	for t in "$name" "$alias"; do
		[ "$t" = - ] || [[ " ${goals[*]} " == *" $t "* ]] || fail "the instrument's target $t is not among targets.sh's names"
	done
done
echo "ok: each of the ${#instruments[@]} instruments' targets and aliases is in make help, docs/targets.md and targets.sh's names"
