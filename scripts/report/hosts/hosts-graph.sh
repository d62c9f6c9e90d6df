#!/usr/bin/env bash
# hosts-graph.sh RESULTS RUN...: the article's hosts side by side as a
# graph, one group of bars a host (RUN: each host's run in
# RESULTS/hosts-side.md, hosts-table.sh), into RESULTS/hosts-side.png and
# .svg, with its data in RESULTS/hosts-side.csv: each variant's ns per
# acquire+release of ANSWER_KIND (spin_lock; hot loop, the median of the
# process medians and its 95% CI, summary.csv) and the host's bare
# lock decb; movb pair (physlimit.csv, median over the processes).  ns,
# not TSC cycles: the hosts' TSC rates differ, and ns is the unit that
# compares across them; a % of one host's base never does, so none is
# drawn.
. "$(dirname "$0")/../../lib.sh"
export LC_ALL=C

results=${1:?usage: hosts-graph.sh RESULTS RUN...}
shift
[ $# -gt 0 ] || die "hosts-graph: no runs to draw"
command -v gnuplot >/dev/null || die "hosts-graph: gnuplot is not installed (apt-get install gnuplot-nox)"
kind=${ANSWER_KIND:-spin_lock}
median_awk=$(<"$LB_TOP/scripts/median.awk")
# Quotes and backslashes would break gnuplot -e strings.
clean() { printf '%s' "${1//[\'\"\\]/}"; }
# The variants in the matrix's order (each family before its debug twin),
# the slots of every group alike; a host that lacks one has a gap.
mapfile -t vars < <(matrix_variants)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One row a host and variant; the host's bare pair on each of its rows.
g=0
echo "group,host,run,kind,tsc_mhz,slot,variant,ns,ci_lo,ci_hi,bare_ns" >"$tmp/hosts-side.csv"
for r in "$@"; do
	g=$((g + 1)) h=${r%/native/*}
	tsc=$(sed -n 's/^tsc_mhz=//p' "$r/provenance.txt")
	awk -F, -v g=$g -v host="${h##*/}" -v run="${r##*/}" -v tsc="$tsc" -v k="$kind" -v vars="${vars[*]}" "$median_awk"'
		FNR == 1 { file++; delete c; for (i = 1; i <= NF; i++) c[$i] = i; next }
		function f(col) { return (col in c) ? $c[col] : "" }
		file == 1 && f("pair") == "lock_decb+movb" { b[++nb] = f("ns_op") + 0; next }
		file == 2 && f("mode") == "hot" && f("kind") == k && f("metric") == "ns_op" && f("threads") == 1 {
			m[f("variant")] = f("median") "," f("ci_lo") "," f("ci_hi")
		}
		END {
			bare = median(b, nb)
			nv = split(vars, vs, " ")
			for (i = 1; i <= nv; i++)
				if (vs[i] in m) printf "%d,%s,%s,%s,%s,%d,%s,%s,%s\n", g, host, run, k, tsc, i, vs[i], m[vs[i]], bare
		}' "$r/physlimit.csv" "$r/summary.csv" >>"$tmp/hosts-side.csv"
done
# The x labels, a line each: the host's name (host-name.sh, as every
# table and graph names it), its raw id, the run and its lb-native
# binary (a bundle's one sha256; "per process" where make native linked
# one per process), the bare pair and the TSC rate.  Runs that share one
# binary are named in the subtitle: the same code on two CPU models.
labels="" g=0 n=0
declare -A bin=()
while IFS=, read -r grp host run _ tsc _ _ _ _ _ bare; do
	[ "$grp" != "$g" ] || continue
	g=$grp n=$((n + 1))
	r=${*:grp:1}
	b=""
	[ ! -f "$r/bundle.info" ] || b=$(sed -n 's/^binary_sha256=//p' "$r/bundle.info" | tr ' ' '\n' | sed -n 's/^[^:]*://p' | sort -u)
	[[ $b != *$'\n'* ]] || b=""
	name=$(clean "$("$LB_TOP/scripts/report/host-name.sh" "${r%/native/*}/host.info")")
	[ -z "$b" ] || bin[$b]+="${bin[$b]:+ and }$name"
	labels+="xl$g=\"$name\\n$host\\nrun $run\\nlb-native ${b:-one per process}\\n$(printf '%.4g' "$bare") ns bare pair, TSC $tsc MHz\"; "
done < <(tail -n +2 "$tmp/hosts-side.csv")
[ $n = $# ] || die "hosts-graph: $(($# - n)) of the $# runs have no hot $kind ns_op rows"
same=""
for b in "${!bin[@]}"; do [[ ${bin[$b]} != *" and "* ]] || same+="; ${bin[$b]}: the same binary, sha256 $b"; done
gpv=$(variant_gp "${vars[@]}")
set="dir='$LB_TOP/plots'; out='$tmp/hosts-side'; in='$tmp/hosts-side.csv'; vars='${vars[*]}'; ng=$#; $labels $gpv; kind='$kind'"
set+="; ttl='Native: $kind + ${kind/lock/unlock} per host, ns per pair'"
set+="; sub=\"native (rdtsc), hot loop, 1 thread: median of the process medians, 95% CI; in ns, since the hosts' TSC rates differ\""
set+="; note='$(clean "${same#; }")'"
set+="; kern=\"kernels under test: Debian linux-source-6.1 + patch/series, each variant's lock objects as its run's commit built them\""
# Both formats from one gnuplot; a UTF-8 locale, as plots.sh's.
LC_ALL=C.UTF-8 gnuplot -e "$set; fmt='svg'; load '$LB_TOP/plots/hosts.gp'; unset output; reset session" \
	-e "$set; fmt='png'; load '$LB_TOP/plots/hosts.gp'" >"$tmp/log" 2>&1 ||
	die "hosts-graph: gnuplot failed on plots/hosts.gp: $(tail -n 5 "$tmp/log")"
! grep -qi warning "$tmp/log" || die "hosts-graph: gnuplot warned: $(grep -i warning "$tmp/log" | head -n 3)"
mv "$tmp/hosts-side.csv" "$tmp/hosts-side.png" "$tmp/hosts-side.svg" "$results/"
note "hosts-graph: ${results#"$LB_TOP"/}/hosts-side.png and .svg ($# hosts)"
