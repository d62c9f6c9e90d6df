#!/usr/bin/env bash
# Results per host: scripts/report/hosts/host-publish.sh files a native run
# under the host id of its CPU (an old run's facts given by hand, and said
# where from), and hosts-table.sh draws results/hosts.md and the
# article's side by side (hosts-side.md) from results/hosts/: regenerated
# here, each is the tracked file byte for byte.
. "$(dirname "$0")/../lib.bash"
command -v jq >/dev/null || skip "jq is not installed"
command -v gnuplot >/dev/null || skip "gnuplot is not installed (make deps): hosts-table.sh draws a graph"
pub=$TOP/results/hosts
[ -d "$pub" ] || fail "results/hosts is missing"
mkdir -p "$TMP/r"
cp -r "$pub" "$TMP/r/hosts"
"$TOP/scripts/report/hosts/hosts-table.sh" "$TMP/r" >/dev/null 2>&1 || fail "hosts-table.sh failed"
cmp -s "$TMP/r/hosts.md" "$TOP/results/hosts.md" ||
	fail "results/hosts.md regenerated differs: $(diff "$TOP/results/hosts.md" "$TMP/r/hosts.md" | head -n 10)"
cmp -s "$TMP/r/hosts-side.md" "$TOP/results/hosts-side.md" ||
	fail "results/hosts-side.md regenerated differs: $(diff "$TOP/results/hosts-side.md" "$TMP/r/hosts-side.md" | head -n 10)"
echo "ok: results/hosts.md and hosts-side.md regenerate byte for byte"
# The same hosts as a graph (hosts-graph.sh): drawn, in both formats,
# from data with a group of bars for each host row of hosts-side.md, in
# its order; its data regenerate byte for byte (the images' bytes are
# gnuplot's and cairo's), and the tracked graph is there for RESULTS.md.
for f in "$TMP"/r/hosts-side.{png,svg} "$TOP"/results/hosts-side.{png,svg}; do
	[ -s "$f" ] || fail "${f#"$TMP"/} is missing or empty: hosts-table.sh drew no graph"
