#!/usr/bin/env bash
# results.sh RUN: the report of a run, RUN/report/RESULTS.md, from
# report/RESULTS.md.in and a run directory that has been through compare.sh
# and plots.sh.  The words are the templates' (report/*.in, each
# instrument's section.md.in); this script states their facts and draws
# their tables.  The graphs, tables and provenance it shows are copied to
# RUN/report/results/, so the report reads the same there as when
# publish.sh copies both to the tracked RESULTS.md and results/.
. "$(dirname "$0")/../lib.sh"
. "$LB_TOP/schema/contract.sh"

run=$(run_dir "${1:?usage: results.sh RUNDIR}")
for f in run.info summary.csv pairs.csv findings.md stat.info host.txt plots/headline.png; do
	[ -f "$run/$f" ] || die "$run/$f is missing: run 'make compare plots RUN=$1' first"
done
id=$(dir_id "$run")
declare -A RI=()
readkv RI "$run/run.info"
accel=${RI[accel]:-} tcg=''
[ "$accel" != tcg ] || tcg=1
mapfile -t rows < <(contract_rows instruments)
[ ${#rows[@]} -gt 0 ] || die "the contract lists no instruments (lb-validate --describe instruments)"
# An instrument's own folder of a run (RUN/icount: its run.info's accel
# is the instrument) is not a run: the report is of the run above it.
for row in "${rows[@]}"; do
	IFS=$'\t' read -r name _ rundir _ <<<"$row"
	[ "$rundir" = . ] || [ "$accel" != "$name" ] ||
		die "$1 is $name's folder of a run: make results takes the run directory above it (RUN=${1%/"$rundir"})"
done
# One run directory holds every instrument (each in its folder of the
# contract, the timed records here) and the calibration in calibrate/
# (published raw data has the same shape).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The report is assembled in $tmp/report and moved into the run whole.
stage=$tmp/report/results
mkdir -p "$stage/graphs" "$stage/compare" "$stage/provenance" "$tmp/pieces" "$tmp/cal"
cp "$run"/plots/*.png "$run"/plots/*.svg "$stage/graphs/"
cp "$run"/compare/* "$stage/compare/" 2>/dev/null || true
top=("$run"/run.info "$run"/summary.csv "$run"/pairs.csv "$run"/findings.md "$run"/stat.info "$run"/host.txt "$run"/jobs)
[ ! -f "$run/failures.csv" ] || top+=("$run/failures.csv" "$run/failures.txt")
cp "${top[@]}" "$stage/"
for p in "$run"/boots/*/boot1/provenance.json; do
	d=${p%/boot1/provenance.json}
	[ -f "$p" ] && cp "$p" "$stage/provenance/${d##*/}.json"
done

# The report's templates (report/*.in, each instrument's section.md.in)
# are expanded by render.sh's section view, with the facts stated here:
# fact KEY VALUE, into the file $facts.
fact() { printf '%s=%s\n' "$1" "$2" >>"$facts"; }
mkdir -p "$tmp/facts"
render() { "$LB_TOP/scripts/report/render.sh" "$@"; }
# A section states the article's facts too (report/RESULTS.md.in's,
# tables.md.in's, provenance.csv.in's: its run, its machine) with
# article_fact, adds its pairs to the article's side-by-side table
# (render.sh's sidebyside view, in the contract's order) and what the
# interpretation's {{...}} figures read of it to expand_args.
article_fact() { printf '%s=%s\n' "$1" "$2" >>"$tmp/facts/article"; }
: >"$tmp/facts/article"
sidebyside=() expand_args=()

# The headline table: the A/A and headline pairs of vm-configs/comparisons.
# (comparisons aa headline, the lines read here: one awk fewer)
all=$(comparison_lines) || exit 1
hl=
while IFS=$'\t' read -r role b o _; do
	case $role in aa | headline) hl+="${hl:+ }$b:$o" ;; esac
done <<<"$all"
# The calibration, when the run has one (make calibrate): every
# instrument against known work.  Its shared files and facts are stated
# here (report.txt's lines, its id); each instrument's section.sh adds
# what it calibrated, where $cal is set (cal_fact, its pieces CAL_*, its
# table in $tmp/cal for the interpretation's figures).
cal= cid=
: >"$tmp/facts/calibration"
cal_fact() { printf '%s=%s\n' "$1" "$2" >>"$tmp/facts/calibration"; }
if [ -f "$run/calibrate/report.txt" ]; then
	cal=$(cd -P "$run/calibrate" && pwd)
	mkdir -p "$stage/calibrate"
	cp "$cal"/report.txt "$cal"/*.jobs "$stage/calibrate/"
	cid=$(dir_id "$cal")
	echo "run_id=$cid" >"$stage/calibrate/run.info"
	while IFS= read -r l; do cal_fact "${l%%=*}" "${l#*=}"; done <"$cal/report.txt"
fi

# The run's stage times, for README.md's timing paragraph (publish.sh).
"$LB_TOP/scripts/report/stages.sh" "$run" >"$stage/stages.tsv"
# The cycles explained per host: scripts/report/cycles-model.sh's tables
# and its paragraph for the article.
"$LB_TOP/scripts/report/cycles-pieces.sh" "$LB_TOP/results" "$tmp/pieces"
# The hosts side by side: hosts-table.sh's article table and its graph
# (with the graph's data), where results/ has filed hosts.
if [ -f "$LB_TOP/results/hosts-side.md" ]; then
	cp "$LB_TOP/results/hosts-side.md" "$tmp/pieces/HOSTS_SIDE"
	for f in "$LB_TOP"/results/hosts-side.{png,svg,csv}; do [ ! -f "$f" ] || cp "$f" "$stage/"; done
fi

# Each instrument's section of the appendix, in the contract's order:
# its section.sh (sourced: it sees this run's variables) draws its tables
# into pieces and states its facts, and its part of the calibration;
# once every section has, the calibration (a piece of a section) and
# then each section.md.in are expanded with them (render.sh).
for row in "${rows[@]}"; do
	IFS=$'\t' read -r name _ _ _ _ place _ <<<"$row"
	facts=$tmp/facts/$name
	: >"$facts"
	. "$LB_TOP/$place/section.sh"
done
facts=$tmp/facts/calibration
fact cid "$cid"
fact id "$id"
render section -v facts="$facts" -v pieces="$tmp/pieces" "$LB_TOP/report/calibration.md.in" >"$tmp/pieces/CALIBRATION" ||
	die "results: report/calibration.md.in names a fact or table the sections did not give (see above)"
: >"$tmp/pieces/INSTRUMENTS"
for row in "${rows[@]}"; do
	IFS=$'\t' read -r name _ _ _ _ place _ <<<"$row"
	render section -v facts="$tmp/facts/$name" -v pieces="$tmp/pieces" "$LB_TOP/$place/section.md.in" >>"$tmp/pieces/INSTRUMENTS" ||
		die "results: $place/section.md.in names a fact or table its section.sh did not give (see above)"
done

# The run's provenance: report/provenance.csv.in, a name,value CSV (a
# value quoted: it has commas) drawn by render.sh; its facts are CSV
# already (a quote doubled).
facts=$tmp/facts/provenance
{
	provs=("$run"/boots/*/boot1/provenance.json)
	# The first boot's provenance, read with one jq (null: a key it lacks).
	declare -A PJ=()
	while IFS=$'\t' read -r k v; do PJ[$k]=$v; done < <(jq -r 'to_entries[] | "\(.key)\t\(.value | tostring)"' "${provs[0]}")
	js() { printf '%s' "${PJ[$1]:-null}"; } # KEY: its value, null when it lacks one
	cfact() { fact "$1" "${2//\"/\"\"}"; }
	# The article's facts the sections stated (an instrument's run, say).
	while IFS= read -r l; do cfact "${l%%=*}" "${l#*=}"; done <"$tmp/facts/article"
	host=''
	host=$(cat "$run/host.txt" 2>/dev/null) || true
	cfact id "$id"
	cfact accel "${accel^^}"
	cfact tcg "$tcg"
	cfact host "$host"
	cfact host_kernel "$(js host_kernel)"
	cfact fingerprint "$(js host_fingerprint)"
	cfact host_id "$(js host_id)"
	qv=$(js qemu_version)
	cfact qemu_version "$qv"
	# The Debian package's version, and the commit patch/ was at (a run
	# from before provenance.sh wrote it has none: the templates say
	# unknown); a full hash is cut to 12, as git_head's, "-dirty" kept.
	src_version=$(js linux_source_version)
	[ "$src_version" != null ] || src_version=unknown
	series_commit=$(js patch_series_commit)
	[ "$series_commit" != null ] || series_commit=
	[[ ! $series_commit =~ ^[0-9a-f]{40} ]] || series_commit=${series_commit:0:12}${series_commit:40}
	cfact linux_source "$src_version"
	cfact patch_series "$(js patch_series_sha256)"
	cfact series_commit "$series_commit"
	gh=$(js git_head)
	cfact git_head "${gh:0:12}"
	cfact dirty "$([ "$(js git_dirty)" != true ] || echo 1)"
	cfact oversubscribed "$([ "${RI[oversubscribed]:-}" != 1 ] || echo 1)"
	for k in vcpus boots repeat order_seed build_seconds total_seconds failed_boots; do
		cfact "$k" "${RI[$k]:-}"
	done
	render section -v facts="$facts" -v pieces="$tmp/pieces" "$LB_TOP/report/provenance.csv.in" >"$tmp/provenance.csv" ||
		die "results: report/provenance.csv.in names a fact results.sh did not give (see above)"
	render keyvalue "$tmp/provenance.csv"
} >"$tmp/pieces/PROVENANCE"

