#!/usr/bin/env bash
# make events: the events instrument.  Boots each variant twice with the
# lockbench-events.so TCG plugin (bench-user/events/) and writes the run
# directory's events/ (build/runs/NAME/events, NAME= or the UTC time):
#   hot pass   on the icount machine, 1 vCPU, EVENTS_HOT (default
#              bench-user/jobs/events-hot.jobs): exact, repeatable counts
#              per op; pad=N jobs are the calibration;
#   smp pass   multi-threaded TCG, VCPUS (default 2) vCPUs, EVENTS_SMP
#              (default bench-user/jobs/events-smp.jobs): cold and
#              contended jobs, transfers from the plugin's directory model.
# Both boot with noreplace-smp: a guest with one CPU present otherwise
# patches every lock prefix to a ds prefix (arch/x86/kernel/alternative.c),
# and the hot pass would count no atomics.  The instruction counts are the
# same either way (a prefix is not an instruction).
# events.csv (lb-validate --describe events), events.md (the table, by
# scripts/events/table.sh), run.info and each boot's events.tsv.
# SLOWDOWN=1 boots the first variant's passes once more without the plugin
# and writes slowdown.txt.
# It chooses its machines itself (a plugin is TCG's), so ACCEL, the timed
# instrument's, is not read.  Refused before any boot: a hot list with a
# cold or contended job (icount runs 1 vCPU: jobs.sh), an smp list with a
# hot job (hot counts are the icount pass's), VCPUS outside 2..32 (the
# directory models at most 32 caches).
. "$(dirname "$0")/../lib.sh"

list=$(run_variants) # dies on an unknown name
mapfile -t variants <<<"$list"
[ -n "$list" ] || die "no variants to measure"
vcpus=${VCPUS:-2}
case $vcpus in '' | *[!0-9]*) die "VCPUS=$vcpus is not a number" ;; esac
{ [ "$vcpus" -ge 2 ] && [ "$vcpus" -le 32 ]; } ||
	die "VCPUS=$vcpus: the smp pass needs 2 to 32 vCPUs (cold and contended jobs need 2; the plugin's directory models at most 32 caches)"
hot_jobs=${EVENTS_HOT:-$LB_TOP/bench-user/jobs/events-hot.jobs}
smp_jobs=${EVENTS_SMP:-$LB_TOP/bench-user/jobs/events-smp.jobs}
plugin=$LB_TOP/bench-user/events/lockbench-events.so

name=$(run_name)
ts=$name-events
run=$LB_BUILD/runs/$name/events
[ ! -f "$run/run.info" ] || die "run $name already holds an events pass ($run): give another NAME="
# The refusals, before anything boots.
hot=$(bash "$LB_TOP/scripts/boot/jobs.sh" "$hot_jobs" 1 icount user)
[ -n "$hot" ] || die "$hot_jobs has no job"
smp=$(bash "$LB_TOP/scripts/boot/jobs.sh" "$smp_jobs" "$vcpus")
[ -n "$smp" ] || die "$smp_jobs has no job"
n=0
while IFS= read -r line; do
	n=$((n + 1))
	[[ $line != *mode=hot* ]] ||
		die "$smp_jobs: '$line': hot jobs belong in the icount pass (EVENTS_HOT), where their counts are exact; the smp pass runs cold and contended jobs"
	[[ $line != *kind=rwlock_mix* ]] ||
		die "$smp_jobs: '$line': rwlock_mix takes read or write per op, and the plugin counts per kind and site: name read_lock or write_lock"
done <<<"$smp"
# Run outside make, it boots what is built: a missing kernel or module is
# refused here, naming the make command, before the plugin is built or a
# run directory made.
"$LB_TOP/scripts/build/need-built.sh" "${variants[@]}" || exit 1
bash "$LB_TOP/scripts/events/plugin.sh" >&2

need_disk "$LB_BUILD/runs" 200
mkdir -p "$run"
exec > >(tee -a "$run/run.log") 2>&1
printf '%s\n' "$hot" >"$run/jobs.hot"
printf '%s\n' "$smp" >"$run/jobs.smp"
host_facts
start=$EPOCHSECONDS
qa_hot=() qa_smp=()
machine_qemu_args qa_hot icount
machine_qemu_args qa_smp tcg
cat >"$run/run.info" <<EOT
run_id=$ts
variants=${variants[*]}
accel=icount tcg
qemu_args=hot: ${qa_hot[*]}; smp: ${qa_smp[*]}
vcpus=1 $vcpus
host_cpus=$(nproc)
boots=1
repeat=1
jobs=$(($(wc -l <"$run/jobs.hot") + $(wc -l <"$run/jobs.smp")))
append=noreplace-smp
plugin=bench-user/events/lockbench-events.so (API 1)
EOT

