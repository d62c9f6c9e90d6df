#!/usr/bin/env bash
# A new instrument touches at most 3 files outside its own place (issue
# #36, docs/instruments.md).  In a copy of this tree, add a throwaway
# instrument, toy, the way docs/instruments.md says: its row in
# schema/lockbench_schema.h, its make target in the Makefile, its test,
# and its place scripts/toy/ (section.sh, section.md.in, publish.list,
# derive.sh, run.sh).  Count the files changed outside the place; then
# run the stages that loop over the contract's rows (make toy, compare,
# plots, results, publish, DRYRUN's plan) on the published run with
# toy's data, and check that each took toy in with no other edit.
# check: slow
. "$(dirname "$0")/../lib.bash"
for b in lb-validate lb-stat lb-resolution lb-pathlen; do
	[ -x "$TOP/bench-user/$b" ] || missing "bench-user/$b is not built: run 'make user'"
done
[ -f "$TOP/results/raw/run.info" ] || skip "no published run in results/raw to add toy's data to"
command -v git >/dev/null || missing "git is not installed (make deps)"

# The tree as it stands (tracked files, as edited), in a repository of
# its own, to count what toy changes.
tree=$TMP/tree
mkdir -p "$tree"
(cd "$TOP" && git ls-files -z | tar --null -T - -cf -) | tar -xf - -C "$tree"
cp -p "$TOP"/bench-user/*.o "$TOP"/bench-user/lb-validate "$TOP"/bench-user/lb-stat \
	"$TOP"/bench-user/lb-resolution "$TOP"/bench-user/lb-pathlen "$tree/bench-user/"
g() { git -C "$tree" -c user.name=test -c user.email=test@invalid "$@"; }
g init -q && g add -A && g commit -q -m base --no-verify

# 1. The row.
awk '{ print } /^#define LB_INSTRUMENTS\(X\)/ {
	print "\tX(toy, toys,\t\ttoy,\t0, -,\tscripts/toy,\t\t\\"
	print "\t  \"what a toy counts: the throwaway instrument of tests/host/new-instrument.sh\") \\"
}' "$tree/schema/lockbench_schema.h" >"$TMP/h" && cat "$TMP/h" >"$tree/schema/lockbench_schema.h"
# 2. The make target.
sed -i 's/^\(\.PHONY: .*\)\\$/\1toy \\/' "$tree/Makefile"
awk '/^endif # DRYRUN$/ { print "# The toy instrument (tests/host/new-instrument.sh)."; print "toy: args-ok user"; print "\t@$(S)/toy/run.sh"; print "" } { print }' \
	"$tree/Makefile" >"$TMP/mk" && cat "$TMP/mk" >"$tree/Makefile"
# 3. Its test.
cat >"$tree/tests/host/toy.sh" <<'EOF'
#!/usr/bin/env bash
# toy's own test: its run writes toy.csv.
. "$(dirname "$0")/../lib.bash"
LB_BUILD=$TMP/build NAME=t make -s -C "$TOP" toy >/dev/null
[ -s "$TMP/build/runs/t/toy/toy.csv" ] || fail "make toy wrote no toy.csv"
EOF
chmod +x "$tree/tests/host/toy.sh"
# Its place.
P=$tree/scripts/toy
mkdir -p "$P"
cat >"$P/run.sh" <<'EOF'
#!/usr/bin/env bash
# make toy: count each variant's name, as a run of an instrument would
# count something, into build/runs/NAME/toy/.
. "$(dirname "$0")/../lib.sh"
out=$LB_BUILD/runs/$LB_RUN_NAME/toy
mkdir -p "$out"
echo "variant,toys" >"$out/toy.csv"
for v in $(parse_variants "${VARIANTS:-}"); do echo "$v,${#v}"; done >>"$out/toy.csv"
printf 'run_id=%s-toy\nvariants=%s\n' "$LB_RUN_NAME" "$(parse_variants "${VARIANTS:-}" | tr '\n' ' ')" >"$out/run.info"
EOF
cat >"$P/derive.sh" <<'EOF'
#!/usr/bin/env bash
# derive.sh RUN/toy: the toys' total, for compare.sh.
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "toys") c = i; next }
	{ s += $c } END { print "total," s }' "${1:?usage: derive.sh RUN/toy}/toy.csv" >"$1/total.csv"
EOF
cat >"$P/section.sh" <<'EOF'
# shellcheck shell=bash
# toy's report section, sourced by results.sh.
toyid='' total=''
if [ -f "$run/toy/toy.csv" ]; then
	toyid=$(sed -n 's/^run_id=//p' "$run/toy/run.info")
	total=$(sed -n 's/^total,//p' "$run/toy/total.csv")
	render table "$run/toy/toy.csv" >"$tmp/pieces/TOY_TABLE"
fi
fact toyid "$toyid"
fact total "$total"
EOF
cat >"$P/section.md.in" <<'EOF'
## Toys: the throwaway instrument

{{if toyid}}
Instrument: **toy** (run `{{=toyid}}`), {{=total}} toys in all.

@@TOY_TABLE@@
{{else}}
No toy run in this run directory.
{{end}}

EOF
printf '%s\n' toy.csv run.info >"$P/publish.list"
chmod +x "$P/run.sh" "$P/derive.sh"

mapfile -t outside < <(g status --porcelain -uall | sed 's/^...//' | grep -v '^scripts/toy/')
echo "ok: toy touched ${#outside[@]} files outside scripts/toy/: ${outside[*]}"
[ ${#outside[@]} -le 3 ] || fail "a new instrument touched ${#outside[@]} files outside its place (at most 3): ${outside[*]}"

# The row reaches the contract.
make -s -C "$tree/bench-user" lb-validate >"$TMP/out" 2>&1 || fail "lb-validate did not build with toy's row: $(cat "$TMP/out")"
grep -q $'^instruments\ttoy\t' < <("$tree/bench-user/lb-validate" --describe instruments) ||
	fail "lb-validate --describe instruments has no toy row"

# The stages, on the published run plus toy's data, with no other edit.
# (make check's own settings, T= among them, are not the copy's.)  That
# the stages take toy in is the question, not the CIs of the published
# pairs: fewer resamples (as comparisons.sh) halve compare's time.
export LB_BUILD=$TMP/build STAT_RESAMPLES=400
unset DRYRUN VARIANTS COMPARISONS T
make -s -C "$tree" toy NAME=toyrun >"$TMP/out" 2>&1 || fail "make toy failed: $(cat "$TMP/out")"
run=$LB_BUILD/runs/toyrun
cp -r "$tree/results/raw/." "$run/"
rm "$run/raw.info"
make -s -C "$tree" compare plots results RUN="$run" >"$TMP/out" 2>&1 || fail "make compare plots results with toy failed: $(cat "$TMP/out")"
[ -f "$run/toy/total.csv" ] || fail "compare ran no toy derive.sh"
tables=$run/report/results/tables.md
grep -q '^## Toys: the throwaway instrument$' "$tables" || fail "the report has no toy section ($tables)"
grep -q "toy\*\* (run \`toyrun-toy\`), [0-9][0-9]* toys in all" "$tables" || fail "toy's section has no facts: $(grep -A3 '^## Toys' "$tables")"
grep -q '^| stock | 5 |$' "$tables" || fail "toy's table is not in its section"
grep -q 'toys-the-throwaway-instrument' "$run/report/RESULTS.md" || fail "RESULTS.md's appendix links do not name toy's section"
echo "ok: compare derived toy's total, results rendered its section and the article links it"

"$tree/scripts/report/publish.sh" "$run" >"$TMP/out" 2>&1 || fail "publish with toy failed: $(cat "$TMP/out")"
for f in toy.csv run.info; do
	[ -f "$tree/results/raw/toy/$f" ] || fail "publish did not keep toy's $f (its publish.list) in results/raw/toy"
done
echo "ok: publish kept toy's data by its publish.list"

out=$(DRYRUN=1 make -s -C "$tree" toy 2>&1) || fail "DRYRUN=1 make toy failed: $out"
grep -q 'toy: variants .*what a toy counts' <<<"$out" || fail "the plan of make toy does not say what toy answers: $out"
echo "ok: DRYRUN=1 make toy plans it from its row"
