#!/usr/bin/env bash
# hosts-table.sh [RESULTS]: results/hosts.md, the native runs filed by
# host (results/hosts/HOST/native/RUN, host-publish.sh) side by side:
#   - one row a run: its host's CPU, TSC rate, commit, and the host's two
#     bare atomic pairs (physlimit.csv: median over the run's processes);
#   - the hot kinds, one row a variant and kind, per run: TSC cycles and
#     ns per acquire+release (summary.csv's medians), the cycles above
#     that host's bare lock decb; movb pair, and the change from pre on
#     the same host.  Percentages are only ever within one host: across
#     hosts the table gives absolute cycles and ns.
# Every table is drawn by render.awk (view=table), rounded by its rule.
. "$(dirname "$0")/../lib.sh"

results=${1:-$LB_TOP/results}
render=$LB_TOP/scripts/report/render.awk
median_awk=$(<"$LB_TOP/scripts/median.awk")
# A host's sittings.list names runs that are sittings of one binary
# (separate make native invocations): they get a table of their own,
# sittings.sh's, and stay out of the per-run columns.
runs=() sittings=()
for r in "$results"/hosts/*/native/*/; do
	[ -f "$r/summary.csv" ] && [ -f "$r/physlimit.csv" ] || continue
	# A run with no hot cell (a contended-only job list) has no row here.
	grep -q ',hot,' "$r/summary.csv" || continue
	r=${r%/}
	if [ -f "${r%/native/*}/sittings.list" ] && grep -qx "${r##*/}" "${r%/native/*}/sittings.list"; then
		sittings+=("$r")
	else
		runs+=("$r")
	fi
