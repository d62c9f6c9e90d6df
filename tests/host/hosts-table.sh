#!/usr/bin/env bash
# Results per host: scripts/report/hosts/host-publish.sh files a native run
# under the host id of its CPU (an old run's facts given by hand, and said
# where from), and hosts-table.sh draws results/hosts.md and the
# article's side by side (hosts-side.md) and answer (hosts-answer.md)
# from results/hosts/: regenerated
# here, each is the tracked file byte for byte.  hosts.md reads at a
# glance: no line over 200 characters, a small table per kind with a
# column per host (its newest default run), each host named by its
# microarchitecture (schema/cpus.tsv) beside its raw id.
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
cmp -s "$TMP/r/hosts-answer.md" "$TOP/results/hosts-answer.md" ||
	fail "results/hosts-answer.md regenerated differs: $(diff "$TOP/results/hosts-answer.md" "$TMP/r/hosts-answer.md" | head -n 10)"
echo "ok: results/hosts.md, hosts-side.md and hosts-answer.md regenerate byte for byte"
# The headline pair's answer, a row a host column, each with its step and
# states: a run without slices says its states are unknown.
rows=$(grep -c '^| [A-Z].*`' "$TMP/r/hosts-answer.md") || true
[ "${rows:-0}" -ge 3 ] || fail "hosts-answer.md has ${rows:-0} host rows: $(cat "$TMP/r/hosts-answer.md")"
awk -F' [|] ' '/^[|] [A-Z].*`/ && $4 !~ /^(unknown \(no slices\)|[0-9]+)$/ { print "a row without its states: " $0; bad = 1 } END { exit bad }' \
	"$TMP/r/hosts-answer.md" || fail "hosts-answer.md: a host row does not say its machine states"
echo "ok: hosts-answer.md: $rows hosts, each with its TSC step and machine states"
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
want=$(sed -n 's/^| [^|`]*`\([^`]*\)` |.*/\1/p' "$TOP/results/hosts-side.md" | paste -sd' ')
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
rows=$(grep -c '^| [^|`]*`[^`]*` |' "$TOP/results/hosts-side.md") || true
[ "$rows" = "$nh" ] || fail "hosts-side.md has $rows host rows for the $nh hosts in results/hosts"
awk -F'|' '/^\| [^|`]*`[^`]*` \|/ { n = split($0, f, "|"); for (i = 10; i <= 15; i++) if (f[i] !~ /^ [-+][0-9.]+%? $/) { print "column " i ": " f[i]; exit 1 } }' \
	"$TOP/results/hosts-side.md" || fail "hosts-side.md: a change is not signed, in cycles, ns and %"
# Runs a host's sittings.list names have their own table, and no columns.
sit=$(find "$pub" -name sittings.list | head -n 1)
if [ -n "$sit" ]; then
	read -r first <"$sit"
	grep -q "^### Sittings on " "$TOP/results/hosts.md" || fail "hosts.md has no sittings section for $sit"
	! grep -qE "\| $first \| (in its column|older run|other variants or jobs|no hot kind) \|" "$TOP/results/hosts.md" ||
		fail "sitting $first is a run of its own in the appendix"
	grep -q "^| kind | $first |" "$TOP/results/hosts.md" || fail "sitting $first is not in the sittings table"
	echo "ok: the sittings in $sit have their own table"
