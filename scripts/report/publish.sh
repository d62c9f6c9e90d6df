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
# they stay, and so does the cycles model drawn from them.
for h in hosts hosts.md cycles-model.csv cycles-model.md cycles-summary.md; do
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
mkdir -p "$raw"
for f in "$run"/*.csv; do
	is_record_file "$f" && cp "$f" "$raw/"
done
[ -f "$run/failures.csv" ] && cp "$run/failures.csv" "$raw/"
[ -f "$run/pmu.csv" ] && cp "$run/pmu.csv" "$raw/"
if ls "$run"/compare/perf-diff/*.txt >/dev/null 2>&1; then
	mkdir -p "$raw/perf-diff"
	cp "$run"/compare/perf-diff/*.txt "$raw/perf-diff/"
fi
cp "$run/run.info" "$run/jobs" "$raw/"
[ -f "$run/failures.txt" ] && cp "$run/failures.txt" "$raw/"
grep -q '^run_id=' "$raw/run.info" || echo "run_id=$(basename "$run")" >>"$raw/run.info"
for p in "$run"/boots/*/boot*/provenance.json "$run"/perf/*/perf-top.txt; do
	[ -f "$p" ] || continue
	d=$raw/${p#"$run"/}
	mkdir -p "$(dirname "$d")"
	cp "$p" "$d"
done
if [ -d "$report/results/pathlen" ]; then
	mkdir -p "$raw/icount"
	cp "$report"/results/pathlen/*.csv "$report/results/pathlen/run.info" "$report/results/pathlen/jobs" "$raw/icount/"
	rm -f "$raw/icount/pathlen.csv"
fi
[ -d "$report/results/calibrate" ] && cp -r "$report/results/calibrate" "$raw/calibrate"
# The events pass's counts (the report draws its tables from them).
if [ -f "$run/events/events.csv" ]; then
	mkdir -p "$raw/events"
	cp "$run/events/events.csv" "$run/events/run.info" "$raw/events/"
	[ -f "$run/events/calibration.md" ] && cp "$run/events/calibration.md" "$raw/events/"
fi
# The native run's records and what the report reads beside them.
if [ -f "$run/native/run.info" ]; then
	mkdir -p "$raw/native"
	for f in "$run"/native/*.csv; do
		is_record_file "$f" && cp "$f" "$raw/native/"
	done
	cp "$run"/native/run.info "$run"/native/jobs "$run"/native/physlimit.csv "$run"/native/host-facts.txt "$raw/native/"
	# What every process measured besides the records (older runs lack them).
	for f in calibration.csv calibration-fit.csv sections.csv layout.csv layout-spread.csv; do
		[ ! -f "$run/native/$f" ] || cp "$run/native/$f" "$raw/native/"
	done
	cp -r "$run/native/disasm-check" "$raw/native/"
	[ ! -d "$run/native/layout" ] || cp -r "$run/native/layout" "$raw/native/"
	for p in "$run"/native/boots/*/boot*/provenance.json "$run"/native/boots/*/boot*/facts.txt "$run"/native/procs/*/facts.txt \
		"$run"/native/procs/*/layout.txt; do
		[ -f "$p" ] || continue
		d=$raw/native/${p#"$run"/native/}
		mkdir -p "${d%/*}"
		cp "$p" "$d"
	done
fi
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
