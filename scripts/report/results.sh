#!/usr/bin/env bash
# results.sh RUN: the report of a run, RUN/report/RESULTS.md, from
# report/RESULTS.md.in and a run directory that has been through compare.sh
# and plots.sh.  The graphs, tables and provenance it shows are copied to
# RUN/report/results/, so the report reads the same there as when
# publish.sh copies both to the tracked RESULTS.md and results/.
. "$(dirname "$0")/../lib.sh"

run_dir_of "${1:?usage: results.sh RUNDIR}" && run=$RUN_DIR
for f in run.info summary.csv pairs.csv findings.md stat.info host.txt plots/headline.png; do
	[ -f "$run/$f" ] || die "$run/$f is missing: run 'make compare plots RUN=$1' first"
done
dir_id_of "$run" && id=$REPLY
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
	dir_id_of "$icount" && iid=$REPLY
fi
# Small text files are read, copied and cut here by the dozen: in bash,
# not a cat, cp, head or tail each (a process costs milliseconds).
# text FILE -> LINES, its lines, newlines kept: printf '%s' "${LINES[@]}"
# gives the file back byte for byte.
text() { mapfile LINES <"$1"; }
put() { text "$1" && printf '%s' "${LINES[@]}"; }         # cat FILE
copy() { text "$1" && printf '%s' "${LINES[@]}" >"$2"; }  # cp FILE DEST
last() { # FILE -> REPLY, as $(tail -n 1 FILE)
	text "$1" || return
	REPLY=
	[ ${#LINES[@]} -eq 0 ] || REPLY=${LINES[-1]%$'\n'}
}

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
	[ -f "$p" ] && copy "$p" "$stage/provenance/${d##*/}.json"
done

{
	provs=("$run"/boots/*/boot1/provenance.json)
	# The first boot's provenance, read with one jq: js KEY prints a value.
	declare -A PJ=()
	while IFS=$'\t' read -r k v; do PJ[$k]=$v; done < <(jq -r 'to_entries[] | "\(.key)\t\(.value | tostring)"' "${provs[0]}")
	js() { REPLY=${PJ[$1]:-null}; }
	# The provenance as name,value CSV (a value quoted: it has commas),
	# drawn by render.awk; the first row heads the table.
	kv() { printf '%s,"%s"\n' "$1" "${2//\"/\"\"}"; }
	# Every value read into a variable first: no $(...) subshell per field.
	pl=none over='' dirty='' host=''
	[ -z "$iid" ] || pl="icount run \`$iid\`, in instructions"
	[ "${RI[oversubscribed]:-}" != 1 ] || over=' (oversubscribed: more vCPUs than host CPUs)'
	js git_dirty && [ "$REPLY" != true ] || dirty=' (dirty tree)'
	slurp host "$run/host.txt"
	js host_kernel && hk=$REPLY
	js host_fingerprint && hf=$REPLY
	js host_id && hid=$REPLY
	js qemu_version && qv=$REPLY
	js linux_source_version && lsv=$REPLY
	js patch_series_sha256 && ps=$REPLY
	js git_head && gh=${REPLY:0:12}
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

floor=$(hot_noise_floor "$run/pairs.csv")
declare -A SI=()
readkv SI "$run/stat.info"
aa=${SI[aa_pair]:-}
# The headline table: the A/A and headline pairs of vm-configs/comparisons.
render() { awk -f "$LB_TOP/scripts/report/render.awk" "$@"; }
# (comparisons aa headline, the lines read here: one awk fewer)
all=$(comparison_lines) || exit 1
hl=
while IFS=$'\t' read -r role b o _; do
	case $role in aa | headline) hl+="${hl:+ }$b:$o" ;; esac
done <<<"$all"
{
	if [ -n "$floor" ]; then
		echo "**Noise floor: ±${floor}%.** That bounds the A/A pair (\`${aa:-pre:post}\`, the same instructions: see the path-length table): the 95th percentile, over ${SI[resamples]:-} bootstrap resamples of its hot cells (the empty kind left out), of their largest |change|. A row's floor is that bound, or the row's own quantum (one TSC tick per timed sample over the ops it times) where larger. A change is *changed* only when its whole 95% CI lies beyond the floor on one side (and Holm p < 0.05); a CI that reaches inside it is *within noise*, whatever its p. At these n the smallest Holm p the rank test can reach is ${SI[holm_p_reachable]:-n/a} (lowest to highest over the families)."
	else
		echo "**No noise floor:** this run has no A/A pair (the \`aa\` line of vm-configs/comparisons), so no change can be told apart from noise; verdicts say \`changed-no-floor\`."
	fi
	echo
	echo "Uncontended (hot) ns per acquire+release, $accel. Each boot gives a cell one value, the median of its passes; the figures are the median of those boot medians. The effect is the ratio of medians, with its bootstrap 95% CI; the test is about ranks: an exact Wilcoxon–Mann–Whitney p on the boot medians, Holm's adjusted p within the family (one pair, one mode; m testable cells), the smallest Holm p the test can reach at these n (m × 2/C(n₁+n₂, n₁)), and the change this test detects at 80% power (MDE, simulated from the base's boot medians at level 0.05/m)."
	echo
	render -v view=headline -v pairs=" $hl " "$run/pairs.csv"
} >"$tmp/pieces/HEADLINE"
render -v view=modes "$run/summary.csv" >"$tmp/pieces/MODES"
{
	echo "Generated from this run's pairs.csv: every change whose whole 95% CI lies beyond the noise floor, with Holm-adjusted p < 0.05, in the headline metric of its mode (ns per op, or acquisitions per second when contended). Resampling seed ${SI[seed]:-}, ${SI[resamples]:-} bootstrap draws."
	echo
	# TCG models no cache and times a hand-off at emulation speed: a cold
	# cell is no cache-miss cost, so it stays out of the text (its rows
	# stay in the tables).
	render -v view=findings -v accel="$accel" -v skip_cold="${tcg:+1}" "$run/pairs.csv"
} >"$tmp/pieces/FINDINGS"

# Contended spin_lock against its baseline (kind=empty: the same work,
# no lock), per shape, variant and thread count: the ratio and its CI from
# lb-stat baseline (baseline.csv), throughput and fairness from summary.csv.
{
	echo "Contended spin_lock against the no-lock baseline (\`kind=empty\`, the same hold and parallel work), $accel, medians of boot medians with bootstrap 95% CIs; throughput in acquisitions per second of all threads together. \`fair_ratio\` is the busiest thread's share over the least busy one's (1 is fair)."
	echo
	[ -f "$run/baseline.csv" ] || die "$run has no baseline.csv: run 'make compare RUN=$1'"
	render -v view=contended -v order="${RI[variants]:-}" "$run/summary.csv" "$run/baseline.csv"
} >"$tmp/pieces/CONTENDED"

{
	if [ -f "$run/compare/tables.md" ]; then
		echo "<details><summary>every pair, every cell</summary>"
		echo
		put "$run/compare/tables.md"
		echo "</details>"
	else
		echo "(no comparison tables: fewer than two comparable variants)"
	fi
} >"$tmp/pieces/COMPARE"

# The path-length run (icount) and the calibration, when there are any.
if [ -n "$iid" ]; then
	declare -A II=()
	readkv II "$icount/run.info"
	mkdir -p "$stage/pathlen"
	pf=("$icount"/pathlen.md "$icount"/pathlen-diff.md "$icount"/pathlen.csv "$icount"/run.info "$icount"/jobs)
	for f in "$icount"/*.csv; do
		case ${f##*/} in pathlen.csv | failures.csv) ;; *) pf+=("$f") ;; esac
	done
	cp "${pf[@]}" "$stage/pathlen/"
	qargs=${II[qemu_args]:-}
	[ -f "$icount/plots/pathlen.png" ] && cp "$icount"/plots/pathlen.png "$icount"/plots/pathlen.svg "$stage/graphs/"
	{
		[ -f "$icount/plots/pathlen.png" ] && printf '![path length](results/graphs/pathlen.png)\n\n'
		echo "Instrument: **icount**, QEMU's instruction counter (\`${qargs:-${LB_ICOUNT_QEMU[*]}}\`, 1 vCPU), run \`$iid\`: ${II[boots]:-} boots per variant, every count identical in every boot (\`lb-pathlen\` refuses a run where any differs). The guest TSC advances one tick per guest instruction, so each figure is **guest instructions per acquire+release**, counted with \`slope=1\` (the loop of 2n minus the loop of n, minus the same for the empty kind), so the harness's own instructions are not in it. A locked RMW counts as one instruction, like a register move: these are path lengths, not costs."
		echo
		put "$icount/pathlen.md"
		echo
		echo "Differences in instructions (the second variant minus the first):"
		echo
		put "$icount/pathlen-diff.md"
		echo
		echo "Data: [results/pathlen/](results/pathlen/) (records, job list, run.info)."
	} >"$tmp/pieces/PATHLEN"
else
	echo "No path-length run in this run directory: \`make pathlen NAME=$id\` adds one." >"$tmp/pieces/PATHLEN"
fi
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
	dir_id_of "$cal" && cid=$REPLY
	echo "run_id=$cid" >"$stage/calibrate/run.info"
	declare -A CI=()
	readkv CI "$cal/report.txt"
	last "$stage/calibrate/timed.txt" && tverdict=$REPLY
	{
		echo "\`make calibrate\` on **${CI[variant]:-}** (\`$cid\`): \`pad=N\` adds exactly N single-instruction increments inside each spin_lock critical section."
		echo
		echo "- icount: ${CI[icount]:-} ([results/calibrate/icount.txt](results/calibrate/icount.txt): each pad=1…512 against spin_lock, and every other hot kind beside the pads against a boot without them)."
		echo "- timed (${CI[timed_accel]:-}, ${CI[boots]:-} boots x ${CI[repeat]:-} passes, one median per boot): $tverdict. The test is the exact rank-sum test on the boot medians, Holm over the pads; the smallest Holm p it can reach is in its own column, far below 0.01 at 10 boots a side. The column "per added instruction" is the added time over N, shown to make one point: it varies with N, since TCG's cost of an instruction is not a constant. No other figure here turns instructions into TCG ns or back."
		echo
		awk -f "$LB_TOP/scripts/report/render.awk" -v view=calibration "$stage/calibrate/timed.txt"
		if [ -f "$stage/calibrate/native.txt" ]; then
			last "$stage/calibrate/native.txt"
			echo
			echo "- native (${CI[boots]:-} processes, TSC cycles, one median per process): $REPLY. The same pads, in the variant's own lock code on this host's processors. An out-of-order core runs a short chain of increments in the shadow of the locked instruction, so the smallest pads cost nothing measurable; the column \"per added instruction\" is in TSC cycles, which tick at the TSC's fixed rate, not the core's clock."
			echo
			awk -f "$LB_TOP/scripts/report/render.awk" -v view=calibration "$stage/calibrate/native.txt"
		else
			echo
			nline=${CI[native]:-}
			echo "- native: ${nline:-not measured in this calibration}."
		fi
	} >"$tmp/pieces/CALIBRATION"
else
	echo "No calibration in this run directory: \`make calibrate NAME=$id\` adds one." >"$tmp/pieces/CALIBRATION"
fi

# Every host's native runs side by side: results/hosts.md
# (scripts/report/hosts-table.sh) under the template's heading: its
# title left out, its sections one level down.
if [ -f "$LB_TOP/results/hosts.md" ]; then
	sed -e '1,2d' -e 's/^## /### /' "$LB_TOP/results/hosts.md" >"$tmp/pieces/HOSTS"
else
	echo "No native runs filed by host: \`scripts/report/host-publish.sh\` files one, \`scripts/report/hosts-table.sh\` draws results/hosts.md." >"$tmp/pieces/HOSTS"
fi
# The run's stage times, for README.md's timing paragraph (publish.sh).
"$LB_TOP/scripts/report/stages.sh" "$run" >"$stage/stages.tsv"
# The cycles explained per host: scripts/report/cycles-model.sh's tables
# and its paragraph for the article.
"$LB_TOP/scripts/report/cycles-pieces.sh" "$LB_TOP/results" "$tmp/pieces"

# The native instrument: the run directory's native/, its own statistics.
nat=$run/native
if [ -f "$nat/summary.csv" ] && [ -f "$nat/pairs.csv" ]; then
	mkdir -p "$stage/native"
	cp "$nat"/summary.csv "$nat"/pairs.csv "$nat"/baseline.csv "$nat"/physlimit.csv "$nat"/host-facts.txt \
		"$nat"/run.info "$nat"/jobs "$stage/native/"
	[ -d "$nat/disasm-check" ] && cp -r "$nat/disasm-check" "$stage/native/"
	declare -A NI=() NF=()
	readkv NI "$nat/run.info"
	readkv NF "$nat/host-facts.txt"
	dir_id_of "$nat" && nid=$REPLY
	nv=${NI[variants]:-}
	nfloor=$(hot_noise_floor "$nat/pairs.csv" cyc_op)
	# The processors as the host facts know them: a VM's vCPUs are not a
	# chip of known placement.
	ncpus="this host's ${NF[online_cpus]:-} CPUs"
	[ "${NF[vm]:-}" != 1 ] || ncpus="this host's ${NF[online_cpus]:-} vCPUs (a VM's; where they run on the chip is unknown)"
	tsc=$(awk -F, 'NR == 2 { for (i = 1; i <= NF; i++) if ($i == "tsc_khz") c = i }
		NR > 2 && !/^#/ && c { print $c; exit }' "$nat/${nv%% *}.csv")
	{
		echo "Instrument: **native**, each variant's own compiled lock code (its \`spinlock.o\`, \`spinlock_debug.o\`, \`qspinlock.o\`, \`rwlock_legacy.o\`, and the module's loops built against its tree) linked into a user process and timed with \`lfence; rdtsc\` on $ncpus: ${NF[cpu_model]:-}$([ "${NF[vm]:-}" = 1 ] && echo ", **measured on a VM's vCPUs**"). Run \`$nid\`: ${NI[boots]:-} processes$([ -n "${NI[layout]:-}" ] && echo ", every variant in each (one process is the replicate), interleaved in shuffled slices, each process linked at a layout of its own (layout ${NI[layout]})" || echo " per variant (one process is the replicate), rounds in shuffled order"); figures are **TSC cycles** per acquire+release (the TSC runs at ${tsc:+$((tsc / 1000)) MHz, measured in every process}), the empty kind's loop subtracted. Only the kinds a user-mode CPU can run are measured: the _irq, _irqsave and _bh kinds need ring 0 and are refused by name."
		echo
		for f in "$nat"/disasm-check/*.txt; do
			[ -f "$f" ] || continue
			b=${f##*/}
			last "$f"
			printf -- '- %s: %s\n' "${b%.txt}" "$REPLY"
		done
		echo
		if [ -n "$nfloor" ]; then
			echo "**Native noise floor: ±${nfloor}%**, the 95th percentile over bootstrap resamples of the A/A pair's largest hot |change| (the same instructions; the empty kind left out), or a row's quantum where larger. Processes of one round share their replicate index: each change is the median of the per-round ratios, with its CI resampled over rounds (\`paired\` in pairs.csv). Hot cycles per acquire+release, median of the process medians with bootstrap 95% CIs:"
		else
			echo "**No native noise floor** (no A/A pair among the native variants). Hot cycles per acquire+release, median of the process medians with bootstrap 95% CIs:"
		fi
		echo
		render -v view=matrix -v mode=hot -v metric=cyc_op -v variants="$nv" "$nat/summary.csv"
		echo
		echo "**The physical limit:** a bare \`lock decb; movb \$1\` pair (the 2.6.13 byte lock's acquire and release, nothing else) and a bare \`lock cmpxchg; mov\` pair (a queued lock's uncontended fast path), timed in every native process on the same CPU:"
		echo
		render -v view=physlimit "$nat/physlimit.csv"
		echo
		echo "The headline comparisons, natively (the change is the median of the per-round ratios with its bootstrap CI, and in cycles and ns at the run's TSC rate; exact rank-sum p, Holm within the family; \`changed\` needs the whole CI beyond the floor):"
		echo
		render -v view=headline -v metric=cyc_op -v pairs=" $hl " "$nat/pairs.csv"
		echo
		echo "Cold: cycles per acquire+release when every acquire finds the lock's line last written by the other CPU (two threads pinned to different CPUs hand the lock back and forth):"
		echo
		render -v view=matrix -v mode=cold -v metric=cyc_op -v variants="$nv" "$nat/summary.csv"
		echo
		echo "Contended spin_lock, natively, against the no-lock baseline of the same shape:"
		echo
		render -v view=contended -v order="$nv" "$nat/summary.csv" "$nat/baseline.csv"
		echo
		echo "### Every instrument side by side"
		echo
		echo "Per hot kind and variant: what runs (icount, guest instructions), what it costs on $ncpus (native, cycles and ns), and what QEMU takes to emulate it (TCG, ns). The units differ and are never converted into each other."
		echo
		render -v view=instruments -v variants="$nv" ${iid:+"$icount/pathlen.csv"} "$nat/summary.csv" "$run/summary.csv"
		echo
		echo "Data: [results/native/](results/native/)."
	} >"$tmp/pieces/NATIVE"
else
	echo "No native run in this run directory: \`make native NAME=$id\` adds one (x86_64 with a constant TSC, the kernels built)." >"$tmp/pieces/NATIVE"
fi

# The events instrument: the run directory's events/, its tables drawn
# again from its CSV alone.
ev=$run/events
if [ -f "$ev/events.csv" ]; then
	dir_id_of "$ev" && evid=$REPLY
	mkdir -p "$stage/events"
	evf=("$ev/events.csv" "$ev/run.info")
	[ ! -f "$ev/calibration.md" ] || evf+=("$ev/calibration.md")
	cp "${evf[@]}" "$stage/events/"
	{
		echo "Instrument: **events**, the \`lockbench-events\` TCG plugin on marked ops (run \`$evid\`): per acquire+release what runs (instructions, locked read-modify-writes, fences, loads, stores, distinct 64-byte lines; under icount with 1 vCPU, exact) and, under MTTCG with 2 vCPUs, the cache-line transfers of a MESI-like directory model: per cold op, and per contended handoff (never per unit of time: TCG's interleaving is not hardware's). The model leaves out capacity, prefetchers, a shared cache and all timing ([bench-user/events/README.md](bench-user/events/README.md))."
		echo
		# Its first heading is this section's; the others go a level down
		# (sed '1{/^## /d}; s/^## /### /', in bash).
		"$LB_TOP/scripts/report/events-table.sh" "$ev" >"$tmp/events.md"
		text "$tmp/events.md"
		i=0
		for l in "${LINES[@]}"; do
			case $l in "## "*) [ $i -eq 0 ] || printf '### %s' "${l#"## "}" ;; *) printf '%s' "$l" ;; esac
			i=$((i + 1))
		done
		if [ -f "$ev/calibration.md" ]; then
			echo
			# Its headings, # and ##, go down to ### (sed 's/^## /### /; s/^# /### /').
			text "$ev/calibration.md"
			for l in "${LINES[@]}"; do
				case $l in "## "*) printf '### %s' "${l#"## "}" ;; "# "*) printf '### %s' "${l#"# "}" ;; *) printf '%s' "$l" ;; esac
			done
		fi
		echo
		echo "Data: [results/events/](results/events/)."
	} >"$tmp/pieces/EVENTS"