fi
# At a glance: no line over 200 characters; per kind, a column per host,
# headed by its name and raw id, the same hosts as hosts-side.md's; pre's
# row has no change, every other row one in each host's cell, a % of the
# same host's pre only.
w=$(awk '{ n = length($0) } n > w { w = n } END { print w + 0 }' "$TOP/results/hosts.md")
[ "$w" -le 200 ] || fail "hosts.md's widest line is $w characters, over 200"
mapfile -t runs < <(find "$pub" -mindepth 3 -maxdepth 3 -path '*/native/*' -type d)
[ ${#runs[@]} -ge 2 ] || fail "results/hosts holds ${#runs[@]} native runs, want two hosts at least"
msg=$(awk -F'|' -v want="$want" '
	/^### spin_lock$/ { on = 1; next } /^#/ { on = 0 }
	on && /^\| variant \|/ {
		n = NF - 3; ids = ""
		for (i = 3; i <= NF - 1; i++) { h = $i; if (!match(h, /`[^`]+`/)) { print "column " h " has no raw id"; bad = 1; exit 1 }
			ids = ids (ids == "" ? "" : " ") substr(h, RSTART + 1, RLENGTH - 2)
			if (h !~ /, ([0-9]+-vCPU VM|[0-9]+ CPUs)/) { print "column" h "does not say what the machine is"; bad = 1; exit 1 } }
		if (ids != want) { print "the columns are " ids ", not hosts-side.md'"'"'s " want; bad = 1; exit 1 }
		next }
	on && /^\| pre \|/ { if ($0 ~ /vs pre/) { print "pre'"'"'s row has a change: " $0; bad = 1; exit 1 } pre = 1; next }
	on && /^\| [a-z]/ { c = gsub(/ vs pre/, "&"); if (c != n) { print "a row with " c " changes for " n " hosts: " $0; bad = 1; exit 1 } rows++ }
	END { if (bad) exit 1; if (!pre || !rows) { print "no spin_lock table with a pre row and others"; exit 1 } }' "$TOP/results/hosts.md") || fail "hosts.md: $msg"
echo "ok: hosts.md at a glance: widest line $w, spin_lock a column per host ($want)"
# The same binary on two CPU models: the published bundle run on each,
# where both are their host's column (Zen 5's make native runs, filed
# since, set aside).
mkdir -p "$TMP/b"
cp -r "$pub" "$TMP/b/hosts"
rm -rf "$TMP"/b/hosts/AMD_EPYC_f26m2s1_x2/native/*-native-*
"$TOP/scripts/report/hosts/hosts-table.sh" "$TMP/b" >/dev/null 2>&1 || fail "hosts-table.sh failed without Zen 5's make native runs"
grep -q '^\*\*Zen 5 (Turin), 2-vCPU VM\*\* and \*\*Emerald Rapids, 2-vCPU VM\*\* ran the very same lb-native binary (sha256 b413728ebf8f898e)' \
	"$TMP/b/hosts.md" || fail "hosts.md does not show the 3602eb1 bundle's binary on Zen 5 and Emerald Rapids"
echo "ok: one lb-native binary on two CPU models, side by side"

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
# A second run of one host: the newer one is its column, both are side by
# side in the appendix, each named.
RUN_ID=second CPU_VENDOR=AuthenticAMD CPU_FAMILY=25 CPU_MODEL_ID=17 CPU_STEPPING=2 FACTS_FROM=test \
	"$TOP/scripts/report/hosts/host-publish.sh" "$old" >/dev/null 2>&1 || fail "host-publish of a second run failed"
"$TOP/scripts/report/hosts/hosts-table.sh" "$RESULTS" >/dev/null 2>&1 || fail "hosts-table.sh on two runs of one host failed"
grep -q '^| Zen 4 (Genoa), 2-vCPU VM | second | [^|]* | per process |' "$RESULTS/hosts.md" ||
	fail "the newer run is not the host's column: $(grep -A 4 '^## The run in' "$RESULTS/hosts.md")"
grep -q '^| kind | variant | second | 20261206T152048Z |' "$RESULTS/hosts.md" ||
	fail "two runs of one host are not told apart: $(grep '^| kind | variant' "$RESULTS/hosts.md")"
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
# Its name: schema/cpus.tsv's microarchitecture and what the machine is
# (vm=0: bare metal); a model the table lacks is named by its model name,
# family and model; no vm fact, no word on it.
name() { "$TOP/scripts/report/host-name.sh" "$1"; }
[ "$(name "$RESULTS/hosts/Intel_Test_CPU_f6m85s4_x2/host.info")" = "Skylake-SP, 2 CPUs, bare metal" ] ||
	fail "host-name of family 6 model 85, vm=0: $(name "$RESULTS/hosts/Intel_Test_CPU_f6m85s4_x2/host.info")"
printf 'cpu_vendor=AuthenticAMD\ncpu_model=AMD Test\ncpu_family=99\ncpu_model_id=1\nonline_cpus=4\nvm=1\n' >"$TMP/f1"
[ "$(name "$TMP/f1")" = "AMD Test (family 99 model 1), 4-vCPU VM" ] || fail "host-name of an unknown model: $(name "$TMP/f1")"
sed '/^vm=/d' "$TMP/f1" >"$TMP/f2"
[ "$(name "$TMP/f2")" = "AMD Test (family 99 model 1), 4 CPUs" ] || fail "host-name without a vm fact: $(name "$TMP/f2")"
echo "ok: host-name: Skylake-SP, 2 CPUs, bare metal; an unknown model by its name, family and model"
