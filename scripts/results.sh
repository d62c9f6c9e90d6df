#!/usr/bin/env bash
# results.sh RUN: the report of a run, RUN/report/RESULTS.md, from
# plots/RESULTS.md.in and a run directory that has been through compare.sh
# and plots.sh.  The graphs, tables and provenance it shows are copied to
# RUN/report/results/, so the report reads the same there as when
# publish.sh copies both to the tracked RESULTS.md and results/.
. "$(dirname "$0")/lib.sh"

run=$(readlink -f "${1:?usage: results.sh RUNDIR}")
for f in run.info summary.csv pairs.csv host.txt plots/headline.png; do
	[ -f "$run/$f" ] || die "$run/$f is missing: run 'make compare plots RUN=$1' first"
done
id=$(basename "$run")
info() { sed -n "s/^$1=//p" "$run/run.info" | head -n 1; }
accel=$(info accel)
[ "$accel" != icount ] ||
	die "$1 is an icount run: make results takes the timed run as RUN and the icount run as ICOUNT_RUN (make pathlen)"
# The path-length run (icount) this report shows beside the timed one.
icount=${ICOUNT_RUN:-$LB_BUILD/runs/latest-icount} iid=
if [ -f "$icount/pathlen.md" ]; then
	icount=$(readlink -f "$icount")
	iid=$(basename "$icount")
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
stage=$tmp/results
mkdir -p "$stage/graphs" "$stage/compare" "$stage/provenance" "$tmp/pieces"
cp "$run"/plots/*.png "$run"/plots/*.svg "$stage/graphs/"
cp "$run"/compare/* "$stage/compare/" 2>/dev/null || true
cp "$run"/run.info "$run"/summary.csv "$run"/pairs.csv "$run"/host.txt "$run"/jobs "$stage/"
[ -f "$run/failures.csv" ] && cp "$run/failures.csv" "$run/failures.txt" "$stage/"
for p in "$run"/boots/*/boot1/provenance.json; do
	[ -f "$p" ] && cp "$p" "$stage/provenance/$(basename "$(dirname "$(dirname "$p")")").json"
done

