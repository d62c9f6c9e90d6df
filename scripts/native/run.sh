#!/usr/bin/env bash
# run.sh: ACCEL=native.  Each variant's lock code on this host's CPUs, in
# a user process (bench-user/native), no root, no QEMU, no boot.
#
# One lb-native process is one replicate (as one boot is under QEMU): RUNS
# rounds, each running every variant once in an order shuffled from
# ORDER_SEED, each process under `timeout` so a broken lock cannot hang
# the host.  Writes the run directory's native/ (build/runs/NAME/native,
# NAME= or the UTC time; RUN_DIR= another): run.info,
# VARIANT.csv (the records, accel=native), boots/VARIANT/bootN/ (results,
# facts, provenance.json, the log), physlimit.csv, host-facts.txt,
# disasm-check/VARIANT.txt, and compare.sh's summary.csv and pairs.csv;
# A failed replicate fails the run.
#
# VARIANTS=pre,post  RUNS=10  THREADS=1,2  JOBFILE=bench-user/jobs/native.jobs
# ORDER_SEED=N  NATIVE_TIMEOUT=20 (seconds a process)  RUN_DIR=dir
. "${0%"${0##*/}"}common.sh"

start=$EPOCHSECONDS
runs=${RUNS:-${BOOTS:-10}}
threads=${THREADS:-1,2}
jobfile=${JOBFILE:-$LB_TOP/bench-user/jobs/native.jobs}
seed=${ORDER_SEED:-$start}
tmo=${NATIVE_TIMEOUT:-20}
ncpus=$(nproc)

# Everything is refused before any work.
native_host_ok
[[ $runs =~ ^[1-9][0-9]*$ ]] || die "RUNS=$runs: want a whole number of replicates, at least 1 (10 or more for the statistics)"
[[ $seed =~ ^[0-9]+$ ]] || die "ORDER_SEED=$seed: want a whole number"
[[ $tmo =~ ^[1-9][0-9]*$ ]] || die "NATIVE_TIMEOUT=$tmo: want whole seconds"
[[ $threads =~ ^[0-9]+(,[0-9]+)*$ ]] || die "THREADS=$threads: want a comma-separated list of thread counts, like 1,2"
IFS=, read -r -a tlist <<<"$threads"
for t in "${tlist[@]}"; do
	[ "$t" -ge 1 ] || die "THREADS=$threads: a thread count must be at least 1"
	[ "$t" -le "$ncpus" ] || die "THREADS=$threads: $t is above the $ncpus online CPUs (oversubscribed spinners measure the scheduler); use THREADS of at most $ncpus"
done
[ -f "$jobfile" ] || die "no job list $jobfile"
parse_variant_list "${VARIANTS:-}" # dies naming the known ones
variants=${PARSED_VARIANTS[*]}
for v in $variants; do native_need_kernel "$v"; done

# The objects linked, named inside their build directories (what was
# measured, without this machine's paths), into OBJECTS_NAMED.
objects_named() { # variant
	local o k
	native_kdir_set "$1"
	k=$NATIVE_KDIR/
	OBJECTS_NAMED=
	while IFS= read -r o; do
		o=${o#"$k"}
		OBJECTS_NAMED+="${o#"$LB_NATIVE_OUT/$1/"} "
	done <"$LB_NATIVE_OUT/$1/objects.txt"
}

# threads=SWEEP becomes one line per THREADS entry.
host_facts
run_name_of
name=$RUN_NAME
run=${RUN_DIR:-$LB_BUILD/runs/$name/native}
[ ! -e "$run/run.info" ] || die "$run already holds a native run: give another NAME= (or RUN_DIR=)"
mkdir -p "$run/disasm-check"
jobs=$run/jobs
njobs=0
while IFS= read -r line || [ -n "$line" ]; do
	[[ ! $line =~ ^[[:space:]]*(#|$) ]] || continue # a comment or a blank line
	if [[ $line == *threads=SWEEP* ]]; then
		for t in "${tlist[@]}"; do printf '%s\n' "${line/threads=SWEEP/threads=$t}"; done
		njobs=$((njobs + ${#tlist[@]}))
	else
		printf '%s\n' "$line"
		njobs=$((njobs + 1))
	fi
done <"$jobfile" >"$jobs"

# Per variant, its replicates' provenance.json from one jq (a process
# costs 40 ms): the binary's hash and its objects do not change during the
# run; each replicate puts in its boot and exit status.
declare -A prov=()
for v in $variants; do
	"$LB_TOP/scripts/native/build.sh" "$v" || die "native: building $v failed (see above)"
	cp "$LB_NATIVE_OUT/$v/disasm-check.txt" "$run/disasm-check/$v.txt"
	objects_named "$v"
	prov[$v]=$(jq -n --arg variant "$v" --arg boot 0 --arg host_cpu_model "$LB_HOST_CPU_MODEL" \
		--arg host_cpus "$ncpus" --arg accel native --arg binary_sha "$(sha_of "$LB_NATIVE_OUT/$v/lb-native")" \
		--arg objects "$OBJECTS_NAMED" --arg rc 0 \
		'{variant: $variant, boot: ($boot | tonumber), accel: $accel, host_cpu_model: $host_cpu_model,
		  host_cpus: ($host_cpus | tonumber), binary_sha256: $binary_sha, objects: $objects, exit: ($rc | tonumber)}')
done
first=${variants%% *}
"$LB_NATIVE_OUT/$first/lb-native" -n -v "$first" -b 0 -H "$LB_HOST_ID" -j "$jobs" || die "the job list $jobfile is refused (see above)"

# The CPU, host id, kernel, governor and topology: host-facts.sh, which
# the native bundle's runner writes the same way.
tsc=${LB_HOST_TSC_MHZ:-unknown}
[ "$tsc" != unknown ] || tsc=
"$LB_TOP/scripts/native/host-facts.sh" "$tsc" >"$run/host-facts.txt" || die "native: cannot read this host's facts"

{
	echo "run_id=${run##*/}"
	echo "variants=$variants"
	echo "accel=native"
	echo "accel_detail=native:$LB_HOST_CPU_MODEL"
	echo "qemu_args=none"
	echo "vcpus=$ncpus"
	echo "host_cpus=$ncpus"
	echo "oversubscribed=0"
	echo "boots=$runs"
	echo "repeat=1"
	echo "order_seed=$seed"
	echo "jobs=$njobs"
	echo "threads=$threads"
	echo "timeout=$tmo"
} >"$run/run.info"

failed=0
echo "variant,boot,status,detail" >"$run/failures.csv"
# Every replicate's folder at once: one mkdir, not one a round.
bdirs=()
for ((r = 1; r <= runs; r++)); do
	for v in $variants; do bdirs+=("$run/boots/$v/boot$r"); done
done
mkdir -p "${bdirs[@]}"
for ((r = 1; r <= runs; r++)); do
	# shellcheck disable=SC2086
	order=$(seeded_shuffle "$seed-$r" $variants)
	order=${order//$'\n'/ }
	echo "order_round_$r=$order" >>"$run/run.info"
	for v in $order; do
		b=$run/boots/$v/boot$r
		rc=0
		timeout "$tmo" "$LB_NATIVE_OUT/$v/lb-native" -v "$v" -b "$r" -H "$LB_HOST_ID" -j "$jobs" \
			-o "$b/results.csv" -p "$b/physlimit.csv" -F "$b/facts.txt" 2>"$b/native.log" || rc=$?
		# jq escapes every string, so these two lines are the only ones
		p=${prov[$v]/$'\n  "boot": 0,'/$'\n  "boot": '"$r,"}
		printf '%s\n' "${p/%$'\n  "exit": 0\n}'/$'\n  "exit": '"$rc"$'\n}'}" >"$b/provenance.json"
		if [ "$rc" != 0 ]; then
			failed=$((failed + 1))
			if [ "$rc" = 124 ]; then
				why="timeout after ${tmo}s"
			else
				why=$(tail -n 1 "$b/native.log" | tr ',' ';')
			fi
			echo "$v,boot$r,exit-$rc,$why" >>"$run/failures.csv"
			say "native: $v run $r failed (exit $rc): $why"
		fi
	done
	progress "$r" "$runs" "native round"  2>/dev/null || note "native: round $r of $runs done"
done

# Per variant, the records of its good replicates; physical limits of all.
for v in $variants; do
	out=$run/$v.csv
	# The first replicate's two header lines, then every replicate's records.
	awk 'BEGIN { first = ARGV[1] } FILENAME == first || FNR > 2' "$run"/boots/"$v"/boot*/results.csv >"$out"
	"$LB_TOP/bench-user/lb-validate" "$out" >/dev/null || die "native: $out does not validate"
done
{
	echo "variant,boot,pair,cyc_op,ns_op,tsc_khz"
	cat "$run"/boots/*/boot*/physlimit.csv 2>/dev/null
} >"$run/physlimit.csv"
echo "failed_boots=$failed" >>"$run/run.info"
"$LB_TOP/scripts/report/compare.sh" "$run" || die "native: compare failed (see above)"
echo "total_seconds=$((EPOCHSECONDS - start))" >>"$run/run.info"
[ "$failed" = 0 ] || die "native: $failed replicates failed (see $run/failures.csv)"
say "native: ${run#"$LB_TOP"/} ($((EPOCHSECONDS - start)) s); summary.csv and pairs.csv there"
