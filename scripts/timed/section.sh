# shellcheck shell=bash
# The timed instrument's report section (the run directory itself, under
# TCG or KVM), sourced by results.sh for its row of the contract: the
# headline, modes, contended and findings tables of its summary.csv,
# pairs.csv and baseline.csv (compare.sh made them) and the facts of
# section.md.in.
[ -f "$run/baseline.csv" ] || die "$run has no baseline.csv: run 'make compare RUN=$1'"
declare -A SI=()
readkv SI "$run/stat.info"
fact floor "$(hot_noise_floor "$run/pairs.csv")"
fact aa "${SI[aa_pair]:-pre:post}"
fact resamples "${SI[resamples]:-}"
fact seed "${SI[seed]:-}"
fact holm_p_reachable "${SI[holm_p_reachable]:-n/a}"
fact accel "$accel"
render headline -v pairs=" $hl " "$run/pairs.csv" >"$tmp/pieces/HEADLINE"
render modes "$run/summary.csv" >"$tmp/pieces/MODES"
# TCG models no cache and times a hand-off at emulation speed: a cold
# cell is no cache-miss cost, so it stays out of the text (its rows stay
# in the tables).
render findings -v accel="$accel" -v skip_cold="${tcg:+1}" "$run/pairs.csv" >"$tmp/pieces/FINDINGS"
render contended -v order="${RI[variants]:-}" "$run/summary.csv" "$run/baseline.csv" >"$tmp/pieces/CONTENDED"
tables=
if [ -f "$run/compare/tables.md" ]; then
	cp "$run/compare/tables.md" "$tmp/pieces/COMPARE"
	tables=1
fi
fact tables "$tables"
# The timed side of the article's headline table.
sidebyside+=("$run/pairs.csv")
# Its part of the calibration (timed/calibrate.sh's): the boots' records,
# the boot medians the test compares, kept so a reader (and make results
# RUN=results/raw) can see each one, and the test rerun from them, so a
# report always shows the statistics of the tools that made it (exit 3:
# no pad resolved).
if [ -n "$cal" ]; then
	recs=() rel=()
	for r in "$cal"/timed-boot*/records.csv; do
		[ -f "$r" ] || continue
		recs+=("$r") rel+=("${r#"$cal"/}")
	done
	# Each as calibrate/timed-bootN/records.csv: one cp for all.
	[ ${#rel[@]} -eq 0 ] || (cd "$cal" && cp --parents "${rel[@]}" "$stage/calibrate/")
	if [ ${#recs[@]} -gt 0 ]; then
		rc=0
		"$LB_TOP/bench-user/lb-resolution" --alpha 0.01 "${recs[@]}" >"$stage/calibrate/timed.txt" || rc=$?
		[ $rc -eq 0 ] || [ $rc -eq 3 ] || die "lb-resolution failed on $cal's timed records"
	else
		cp "$cal/timed.txt" "$stage/calibrate/timed.txt"
	fi
	resolution_csv "$stage/calibrate/timed.txt" >"$tmp/cal/timed.csv"
	cal_fact timed_verdict "$(tail -n 1 "$stage/calibrate/timed.txt")"
	render calibration "$stage/calibrate/timed.txt" >"$tmp/pieces/CAL_TIMED"
fi