interp=$LB_TOP/report/interpretation.md
expand() { render expand -v run="$run" "${expand_args[@]}" -v cal="$tmp/cal" "$1"; }
# The answer opens every report, generated from this run's verdicts.
"$LB_TOP/scripts/report/answer.sh" "$run" >"$tmp/pieces/SUMMARY"
# The article's own facts (report/RESULTS.md.in and tables.md.in say
# what they mean).
facts=$tmp/facts/report
cp "$tmp/facts/article" "$facts"
fact id "$id"
fact accel "${accel^^}"
# Its figures are of vm-configs/comparisons' pairs, which a report of
# COMPARISONS= may not have.
fact comparisons "${COMPARISONS:-}"
fact cycles "$([ ! -f "$tmp/pieces/CYCLES" ] || echo 1)"
fact hosts_side "$([ ! -f "$tmp/pieces/HOSTS_SIDE" ] || echo 1)"
interpretation=
if [ -z "${COMPARISONS:-}" ] && [ -f "$interp" ] && [[ $(head -n 1 "$interp") == *"run: $id"* ]]; then
	# Its figures are {{...}} references into this run's tables, drawn by
	# the same renderer: a reference that matches nothing stops the report.
	tail -n +2 "$interp" >"$tmp/interp.md"
	expand "$tmp/interp.md" >"$tmp/pieces/INTERPRETATION" ||
		die "report/interpretation.md quotes figures this run does not have (see above)"
	interpretation=1
