#!/usr/bin/env bash
# hosts-table.sh [RESULTS]: results/hosts.md, the native runs filed by
# host (results/hosts/HOST/native/RUN, host-publish.sh), read at a glance:
#   - the hosts, each named by its microarchitecture and what the machine
#     is (host-name.sh: "Zen 5 (Turin), 2-vCPU VM"), its raw id beside;
#   - the run each host's column holds: its newest run of the default
#     variants and job list (runs.sh), with its commit, its lb-native
#     binary, its TSC rate and its bare atomic pairs;
#   - per hot kind, a small table: one row a variant, one column a host,
#     each cell TSC cycles and ns per acquire+release (summary.csv's
#     medians) and the change from pre on the same host.  Percentages are
#     only ever within one host: across hosts the cells give cycles and ns;
#   - an appendix: every run, each host's runs side by side, and the
#     sittings (a host's sittings.list, sittings.sh).
# and results/hosts-side.md (RESULTS.md's side by side) with its graph.
# Every table is drawn by render.sh (its table view), rounded by its rule;
# join.awk puts each cell's figures together, each with its unit.
. "$(dirname "$0")/../../lib.sh"

results=${1:-$LB_TOP/results}
render=$LB_TOP/scripts/report/render.sh
# section TEMPLATE FACTS PIECES: a report/*.md.in expanded (render.sh).
section() { "$render" section -v facts="$2" -v pieces="$3" "$1"; }
table() { "$render" table -v empty=– "$@"; }
join() { awk -f "$LB_TOP/scripts/report/hosts/join.awk" -v empty=– "$@"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$LB_TOP/scripts/report/hosts/runs.sh" "$results" >"$tmp/runs.tsv"
[ -s "$tmp/runs.tsv" ] || die "hosts-table: no native runs in $results/hosts (file one with scripts/report/hosts/host-publish.sh)"

# Every run's facts by its folder; the hosts in id order; each host's
# column, its newest default run with a hot kind (runs.sh lists a host's
# runs oldest first).
declare -A HID=() NAME=() RID=() DEF=() HOT=() COMMIT=() BIN=() TSC=() DC=() DN=() CC=() CN=() glance=() hname=()
runs=() hosts=()
while IFS=$'\t' read -r hid name r rid _ def hot commit bin tsc dc dn cc cn; do
	runs+=("$r")
	HID[$r]=$hid NAME[$r]=$name RID[$r]=$rid DEF[$r]=$def HOT[$r]=$hot COMMIT[$r]=$commit BIN[$r]=$bin TSC[$r]=$tsc
	DC[$r]=$dc DN[$r]=$dn CC[$r]=$cc CN[$r]=$cn
	[ -n "${hname[$hid]:-}" ] || { hosts+=("$hid") && hname[$hid]=$name; }
	[ "$def" != 1 ] || [ "$hot" != 1 ] || glance[$hid]=$r
done <"$tmp/runs.tsv"
cols=() nodefault=""
for h in "${hosts[@]}"; do
	if [ -n "${glance[$h]:-}" ]; then cols+=("${glance[$h]}"); else nodefault+="${nodefault:+, }${hname[$h]} \`$h\`"; fi
done
# A host's label: its name, its raw id beside it.
label() { printf '%s `%s`' "${NAME[$1]}" "${HID[$1]}"; }
mkdir -p "$tmp/pieces"

# The hosts.
{
	echo "host,id,cpu,family_model_stepping,cpus"
	for h in "${hosts[@]}"; do
		declare -A HI=()
		readkv HI "$results/hosts/$h/host.info"
		printf '%s,`%s`,%s,%s/%s/%s,%s\n' "$(csvq "${hname[$h]}")" "$h" "$(csvq "${HI[cpu_model]} (${HI[cpu_vendor]})")" \
			"${HI[cpu_family]}" "${HI[cpu_model_id]}" "${HI[cpu_stepping]}" "${HI[online_cpus]}"
		unset HI
	done
} >"$tmp/hosts.csv"
table -v align=llllr -v labels="host|raw id|CPU model name (vendor)|family/model/stepping|CPUs" "$tmp/hosts.csv" >"$tmp/pieces/HOSTS"

# runs_table ROLE RUN...: a row a run: host, run, commit, binary, TSC
# rate, its bare pairs; ROLE "role" adds what the appendix says of it.
runs_table() {
	local role=$1 r why
	shift
	{
		printf 'host,run,%scommit,binary,tsc_mhz,median,median,median,median\n' "${role:+role,}"
		for r in "$@"; do
			why=""
			if [ -n "$role" ]; then
				why="older run"
				[ "${glance[${HID[$r]}]:-}" != "$r" ] || why="in its column"
				[ "${DEF[$r]}" = 1 ] || why="other variants or jobs"
				[ "${HOT[$r]}" = 1 ] || why="no hot kind"
				why+=,
			fi
			printf '%s,%s,%s%s,%s,%s,%s,%s,%s,%s\n' "$(csvq "${NAME[$r]}")" "${RID[$r]}" "$why" "$(csvq "${COMMIT[$r]}")" \
				"${BIN[$r]}" "${TSC[$r]}" "${DC[$r]}" "${DN[$r]}" "${CC[$r]}" "${CN[$r]}"
		done
	} >"$tmp/runs.csv"
	table -v align="ll${role:+l}llrrrrr" \
		-v labels="host|run|${role:+role|}commit|lb-native sha256|TSC, MHz|lock decb; movb, cycles|ns|lock cmpxchg; movl, cycles|ns" "$tmp/runs.csv"
}
: >"$tmp/pieces/RUNS"
[ ${#cols[@]} -eq 0 ] || runs_table "" "${cols[@]}" >"$tmp/pieces/RUNS"
runs_table role "${runs[@]}" >"$tmp/pieces/ALLRUNS"
# One lb-native on two hosts or more: the same code on two CPU models.
samebin=$(for r in "${cols[@]}"; do
	if [[ ${BIN[$r]} != *' '* && ${BIN[$r]} != unrecorded ]]; then printf '%s\t%s\n' "${BIN[$r]}" "${NAME[$r]}"; fi
done |
	awk -F '\t' '{ n[$1]++; h[$1] = h[$1] (n[$1] > 1 ? " and " : "") "**" $2 "**"; if (n[$1] == 1) o[++k] = $1 }
		END { for (i = 1; i <= k; i++) if (n[o[i]] > 1)
			printf "%s ran the very same lb-native binary (sha256 %s): the same code on %d CPU models.\n", h[o[i]], o[i], n[o[i]] }')

# cells OUT RUN...: the hot kinds' figures of RUN... (summary.csv), a
# column group a run: each kind (in the runs' order, the empty loop left
# out) and variant (the matrix's order) its TSC cycles and ns per
# acquire+release and the change from pre's same kind in the same run.
# OUT ending in / gets a CSV per kind (NN-KIND.csv, a row a variant);
# else one CSV, a row a kind and variant.
cells() {
	local out=$1
	shift
	awk -F, -v variants="$(matrix_variants builtin | paste -sd' ')" -v out="$out" '
		FNR == 1 { run++; delete h; for (i = 1; i <= NF; i++) h[$i] = i; next }
		$h["mode"] == "hot" && $h["kind"] != "empty" && $h["threads"] == 1 && $h["metric"] ~ /^(cyc_op|ns_op)$/ {
			if (!($h["kind"] in seenk)) { seenk[$h["kind"]] = 1; kinds[++nk] = $h["kind"] }
			known[$h["variant"]] = 1
			val[run, $h["variant"], $h["kind"], $h["metric"]] = $h["median"]
		}
		function head(f, lead,   r) {
			printf "%s", lead > f
			for (r = 1; r <= run; r++) printf ",median,median,pct_change" > f
			printf "\n" > f
		}
		END {
			nv = split(variants, vs, " ")
			for (v in known) if (index(" " variants " ", " " v " ") == 0) vs[++nv] = v
			perkind = out ~ /\/$/
			if (!perkind) head(out, "kind,variant")
			for (i = 1; i <= nk; i++) {
				k = kinds[i]; f = perkind ? sprintf("%s%02d-%s.csv", out, i, k) : out
				if (perkind) head(f, "variant")
				for (j = 1; j <= nv; j++) {
					line = (perkind ? "" : k ",") vs[j]; any = 0
					for (r = 1; r <= run; r++) {
						c = val[r, vs[j], k, "cyc_op"]; b = val[r, "pre", k, "cyc_op"]
						if (c == "") { line = line ",,,"; continue }
						any = 1
						line = line "," c "," val[r, vs[j], k, "ns_op"] ","
						if (vs[j] != "pre" && b + 0 > 0) line = line sprintf("%.2f", (c / b - 1) * 100)
					}
					if (any) print line > f
				}
				if (perkind) close(f)
			}
		}' "${@/%//summary.csv}"
}
# cell_labels RUN...: the column groups' labels (LABEL[run] heads its
# group) and alignment, into labels and align after LEAD's.
declare -A LABEL=()
cell_labels() {
	local r
	for r in "$@"; do labels+="|${LABEL[$r]}|ns|vs pre" align+=rrr; done
}

# Per hot kind, a small table: one row a variant, one column a host.
: >"$tmp/pieces/KINDS"
if [ ${#cols[@]} -gt 0 ]; then
	for r in "${cols[@]}"; do LABEL[$r]=$(label "$r"); done
	mkdir -p "$tmp/kinds"
	cells "$tmp/kinds/" "${cols[@]}"
	labels=variant align=l
	cell_labels "${cols[@]}"
	for f in "$tmp"/kinds/*.csv; do
		k=${f##*/} k=${k#*-} k=${k%.csv}
		printf '### %s\n\n' "$k"
		table -v align="$align" -v labels="$labels" "$f" | join -v lead=1 -v units="cycles|ns|vs pre"
		echo
	done | sed '$d' >"$tmp/pieces/KINDS"
fi

# A host with older runs: its runs side by side, newest first, one table
# (a row a kind and variant), at most four runs a table: the lines stay
# short.
: >"$tmp/pieces/PERHOST"
for h in "${hosts[@]}"; do
	hr=()
	for r in "${runs[@]}"; do [ "${HID[$r]}" != "$h" ] || [ "${HOT[$r]}" != 1 ] || hr=("$r" "${hr[@]}"); done
	[ ${#hr[@]} -gt 1 ] || continue
	for ((i = 0; i < ${#hr[@]}; i += 4)); do
		part=("${hr[@]:i:4}")
		for r in "${part[@]}"; do LABEL[$r]=${RID[$r]}; done
		cells "$tmp/perhost.csv" "${part[@]}"
		labels="kind|variant" align=ll
		cell_labels "${part[@]}"
		{
			printf '### %s `%s`, runs %s\n\n' "${hname[$h]}" "$h" "$(printf '%s\n' "${part[@]##*/}" | paste -sd' ' | sed 's/ /, /g')"
			table -v align="$align" -v labels="$labels" "$tmp/perhost.csv" | join -v lead=2 -v units="cycles|ns|vs pre"
			echo
		} >>"$tmp/pieces/PERHOST"
	done
done
sed -i '$d' "$tmp/pieces/PERHOST"

# Sittings (a host's sittings.list): a table of their own.
: >"$tmp/pieces/SITTINGS"
for l in "$results"/hosts/*/sittings.list; do
	[ -f "$l" ] || continue
	h=${l%/sittings.list}
	mapfile -t ids <"$l"
	mkdir -p "$tmp/sit"
	printf 'host=%s `%s`\nn=%s\n' "$("$LB_TOP/scripts/report/host-name.sh" "$h/host.info")" "${h##*/}" "${#ids[@]}" >"$tmp/sit/facts"
	"$LB_TOP/scripts/report/hosts/sittings.sh" "${ids[@]/#/$h/native/}" >"$tmp/sit/TABLE"
	{ echo && section "$LB_TOP/scripts/report/hosts/hosts-sittings.md.in" "$tmp/sit/facts" "$tmp/sit"; } >>"$tmp/pieces/SITTINGS"
done
printf '%s\n' "samebin=$samebin" "nodefault=$nodefault" >"$tmp/facts"
section "$LB_TOP/scripts/report/hosts/hosts.md.in" "$tmp/facts" "$tmp/pieces" >"$tmp/hosts.md"

# The article's side by side (results/hosts-side.md): one row a host, for
# the answer's kind (ANSWER_KIND, as answer.sh: spin_lock), from the run
# in the host's column where it timed the variants the two changes need
# (pre-debug -> post-debug, pre -> stock).  Each change in TSC cycles and
# ns, and in % of this host's own base only.
kind=${ANSWER_KIND:-spin_lock}
side=()
for r in "${cols[@]}"; do
	awk -F, -v k="$kind" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["mode"] == "hot" && $c["kind"] == k && $c["metric"] == "cyc_op" { v[$c["variant"]] = 1 }
		END { exit !("pre" in v && "pre-debug" in v && "post-debug" in v && "stock" in v) }' "$r/summary.csv" && side+=("$r")
done
{
	echo "host,run,kind,tsc_mhz,median,median,median,median,delta_cyc,delta_ns,pct_change,delta_cyc,delta_ns,pct_change"
	for r in "${side[@]}"; do
		awk -F, -v host="$(csvq "$(label "$r")")" -v run="${RID[$r]}" -v tsc="${TSC[$r]}" -v k="$kind" \
			-v bcyc="${DC[$r]}" -v bns="${DN[$r]}" '
			NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
			$c["mode"] == "hot" && $c["metric"] ~ /^(cyc_op|ns_op)$/ { m[$c["variant"], $c["kind"], $c["metric"]] = $c["median"] }
			function d(a, b, k, x) { return m[b, k, x] - m[a, k, x] }
			END {
				printf "%s,%s,%s,%s,%s,%s,%s,%s,", host, run, k, tsc, bcyc, bns, m["pre", k, "cyc_op"], m["pre", k, "ns_op"]
				printf "%.3f,%.3f,%.2f,", d("pre-debug", "post-debug", k, "cyc_op"), d("pre-debug", "post-debug", k, "ns_op"),
					(m["post-debug", k, "cyc_op"] / m["pre-debug", k, "cyc_op"] - 1) * 100
				printf "%.3f,%.3f,%.2f\n", d("pre", "stock", k, "cyc_op"), d("pre", "stock", k, "ns_op"),
					(m["stock", k, "cyc_op"] / m["pre", k, "cyc_op"] - 1) * 100
			}' "$r/summary.csv"
	done
} >"$tmp/side.csv"
mkdir -p "$tmp/side"
table -v align=lllrrrrrrrrrrr \
	-v labels="host|run|kind|TSC, MHz|bare pair, cycles|ns|pre, cycles|ns|pre-debug → post-debug, cycles|ns|%, this host|pre → stock, cycles|ns|%, this host" \
	"$tmp/side.csv" >"$tmp/side/TABLE"
# and the same hosts as a graph (hosts-side.png, .svg and its .csv), its
# caption pointing at the table for the hosts' names.
graph=""
if [ ${#side[@]} -gt 0 ]; then
	"$LB_TOP/scripts/report/hosts/hosts-graph.sh" "$results" "${side[@]}"
	graph=1
fi
printf '%s\n' "graph=$graph" "kind=$kind" "samebin=$samebin" >"$tmp/side/facts"
section "$LB_TOP/scripts/report/hosts/hosts-side.md.in" "$tmp/side/facts" "$tmp/side" >"$results/hosts-side.md"
# The headline pair's answer on each host, from the run in its column
# (hosts-answer.sh): what the report and the README lead with.
lab=""
for r in "${cols[@]}"; do lab+="${lab:+|}$r=$(label "$r")"; done
hp=$(comparisons headline | head -n 1)
"$LB_TOP/scripts/report/hosts/hosts-answer.sh" "$kind" "$lab" "${cols[@]}" >"$tmp/answer.csv"
{
	printf '%s, native, hot %s, each host'"'"'s newest run.\n\n' "${hp/:/ → }" "$kind"
	table -v align=llllrrrrrllll -v labels="host|run|TSC step, ticks|machine states|${hp%%:*}, cycles|${hp#*:}, cycles|change, cycles|ns|change|95% CI|verdict|two blocks|per state" \
		"$tmp/answer.csv"
} >"$results/hosts-answer.md"
mv "$tmp/hosts.md" "$results/hosts.md"
note "hosts-table: ${results#"$LB_TOP"/}/hosts.md (${#runs[@]} runs, ${#cols[@]} host columns), hosts-side.md (${#side[@]} hosts)"
