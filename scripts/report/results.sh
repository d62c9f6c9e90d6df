#!/usr/bin/env bash
# results.sh RUN: the report of a run, RUN/report/RESULTS.md, from
# report/RESULTS.md.in and a run directory that has been through compare.sh
# and plots.sh.  The graphs, tables and provenance it shows are copied to
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
[ "$accel" != tcg ] || tcg=": multi-threaded TCG emulation. These figures compare variants on one host; they are not bare-metal costs."
[ "$accel" != icount ] ||
	die "$1 is a path-length run: make results takes the run directory above it (RUN=${1%/icount})"
# One run directory holds every instrument: the timed records here, the
# path lengths in icount/, the calibration in calibrate/ (published raw
# data has the same shape).
icount=$run/icount iid=
if [ -f "$icount/pathlen.md" ]; then
	icount=$(cd -P "$icount" && pwd)
	iid=$(dir_id "$icount")
fi
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

{
	provs=("$run"/boots/*/boot1/provenance.json)
	# The first boot's provenance, read with one jq (null: a key it lacks).
	declare -A PJ=()
	while IFS=$'\t' read -r k v; do PJ[$k]=$v; done < <(jq -r 'to_entries[] | "\(.key)\t\(.value | tostring)"' "${provs[0]}")
	# The provenance as name,value CSV (a value quoted: it has commas),
	# drawn by render.awk; the first row heads the table.
	kv() { printf '%s,"%s"\n' "$1" "${2//\"/\"\"}"; }
	pl=none over='' dirty='' host=''
	[ -z "$iid" ] || pl="icount run \`$iid\`, in instructions"
	[ "${RI[oversubscribed]:-}" != 1 ] || over=' (oversubscribed: more vCPUs than host CPUs)'
	[ "${PJ[git_dirty]:-null}" != true ] || dirty=' (dirty tree)'
	host=$(cat "$run/host.txt" 2>/dev/null) || true
	hk=${PJ[host_kernel]:-null} hf=${PJ[host_fingerprint]:-null} hid=${PJ[host_id]:-null}
	qv=${PJ[qemu_version]:-null} lsv=${PJ[linux_source_version]:-null}
	ps=${PJ[patch_series_sha256]:-null} gh=${PJ[git_head]:-null} gh=${gh:0:12}
	{
		echo "name,value"
		kv run "\`$id\`"
		kv "path lengths" "$pl"
		kv "accelerator (timed)" "**${accel^^}**$tcg"
		kv host "$host, kernel $hk; fingerprint \`$hf\` (records say host \`$hid\`)"
		kv guest "${RI[vcpus]:-} vCPUs$over, $qv"
		kv samples "${RI[boots]:-} boots x ${RI[repeat]:-} passes per variant; the boot is the replicate (n = boots), each giving a cell the median of its passes; variant order shuffled each round (seed ${RI[order_seed]:-})"
		kv "kernel source" "$lsv, patch series $ps"
		kv lockbench "git $gh$dirty"
		kv time "builds ${RI[build_seconds]:-} s, whole run ${RI[total_seconds]:-} s, failed boots: ${RI[failed_boots]:-}"
	} >"$tmp/provenance.csv"
	awk -f "$LB_TOP/scripts/report/render.awk" -v view=keyvalue "$tmp/provenance.csv"
	echo
	echo "Provenance of every boot: [results/provenance/](results/provenance/); job list: [results/jobs](results/jobs)."
} >"$tmp/pieces/PROVENANCE"

# The headline table: the A/A and headline pairs of vm-configs/comparisons.
render() { awk -f "$LB_TOP/scripts/report/render.awk" "$@"; }
# (comparisons aa headline, the lines read here: one awk fewer)
all=$(comparison_lines) || exit 1
hl=
while IFS=$'\t' read -r role b o _; do
	case $role in aa | headline) hl+="${hl:+ }$b:$o" ;; esac
done <<<"$all"
# The report's templates (report/calibration.md.in, each instrument's
# section.md.in) are expanded by render.awk's section view, with the
# facts stated here: fact KEY VALUE, into the file $facts.
fact() { printf '%s=%s\n' "$1" "$2" >>"$facts"; }
mkdir -p "$tmp/facts"
# The calibration, when there is one: every instrument against known work.
facts=$tmp/facts/calibration cid=
cal=$run/calibrate
if [ -f "$cal/report.txt" ]; then
	cal=$(cd -P "$cal" && pwd)
	mkdir -p "$stage/calibrate"
	cp "$cal"/report.txt "$cal"/icount.txt "$cal"/*.jobs "$stage/calibrate/"
	# The timed boots' records: the boot medians the timed test compares,
	# kept so a reader (and make results RUN=results/raw) can see each one.
	recs=() rel=()
	for r in "$cal"/timed-boot*/records.csv; do
		[ -f "$r" ] || continue
		recs+=("$r") rel+=("${r#"$cal"/}")
	done
	# Each as calibrate/timed-bootN/records.csv: one cp for all.
	[ ${#rel[@]} -eq 0 ] || (cd "$cal" && cp --parents "${rel[@]}" "$stage/calibrate/")
	# The test is rerun from those records, so a report always shows the
	# statistics of the tools that made it (exit 3: no pad resolved).
	if [ ${#recs[@]} -gt 0 ]; then
		rc=0
		"$LB_TOP/bench-user/lb-resolution" --alpha 0.01 "${recs[@]}" >"$stage/calibrate/timed.txt" || rc=$?
		[ $rc -eq 0 ] || [ $rc -eq 3 ] || die "lb-resolution failed on $cal's timed records"
	else
		cp "$cal/timed.txt" "$stage/calibrate/timed.txt"
	fi
	resolution_csv "$stage/calibrate/timed.txt" >"$tmp/cal/timed.csv"
	# The native pads, where the calibration ran them: their records, and
	# the same test rerun in cycles.
	nrec=
	for f in "$cal"/native/*.csv; do
		[ -f "$f" ] && is_record_file "$f" && { nrec=$f; break; }
	done
	if [ -n "$nrec" ]; then
		mkdir -p "$stage/calibrate/native"
		cp "$nrec" "$stage/calibrate/native/"
		rc=0
		"$LB_TOP/bench-user/lb-resolution" --alpha 0.01 --metric cyc_op "$nrec" >"$stage/calibrate/native.txt" || rc=$?
		[ $rc -eq 0 ] || [ $rc -eq 3 ] || die "lb-resolution failed on $cal's native records"
		resolution_csv "$stage/calibrate/native.txt" >"$tmp/cal/native.csv"
	fi
	cid=$(dir_id "$cal")
	echo "run_id=$cid" >"$stage/calibrate/run.info"
	declare -A CI=()
	readkv CI "$cal/report.txt"
	fact tverdict "$(tail -n 1 "$stage/calibrate/timed.txt")"
	for k in variant icount timed_accel boots repeat; do fact "$k" "${CI[$k]:-}"; done
	render -v view=calibration "$stage/calibrate/timed.txt" >"$tmp/pieces/CAL_TIMED"
	nverdict=
	if [ -f "$stage/calibrate/native.txt" ]; then
		nverdict=$(tail -n 1 "$stage/calibrate/native.txt")
		render -v view=calibration "$stage/calibrate/native.txt" >"$tmp/pieces/CAL_NATIVE"
	fi
	fact nverdict "$nverdict"
	nline=${CI[native]:-}
	fact nline "${nline:-not measured in this calibration}"
fi
fact cid "${cid:-}"
fact id "$id"
render -v view=section -v facts="$facts" -v pieces="$tmp/pieces" "$LB_TOP/report/calibration.md.in" >"$tmp/pieces/CALIBRATION" ||
	die "results: report/calibration.md.in names a fact or table results.sh did not give (see above)"

# The run's stage times, for README.md's timing paragraph (publish.sh).
"$LB_TOP/scripts/report/stages.sh" "$run" >"$stage/stages.tsv"
# The cycles explained per host: scripts/report/cycles-model.sh's tables
# and its paragraph for the article.
"$LB_TOP/scripts/report/cycles-pieces.sh" "$LB_TOP/results" "$tmp/pieces"

# Each instrument's section of the appendix, in the contract's order:
# its section.sh (sourced: it sees this run's variables) draws its tables
# into pieces and states its facts; render.awk expands its section.md.in
# with them.
: >"$tmp/pieces/INSTRUMENTS"
mapfile -t rows < <(contract_rows instruments)
[ ${#rows[@]} -gt 0 ] || die "the contract lists no instruments (lb-validate --describe instruments)"
for row in "${rows[@]}"; do
	IFS=$'\t' read -r name _ _ _ place _ <<<"$row"
	facts=$tmp/facts/$name
	: >"$facts"
	. "$LB_TOP/$place/section.sh"
	render -v view=section -v facts="$facts" -v pieces="$tmp/pieces" "$LB_TOP/$place/section.md.in" >>"$tmp/pieces/INSTRUMENTS" ||
		die "results: $place/section.md.in names a fact or table its section.sh did not give (see above)"
done

interp=$LB_TOP/report/interpretation.md
expand() { render -v view=expand -v run="$run" -v icount="${iid:+$icount}" -v cal="$tmp/cal" "$1"; }
# The answer opens every report, generated from this run's verdicts.
"$LB_TOP/scripts/report/answer.sh" "$run" "$icount" >"$tmp/pieces/SUMMARY"
if [ -n "${COMPARISONS:-}" ]; then
	# Its figures are of vm-configs/comparisons' pairs, which this report
	# may not have.
	echo "No hand-written interpretation: this report compares the pairs of COMPARISONS=$COMPARISONS, not vm-configs/comparisons." >"$tmp/pieces/INTERPRETATION"
elif [ -f "$interp" ] && [[ $(head -n 1 "$interp") == *"run: $id"* ]]; then
	# Its figures are {{...}} references into this run's tables, drawn by
	# the same renderer: a reference that matches nothing stops the report.
	tail -n +2 "$interp" >"$tmp/interp.md"
	expand "$tmp/interp.md" >"$tmp/pieces/INTERPRETATION" ||
		die "report/interpretation.md quotes figures this run does not have (see above)"
else
	echo "No hand-written interpretation for run \`$id\` (report/interpretation.md must start with \`<!-- run: $id -->\`): the findings above are the whole reading of it." >"$tmp/pieces/INTERPRETATION"
fi

read -r -a vs <<<"${RI[variants]:-}"
# The disassembly of the kernels this run measured (run.sh keeps them,
# the report disassembles them), never of whatever build/ holds now.
if [ -f "$run/disasm.md" ]; then
	cp "$run/disasm.md" "$tmp/pieces/DISASM"
elif [ -d "$run/kernels" ]; then
	"$LB_TOP/scripts/report/disasm-table.sh" --run "$run" "${vs[@]}" >"$tmp/pieces/DISASM" 2>/dev/null ||
		echo "(disassembly unavailable: a variant's vmlinux is missing from $id/kernels)" >"$tmp/pieces/DISASM"
else
	echo "(no disassembly: run \`$id\` kept no kernels)" >"$tmp/pieces/DISASM"
fi
cp "$tmp/pieces/DISASM" "$stage/disasm.md"

{
	echo "## perf in the guest"
	echo
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
	done
	pd=("$run"/compare/perf-diff/*.txt)
	if [ -e "${pd[0]}" ] || [ -L "${pd[0]}" ]; then
		mkdir -p "$stage/perf-diff"
		cp "$run"/compare/perf-diff/*.txt "$stage/perf-diff/"
		echo "\`perf diff\` of each compared pair (the first variant is the baseline; symbols by build id from the kernels the run kept):"
		# One line, the links joined with ", " (as paste -sd' ' | sed 's/ /, /g').
		links=""
		for d in "${pd[@]}"; do
			d=${d##*/}
			links+="${links:+ }[${d%.txt}](results/perf-diff/$d)"
		done
		echo "${links// /, }"
		echo
	fi
	if [ -f "$run/pmu.csv" ]; then
		cp "$run/pmu.csv" "$stage/pmu.csv"
		echo "### Hardware counters: perf stat per job"
		echo
		echo "Instrument: \`perf stat -a\` in the guest around each job (\`lb.pmu=\`), under ${accel^^}: whole jobs on every CPU, harness and setup included, so these are counts per job, not per acquire+release. Median over boots of each boot's median; raw rows in [results/pmu.csv](results/pmu.csv)."
		echo
		"$LB_TOP/scripts/report/pmu-table.sh" "$run"
		echo
	fi
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

# The machine line, the headline pairs with every instrument side by
# side, and the graphs with their instrument, unit and host: the article's
# own pieces.
declare -A MF=()
[ ! -f "$run/native/host-facts.txt" ] || readkv MF "$run/native/host-facts.txt"
{
	m="**Machine.**"
	if [ -n "${MF[cpu_model]:-}" ]; then
		m+=" native: ${MF[cpu_model]}, ${MF[online_cpus]:-?} $([ "${MF[vm]:-}" = 1 ] && echo "vCPUs of a VM (placement unknown)" || echo CPUs), kernel ${MF[kernel]:-?}"
		[ -z "${tsc:-}" ] || m+=", TSC $((tsc / 1000)) MHz"
		m+=", ${NI[boots]:-?} processes per variant;"
	fi
	qshort=${qv#QEMU emulator version } qshort=${qshort%% *}
	m+=" ${accel^^}: ${RI[vcpus]:-?} vCPUs under QEMU ${qshort:-?} on $host, ${RI[boots]:-?} boots x ${RI[repeat]:-?} passes per variant"
	[ -z "$iid" ] || m+="; icount: ${II[boots]:-?} boots, 1 vCPU"
	echo "$m. Run \`$id\`; its provenance is in [the appendix](results/tables.md#the-run)."
} >"$tmp/pieces/MACHINE"
{
	echo "The A/A and headline pairs, per hot kind: guest instructions (icount, exact), TSC cycles on ${MF[cpu_model]:-this host} (native) and ${accel^^} ns on $host, each base → other, with the change, its bootstrap 95% CI and lb-stat's verdict."
	echo
	sbs=()
	[ -z "$iid" ] || sbs+=("$icount/pathlen.csv")
	[ ! -f "$run/native/pairs.csv" ] || sbs+=("$run/native/pairs.csv")
	sbs+=("$run/pairs.csv")
	render -v view=sidebyside -v pairs=" $hl " -v taccel="${accel^^}" "${sbs[@]}"
} >"$tmp/pieces/SIDEBYSIDE"
{
	nh="${MF[cpu_model]:-this host}, ${MF[online_cpus]:-?} $([ "${MF[vm]:-}" = 1 ] && echo "vCPUs of a VM" || echo CPUs)"
	th="${accel^^} on $host"
	# graph file, then its caption: instrument, unit, host.
	while IFS='|' read -r g cap; do
		[ -f "$stage/graphs/$g.png" ] || continue
		printf '![%s](results/graphs/%s.png)\n\n*%s*\n\n' "$g" "$g" "$cap"
	done <<EOT
native-headline|native (rdtsc): TSC cycles per spin_lock + spin_unlock per variant, 95% CIs, each bar marked with the bare pair of its own release shape; $nh.
pathlen|icount: guest instructions per acquire+release, exact and the same on any host.
events|TCG plugin (events): atomics, fences, other loads and other stores per acquire+release (hot, 1 vCPU, exact), topped by the cache lines a cold op moves (2 vCPUs).
headline|$th: % change of emulated ns per acquire+release for the headline pairs, 95% CIs.
uncontended-debug-off|$th: ns per acquire+release, debug off, 95% CIs.
uncontended-debug-on|$th: ns per acquire+release, debug on, 95% CIs.
debug-overhead|$th: debug over non-debug ns per op, ratio of medians with 95% CIs.
contended-throughput|$th: acquisitions per second of all threads, 95% CIs.
fairness|$th: busiest over least busy thread's acquisitions, contended spin_lock.
wait-latency|$th: ns waited before acquiring, percentiles of contended spin_lock, 95% CIs.
EOT
} >"$tmp/pieces/GRAPHS"
assemble() { # TEMPLATE: its @@NAME@@ lines replaced by the pieces
	awk -v dir="$tmp/pieces" '/^@@[A-Z_]+@@$/ { f = dir "/" substr($0, 3, length($0) - 4); while ((getline l < f) > 0) print l; close(f); next } { print }' "$1"
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