done
[ "$(head -c 8 "$TMP/r/hosts-side.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "hosts-side.png is not a PNG"
grep -q '</svg>' "$TMP/r/hosts-side.svg" || fail "hosts-side.svg is not a whole SVG"
cmp -s "$TMP/r/hosts-side.csv" "$TOP/results/hosts-side.csv" ||
	fail "results/hosts-side.csv regenerated differs: $(diff "$TOP/results/hosts-side.csv" "$TMP/r/hosts-side.csv" | head -n 10)"
want=$(sed -n 's/^| `\([^`]*\)` .*/\1/p' "$TOP/results/hosts-side.md" | paste -sd' ')
got=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	!($c["group"] in g) { g[$c["group"]] = 1; printf "%s%s", (n++ ? " " : ""), $c["host"] }' "$TMP/r/hosts-side.csv")
[ -n "$want" ] && [ "$got" = "$want" ] || fail "the graph's groups ($got) are not the hosts of hosts-side.md ($want)"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	function ns(x) { return x ~ /^[0-9.]+$/ && x + 0 > 0 }
	!ns($c["ns"]) || !ns($c["bare_ns"]) { print; exit 1 }' "$TMP/r/hosts-side.csv" >"$TMP/bad" ||
	fail "hosts-side.csv has a bar or bare pair that is not a positive ns: $(<"$TMP/bad")"
echo "ok: the hosts graph (hosts-side.png, .svg): a group for each of the $(wc -w <<<"$want") hosts, its data byte for byte"
# The article's side by side: one row a host, its newest run, every change
# in cycles and ns beside its % of the same host's own base.
nh=$(find "$pub" -mindepth 1 -maxdepth 1 -type d | wc -l)
rows=$(grep -c '^| `' "$TOP/results/hosts-side.md") || true
[ "$rows" = "$nh" ] || fail "hosts-side.md has $rows host rows for the $nh hosts in results/hosts"
awk -F'|' '/^\| `/ { n = split($0, f, "|"); for (i = 10; i <= 15; i++) if (f[i] !~ /^ [-+][0-9.]+%? $/) { print "column " i ": " f[i]; exit 1 } }' \
	"$TOP/results/hosts-side.md" || fail "hosts-side.md: a change is not signed, in cycles, ns and %"
# Runs a host's sittings.list names have their own table, and no columns.
sit=$(find "$pub" -name sittings.list | head -n 1)
if [ -n "$sit" ]; then
	read -r first <"$sit"
	grep -q "^## Sittings on " "$TOP/results/hosts.md" || fail "hosts.md has no sittings section for $sit"
	! grep -q "$first cycles" "$TOP/results/hosts.md" || fail "sitting $first has columns of its own in the per-run table"
	grep -q "| $first: A/A % \[CI\]" "$TOP/results/hosts.md" || fail "sitting $first is not in the sittings table"
	echo "ok: the sittings in $sit have their own table"
fi
# Each host row has its own bare pair; the per-host change is never
# across hosts: the column of pre is empty on every host.
mapfile -t runs < <(find "$pub" -mindepth 3 -maxdepth 3 -path '*/native/*' -type d)
[ ${#runs[@]} -ge 2 ] || fail "results/hosts holds ${#runs[@]} native runs, want two hosts at least"
awk -F'|' '$2 == " pre " && $3 == " spin_lock " { for (i = 7; i < NF; i += 4) if ($i != " – ") bad = 1; n++ } END { exit bad || n != 1 }' "$TOP/results/hosts.md" ||
	fail "hosts.md: pre's spin_lock row must have an empty vs-pre column on every host"

# An old run (no family/model/stepping in its facts) is refused without
# them, and filed under the id of what is given.
old=$(find "$pub" -path '*f25m17*/native/*' -maxdepth 3 -mindepth 3 -type d | head -n 1)
[ -n "$old" ] || fail "no Zen 4 run in results/hosts"
# (its run.info names the run "native", as make native's do: RUN_ID= names it)
export RESULTS=$TMP/new RUN_ID=20261206T152048Z
expect_error "old facts" "predates the CPU's family, model and stepping" "$TOP/scripts/report/hosts/host-publish.sh" "$old"
expect_error "no source of facts" "FACTS_FROM" env CPU_VENDOR=AuthenticAMD CPU_FAMILY=25 CPU_MODEL_ID=17 CPU_STEPPING=NA \
	"$TOP/scripts/report/hosts/host-publish.sh" "$old"
CPU_VENDOR=AuthenticAMD CPU_FAMILY=25 CPU_MODEL_ID=17 CPU_STEPPING=2 FACTS_FROM=test \
	"$TOP/scripts/report/hosts/host-publish.sh" "$old" >/dev/null 2>&1 || fail "host-publish of an old run with its facts failed"
info=$RESULTS/hosts/AMD_EPYC_f25m17s2_x2/host.info
[ -f "$info" ] || fail "not filed under AMD_EPYC_f25m17s2_x2: $(find "$RESULTS" -maxdepth 2)"
grep -qx 'record_hosts=AMD_EPYC_x2-6ed277ec' "$info" || fail "host.info does not list the records' old id: $(<"$info")"
expect_error "twice" "already exists" env CPU_VENDOR=AuthenticAMD CPU_FAMILY=25 CPU_MODEL_ID=17 CPU_STEPPING=2 FACTS_FROM=test \
	"$TOP/scripts/report/hosts/host-publish.sh" "$old"
# A second run of one host: its column groups name the runs.
RUN_ID=second CPU_VENDOR=AuthenticAMD CPU_FAMILY=25 CPU_MODEL_ID=17 CPU_STEPPING=2 FACTS_FROM=test \
	"$TOP/scripts/report/hosts/host-publish.sh" "$old" >/dev/null 2>&1 || fail "host-publish of a second run failed"
"$TOP/scripts/report/hosts/hosts-table.sh" "$RESULTS" >/dev/null 2>&1 || fail "hosts-table.sh on two runs of one host failed"
grep -q '^| variant | kind | AMD_EPYC_f25m17s2_x2 20261206T152048Z cycles |.*| AMD_EPYC_f25m17s2_x2 second cycles |' "$RESULTS/hosts.md" ||
	fail "two runs of one host are not told apart: $(grep '^| variant' "$RESULTS/hosts.md")"
echo "ok: two runs of one host, each named"
# A run that records its CPU takes its id from there, and refuses a
# hand-given family.
cp -r "$old" "$TMP/newrun"
printf 'cpu_vendor=GenuineIntel\ncpu_model=Test CPU\ncpu_family=6\ncpu_model_id=85\ncpu_stepping=4\nonline_cpus=2\nvm=0\n' >"$TMP/newrun/host-facts.txt"
expect_error "family given twice" "records its CPU family" env CPU_FAMILY=6 "$TOP/scripts/report/hosts/host-publish.sh" "$TMP/newrun"
"$TOP/scripts/report/hosts/host-publish.sh" "$TMP/newrun" >/dev/null 2>&1 || fail "host-publish of a run with its CPU facts failed"
[ -f "$RESULTS/hosts/Intel_Test_CPU_f6m85s4_x2/native/20261206T152048Z/pre.csv" ] ||
	fail "the run with its facts is not under Intel_Test_CPU_f6m85s4_x2: $(find "$RESULTS" -maxdepth 3)"
echo "ok: host-publish files runs by the CPU's id"