else
	echo "No events pass in this run directory: \`make events NAME=$id\` adds one (about 3 minutes for six variants here)." >"$tmp/pieces/EVENTS"
fi

interp=$LB_TOP/report/interpretation.md
expand() { render -v view=expand -v run="$run" -v icount="${iid:+$icount}" -v cal="$tmp/cal" "$1"; }
# The answer opens every report, generated from this run's verdicts.
"$LB_TOP/scripts/report/answer.sh" "$run" "$icount" >"$tmp/pieces/SUMMARY"
if [ -n "${COMPARISONS:-}" ]; then
	# Its figures are of vm-configs/comparisons' pairs, which this report
	# may not have.
	echo "No hand-written interpretation: this report compares the pairs of COMPARISONS=$COMPARISONS, not vm-configs/comparisons." >"$tmp/pieces/INTERPRETATION"
elif [ -f "$interp" ] && text "$interp" && [[ ${LINES[0]:-} == *"run: $id"* ]]; then
	# Its figures are {{...}} references into this run's tables, drawn by
	# the same renderer: a reference that matches nothing stops the report.
	printf '%s' "${LINES[@]:1}" >"$tmp/interp.md"
	expand "$tmp/interp.md" >"$tmp/pieces/INTERPRETATION" ||
		die "report/interpretation.md quotes figures this run does not have (see above)"
