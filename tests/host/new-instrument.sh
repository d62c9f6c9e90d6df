#!/usr/bin/env bash
# A new instrument touches at most 2 files outside its own place: its row
# in schema/lockbench_schema.h and its test (issues #36 and #48,
# docs/instruments.md).  In a copy of this tree, add two throwaway
# instruments the way docs/instruments.md says, one after the other: toy,
# which boots no guest, and toyboot, which boots one through the shared
# loop (scripts/boot/loop.sh; the stand-in QEMU of tests/fixtures/
# fake-qemu, kernels from the fake Kbuild).  Count each one's files
# changed outside its place; then run the stages that take instruments
# from the contract's rows (their make targets, compare, plots,
# results, publish, DRYRUN's plan) on the published run with their
# data, and check that each took both in with no other edit.
# check: slow
. "$(dirname "$0")/../lib.bash"
. "$TOP/tests/fixtures/byo/fake-kbuild.bash"
for b in lb-validate lb-stat lb-resolution lb-pathlen lb-guest; do
	[ -x "$TOP/bench-user/$b" ] || missing "bench-user/$b is not built: run 'make user'"
done
[ -f "$TOP/results/raw/run.info" ] || skip "no published run in results/raw to add the toys' data to"
command -v git >/dev/null || missing "git is not installed (make deps)"
command -v busybox >/dev/null || missing "busybox is not installed (make deps): the guest's archive needs it"

# The tree as it stands (tracked files, as edited), in a repository of
# its own, to count what each toy changes, with bench-user's build (its
# times kept, so make finds it up to date).
tree=$TMP/tree
mkdir -p "$tree"
(cd "$TOP" && git ls-files -z | tar --null -T - -cf -) | tar -xf - -C "$tree"
(cd "$TOP" && git ls-files -z -o -i --exclude-standard bench-user | tar --null -T - -cf -) | tar -xf - -C "$tree"
g() { git -C "$tree" -c user.name=test -c user.email=test@invalid "$@"; }
g init -q && g add -A && g commit -q -m base --no-verify
# outside PLACE: the files changed since the last commit outside PLACE.
outside() {
	g status --porcelain -uall | sed 's/^...//' | grep -v "^$1/" || true
}
# row NAME UNIT BOOTS QUESTION: an instrument's row, first in the contract.
row() {
	awk -v r="$(printf '\tX(%s, %s,\t%s,\t%s, -,\tscripts/%s,\t\\\n\t  "%s") \\' "$1" "$2" "$1" "$3" "$1" "$4")" \
		'{ print } /^#define LB_INSTRUMENTS\(X\)/ { print r }' "$tree/schema/lockbench_schema.h" >"$TMP/h"
	cat "$TMP/h" >"$tree/schema/lockbench_schema.h"
}