fi
fact interpretation "$interpretation"

read -r -a vs <<<"${RI[variants]:-}"
# The disassembly of the kernels this run measured (run.sh keeps them,
# the report disassembles them), never of whatever build/ holds now;
# report/disasm.md.in says why there is none.
disasm='' kernels=''
if [ -f "$run/disasm.md" ]; then
	cp "$run/disasm.md" "$tmp/pieces/DISASM_TABLES"
	disasm=1
elif [ -d "$run/kernels" ]; then
	kernels=1
	"$LB_TOP/scripts/report/disasm-table.sh" --run "$run" "${vs[@]}" >"$tmp/pieces/DISASM_TABLES" 2>/dev/null && disasm=1
fi
fact disasm "$disasm"
fact kernels "$kernels"
render section -v facts="$facts" -v pieces="$tmp/pieces" "$LB_TOP/report/disasm.md.in" >"$tmp/pieces/DISASM" ||
	die "results: report/disasm.md.in names a fact or table results.sh did not give (see above)"
cp "$tmp/pieces/DISASM" "$stage/disasm.md"

# The perf pieces; report/tables.md.in holds their words.
for p in "$run"/perf/*/perf-top.txt; do
	[ -f "$p" ] || continue
	v=${p%/*} v=${v##*/}
	cp "$p" "$stage/perf-top-$v.txt"
	echo "<details><summary>$v</summary>"
	echo
	echo '```text'
	head -n 20 "$p"
	echo '```'
	echo
	echo "</details>"
	echo
