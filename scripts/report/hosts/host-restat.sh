#!/usr/bin/env bash
# host-restat.sh [RUN...]: recompute the statistics of native runs filed
# under results/hosts (default: every one) with today's lb-stat, as
# compare.sh makes them: each TSC step (run.info's, else inferred from
# the run's figures, scripts/report/tsc-step.sh), the run's own A/A and
# per-kind floors, its slices, blocks and states where it logged them.
# The records stay as they were filed; the run's summary.csv, pairs.csv,
# baseline.csv, stat.info and machine states are replaced, and
# provenance.txt says which lockbench commit recomputed them.  compare
# works on a copy in build/ (lib.sh's run_dir); only this script and
# host-publish.sh write results/hosts.
. "$(dirname "$0")/../../lib.sh"

results=${RESULTS:-$LB_TOP/results}
runs=("$@")
[ ${#runs[@]} -gt 0 ] || runs=("$results"/hosts/*/native/*/)
[ -d "${runs[0]}" ] || die "host-restat: no native runs in $results/hosts (file one with scripts/report/hosts/host-publish.sh)"
head=$(git -C "$LB_TOP" rev-parse --short=12 HEAD 2>/dev/null) || head=unknown
git -C "$LB_TOP" diff --quiet HEAD -- bench-user schema scripts 2>/dev/null || head+=" (dirty)"

# The statistics compare made in COPY, in place of the filed run R's.
take() { # R COPY
	local f
	for f in summary.csv pairs.csv baseline.csv stat.info states.csv slice-states.csv state-causes.csv; do
		rm -f "$1/$f"
		[ ! -f "$2/$f" ] || cp "$2/$f" "$1/"
	done
	rm -rf "$1/states"
	[ ! -d "$2/states" ] || cp -r "$2/states" "$1/"
}

for r in "${runs[@]}"; do
	r=$(readlink -f "$r")
	[[ $r == "$(readlink -f "$results")"/hosts/*/native/* ]] || die "host-restat: $r is not a run filed under $results/hosts"
	[ -f "$r/provenance.txt" ] || die "host-restat: $r has no provenance.txt: file it with host-publish.sh"
	"$LB_TOP/scripts/report/compare.sh" "$r" >/dev/null || die "host-restat: compare of $r failed (see above)"
	# (With RESULTS= outside the checkout compare worked in place.)
	copy=$(run_dir "$r")
	[ "$copy" = "$r" ] || take "$r" "$copy"
	grep -v '^statistics_by=' "$r/provenance.txt" >"$r/provenance.txt.new" || true
	echo "statistics_by=lockbench $head, $(utc_now %Y-%m-%d)" >>"$r/provenance.txt.new"
	mv "$r/provenance.txt.new" "$r/provenance.txt"
	note "host-restat: ${r#"$LB_TOP"/}: TSC step $(sed -n 's/^tsc_step=//p' "$r/stat.info"), states $(sed -n 's/^states=//p' "$r/stat.info")"
done