done
[ ${#runs[@]} -gt 0 ] || die "hosts-table: no native runs in $results/hosts (file one with scripts/report/host-publish.sh)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The hosts: one row a run.
{
	echo "host,run,cpu,family_model_stepping,cpus,tsc_mhz,commit,median,median,median,median"
	for r in "${runs[@]}"; do
		h=${r%/native/*}
		declare -A HI=() PV=()
		readkv HI "$h/host.info"
		readkv PV "$r/provenance.txt"
		# The bare pairs' medians over the processes: "cycles ns" a pair.
		read -r dc dn cc cn < <(awk -F, "$median_awk"'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
			{ n[$h["pair"]]++; c[$h["pair"], n[$h["pair"]]] = $h["cyc_op"]; s[$h["pair"], n[$h["pair"]]] = $h["ns_op"] }
			function med(a, p, k,   i, v) {
				for (i = 1; i <= k; i++) v[i] = a[p, i] + 0
				return median(v, k)
			}
			END {
				# The one-process harness names the dword release: movl.
				d = "lock_decb+movb"; q = ("lock_cmpxchgl+movl" in n) ? "lock_cmpxchgl+movl" : "lock_cmpxchg+mov"
				print med(c, d, n[d]), med(s, d, n[d]), med(c, q, n[q]), med(s, q, n[q])
			}' "$r/physlimit.csv")
		printf '`%s`,%s,"%s (%s)",%s/%s/%s,%s,%s,"%s",%s,%s,%s,%s\n' "${HI[host_id]}" "${r##*/}" "${HI[cpu_model]}" "${HI[cpu_vendor]}" \
			"${HI[cpu_family]}" "${HI[cpu_model_id]}" "${HI[cpu_stepping]}" "${HI[online_cpus]}" "${PV[tsc_mhz]:-}" \
			"${PV[commit]:-unknown}" "$dc" "$dn" "$cc" "$cn"
		unset HI PV
	done
} >"$tmp/hosts.csv"

# The hot kinds, every run's columns side by side.
declare -A RI=()
readkv RI "${runs[0]}/run.info"
awk -F, -v nruns=${#runs[@]} -v variants="${RI[variants]:-}" "$median_awk"'
	FNR == 1 { run++; for (i = 1; i <= NF; i++) h[$i] = i; next }
	FILENAME ~ /physlimit.csv$/ {
		if ($h["pair"] == "lock_decb+movb") bare[run - nruns, ++nb[run - nruns]] = $h["cyc_op"] + 0
		next
	}
	$h["mode"] == "hot" && $h["kind"] != "empty" && $h["metric"] ~ /^(cyc_op|ns_op)$/ {
		k = $h["variant"] SUBSEP $h["kind"]
		if (!($h["kind"] in seenk)) { seenk[$h["kind"]] = 1; kinds[++nkinds] = $h["kind"] }
		val[run, k, $h["metric"]] = $h["median"]
	}
	function med(r,   i, v) {
		for (i = 1; i <= nb[r]; i++) v[i] = bare[r, i]
		return median(v, nb[r])
	}
	END {
		# kind by kind, the variants in the order run.info gives
		nv = split(variants, vs, " ")
		for (i = 1; i <= nkinds; i++) for (j = 1; j <= nv; j++) order[++nk] = vs[j] SUBSEP kinds[i]
		printf "variant,kind"
		for (r = 1; r <= nruns; r++) printf ",median,median,median,pct_change"
		printf "\n"
		for (i = 1; i <= nk; i++) {
			split(order[i], vk, SUBSEP)
			for (r = 1; r <= nruns; r++) if (val[r, order[i], "cyc_op"] != "") break
			if (r > nruns) continue
			printf "%s,%s", vk[1], vk[2]
			for (r = 1; r <= nruns; r++) {
				c = val[r, order[i], "cyc_op"]; base = val[r, "pre" SUBSEP vk[2], "cyc_op"]
				if (c == "") { printf ",,,,"; continue }
				printf ",%s,%s,%.3f,", c, val[r, order[i], "ns_op"], c - med(r)
				if (vk[1] != "pre" && base != "" && base > 0) printf "%.2f", (c / base - 1) * 100
			}
			printf "\n"
		}
	}' "${runs[@]/%//summary.csv}" "${runs[@]/%//physlimit.csv}" >"$tmp/hot.csv"

# A column group is named by its host, and by its run too where the host
# has more than one.
declare -A nruns_of=()
for r in "${runs[@]}"; do h=${r%/native/*}; nruns_of[$h]=$((${nruns_of[$h]:-0} + 1)); done
labels="variant|kind" align=ll
for r in "${runs[@]}"; do
	align+=rrrr
	h=${r%/native/*} g=${h##*/}
	[ "${nruns_of[$h]}" = 1 ] || g+=" ${r##*/}"
	labels+="|$g cycles|ns|above bare pair, cycles|vs pre, this host"
done
{
	echo "# Native costs by host"
	echo
	echo "Generated by \`scripts/report/hosts-table.sh\` from \`results/hosts/\` (each run filed by \`scripts/report/host-publish.sh\`). Instrument: **native** (each variant's own lock objects in a user process, timed with the TSC). A host id names the CPU: model name, vendor, family, model, stepping and online CPUs."
	echo
	echo "## Hosts and their bare atomic pairs"
	echo
	echo "The bare pairs are timed in every native process on the same CPU (\`physlimit.csv\`); the figure is the median over the run's processes."
	echo
	awk -f "$render" -v view=table -v align=llllrrlrrrr \
		-v labels="host|run|CPU (vendor)|family/model/stepping|CPUs|TSC, MHz|commit|lock decb; movb, cycles|ns|lock cmpxchg; movl, cycles|ns" "$tmp/hosts.csv"
	echo
	echo "## Hot acquire+release, per host"
	echo
	echo "TSC cycles and ns per acquire+release (the median of the process medians, the empty kind's loop subtracted), the cycles above the same host's bare \`lock decb; movb\` pair, and the change from pre's same kind on the same host. Percentages compare variants within one host only; across hosts, compare the absolute columns. A TSC cycle ticks at its host's TSC rate (the first table's TSC column), not at the core's clock: across hosts whose TSC rates differ, ns is the like-for-like figure."
	echo
	awk -f "$render" -v view=table -v empty=– -v align="$align" -v labels="$labels" "$tmp/hot.csv"
	for l in "$results"/hosts/*/sittings.list; do
		[ -f "$l" ] || continue
		h=${l%/sittings.list}
		mapfile -t ids <"$l"
		echo
		echo "## Sittings on ${h##*/}"
		echo
		echo "The same variants in ${#ids[@]} separate \`make native\` invocations on one machine, with other work between them (each run's provenance.txt says what): per hot kind, each sitting's A/A change (pre → post, the same code) with its CI and floor, and pre's median in TSC cycles; then the spread of the A/A change across the sittings, in points, and of pre's median, in % (\`scripts/report/sittings.sh\`)."
		echo
		"$LB_TOP/scripts/report/sittings.sh" "${ids[@]/#/$h/native/}"
	done
} >"$results/hosts.md"
note "hosts-table: ${results#"$LB_TOP"/}/hosts.md (${#runs[@]} runs)"
