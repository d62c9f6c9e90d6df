# shellcheck shell=bash
# The native instrument's report section, sourced by results.sh for its
# row of the contract: RUN/native's own statistics (compare.sh made them)
# into $stage/native, its tables and the facts of section.md.in; and
# every host's native runs (results/hosts.md, hosts-table.sh).
nat=$run/native nid=
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
	render -v view=matrix -v mode=hot -v metric=cyc_op -v variants="$nv" "$nat/summary.csv" >"$tmp/pieces/NATIVE_HOT"
	render -v view=physlimit "$nat/physlimit.csv" >"$tmp/pieces/NATIVE_PHYSLIMIT"
	render -v view=headline -v metric=cyc_op -v pairs=" $hl " "$nat/pairs.csv" >"$tmp/pieces/NATIVE_HEADLINE"
	render -v view=matrix -v mode=cold -v metric=cyc_op -v variants="$nv" "$nat/summary.csv" >"$tmp/pieces/NATIVE_COLD"
	render -v view=contended -v order="$nv" "$nat/summary.csv" "$nat/baseline.csv" >"$tmp/pieces/NATIVE_CONTENDED"
	render -v view=instruments -v variants="$nv" ${iid:+"$icount/pathlen.csv"} "$nat/summary.csv" "$run/summary.csv" >"$tmp/pieces/INSTRUMENTS_SIDE"
fi
fact nid "$nid"
fact id "$id"
# Every host's native runs side by side: results/hosts.md under the
# template's heading: its title left out, its sections one level down.
hosts=
if [ -f "$LB_TOP/results/hosts.md" ]; then
	sed -e '1,2d' -e 's/^## /### /' "$LB_TOP/results/hosts.md" >"$tmp/pieces/HOSTS"
	hosts=1
fi
fact hosts "$hosts"
