#!/usr/bin/env bash
# run.sh: ACCEL=native.  Each variant's lock code on this host's CPUs, in
# a user process (bench-user/native), no root, no QEMU, no boot.
#
# One lb-native process is one replicate (as one boot is under QEMU), and
# every variant runs in each: RUNS processes, in two blocks one after the
# other (the first half and the second: a run shows whether its answer
# held through its own length), each linked at a layout of
# its own (link.sh: the variants' link order, the padding before each
# one's text and data, the stack offset, drawn from ORDER_SEED and the
# replicate; LAYOUT=fixed links one layout for all), each interleaving
# every variant's jobs, the bare pairs and the chain calibration in
# slices in a shuffled order (UNIT_MS of TSC time a job and variant, in
# SLICES slices), under `timeout` so a broken lock cannot hang the host.
# The A/A pair's base (vm-configs/comparisons) runs every job twice in
# each process, as VARIANT and VARIANT~A: the same code at the same place,
# an A/A of identical code whose spread sets each kind's noise floor.  It
# also runs its hot jobs at a second layout in the same process, as
# VARIANT~L2, so that what layout alone moves is measured, not guessed.
# Each process keeps every slice's figures and what could explain a change
# between them (slices.csv: the probes, the slice before, steal).
#
# Writes the run directory's native/ (build/runs/NAME/native, NAME= or
# the UTC time; RUN_DIR= another): run.info, VARIANT.csv (the records,
# accel=native, boot = the process), boots/VARIANT/bootN/ (results,
# provenance.json), procs/N/ (the process's facts, log, layout, schedule
# trace, slices), slices.csv (every process's, joined), copy/VARIANT~A.csv
# (the A/A's same-code copy), physlimit.csv, calibration.csv and
# calibration-fit.csv (the chain: TSC cycles a step, intercept, the
# smallest step resolved),
# sections.csv (hold and parallel sections as measured, the timer's cost
# beside them), sections-check.txt (the contended ones off by more than
# 3%), layout.csv, layout/VARIANT~L2.csv and layout-spread.csv (the A/A
# across two layouts, per cell), host-facts.txt,
# disasm-check/VARIANT.txt, compare.sh's summary.csv and pairs.csv, and
# planted/pairs-1.csv (one chain step planted on spin_lock, as a pair).
# A failed replicate fails the run.
#
# VARIANTS=pre,post  RUNS=20 (two blocks)  THREADS=all (1,2,4,... and all CPUs) or a list
# JOBFILE=bench-user/jobs/native.jobs (a job's placement= runs its
# threads on the CPUs topology.sh picks from /sys, LBN_SYSFS= another)
# ORDER_SEED=N  LAYOUT=random|fixed  UNIT_MS=25  SLICES=16
# NATIVE_TIMEOUT=wall seconds a process (default: 10 x its CPU limit)  RUN_DIR=dir
#
# run.sh --check: the refusals alone, then exit (make DRYRUN=1 native);
# --check-settings: those but the kernels' (a goal before builds them).
. "$(dirname "$0")/common.sh"
. "$LB_TOP/schema/contract.sh"
check=${1:-}
case $check in '' | --check | --check-settings) ;; *) die "usage: run.sh [--check | --check-settings]" ;; esac

start=$EPOCHSECONDS
runs=${RUNS:-20}
threads=${THREADS:-all}
jobfile=${JOBFILE:-$LB_TOP/bench-user/jobs/native.jobs}
seed=${ORDER_SEED:-$start}
tmo=${NATIVE_TIMEOUT:-}
layout=${LAYOUT:-random}
unit_ms=${UNIT_MS:-25}
slices=${SLICES:-16}
ncpus=$(nproc)

