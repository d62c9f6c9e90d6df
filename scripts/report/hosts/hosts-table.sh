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
# Every table is drawn by render.sh (its table view), rounded by its rule.
. "$(dirname "$0")/../../lib.sh"

results=${1:-$LB_TOP/results}
render=$LB_TOP/scripts/report/render.sh
median_awk=$(<"$LB_TOP/scripts/median.awk")
# section TEMPLATE FACTS PIECES: a report/*.md.in expanded (render.sh).
section() { "$render" section -v facts="$2" -v pieces="$3" "$1"; }
# Sittings (a host's sittings.list) have a table of their own below.
mapfile -t runs < <(host_runs "$results")
[ ${#runs[@]} -gt 0 ] || die "hosts-table: no native runs in $results/hosts (file one with scripts/report/hosts/host-publish.sh)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The hosts: one row a run.  Each run's bare lock decb; movb pair (median
# over its processes) is kept for the tables below: bare_cyc, bare_ns.
declare -A bare_cyc=() bare_ns=()
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
		bare_cyc[$r]=$dc bare_ns[$r]=$dn
		printf '`%s`,%s,"%s (%s)",%s/%s/%s,%s,%s,"%s",%s,%s,%s,%s\n' "${HI[host_id]}" "${r##*/}" "${HI[cpu_model]}" "${HI[cpu_vendor]}" \
			"${HI[cpu_family]}" "${HI[cpu_model_id]}" "${HI[cpu_stepping]}" "${HI[online_cpus]}" "${PV[tsc_mhz]:-}" \
			"${PV[commit]:-unknown}" "$dc" "$dn" "$cc" "$cn"
		unset HI PV
	done
} >"$tmp/hosts.csv"

# The hot kinds, every run's columns side by side.
declare -A RI=()
readkv RI "${runs[0]}/run.info"
bares=""
for r in "${runs[@]}"; do bares+="${bares:+ }${bare_cyc[$r]}"; done
awk -F, -v nruns=${#runs[@]} -v variants="${RI[variants]:-}" -v bares="$bares" '
	BEGIN { split(bares, bare, " ") }
	FNR == 1 { run++; for (i = 1; i <= NF; i++) h[$i] = i; next }
	$h["mode"] == "hot" && $h["kind"] != "empty" && $h["metric"] ~ /^(cyc_op|ns_op)$/ {
		k = $h["variant"] SUBSEP $h["kind"]
		if (!($h["kind"] in seenk)) { seenk[$h["kind"]] = 1; kinds[++nkinds] = $h["kind"] }
		val[run, k, $h["metric"]] = $h["median"]
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
				printf ",%s,%s,%.3f,", c, val[r, order[i], "ns_op"], c - bare[r]
				if (vk[1] != "pre" && base != "" && base > 0) printf "%.2f", (c / base - 1) * 100
			}
			printf "\n"
		}
	}' "${runs[@]/%//summary.csv}" >"$tmp/hot.csv"