else
	echo "No hand-written interpretation for run \`$id\` (report/interpretation.md must start with \`<!-- run: $id -->\`): the findings above are the whole reading of it." >"$tmp/pieces/INTERPRETATION"
fi

read -r -a vs <<<"${RI[variants]:-}"
# The disassembly of the kernels this run measured (run.sh keeps them,
# the report disassembles them), never of whatever build/ holds now.
if [ -f "$run/disasm.md" ]; then
	copy "$run/disasm.md" "$tmp/pieces/DISASM"
elif [ -d "$run/kernels" ]; then
	"$LB_TOP/scripts/report/disasm-table.sh" --run "$run" "${vs[@]}" >"$tmp/pieces/DISASM" 2>/dev/null ||
		echo "(disassembly unavailable: a variant's vmlinux is missing from $id/kernels)" >"$tmp/pieces/DISASM"
else
	echo "(no disassembly: run \`$id\` kept no kernels)" >"$tmp/pieces/DISASM"
fi
copy "$tmp/pieces/DISASM" "$stage/disasm.md"

{
	echo "## perf in the guest"
	echo
	for p in "$run"/perf/*/perf-top.txt; do
		[ -f "$p" ] || continue
		v=${p%/*} v=${v##*/}
		copy "$p" "$stage/perf-top-$v.txt"
		echo "<details><summary>$v</summary>"
		echo
		echo '```text'
		printf '%s' "${LINES[@]:0:20}"
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
		put "$run/failures.csv"
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
events|events (TCG plugin): atomics, fences, other loads and other stores per acquire+release (hot, 1 vCPU, exact), topped by the cache lines a cold op moves (2 vCPUs).
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
copy "$tmp/pieces/SUMMARY" "$tmp/report/summary.md"
report=$run/report
rm -rf "$report.new"
mv "$tmp/report" "$report.new"
rm -rf "$report"
mv "$report.new" "$report"
"$LB_TOP/scripts/report/report-formats.sh" "$run"
say "results: ${report#"$LB_TOP"/}/RESULTS.md (make publish RUN=${1%/} makes it the tracked RESULTS.md)"
