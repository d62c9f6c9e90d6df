#!/usr/bin/env bash
# publish.sh RUN: make RUN's report (RUN/report/, from results.sh) the
# tracked RESULTS.md and results/.  Nothing else writes them, so a run of
# your own never overwrites the published report by accident.
#
# results/raw/ gets the run's raw data: every record, run.info, the job
# list, perf stat's counts (pmu.csv), every boot's provenance, the perf
# summaries and perf diffs, the icount run's records, the calibration report and the
# disassembly table (built from vmlinux files that are not tracked).
# `make results RUN=results/raw` derives the same RESULTS.md from it
# (tests/host/raw-regen.sh).
. "$(dirname "$0")/../lib.sh"
. "$LB_TOP/schema/contract.sh"

# README.md's "What it found" is the published report's own summary,
# written between its headline markers.
readme_headline() { # SUMMARY.md
	local readme=$LB_TOP/README.md
	grep -q '^<!-- headline' "$readme" && grep -q '^<!-- /headline -->' "$readme" ||
		die "README.md lacks its <!-- headline ... --> and <!-- /headline --> markers"
	awk -v f="$1" '/^<!-- headline/ { print; while ((getline l < f) > 0) print l; skip = 1; next }
		/^<!-- \/headline -->/ { skip = 0 } !skip' "$readme" >"$readme.new" && mv "$readme.new" "$readme"
}

# README.md's timing paragraph, drawn from the published run's stage
# table (results/stages.tsv) between its timing markers.
readme_timing() {
	local readme=$LB_TOP/README.md
	grep -q '^<!-- timing' "$readme" && grep -q '^<!-- /timing -->' "$readme" ||
		die "README.md lacks its <!-- timing ... --> and <!-- /timing --> markers"
	local t
	t=$(mktemp)
	"$LB_TOP/scripts/report/readme-timing.sh" >"$t" || die "publish: readme-timing.sh failed"
	awk -v f="$t" '/^<!-- timing/ { print; while ((getline l < f) > 0) print l; skip = 1; next }
		/^<!-- \/timing -->/ { skip = 0 } !skip' "$readme" >"$readme.new" && mv "$readme.new" "$readme"
	rm -f "$t"
}

run=$(readlink -f "${1:?usage: publish.sh RUNDIR}")
report=$run/report
[ -f "$report/RESULTS.md" ] && [ -d "$report/results" ] ||
	die "$1 has no report (report/RESULTS.md and report/results/): run 'make results RUN=$1' first"
new=$LB_TOP/results.new
rm -rf "$new"
cp -r "$report/results" "$new"
# The native runs filed per host (host-publish.sh) are not this run's:
# they stay, and so do the tables, graph and cycles model drawn from them.
for h in hosts hosts.md hosts-answer.md hosts-side.md hosts-side.png hosts-side.svg hosts-side.csv cycles-model.csv cycles-model.md cycles-summary.md; do
	[ ! -e "$LB_TOP/results/$h" ] || [ -e "$new/$h" ] || cp -r "$LB_TOP/results/$h" "$new/"
done
raw=$new/raw
# Published raw data rederived by newer tools (make results RUN=results/raw):
# the report is new, the data are the same, so results/raw stays as it is
# but for the calibration's test, which the report reran.
if [ -f "$run/raw.info" ]; then
	[ "$(readlink -f "$LB_TOP/results/raw/run.info")" != "$(readlink -f "$run/run.info")" ] &&
		cmp -s "$run/run.info" "$LB_TOP/results/raw/run.info" ||
		die "$1 is raw data of another run than results/raw: publish the run it came from"
	cp -r "$LB_TOP/results/raw" "$raw"
	[ -f "$report/results/calibrate/timed.txt" ] && cp "$report/results/calibrate/timed.txt" "$raw/calibrate/"
	rm -rf "$LB_TOP/results"
	mv "$new" "$LB_TOP/results"
	cp "$report/RESULTS.md" "$LB_TOP/RESULTS.md"
	readme_headline "$report/summary.md"
	readme_timing
	note "publish: RESULTS.md and results/ rederived from results/raw (run $(sed -n "s/^run_id=//p" "$run/run.info")); review with git diff, then commit"
	exit 0
fi
# Each instrument's data, by its publish.list, from its folder of the
# run (where it has one) to the same place in results/raw.
mapfile -t rows < <(contract_rows instruments)
[ ${#rows[@]} -gt 0 ] || die "the contract lists no instruments (lb-validate --describe instruments)"
for row in "${rows[@]}"; do
	IFS=$'\t' read -r _ _ rundir _ _ place _ <<<"$row"
	src=$run/$rundir dst=$raw/$rundir
	[ -f "$src/run.info" ] || continue
	while read -r w pat; do
		case $w in '' | '#'*) continue ;; records) ;; *) pat=$w w= ;; esac
		for f in "$src"/$pat; do
			[ -e "$f" ] || continue
			[ -z "$w" ] || is_record_file "$f" || continue
			rel=${f#"$src"/}
			mkdir -p "$(dirname "$dst/$rel")"
			cp -r "$f" "$dst/$rel"
		done
	done <"$LB_TOP/$place/publish.list"
done
# The run's own: the perf diffs compare made, its name, its calibration.
if ls "$run"/compare/perf-diff/*.txt >/dev/null 2>&1; then
	mkdir -p "$raw/perf-diff"
	cp "$run"/compare/perf-diff/*.txt "$raw/perf-diff/"
fi
grep -q '^run_id=' "$raw/run.info" || echo "run_id=$(basename "$run")" >>"$raw/run.info"
[ -d "$report/results/calibrate" ] && cp -r "$report/results/calibrate" "$raw/calibrate"
cp "$report/results/disasm.md" "$raw/"
cat >"$raw/raw.info" <<EOT
what=the raw data of run $(dir_id "$raw"), published by scripts/report/publish.sh
regenerate=make results RUN=results/raw
EOT
rm -rf "$LB_TOP/results"
mv "$new" "$LB_TOP/results"
cp "$report/RESULTS.md" "$LB_TOP/RESULTS.md"
readme_headline "$report/summary.md"
readme_timing
note "publish: RESULTS.md and results/ (raw data in results/raw) are now the report of $(basename "$run"); review with git diff, then commit"