done >"$tmp/pieces/PERF_TOP"
pd=("$run"/compare/perf-diff/*.txt)
links=""
if [ -e "${pd[0]}" ] || [ -L "${pd[0]}" ]; then
	mkdir -p "$stage/perf-diff"
	cp "$run"/compare/perf-diff/*.txt "$stage/perf-diff/"
	# One line, the links joined with ", " (as paste -sd' ' | sed 's/ /, /g').
	for d in "${pd[@]}"; do
		d=${d##*/}
		links+="${links:+ }[${d%.txt}](results/perf-diff/$d)"
	done
fi
fact perf_diff "${links// /, }"
pmu=
if [ -f "$run/pmu.csv" ]; then
	cp "$run/pmu.csv" "$stage/pmu.csv"
	"$LB_TOP/scripts/report/pmu-table.sh" "$run" >"$tmp/pieces/PMU"
	pmu=1
fi
fact pmu "$pmu"
failures=
if [ -f "$run/failures.csv" ]; then
	cp "$run/failures.csv" "$tmp/pieces/FAILURES"
	failures=1
fi
fact failures "$failures"

# The machine line, the headline pairs with every instrument side by
# side, and the graphs with their instrument, unit and host: the article's
# own facts and pieces (report/RESULTS.md.in holds the words).
qshort=${qv#QEMU emulator version } qshort=${qshort%% *}
fact qemu "${qshort:-?}"
fact host "$host"
fact linux_source "$src_version"
fact series_commit "$series_commit"
fact vcpus "${RI[vcpus]:-?}"
fact boots "${RI[boots]:-?}"
fact repeat "${RI[repeat]:-?}"
render sidebyside -v pairs=" $hl " -v taccel="${accel^^}" "${sidebyside[@]}" >"$tmp/pieces/SIDEBYSIDE"
# graph_NAME: whether each graph report/RESULTS.md.in shows (its link
# results/graphs/NAME.png) was drawn.
while read -r g; do
	g=${g##*/} g=${g%.png}
	fact "graph_${g//-/_}" "$([ ! -f "$stage/graphs/$g.png" ] || echo 1)"
done < <(grep -o 'results/graphs/[a-z0-9-]*\.png' "$LB_TOP/report/RESULTS.md.in")
# The templates are expanded by render.sh's section view: @@NAME@@ a
# piece, {{=KEY}} and {{if KEY}} the article's facts.
assemble() { # TEMPLATE
	render section -v facts="$facts" -v pieces="$tmp/pieces" "$1" ||
		die "results: $1 names a fact or piece results.sh did not give (see above)"
}
# The appendix first: the article links to its sections.  Its links are
# written from the report's top (as RESULTS.md's); results/tables.md gets
# them rebased to where it lies, appendix.md (for index.html) keeps them.
assemble "$LB_TOP/report/tables.md.in" >"$tmp/report/appendix.md"
awk -f "$LB_TOP/scripts/report/relink.awk" "$tmp/report/appendix.md" >"$stage/tables.md"
awk -f "$LB_TOP/scripts/report/anchors.awk" -v links=1 "$tmp/report/appendix.md" >"$tmp/pieces/APPENDIX_LINKS"
assemble "$LB_TOP/report/RESULTS.md.in" >"$tmp/report/RESULTS.md"
# The headline alone, for README.md's "What it found" (publish.sh).
cp "$tmp/pieces/SUMMARY" "$tmp/report/summary.md"
report=$run/report
rm -rf "$report.new"
mv "$tmp/report" "$report.new"
rm -rf "$report"
mv "$report.new" "$report"
"$LB_TOP/scripts/report/report-formats.sh" "$run"
say "results: ${report#"$LB_TOP"/}/RESULTS.md (make publish RUN=${1%/} makes it the tracked RESULTS.md)"
