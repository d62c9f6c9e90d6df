#!/usr/bin/env bash
# icount/plot.sh RUN: RUN/plots/pathlen.png and .svg from RUN/pathlen.csv
# (icount/table.sh): instructions per acquire+release, kind x variant.
. "$(dirname "$0")/../lib.sh"
. "$LB_TOP/schema/contract.sh"
export LC_ALL=C
run=${1:?usage: icount/plot.sh RUNDIR}
csv=$run/pathlen.csv
[ -f "$csv" ] || die "$csv is missing: run scripts/icount/table.sh $run first"
command -v gnuplot >/dev/null || die "gnuplot is not installed (apt-get install gnuplot-nox)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Plain kinds only (pad rows are calibration; the empty loop, which the
# others have subtracted, is no result), in the order of the run;
# columns by name (csv.awk).  Kinds whose read_pct decides each
# acquisition (the contract's side=mix) get a row per read_pct.  One awk
# writes the table and prints the variants, in the order of the run.
csvlib=$(<"$LB_TOP/plots/csv.awk")
csvawk() { local prog=$1; shift; awk "$csvlib"$'\n'"$prog" "$@"; }
vl=$(csvawk 'NR == 1 { header(); nm = split(mixk, m, " "); for (i = 1; i <= nm; i++) mix[m[i]] = 1; next }
	v("pad") == 0 && v("kind") != "empty" { if (!gotv[v("variant")]++) vv[++nv] = v("variant")
		k = v("kind") ((v("kind") in mix) ? "/" v("read_pct") : ""); if (!(k in got)) { got[k] = 1; order[++n] = k }; c[k, v("variant")] = v("instructions") }
	END { for (i = 1; i <= n; i++) { line = order[i]; for (j = 1; j <= nv; j++) line = line " " ((order[i], vv[j]) in c ? c[order[i], vv[j]] : "NaN"); print line > table }
		close(table); for (j = 1; j <= nv; j++) printf "%s%s", vv[j], (j < nv ? " " : "\n") }' \
	mixk="$(contract_list kinds side=mix)" table="$tmp/table" "$csv") || vl=""
read -r -a vs <<<"$vl"
[ ${#vs[@]} -gt 0 ] || die "$csv has no counts"
mkdir -p "$run/plots"
# Asked once for both formats.
gpv=$(variant_gp "${vs[@]}") rid=$(dir_id "$run") kernel=$("$LB_TOP/scripts/report/kernel-line.sh" "$run")
set="dir='$LB_TOP/plots'; out='$tmp/pathlen'; in='$tmp/table'; vars='${vs[*]}'; $gpv; ttl='Path length: instructions per acquire+release'; sub='icount (QEMU -icount shift=0, 1 vCPU)'"
set+="; prov='run $rid'; kern='kernels under test: ${kernel//\'/}'"
# A UTF-8 locale: under LC_ALL=C gnuplot warns that iconv cannot convert
# its degree sign.
LC_ALL=C.UTF-8 gnuplot -e "$set; fmt='svg'; load '$LB_TOP/plots/pathlen.gp'; unset output; reset session" \
	-e "$set; fmt='png'; load '$LB_TOP/plots/pathlen.gp'" || die "gnuplot failed on plots/pathlen.gp"
mv "$tmp"/pathlen.png "$tmp"/pathlen.svg "$run/plots/"
note "pathlen: graph in ${run#"$LB_TOP"/}/plots/pathlen.png"
