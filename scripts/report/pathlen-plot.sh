#!/usr/bin/env bash
# pathlen-plot.sh RUN: RUN/plots/pathlen.png and .svg from RUN/pathlen.csv
# (pathlen-table.sh): instructions per acquire+release, kind x variant.
. "${0%"${0##*/}"}../lib.sh"
. "$LB_TOP/schema/contract.sh"
export LC_ALL=C
run=${1:?usage: pathlen-plot.sh RUNDIR}
csv=$run/pathlen.csv
[ -f "$csv" ] || die "$csv is missing: run scripts/report/pathlen-table.sh $run first"
command -v gnuplot >/dev/null || die "gnuplot is not installed (apt-get install gnuplot-nox)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Plain kinds only (pad rows are calibration), in the order of the run;
# columns by name (csv.awk).  Kinds whose read_pct decides each
# acquisition (the contract's side=mix) get a row per read_pct.
csvlib=$(<"$LB_TOP/plots/csv.awk")
csvawk() { local prog=$1; shift; awk "$csvlib"$'\n'"$prog" "$@"; }
mapfile -t vs < <(csvawk 'NR == 1 { header(); next } v("pad") == 0 && !got[v("variant")]++ { print v("variant") }' "$csv")
[ ${#vs[@]} -gt 0 ] || die "$csv has no counts"
csvawk 'NR == 1 { header(); nv = split(vars, vv, " "); nm = split(mixk, m, " "); for (i = 1; i <= nm; i++) mix[m[i]] = 1; next }
	v("pad") == 0 { k = v("kind") ((v("kind") in mix) ? "/" v("read_pct") : ""); if (!(k in got)) { got[k] = 1; order[++n] = k }; c[k, v("variant")] = v("instructions") }
	END { for (i = 1; i <= n; i++) { line = order[i]; for (j = 1; j <= nv; j++) line = line " " ((order[i], vv[j]) in c ? c[order[i], vv[j]] : "NaN"); print line } }' \
	vars="${vs[*]}" mixk="$(contract_list kinds side=mix)" "$csv" >"$tmp/table"
mkdir -p "$run/plots"
# Asked once for both formats.
gpv=$(variant_gp "${vs[@]}") rid=$(readlink -f "$run")
rid=${rid##*/}
for fmt in png svg; do
	gnuplot -e "dir='$LB_TOP/plots'; out='$tmp/pathlen'; fmt='$fmt'; in='$tmp/table'; vars='${vs[*]}'; $gpv" \
		-e "ttl='Path length: instructions per acquire+release'; sub='icount (QEMU -icount shift=0, 1 vCPU), run $rid'" \
		"$LB_TOP/plots/pathlen.gp" || die "gnuplot failed on plots/pathlen.gp"
done
mv "$tmp"/pathlen.png "$tmp"/pathlen.svg "$run/plots/"
note "pathlen: graph in ${run#"$LB_TOP"/}/plots/pathlen.png"