{
	prov=$(ls "$run"/boots/*/boot1/provenance.json | head -n 1)
	js() { jq -r --arg k "$1" '.[$k] | tostring' "$prov"; }
	echo "| run | \`$id\` |"
	echo "|---|---|"
	echo "| path lengths | $([ -n "${iid:-}" ] && echo "icount run \`$iid\`, in instructions" || echo "none") |"
	echo "| accelerator (timed) | **${accel^^}**$([ "$accel" = tcg ] && echo ": multi-threaded TCG emulation. These figures compare variants on one host; they are not bare-metal costs.") |"
	echo "| host | $(cat "$run/host.txt"), kernel $(js host_kernel) |"
	echo "| guest | $(info vcpus) vCPUs$([ "$(info oversubscribed)" = 1 ] && echo ' (oversubscribed: more vCPUs than host CPUs)'), $(js qemu_version) |"
	echo "| samples | $(info boots) boots x $(info repeat) passes per variant: n = $(( $(info boots) * $(info repeat) )) per cell unless a table says otherwise |"
	echo "| kernel source | $(js linux_source_version), patch series $(js patch_series_sha256) |"
	echo "| lockbench | git $(js git_head | cut -c1-12)$([ "$(js git_dirty)" = true ] && echo ' (dirty tree)') |"
	echo "| time | builds $(info build_seconds) s, whole run $(info total_seconds) s, failed boots: $(info failed_boots) |"
	echo
	echo "Provenance of every boot: [results/provenance/](results/provenance/); job list: [results/jobs](results/jobs)."
} >"$tmp/pieces/PROVENANCE"

awk -F, 'NR > 1 && $4 == "hot" && $9 == "ns_op" && ($1 == "pre" && $2 == "post" || $1 == "pre-debug" && $2 == "post-debug") {
	printf "| %s → %s | %s | %s | %s | %+.1f%% [%+.1f, %+.1f] | %.3g | %s |\n", $1, $2, $3, $12, $13, $14, $15, $16, $17, ($19 == 1 ? "yes" : "no")
}' "$run/pairs.csv" >"$tmp/rows"
{
	echo "Uncontended (hot) ns per acquire+release, mean of n samples; change of post against pre with its 95% CI; Welch p."
	echo
	echo "| comparison | kind | pre mean (ns) | post mean (ns) | change [95% CI] | Welch p | significant |"
	echo "|---|---|---:|---:|---:|---:|---|"
	cat "$tmp/rows"
} >"$tmp/pieces/HEADLINE"

interp=$LB_TOP/results/interpretation.md
if [ -f "$interp" ] && head -n 1 "$interp" | grep -q "run: $id"; then
	tail -n +2 "$interp" >"$tmp/pieces/INTERPRETATION"
else
	echo "No interpretation has been written for run \`$id\` yet: results/interpretation.md must start with \`<!-- run: $id -->\`." >"$tmp/pieces/INTERPRETATION"
fi

{
	for t in "$run"/compare/*.md; do
		[ -f "$t" ] || continue
		echo "<details><summary>$(basename "$t" .md)</summary>"
		echo
		cat "$t"
		echo
		echo "</details>"
		echo
	done
} >"$tmp/pieces/COMPARE"

# The path-length run (icount) and the calibration, when there are any.
if [ -n "$iid" ]; then
	iinfo() { sed -n "s/^$1=//p" "$icount/run.info" | head -n 1; }
	mkdir -p "$stage/pathlen"
	cp "$icount"/pathlen.md "$icount"/pathlen-diff.md "$icount"/pathlen.csv "$icount"/run.info "$icount"/jobs "$stage/pathlen/"
	for f in "$icount"/*.csv; do
		case $(basename "$f") in pathlen.csv | failures.csv) ;; *) cp "$f" "$stage/pathlen/" ;; esac
	done
	qargs=$(sed -n 's/^qemu_args=//p' "$icount/run.info")
	[ -f "$icount/plots/pathlen.png" ] && cp "$icount"/plots/pathlen.png "$icount"/plots/pathlen.svg "$stage/graphs/"
	{
		[ -f "$icount/plots/pathlen.png" ] && printf '![path length](results/graphs/pathlen.png)\n\n'
		echo "Instrument: **icount**, QEMU's instruction counter (\`${qargs:-${LB_ICOUNT_QEMU[*]}}\`, 1 vCPU), run \`$iid\`: $(iinfo boots) boots per variant, every count identical in every boot (\`lb-pathlen\` refuses a run where any differs). The guest TSC advances one tick per guest instruction, so each figure is **guest instructions per acquire+release**, counted with \`slope=1\` (the loop of 2n minus the loop of n, minus the same for the empty kind), so the harness's own instructions are not in it. A locked RMW counts as one instruction, like a register move: these are path lengths, not costs."
		echo
		cat "$icount/pathlen.md"
		echo
		echo "Differences in instructions (the second variant minus the first):"
		echo
		cat "$icount/pathlen-diff.md"
		echo
		echo "Data: [results/pathlen/](results/pathlen/) (records, job list, run.info)."
	} >"$tmp/pieces/PATHLEN"
else
	echo "No path-length run: \`make pathlen\` makes one (build/runs/latest-icount)." >"$tmp/pieces/PATHLEN"
fi
cal=${CALIBRATE_DIR:-$LB_BUILD/calibrate/latest}
if [ -f "$cal/report.txt" ]; then
	cal=$(readlink -f "$cal")
	mkdir -p "$stage/calibrate"
	cp "$cal"/report.txt "$cal"/icount.txt "$cal"/timed.txt "$cal"/*.jobs "$stage/calibrate/"
	cinfo() { sed -n "s/^$1=//p" "$cal/report.txt" | head -n 1; }
	{
		echo "\`make calibrate\` on **$(cinfo variant)** (\`$(basename "$cal")\`): \`pad=N\` adds exactly N single-instruction increments inside each spin_lock critical section."
		echo
		echo "- icount: $(cinfo icount) ([results/calibrate/icount.txt](results/calibrate/icount.txt): each pad=1…512 against spin_lock, and every other hot kind beside the pads against a boot without them)."
		echo "- timed ($(cinfo timed_accel), $(cinfo boots) boots x $(cinfo repeat) passes, records pooled): $(cinfo timed)."
		echo
		sed -n '/^|/p' "$cal/timed.txt"
	} >"$tmp/pieces/CALIBRATION"
else
	echo "No calibration: \`make calibrate\` makes one (build/calibrate/latest)." >"$tmp/pieces/CALIBRATION"
fi

mapfile -t vs < <(sed -n 's/^variants=//p' "$run/run.info" | tr ' ' '\n')
"$LB_TOP/scripts/disasm-table.sh" "${vs[@]}" >"$tmp/pieces/DISASM" 2>/dev/null ||
	echo "(disassembly unavailable: a variant's vmlinux is missing)" >"$tmp/pieces/DISASM"
cp "$tmp/pieces/DISASM" "$stage/disasm.md"

{
	echo "## perf in the guest"
	echo
	for p in "$run"/perf/*/perf-top.txt; do
		[ -f "$p" ] || continue
		v=$(basename "$(dirname "$p")")
		cp "$p" "$stage/perf-top-$v.txt"
		echo "<details><summary>$v</summary>"
		echo
		echo '```text'
		head -n 20 "$p"
		echo '```'
		echo
		echo "</details>"
		echo
	done
} >"$tmp/pieces/PERF"

{
	if [ -f "$run/failures.csv" ]; then
		echo "## Failed boots"
		echo
		echo '```text'
		cat "$run/failures.csv"
		echo '```'
	fi
} >"$tmp/pieces/FAILURES"

awk -v dir="$tmp/pieces" '/^@@[A-Z_]+@@$/ { f = dir "/" substr($0, 3, length($0) - 4); while ((getline l < f) > 0) print l; close(f); next } { print }' \
	"$LB_TOP/plots/RESULTS.md.in" >"$tmp/RESULTS.md"
[ -f "$interp" ] && cp "$interp" "$stage/interpretation.md"
report=$run/report
rm -rf "$report.new"
mkdir -p "$report.new"
mv "$stage" "$report.new/results"
mv "$tmp/RESULTS.md" "$report.new/RESULTS.md"
rm -rf "$report"
mv "$report.new" "$report"
note "results: ${report#"$LB_TOP"/}/RESULTS.md (make publish RUN=${1%/} makes it the tracked RESULTS.md)"
