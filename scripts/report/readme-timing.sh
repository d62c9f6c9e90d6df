#!/usr/bin/env bash
# readme-timing.sh [RESULTS]: README.md's timing paragraph, from the
# published run's stage table (RESULTS/stages.tsv, stages.sh) and its
# run.info and host.txt, on stdout.  publish.sh writes it between
# README.md's "timing" markers; tests/host/readme-timing.sh checks that
# the README holds what this prints, so the paragraph cannot go stale.
. "$(dirname "$0")/../lib.sh"
results=${1:-$LB_TOP/results}
tsv=$results/stages.tsv
[ -f "$tsv" ] || die "readme-timing: $tsv is missing (make publish writes it)"
declare -A RI=()
readkv RI "$results/run.info"
host=""
{ IFS= read -r host || true; } 2>/dev/null <"$results/host.txt" || true
awk -F '\t' -v id="${RI[run_id]:-unknown}" -v host="${host:-an unrecorded host}" '
	NR == 1 { next }
	$1 == "kernel" { nk++; ks += $2; if (nk == 1 || $2 < kmin) kmin = $2; if (nk == 1 || $2 > kmax) kmax = $2; next }
	{ s[$1] = $2; d[$1] = $3; order[++n] = $1 }
	END {
		total = ks
		printf "The stages a full run times, from the published run `%s`'"'"'s own stage table ([results/stages.tsv](results/stages.tsv)), on %s:", id, host
		if (nk) printf " the %d kernel builds took %d s (%d to %d s each);", nk, ks, kmin, kmax
		name["icount"] = "the icount path-length pass"; name["native"] = "the native pass"
		name["events"] = "the events pass"; name["timed"] = "the timed matrix"
		for (i = 1; i <= n; i++) {
			st = order[i]; total += s[st]
			printf " %s %d s%s%s", (st in name) ? name[st] : st, s[st], st == "timed" ? " (" d[st] ")" : "", i < n ? ";" : ""
		}
		printf ". Together %d s, **%d min**; the run does not time deps, the tree, the calibration, compare, plots or the report.\n", total, int(total / 60 + 0.5)
	}' "$tsv" | fold -s -w 72 | sed 's/ *$//'
