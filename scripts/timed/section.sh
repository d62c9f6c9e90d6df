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