# The article's side by side (results/hosts-side.md): one row a host, for
# the answer's kind (ANSWER_KIND, as answer.sh: spin_lock), from the
# host's newest filed run that timed the variants the two changes need
# (pre-debug -> post-debug, pre -> stock).  Each change in TSC cycles and
# ns, and in % of this host's own base only.
declare -A newest=() filed=()
for r in "${runs[@]}"; do
	h=${r%/native/*}
	awk -F, -v k="${ANSWER_KIND:-spin_lock}" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["mode"] == "hot" && $c["kind"] == k && $c["metric"] == "cyc_op" { v[$c["variant"]] = 1 }
		END { exit !("pre" in v && "pre-debug" in v && "post-debug" in v && "stock" in v) }' "$r/summary.csv" || continue
	f=$(sed -n 's/^filed_utc=//p' "$r/provenance.txt")
	[[ -n ${newest[$h]:-} && $f < ${filed[$h]} ]] && continue
	newest[$h]=$r filed[$h]=$f
done
side=()
for h in "${!newest[@]}"; do side+=("${newest[$h]}"); done
mapfile -t side < <(printf '%s\n' "${side[@]}" | sort)
{
	echo "host,run,kind,tsc_mhz,median,median,median,median,delta_cyc,delta_ns,pct_change,delta_cyc,delta_ns,pct_change"
	for r in "${side[@]}"; do
		h=${r%/native/*}
		tsc=$(sed -n 's/^tsc_mhz=//p' "$r/provenance.txt")
		# (the run was chosen above for having every variant used here)
		awk -F, -v host="${h##*/}" -v run="${r##*/}" -v tsc="$tsc" -v k="${ANSWER_KIND:-spin_lock}" \
			-v bcyc="${bare_cyc[$r]}" -v bns="${bare_ns[$r]}" '
			NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
			$c["mode"] == "hot" && $c["metric"] ~ /^(cyc_op|ns_op)$/ { m[$c["variant"], $c["kind"], $c["metric"]] = $c["median"] }
			function d(a, b, k, x) { return m[b, k, x] - m[a, k, x] }
			END {
				printf "`%s`,%s,%s,%s,%s,%s,%s,%s,", host, run, k, tsc, bcyc, bns, m["pre", k, "cyc_op"], m["pre", k, "ns_op"]
				printf "%.3f,%.3f,%.2f,", d("pre-debug", "post-debug", k, "cyc_op"), d("pre-debug", "post-debug", k, "ns_op"),
					(m["post-debug", k, "cyc_op"] / m["pre-debug", k, "cyc_op"] - 1) * 100
				printf "%.3f,%.3f,%.2f\n", d("pre", "stock", k, "cyc_op"), d("pre", "stock", k, "ns_op"),
					(m["stock", k, "cyc_op"] / m["pre", k, "cyc_op"] - 1) * 100
			}' "$r/summary.csv"
	done
} >"$tmp/side.csv"
mkdir -p "$tmp/side"
"$render" table -v align=lllrrrrrrrrrrr \
	-v labels="host|run|kind|TSC, MHz|bare pair, cycles|ns|pre, cycles|ns|pre-debug → post-debug, cycles|ns|%, this host|pre → stock, cycles|ns|%, this host" \
	"$tmp/side.csv" >"$tmp/side/TABLE"
# and the same hosts as a graph (hosts-side.png, .svg and its .csv), its
# caption naming the kind and the hosts: "`A`, `B` and `C`".
graph="" names=""
if [ ${#side[@]} -gt 0 ]; then
	"$LB_TOP/scripts/report/hosts/hosts-graph.sh" "$results" "${side[@]}"
	graph=1
	for i in "${!side[@]}"; do
		h=${side[i]%/native/*}
		if [ "$i" -eq $((${#side[@]} - 1)) ] && [ "$i" -gt 0 ]; then
			names+=" and "
		elif [ "$i" -gt 0 ]; then
			names+=", "
		fi
		names+="\`${h##*/}\`"
	done
fi
printf '%s\n' "graph=$graph" "kind=${ANSWER_KIND:-spin_lock}" "hosts=$names" >"$tmp/side/facts"
section "$LB_TOP/scripts/report/hosts/hosts-side.md.in" "$tmp/side/facts" "$tmp/side" >"$results/hosts-side.md"

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
mkdir -p "$tmp/pieces"
"$render" table -v align=llllrrlrrrr \
	-v labels="host|run|CPU (vendor)|family/model/stepping|CPUs|TSC, MHz|commit|lock decb; movb, cycles|ns|lock cmpxchg; movl, cycles|ns" \
	"$tmp/hosts.csv" >"$tmp/pieces/HOSTS"
"$render" table -v empty=– -v align="$align" -v labels="$labels" "$tmp/hot.csv" >"$tmp/pieces/HOT"
: >"$tmp/pieces/SITTINGS"
for l in "$results"/hosts/*/sittings.list; do
	[ -f "$l" ] || continue
	h=${l%/sittings.list}
	mapfile -t ids <"$l"
	mkdir -p "$tmp/sit"
	printf 'host=%s\nn=%s\n' "${h##*/}" "${#ids[@]}" >"$tmp/sit/facts"
	"$LB_TOP/scripts/report/hosts/sittings.sh" "${ids[@]/#/$h/native/}" >"$tmp/sit/TABLE"
	section "$LB_TOP/scripts/report/hosts/hosts-sittings.md.in" "$tmp/sit/facts" "$tmp/sit" >>"$tmp/pieces/SITTINGS"
done
: >"$tmp/nofacts"
section "$LB_TOP/scripts/report/hosts/hosts.md.in" "$tmp/nofacts" "$tmp/pieces" >"$results/hosts.md"
note "hosts-table: ${results#"$LB_TOP"/}/hosts.md (${#runs[@]} runs), hosts-side.md (${#side[@]} hosts)"