# Everything is refused before any work.
native_host_ok
[[ $runs =~ ^[1-9][0-9]*$ ]] || die "RUNS=$runs: want a whole number of replicates, at least 1 (20 or more for the statistics: two blocks of 10)"
[[ $seed =~ ^[0-9]+$ ]] || die "ORDER_SEED=$seed: want a whole number"
[[ -z $tmo || $tmo =~ ^[1-9][0-9]*$ ]] || die "NATIVE_TIMEOUT=$tmo: want whole seconds"
[[ $layout == random || $layout == fixed ]] || die "LAYOUT=$layout: want random (a layout a replicate) or fixed (one for all)"
[[ $unit_ms =~ ^[1-9][0-9]*$ ]] || die "UNIT_MS=$unit_ms: want whole milliseconds, at least 1 (25 or more for the statistics)"
[[ $slices =~ ^[1-9][0-9]*$ ]] || die "SLICES=$slices: want a whole number of slices, at least 1"
threads=$(native_threads "$threads" "$ncpus")
[ -f "$jobfile" ] || die "no job list $jobfile"
# The jobs from the one expander, threads=SWEEP as each THREADS entry:
# a bad one is refused here, before anything is built.
joblist=$(expand_jobs "$jobfile" --sweep "$threads") || exit 1
# A placement the host lacks is refused here too, with the reason.
placed=()
native_placements placed "$joblist"
joblist=$(native_placed_jobs "$joblist" "${placed[@]}") || exit 1
variants=$(run_variants) # dies naming the known ones
variants=${variants//$'\n'/ }
[ "$check" != --check-settings ] || exit 0
# shellcheck disable=SC2086 # the variants, one word each
hz=$(native_hz "build them with one HZ" $variants)
[ "$check" != --check ] || exit 0
# The A/A pair's base runs twice in each process (the same code, an A/A
# of identical code) and at a second layout too, when both are here.
aa=-
while IFS=$'\t' read -r role b o _; do
	[ "$role" = aa ] || continue
	[[ " $variants " == *" $b "* && " $variants " == *" $o "* ]] && aa=$b
done < <(comparison_lines)

# The objects linked, named inside their build directories (what was
# measured, without this machine's paths), on one line.
objects_named() { # variant
	local o k names=""
	k=$(native_kdir "$1")/
	while IFS= read -r o; do
		o=${o#"$k"}
		names+="${o#"$LB_NATIVE_OUT/$1/"} "
	done <"$LB_NATIVE_OUT/$1/objects.txt"
	echo "$names"
}

host_facts
name=$(run_name)
run=${RUN_DIR:-$LB_BUILD/runs/$name/native}
[ ! -e "$run/run.info" ] || die "$run already holds a native run: give another NAME= (or RUN_DIR=)"
mkdir -p "$run/disasm-check"
jobs=$run/jobs
printf '%s\n' "$joblist" >"$jobs"
njobs=$(wc -l <"$jobs")
# The A/A's second layout runs the hot jobs only: a list without one (a
# contended sweep) leaves it out, where its records file was empty and
# failed the run after every process had run.
twin=-
[ "$aa" = - ] || twin=$aa~A
grep -q 'mode=hot' "$jobs" || aa=-

# Per variant, what its replicates' provenance.json share: its objects do
# not change during the run.  Each replicate fills in its boot, its
# binary's hash (a layout is a binary) and its exit (below).
prov=()
merged=()
for v in $variants; do
	LBN_ALONE=0 "$LB_TOP/scripts/native/build.sh" "$v" || die "native: building $v failed (see above)"
	merged+=("$v=$LB_NATIVE_OUT/$v/merged.o")
	prov+=("$(jq -n -c --arg variant "$v" --arg host_cpu_model "$LB_HOST_CPU_MODEL" \
		--argjson host_cpus "$ncpus" --arg accel native --arg objects "$(objects_named "$v")" \
		'{variant: $variant, boot: null, accel: $accel, host_cpu_model: $host_cpu_model,
		  host_cpus: $host_cpus, binary_sha256: null, objects: $objects, exit: null}')")
done
# A process's length: every job of every variant and of the A/A's
# same-code copy (and its second layout's hot ones), the three bare pairs
# and eight chain lengths a quarter unit each.
nv=$(wc -w <<<"$variants")
nhot=$(grep -c 'mode=hot' "$jobs") || true
est_ms=$(((nv * njobs + 3 + 2 * nv) * unit_ms))
[ "$twin" = - ] || est_ms=$((est_ms + njobs * unit_ms))
[ "$aa" = - ] || est_ms=$((est_ms + (nhot + 2) * unit_ms))
# A broken lock spins, burning CPU time on every thread it holds: each
# process is held to CPU time sized from its units (ulimit -t).  The
# wall clock is only a backstop, ten times that: on a loaded machine a
# process gets a fraction of the CPUs, and a wall limit sized for a
# quiet one (three times the estimate) killed every process of a run
# with a kernel build and a test suite beside it.
cpu_s=$(((est_ms * 3 / 1000 + 30) * ncpus))
[ -n "$tmo" ] || tmo=$((cpu_s * 10))

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
	echo "placements=${placed[*]//-C /}"
	echo "timeout=$tmo"
	echo "cpu_limit=$cpu_s"
	echo "layout=$layout"
	echo "aa_layout=$aa"
	echo "same_code_copy=${twin/#-/}"
	echo "blocks=2"
	# The kernels under test, as the timed runs' provenance names them:
	# the Debian package, patch/series' commit and this checkout's.
	echo "linux_source_version=$(dpkg-query -W -f='${Version}' "$LB_SRC_PKG" 2>/dev/null || echo unknown)"
	echo "patch_series_commit=$(series_commit)"
	echo "git_head=$(git -C "$LB_TOP" rev-parse HEAD 2>/dev/null || echo unknown)"
	echo "git_dirty=$([ -z "$(git -C "$LB_TOP" status --porcelain --untracked-files=no 2>/dev/null)" ] && echo false || echo true)"
	echo "unit_ms=$unit_ms"
	echo "slices=$slices"
	echo "process_estimate_ms=$est_ms"
} >"$run/run.info"

# The A/A's same-code copy, run in every process beside its variant.
copy=()
[ "$twin" = - ] || copy=(-A "${twin%~A}")
failed=0
echo "variant,boot,status,detail" >"$run/failures.csv"
# Every replicate's folders at once: one mkdir, not one a round.
bdirs=("$run/layout")
for ((r = 1; r <= runs; r++)); do
	bdirs+=("$run/procs/$r")
	for v in $variants; do bdirs+=("$run/boots/$v/boot$r"); done
done
mkdir -p "${bdirs[@]}"
links=$LB_NATIVE_OUT/links/${run//\//_}
for ((r = 1; r <= runs; r++)); do
	# The replicate's layout: its own seed, or replicate 1's for all.
	lr=$r
	[ "$layout" = random ] || lr=1
	lseed=$(((seed * 1000003 + lr) & 0x7fffffffffff))
	[ "$lseed" != 0 ] || lseed=1
	bin=$links/L$lseed
	if [ ! -x "$bin/lb-native" ]; then
		"$LB_TOP/scripts/native/link.sh" "$bin" "$LB_NATIVE_OUT/harness" "$hz" "$lseed" "$aa" "${merged[@]}" ||
			die "native: linking replicate $r's layout failed (see above)"
	fi
	if [ "$r" = 1 ]; then
		# The lock code in the binary measured is the vmlinux's (make
		# quick's: its objects', native_ref), each
		# variant's and the A/A copy's, its prefix aside.
		for v in $variants ${aa/#-/}; do
			for c in "$v" "$v~L2"; do
				[ "$c" = "$v" ] || [ "$v" = "$aa" ] || continue
				mapfile -t objs < <(tail -n +2 "$LB_NATIVE_OUT/$v/objects.txt")
				ref=$(native_ref "$(native_kdir "$v")" "${objs[@]}")
				"$LB_TOP/scripts/native/disasm-check.sh" -p "$(native_prefix "$c")" "$bin/lb-native" "$ref" "${objs[@]}" \
					>"$run/disasm-check/$c.txt" || {
					cat "$run/disasm-check/$c.txt" >&2
					die "native: $c's lock code in the measured binary is not ${ref##*/}'s (see above)"
				}
			done
		done
	fi
	[ "$r" != 1 ] || "$bin/lb-native" -n -b 0 -H "$LB_HOST_ID" -j "$jobs" "${placed[@]}" ||
		die "the job list $jobfile is refused (see above)"
	sha=$(sha_of "$bin/lb-native")
	pd=$run/procs/$r
	cp "$bin/layout.txt" "$pd/layout.txt"
	echo "layout_round_$r=$lseed" >>"$run/run.info"
	rc=0
	# (SIGXCPU at the soft limit, exit 152; the hard one, SIGKILL, later.)
	(ulimit -c 0 && ulimit -S -t "$cpu_s" && ulimit -H -t $((cpu_s + 10)) && exec timeout "$tmo" "$bin/lb-native" -b "$r" -H "$LB_HOST_ID" -j "$jobs" -O "$pd" -t "$unit_ms" -s "$slices" "${copy[@]}" -R "$pd/slices.csv" \
		-S "$(((seed * 7919 + r) & 0x7fffffffffff))" -p "$pd/physlimit.csv" -c "$pd/calibration.csv" \
		-x "$pd/sections.csv" -L "$pd/layout.csv" -F "$pd/facts.txt" -T "$pd/schedule.txt" "${placed[@]}") 2>"$pd/native.log" || rc=$?
	# Every variant's provenance.json of this replicate from one jq (a
	# process costs 40 ms), each document after an RS (--seq, RFC 7464):
	# docs[0] is what comes before the first, nothing.
	mapfile -t -d $'\x1e' docs < <(jq -n --seq --argjson boot "$r" --arg sha "$sha" --argjson exit "$rc" \
		'$ARGS.positional[] | fromjson | .boot = $boot | .binary_sha256 = $sha | .exit = $exit' --args "${prov[@]}")
	i=0
	for v in $variants; do
		b=$run/boots/$v/boot$r
		[ ! -f "$pd/$v.csv" ] || mv "$pd/$v.csv" "$b/results.csv"
		i=$((i + 1))
		printf '%s' "${docs[i]}" >"$b/provenance.json"
	done
	if [ "$rc" != 0 ]; then
		failed=$((failed + 1))
		if [ "$rc" = 124 ]; then
			why="timeout after ${tmo}s"
		elif [ "$rc" = 152 ]; then
			why="over its CPU time of ${cpu_s}s (a lock that spins for ever?)"
		else
			why=$(tail -n 1 "$pd/native.log" | tr ',' ';')
		fi
		echo "all,boot$r,exit-$rc,$why" >>"$run/failures.csv"
		say "native: process $r failed (exit $rc): $why"
	fi
	progress "$r" "$runs" "native process" 2>/dev/null || note "native: process $r of $runs done"
done

# Per variant, the records of its good replicates; what every process
# wrote besides, one file each.  A failed process wrote none of them.
shopt -s nullglob
# join_records OUT WHAT FILE...: the first file's two header lines, then
# every file's records, validated; WHAT names them when no process gave any.
join_records() { # out what file...
	local out=$1 what=$2
	shift 2
	[ -f "${1:-}" ] || die "native: no process gave $what's records ($failed failed: see $run/failures.csv)"
	awk 'BEGIN { first = ARGV[1] } FILENAME == first || FNR > 2' "$@" >"$out"
	"$LB_TOP/bench-user/lb-validate" "$out" >/dev/null || die "native: $out does not validate"
}
for v in $variants; do
	join_records "$run/$v.csv" "$v" "$run"/boots/"$v"/boot*/results.csv
done
if [ "$twin" != - ]; then
	mkdir -p "$run/copy"
	join_records "$run/copy/$twin.csv" "$twin" "$run"/procs/*/"$twin.csv"
fi
if [ "$aa" != - ]; then
	join_records "$run/layout/$aa~L2.csv" "$aa~L2" "$run"/procs/*/"$aa~L2.csv"
	"$LB_TOP/scripts/native/layout-spread.sh" "$run/$aa.csv" "$run/layout/$aa~L2.csv" >"$run/layout-spread.csv" ||
		die "native: the layout spread failed (see above)"
fi
{
	contract_header physlimit
	for f in "$run"/procs/*/physlimit.csv; do cat "$f"; done
} >"$run/physlimit.csv"
cat_csv calibration "$run/calibration.csv" "$run"/procs/*/calibration.csv
"$LB_TOP/scripts/native/chain-fit.sh" "$run/calibration.csv" >"$run/calibration-fit.csv" || die "native: the chain fit failed"
cat_csv sections "$run/sections.csv" "$run"/procs/*/sections.csv
# Every process's contended sections against what the jobs asked (issue 35:
# within 3%); a miss is reported, not fatal: the records say what ran.
rc=0
"$LB_TOP/scripts/native/sections-check.sh" "$run/sections.csv" >"$run/sections-check.txt" || rc=$?
[ $rc -le 1 ] || die "native: the sections check failed"
say "native: $(tail -n 1 "$run/sections-check.txt")"
cat_csv layout "$run/layout.csv" "$run"/procs/*/layout.csv
cat_csv slices "$run/slices.csv" "$run"/procs/*/slices.csv
# The TSC's step as each process measured it (lb-native's facts): the
# run's is the largest, the quantum of every figure (issue 46).
step=$(sed -n 's/^tsc_step=//p' "$run"/procs/*/facts.txt | sort -n | tail -n 1)
echo "tsc_step=${step:-1}" >>"$run/run.info"
echo "tsc_step=${step:-1}" >>"$run/host-facts.txt"
shopt -u nullglob
echo "failed_boots=$failed" >>"$run/run.info"
"$LB_TOP/scripts/native/derive.sh" "$run" || die "native: compare failed (see above)"
# The smallest change this run resolves: one chain step (one dependent
# add) planted on spin_lock's path, as a pair (planted/pairs-1.csv).
if grep -q 'kind=spin_lock mode=hot' "$jobs"; then
	"$LB_TOP/scripts/native/planted.sh" "$run" 1 >/dev/null ||
		note "native: no planted-change pair (see above)"
fi
echo "total_seconds=$((EPOCHSECONDS - start))" >>"$run/run.info"
[ "$failed" = 0 ] || die "native: $failed replicates failed (see $run/failures.csv)"
say "native: ${run#"$LB_TOP"/} ($((EPOCHSECONDS - start)) s); summary.csv and pairs.csv there"
