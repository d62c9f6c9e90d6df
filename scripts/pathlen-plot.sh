#!/usr/bin/env bash
# pathlen-plot.sh RUN: RUN/plots/pathlen.png and .svg from RUN/pathlen.csv
# (pathlen-table.sh): instructions per acquire+release, kind x variant.
. "$(dirname "$0")/lib.sh"
export LC_ALL=C
run=${1:?usage: pathlen-plot.sh RUNDIR}
csv=$run/pathlen.csv
[ -f "$csv" ] || die "$csv is missing: run scripts/pathlen-table.sh $run first"
command -v gnuplot >/dev/null || die "gnuplot is not installed (apt-get install gnuplot-nox)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Plain kinds only (pad rows are calibration), in the order of the run.
mapfile -t vs < <(awk -F, 'NR > 1 && $4 == 0 && !seen[$1]++ { print $1 }' "$csv")
[ ${#vs[@]} -gt 0 ] || die "$csv has no counts"
awk -F, -v vars="${vs[*]}" 'BEGIN { nv = split(vars, v, " ") }
	NR > 1 && $4 == 0 { k = $2 ($2 == "rwlock_mix" ? "/" $3 : ""); if (!(k in seen)) { seen[k] = 1; order[++n] = k }; c[k, $1] = $5 }
	END { for (i = 1; i <= n; i++) { line = order[i]; for (j = 1; j <= nv; j++) line = line " " ((order[i], v[j]) in c ? c[order[i], v[j]] : "NaN"); print line } }' \
	"$csv" >"$tmp/table"
mkdir -p "$run/plots"
for fmt in png svg; do
	gnuplot -e "dir='$LB_TOP/plots'; out='$tmp/pathlen'; fmt='$fmt'; in='$tmp/table'; vars='${vs[*]}'" \
		-e "ttl='Path length: instructions per acquire+release'; sub='icount (QEMU -icount shift=0, 1 vCPU), run $(basename "$(readlink -f "$run")")'" \
		"$LB_TOP/plots/pathlen.gp" || die "gnuplot failed on plots/pathlen.gp"
done
mv "$tmp"/pathlen.png "$tmp"/pathlen.svg "$run/plots/"
note "pathlen: graph in ${run#"$LB_TOP"/}/plots/pathlen.png"
