# shellcheck shell=bash
# The native instrument's report section, sourced by results.sh for its
# row of the contract: RUN/native's own statistics (compare.sh made them)
# into $stage/native, its tables and the facts of section.md.in; and
# every host's native runs (results/hosts.md, hosts-table.sh).
nat=$run/native nid= nv3= sections=
if [ -f "$nat/summary.csv" ] && [ -f "$nat/pairs.csv" ]; then
	mkdir -p "$stage/native"
	cp "$nat"/summary.csv "$nat"/pairs.csv "$nat"/baseline.csv "$nat"/physlimit.csv "$nat"/host-facts.txt \
		"$nat"/run.info "$nat"/jobs "$stage/native/"
	[ -d "$nat/disasm-check" ] && cp -r "$nat/disasm-check" "$stage/native/"
	declare -A NI=() NF=()
	readkv NI "$nat/run.info"
	readkv NF "$nat/host-facts.txt"
	nid=$(dir_id "$nat")
	nv=${NI[variants]:-}
	# The processors as the host facts know them: a VM's vCPUs are not a
	# chip of known placement.
	ncpus="this host's ${NF[online_cpus]:-} CPUs"
	[ "${NF[vm]:-}" != 1 ] || ncpus="this host's ${NF[online_cpus]:-} vCPUs (a VM's; where they run on the chip is unknown)"
	tsc=$(awk -F, 'NR == 2 { for (i = 1; i <= NF; i++) if ($i == "tsc_khz") c = i }
		NR > 2 && !/^#/ && c { print $c; exit }' "$nat/${nv%% *}.csv")
	fact ncpus "$ncpus"
	fact cpu_model "${NF[cpu_model]:-}"
	fact vm "$([ "${NF[vm]:-}" != 1 ] || echo 1)"
	fact boots "${NI[boots]:-}"
	fact layout "${NI[layout]:-}"
	fact tsc_mhz "${tsc:+$((tsc / 1000))}"
	fact nfloor "$(hot_noise_floor "$nat/pairs.csv" cyc_op)"
	# The disassembly check's verdict per variant: the last line of each.
	for f in "$nat"/disasm-check/*.txt; do
		[ -f "$f" ] || continue
		b=${f##*/}
		printf -- '- %s: %s\n' "${b%.txt}" "$(tail -n 1 "$f")"
	done >"$tmp/pieces/NATIVE_DISASM"
	render matrix -v mode=hot -v metric=cyc_op -v variants="$nv" "$nat/summary.csv" >"$tmp/pieces/NATIVE_HOT"
	render physlimit "$nat/physlimit.csv" >"$tmp/pieces/NATIVE_PHYSLIMIT"
	render headline -v metric=cyc_op -v pairs=" $hl " "$nat/pairs.csv" >"$tmp/pieces/NATIVE_HEADLINE"
	render matrix -v mode=cold -v metric=cyc_op -v variants="$nv" "$nat/summary.csv" >"$tmp/pieces/NATIVE_COLD"
	render contended -v order="$nv" "$nat/summary.csv" "$nat/baseline.csv" >"$tmp/pieces/NATIVE_CONTENDED"
	# What the contended cells measured besides their throughput (records
	# of schema v3), the sections against those asked; per process, by
	# sections-check.sh over the run's sections.csv; the fairness graph
	# where plots.sh drew it.
	if grep -q ',contended,.*,jain,' "$nat/summary.csv"; then
		nv3=1
		render measured -v order="$nv" -v pct=3 "$nat/summary.csv" >"$tmp/pieces/NATIVE_MEASURED"
	fi
	if [ -n "$nv3" ] && [ -f "$nat/sections.csv" ]; then
		sections=$("$LB_TOP/scripts/native/sections-check.sh" "$nat/sections.csv" 3) || [ $? -eq 1 ] ||
			die "results: the sections check of $nat/sections.csv failed"
		sections=${sections##*$'\n'} sections=${sections#sections: }
	fi
	# The placements' labels against the cold hand-offs measured across
	# them (placement-check.sh, which derive.sh runs); a run derived
	# before placements has none.
	pverdict=
	if [ -f "$nat/placement-check.txt" ] && [ -f "$nat/placement-check.csv" ]; then
		cp "$nat"/placement-check.csv "$nat"/placement-check.txt "$stage/native/"
		pverdict=$(<"$nat/placement-check.txt")
		render table -v labels="variant|kind|placement|n|ns per op|95% CI low|95% CI high|against|verdict" \
			-v empty=– "$nat/placement-check.csv" >"$tmp/pieces/NATIVE_PLACEMENT"
	fi
	fact placement_verdict "$pverdict"
	render instruments -v variants="$nv" ${iid:+"$icount/pathlen.csv"} "$nat/summary.csv" "$run/summary.csv" >"$tmp/pieces/INSTRUMENTS_SIDE"
fi
fact nid "$nid"
fact nv3 "$nv3"
fact sections "$sections"
fact nfair "$([ -z "$nid" ] || [ ! -f "$run/plots/native-fairness.png" ] || echo 1)"
fact id "$id"
# Every host's native runs side by side: results/hosts.md under the
# template's heading: its title left out, its sections one level down.
hosts=
if [ -f "$LB_TOP/results/hosts.md" ]; then
	sed -e '1,2d' -e 's/^\(#\{2,5\}\) /#\1 /' "$LB_TOP/results/hosts.md" >"$tmp/pieces/HOSTS"
	hosts=1
fi
fact hosts "$hosts"
# The cycles model's tables, when results.sh drew them (cycles-pieces.sh).
fact cycles "$([ ! -f "$tmp/pieces/CYCLES" ] || echo 1)"
# The article's machine line and the native side of its headline table.
declare -A MF=()
[ ! -f "$nat/host-facts.txt" ] || readkv MF "$nat/host-facts.txt"
article_fact native_cpu "${MF[cpu_model]:-}"
article_fact native_cpus "${MF[online_cpus]:-?}"
article_fact native_vm "$([ "${MF[vm]:-}" != 1 ] || echo 1)"
article_fact native_kernel "${MF[kernel]:-?}"
[ -z "${MF[cpu_model]:-}" ] || article_fact native_boots "${NI[boots]:-?}"
article_fact tsc_mhz "${tsc:+$((tsc / 1000))}"
[ ! -f "$nat/pairs.csv" ] || sidebyside+=("$nat/pairs.csv")
# Its part of the calibration, where the calibration ran the pads here
# (native/calibrate.sh): their records, and the same test rerun in cycles;
# else report.txt's line says why not.
if [ -n "$cal" ]; then
	nrec= native_verdict=
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
		native_verdict=$(tail -n 1 "$stage/calibrate/native.txt")
		render calibration "$stage/calibrate/native.txt" >"$tmp/pieces/CAL_NATIVE"
	fi
	cal_fact native_verdict "$native_verdict"
	nline=$(sed -n 's/^native=//p' "$cal/report.txt")
	cal_fact native_line "${nline:-not measured in this calibration}"
fi
