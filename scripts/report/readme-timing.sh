#!/usr/bin/env bash
# readme-timing.sh [--check] [RESULTS]: README.md's timing paragraphs, on
# stdout, from lockbench's one table of stage times (scripts/build/
# stage-times.sh: the published run's stage table, RESULTS/stages.tsv,
# and schema/stage-times.tsv): what the published run's stages took, what
# DRYRUN=1 make all plans from the same table on a fresh clone, and what
# make check took.  --check prints the last alone, for docs/tests.md.
# publish.sh writes the paragraphs between README.md's "timing" markers;
# tests/host/readme-timing.sh checks that the README and docs/tests.md
# hold what this prints, so no figure can go stale or disagree.
. "$(dirname "$0")/../lib.sh"
only_check=
[ "${1:-}" != --check ] || { only_check=1 && shift; }
results=${1:-$LB_TOP/results}
[ -f "$results/stages.tsv" ] || die "readme-timing: $results/stages.tsv is missing (make publish writes it)"
declare -A RI=()
readkv RI "$results/run.info"
table=$("$LB_TOP/scripts/build/stage-times.sh" "$results")
# row STAGE FIELD: one field of the table's STAGE row (2 seconds, 4 host).
row() { awk -F '\t' -v s="$1" -v f="$2" '$1 == s { print $f; exit }' <<<"$table"; }

check_paragraph() {
	printf '`make check`, the second command, took %s s (%s min) on %s with its kernels built, and %s s (%s min) from a fresh clone that builds them (`.ci/run`); its host-side tests alone (`LB_CHECK_HOST_ONLY=1 make check`, J=2) took %s s there.\n' \
		"$(row check 2)" "$(($(row check 2) / 60))" "$(row check 4)" "$(row check-fresh 2)" "$(($(row check-fresh 2) / 60))" "$(row check-host-only 2)"
}
fmt() { fold -s -w 72 | sed 's/ *$//'; }
if [ -n "$only_check" ]; then
	check_paragraph | fmt
	exit 0
fi

awk -F '\t' -v id="${RI[run_id]:-unknown}" '
	NR == 1 || $5 !~ /^the published run/ { next }
	$1 ~ /^kernel:/ { nk++; ks += $2; if (nk == 1 || $2 < kmin) kmin = $2; if (nk == 1 || $2 > kmax) kmax = $2; host = $4; next }
	{ s[$1] = $2; d[$1] = $5; sub(/^[^:]*: /, "", d[$1]); order[++n] = $1; host = $4 }
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
	}' <<<"$table" | fmt
echo
# What the dry run plans for make all from the same table, on a fresh
# clone (an empty build directory: no measurement of this clone's own).
fresh=$(mktemp -d)
trap 'rm -rf "$fresh"' EXIT
# (No setting of this environment: the README's plan is the defaults'.)
plan=$(env -i PATH="$PATH" HOME="$HOME" LB_BUILD="$fresh" "$LB_TOP/scripts/build/plan.sh" all 2>&1) ||
	die "readme-timing: the plan of make all failed: $plan"
nk=$(grep -c '^  kernel [^ ]*: build' <<<"$plan" || true)
est=$(sed -n 's/^lockbench: DRYRUN=1: estimated \(at least \)\{0,1\}\([0-9]*\) min \([0-9]*\) s.*/\2 \3/p' <<<"$plan")
read -r m sec <<<"$est"
printf '`make all`, the first command, of the %s default variants, is planned at **%s min** by `DRYRUN=1 make all` on a fresh clone, from the same table (each stage on the host that measured it: schema/stage-times.tsv); it prints each stage.\n' \
	"$nk" "$((m + (sec >= 30)))" | fmt
echo
check_paragraph | fmt