# toy: its row, its test and its place (run.sh, derive.sh, section.sh,
# section.md.in, publish.list); no make target is written by hand.
row toy toys 0 "what a toy counts: the throwaway instrument of tests/host/new-instrument.sh"
cat >"$tree/tests/host/toy.sh" <<'EOF'
#!/usr/bin/env bash
# toy's own test: its run writes toy.csv.
. "$(dirname "$0")/../lib.bash"
LB_BUILD=$TMP/build NAME=t make -s -C "$TOP" toy >/dev/null
[ -s "$TMP/build/runs/t/toy/toy.csv" ] || fail "make toy wrote no toy.csv"
EOF
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
for v in $(run_variants); do echo "$v,${#v}"; done >>"$out/toy.csv"
printf 'run_id=%s-toy\nvariants=%s\n' "$LB_RUN_NAME" "$(run_variants | tr '\n' ' ')" >"$out/run.info"
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
mapfile -t out < <(outside scripts/toy)
echo "ok: toy touched ${#out[@]} files outside scripts/toy/: ${out[*]}"
[ ${#out[@]} -le 2 ] || fail "a new instrument touched ${#out[@]} files outside its place (at most 2): ${out[*]}"
g add -A && g commit -q -m toy --no-verify

# toyboot: an instrument that boots a guest, by the shared loop.
row toyboot ns 1 "what a toy boot takes: the throwaway booting instrument of tests/host/new-instrument.sh"
cat >"$tree/tests/host/toyboot.sh" <<'EOF'
#!/usr/bin/env bash
# toyboot's own test: its run collects the guest's records.
. "$(dirname "$0")/../lib.bash"
LB_BUILD=$TMP/build NAME=t make -s -C "$TOP" toyboot >/dev/null
[ -f "$TMP/build/runs/t/toyboot/run.info" ] || fail "make toyboot ran no boot"
EOF
P=$tree/scripts/toyboot
mkdir -p "$P"
cat >"$P/run.sh" <<'EOF'
#!/usr/bin/env bash
# make toyboot: one boot of each variant under TCG, one pass of the
# default job list, through the loop every booting instrument shares,
# into build/runs/NAME/toyboot/.
. "$(dirname "$0")/../lib.sh"
name=$(run_name)
MACHINE=tcg VCPUS=2 BOOTS=1 REPEAT=1 JOBFILE=$LB_TOP/bench-user/jobs/default.jobs JOBS_ORIGIN=default \
	exec bash "$LB_TOP/scripts/boot/loop.sh" "$LB_BUILD/runs/$name/toyboot" "$name-toyboot"
EOF
cat >"$P/section.sh" <<'EOF'
# shellcheck shell=bash
# toyboot's report section, sourced by results.sh: its boots.
tbid='' tboots=''
if [ -f "$run/toyboot/run.info" ]; then
	tbid=$(sed -n 's/^run_id=//p' "$run/toyboot/run.info")
	tboots=$(sed -n 's/^boots=//p' "$run/toyboot/run.info")
fi
fact tbid "$tbid"
fact tboots "$tboots"
EOF
cat >"$P/section.md.in" <<'EOF'
## Toy boots: the throwaway instrument that boots

{{if tbid}}
Instrument: **toyboot** (run `{{=tbid}}`), {{=tboots}} boot of each variant.
{{else}}
No toyboot run in this run directory.
{{end}}

EOF
printf '%s\n' 'records *.csv' run.info >"$P/publish.list"
chmod +x "$P/run.sh"
mapfile -t out < <(outside scripts/toyboot)
echo "ok: toyboot touched ${#out[@]} files outside scripts/toyboot/: ${out[*]}"
[ ${#out[@]} -le 2 ] || fail "a new instrument that boots touched ${#out[@]} files outside its place (at most 2): ${out[*]}"

# The rows reach the contract.
make -s -C "$tree/bench-user" lb-validate >"$TMP/out" 2>&1 || fail "lb-validate did not build with the toys' rows: $(cat "$TMP/out")"
for t in toy toyboot; do
	grep -q $'^instruments\t'"$t"$'\t' < <("$tree/bench-user/lb-validate" --describe instruments) ||
		fail "lb-validate --describe instruments has no $t row"
done

# Their make targets, from their rows alone: toy needs the tools only;
# toyboot's builds the variants' kernels, modules and initramfs first
# (the fake Kbuild's, a tree of your own), then boots them (the
# stand-in QEMU gives the guest's records).  (make check's own
# settings, T= among them, are not the copy's.)
export LB_BUILD=$TMP/build LB_SRC_TARBALL=$TMP/no-linux-source.tar.xz LB_NO_PERF=1 STAT_RESAMPLES=400
unset DRYRUN VARIANTS VARIANT COMPARISONS T KSRC KERNEL KCONFIG JOBFILE ACCEL
make -s -C "$tree" toy NAME=toyrun >"$TMP/out" 2>&1 || fail "make toy failed: $(cat "$TMP/out")"
[ -s "$LB_BUILD/runs/toyrun/toy/toy.csv" ] || fail "make toy ran no scripts/toy/run.sh: $(cat "$TMP/out")"
k=$TMP/linux
fake_kernel "$k"
sed 's/^post,/mine,/' "$TOP/tests/unit/fixtures/post-tcg.csv" >"$TMP/mine.csv"
PATH=$TOP/tests/fixtures/fake-qemu:$PATH FAKE_QEMU_RESULTS=$TMP/mine.csv \
	make -s -C "$tree" toyboot NAME=toyrun KSRC="$k" BASE_NAME=mine >"$TMP/out" 2>&1 || fail "make toyboot failed: $(cat "$TMP/out")"
run=$LB_BUILD/runs/toyrun
[ -s "$run/toyboot/mine.csv" ] && grep -q '^boots=1$' "$run/toyboot/run.info" ||
	fail "make toyboot did not boot mine once and keep its records: $(ls "$run/toyboot")"
[ -f "$LB_BUILD/module/mine/lockbench.ko" ] || fail "make toyboot did not build mine's lockbench.ko first"
echo "ok: make toy and make toyboot, generated from their rows; toyboot built mine, booted it and kept its records"

# The stages, on the published run plus the toys' data, with no other
# edit.  That the stages take the toys in is the question, not the CIs
# of the published pairs: fewer resamples (as comparisons.sh) halve
# compare's time.
unset KSRC BASE_NAME
cp -r "$tree/results/raw/." "$run/"
rm "$run/raw.info"
make -s -C "$tree" compare plots results RUN="$run" >"$TMP/out" 2>&1 || fail "make compare plots results with the toys failed: $(cat "$TMP/out")"
[ -f "$run/toy/total.csv" ] || fail "compare ran no toy derive.sh"
tables=$run/report/results/tables.md
grep -q '^## Toys: the throwaway instrument$' "$tables" || fail "the report has no toy section ($tables)"
grep -q "toy\*\* (run \`toyrun-toy\`), [0-9][0-9]* toys in all" "$tables" || fail "toy's section has no facts: $(grep -A3 '^## Toys' "$tables")"
grep -q '^| stock | 5 |$' "$tables" || fail "toy's table is not in its section"
grep -q "toyboot\*\* (run \`toyrun-toyboot\`), 1 boot of each variant" "$tables" || fail "toyboot's section has no facts: $(grep -A3 '^## Toy boots' "$tables")"
for a in toys-the-throwaway-instrument toy-boots-the-throwaway-instrument-that-boots; do
	grep -q "$a" "$run/report/RESULTS.md" || fail "RESULTS.md's appendix links do not name $a"
done
echo "ok: compare derived toy's total, results rendered both sections and the article links them"

"$tree/scripts/report/publish.sh" "$run" >"$TMP/out" 2>&1 || fail "publish with the toys failed: $(cat "$TMP/out")"
for f in toy/toy.csv toy/run.info toyboot/mine.csv toyboot/run.info; do
	[ -f "$tree/results/raw/$f" ] || fail "publish did not keep $f (its publish.list) in results/raw"
done
echo "ok: publish kept each toy's data by its publish.list"

for t in toy toyboot; do
	out=$(DRYRUN=1 make -s -C "$tree" "$t" 2>&1) || fail "DRYRUN=1 make $t failed: $out"
	grep -q "$t: variants .*what a toy" <<<"$out" || fail "the plan of make $t does not say what $t answers: $out"
done
grep -q 'kernel ' <<<"$out" || fail "the plan of make toyboot plans no kernel: $out"
echo "ok: DRYRUN=1 make toy and toyboot plan them from their rows"
