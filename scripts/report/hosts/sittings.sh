#!/usr/bin/env bash
# sittings.sh RUN...: the same native pair across sittings (separate
# make native invocations, with other work between them).  Per hot kind
# (cycles a pair): each sitting's A/A change with its CI, its floor and
# the A/A base's median; then, over the sittings, the spread of the A/A
# change (largest minus smallest, in points) and of the base's median (in
# % of the smallest).  The A/A pair is compare's (stat.info's aa_pair).
# Prints a markdown table, a column a sitting (each cell: A/A % [CI],
# floor; the base's median cycles); every figure is read from each run's
# pairs.csv and summary.csv.
. "$(dirname "$0")/../../lib.sh"

[ $# -ge 2 ] || die "usage: sittings.sh RUN RUN... (two or more native runs)"
args=()
for run in "$@"; do
	for f in run.info stat.info pairs.csv summary.csv; do
		[ -f "$run/$f" ] || die "sittings: $run has no $f: not a native run compare has read"
	done
	grep -qx accel=native "$run/run.info" || die "sittings: $run is not a native run"
	aa=$(sed -n 's/^aa_pair=//p' "$run/stat.info")
	[[ $aa == *:* ]] || die "sittings: $run has no A/A pair (stat.info: aa_pair=${aa:-none})"
	# A filed run's id is its provenance's; a make run's native pass is
	# RUN/native, with run_id=native: then its run's name.
	id=
	[ ! -f "$run/provenance.txt" ] || id=$(sed -n 's/^run_id=//p' "$run/provenance.txt")
	[ -n "$id" ] || id=$(sed -n 's/^run_id=//p' "$run/run.info")
	[ "$id" != native ] || id=$(basename "$(dirname "$(readlink -f "$run")")")
	args+=("${id:-$run}" "${aa%%:*}" "${aa#*:}" "$run/pairs.csv" "$run/summary.csv")
done
# One awk reads every run's two tables: ARGV holds, per run, its id, the
# pair's sides and the two files; the files are named for it in order.
files=()
for ((i = 0; i < ${#args[@]}; i += 5)); do files+=("${args[i + 3]}" "${args[i + 4]}"); done
awk -F, -v spec="${args[*]}" '
	BEGIN { ns = split(spec, s, " "); for (i = 1; i <= ns; i += 5) { k = (i + 4) / 5; id[k] = s[i]; base[k] = s[i + 1]; other[k] = s[i + 2] } }
	FNR == 1 { file++; run = int((file + 1) / 2); delete h; for (i = 1; i <= NF; i++) h[$i] = i; next }
	file % 2 && $h["base"] == base[run] && $h["other"] == other[run] && $h["mode"] == "hot" && $h["metric"] == "cyc_op" &&
	    $h["verdict"] == "a-a" {
		k = $h["kind"]; if (!(k in seen)) { seen[k] = 1; kinds[++nk] = k }
		pct[run, k] = $h["pct_change"]; lo[run, k] = $h["pct_lo"]; hi[run, k] = $h["pct_hi"]; fl[run, k] = $h["floor_pct"]
	}
	!(file % 2) && $h["variant"] == base[run] && $h["mode"] == "hot" && $h["metric"] == "cyc_op" { med[run, $h["kind"]] = $h["median"] }
	END {
		nr = run
		printf "| kind |"; for (r = 1; r <= nr; r++) printf " %s |", id[r]
		print " A/A spread, points | median spread, % |"
		printf "|---|"; for (r = 1; r <= nr; r++) printf "---|"; print "---|---|"
		for (i = 1; i <= nk; i++) {
			k = kinds[i]; amin = amax = mmin = mmax = ""
			printf "| %s |", k
			for (r = 1; r <= nr; r++) {
				if (!((r, k) in pct)) { printf " n/a |"; continue }
				printf " %+.2f [%+.2f, %+.2f], ±%.2f; %.2f |", pct[r, k], lo[r, k], hi[r, k], fl[r, k], med[r, k]
				a = pct[r, k] + 0; m = med[r, k] + 0
				if (amin == "" || a < amin) amin = a; if (amax == "" || a > amax) amax = a
				if (mmin == "" || m < mmin) mmin = m; if (mmax == "" || m > mmax) mmax = m
			}
			printf " %.2f | %.1f |\n", amax - amin, (mmin > 0 ? 100 * (mmax - mmin) / mmin : 0)
		}
	}' "${files[@]}"