# boot VARIANT PASS [plain]: one boot of a pass, with the plugin unless plain.
boot_pass() {
	local v=$1 pass=$2 bd=$run/boots/$1/$2${3:+-$3} machine=icount nv=1 jobs=$run/jobs.hot arg=dir=off
	[ "$pass" = smp ] && machine=tcg nv=$vcpus jobs=$run/jobs.smp arg=dir=on
	mkdir -p "${bd%/*}"
	local p="$plugin,out=$bd.tsv,$arg"
	[ -n "${3:-}" ] && p=""
	APPEND="noreplace-smp ${APPEND:-}" MACHINE=$machine VCPUS=$nv JOBFILE=$jobs PLUGIN=$p \
		TIMEOUT=${TIMEOUT:-600} bash "$LB_TOP/scripts/boot/qemu-boot.sh" "$v" "$bd" ||
		die "events: $v $pass: the boot failed (${bd#"$LB_TOP"/}/console.log)"
	[ -n "${3:-}" ] && return 0
	mv "$bd.tsv" "$bd/events.tsv"
	if grep -q '^# no ops seen' "$bd/events.tsv"; then
		die "events: $v $pass: no ops seen: the plugin saw no lockbench marker (is ${v}'s lockbench.ko older than the markers? see ${bd#"$LB_TOP"/}/events.tsv)"
	fi
}

bash "$LB_TOP/scripts/events/csv.sh" --header >"$run/events.csv"
k=0
for v in "${variants[@]}"; do
	for pass in hot smp; do
		k=$((k + 1))
		progress $k $((2 * ${#variants[@]})) "events $v $pass"
		boot_pass "$v" "$pass"
		a=icount nv=1
		[ $pass = smp ] && a=tcg nv=$vcpus
		bash "$LB_TOP/scripts/events/csv.sh" "$v" "$a" "$nv" "$run/boots/$v/$pass/events.tsv" >>"$run/events.csv"
	done
done

if [ "${SLOWDOWN:-0}" = 1 ]; then
	v=${variants[0]}
	{
		echo "# boot wall seconds of $v, with and without lockbench-events.so (same jobs, same machine)"
		printf 'pass\twith_plugin_s\twithout_s\tratio\n'
		for pass in hot smp; do
			boot_pass "$v" "$pass" plain
			w=$(cat "$run/boots/$v/$pass/wall_s") p=$(cat "$run/boots/$v/$pass-plain/wall_s")
			printf '%s\t%s\t%s\t%.2f\n' "$pass" "$w" "$p" "$(echo "$w / $p" | bc -l)"
		done
		# A contended job runs a fixed wall time: its slowdown is in its
		# throughput, not in the boot's length.
		echo "# contended jobs: acquisitions per second without / with the plugin"
		printf 'kind\twith_plugin\twithout\tslowdown\n'
		awk -F, 'FNR == 2 { delete c; for (i = 1; i <= NF; i++) c[$i] = i; next }
			FNR > 2 && $c["mode"] == "contended" && $c["ops_per_s"] > 0 {
				if (FILENAME ~ /plain/) plain[$c["kind"]] = $c["ops_per_s"]
				else { with[$c["kind"]] = $c["ops_per_s"]; order[++n] = $c["kind"] }
			}
			END { for (i = 1; i <= n; i++) { k = order[i]; if (k in plain) printf "%s\t%s\t%s\t%.2f\n", k, with[k], plain[k], plain[k] / with[k] } }' \
			"$run/boots/$v/smp/guest/results.csv" "$run/boots/$v/smp-plain/guest/results.csv"
	} >"$run/slowdown.txt"
	cat "$run/slowdown.txt" >&2
fi
# The plugin's own calibration, on the first variant's kernel (any guest
# does): lb-events-cal brackets N locked increments, and one store to a
# line the other vCPU wrote last, with the same markers.
calibrate_plugin() {
	local v=${variants[0]} bd=$run/boots/${variants[0]}/calibration st=$run/cal.stage
	mkdir -p "$st/bin" "${bd%/*}"
	install -m 0755 "$LB_TOP/bench-user/events/lb-events-cal" "$st/bin/lb-events-cal"
	(cd "$st" && find . | cpio -o -H newc --owner 0:0 --quiet) >"$run/cal.cpio"
	printf '#!/bin/sh
/bin/lb-events-cal
' >"$run/cal.sh"
	rm -rf "$st"
	INITRD_EXTRA=$run/cal.cpio SCRIPT=$run/cal.sh MACHINE=tcg VCPUS=2 PLUGIN="$plugin,out=$bd.tsv" \
		TIMEOUT=${TIMEOUT:-600} bash "$LB_TOP/scripts/boot/qemu-boot.sh" "$v" "$bd" ||
		die "events: the plugin's calibration boot failed (${bd#"$LB_TOP"/}/console.log)"
	mv "$bd.tsv" "$bd/events.tsv"
	rm -f "$run/cal.cpio" "$run/cal.sh"
	bash "$LB_TOP/scripts/events/calibration.sh" "$bd/events.tsv" >"$run/calibration.md" ||
		{ cat "$run/calibration.md" >&2; die "events: the plugin's calibration is off (${run#"$LB_TOP"/}/calibration.md)"; }
}
calibrate_plugin
bash "$LB_TOP/scripts/events/table.sh" "$run" >"$run/events.md"
{ echo && cat "$run/calibration.md"; } >>"$run/events.md"
echo "total_seconds=$((EPOCHSECONDS - start))" >>"$run/run.info"
say "events: ${#variants[@]} variants in $((EPOCHSECONDS - start))s -> ${run#"$LB_TOP"/}/events.md"
