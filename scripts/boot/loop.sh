#!/usr/bin/env bash
# loop.sh RUNDIR ID: the boot loop of the instruments that boot a guest
# (their run.sh calls it): boot each variant (make built what was
# stale) BOOTS times running the job list REPEAT times per boot, and
# collect everything into RUNDIR, the run ID.  The boot is the unit of
# replication (lb-stat takes one median per boot); each round of boots
# runs the variants in a shuffled order, from ORDER_SEED (recorded in
# run.info).  The instrument gives, in the environment:
#   MACHINE    the machine its guests run on (scripts/boot/machines.tsv):
#              tcg, icount, or auto or kvm, resolved here once for every
#              boot (scripts/boot/accel.sh: a bounded KVM probe boot)
#   VCPUS BOOTS REPEAT   its own defaults applied; ORDER_SEED (default:
#              the time)
#   JOBFILE    the job list (jobs.sh expands it for VCPUS and the machine;
#              JOBS_ORIGIN=default leaves out quietly the jobs the machine
#              cannot run, where a user's list is refused)
#   PERF_AFTER a job perf records in a boot of each variant after the
#              loop (scripts/boot/perf.sh), or nothing
#   LATEST     1: build/runs/latest names this run once it has records
#   RERUN_OF   the id of the run it repeats (make again), or nothing
# The variants are this make's (run_variants).
. "$(dirname "$0")/../lib.sh"

usage="usage: loop.sh RUNDIR ID (an instrument's run.sh calls it)"
run=${1:?$usage} ts=${2:?$usage}
name=$(run_name)
list=$(run_variants) # dies on an unknown name
[ -n "$list" ] || die "no variants to run"
mapfile -t variants <<<"$list"
want=${MACHINE:?$usage}
vcpus=${VCPUS:?$usage} boots=${BOOTS:?$usage} repeat=${REPEAT:?$usage}
order_seed=${ORDER_SEED:-$EPOCHSECONDS}
jobfile=${JOBFILE:?$usage}
for n in vcpus boots repeat order_seed; do
	case ${!n} in '' | *[!0-9]* | 0) die "${n^^}=${!n} must be a positive integer" ;; esac
	[ ${#n} -le 18 ] || die "${n^^}=${!n} is too large"
done
case $want in auto | kvm) ;; *) machine_vcpus_ok "$want" "$vcpus" ;; esac
pmu_ok

[ ! -f "$run/run.info" ] || die "run $name already holds this measurement ($run): give another NAME="
need_disk "$LB_BUILD/runs" 500
jobs=$(bash "$LB_TOP/scripts/boot/jobs.sh" "$jobfile" "$vcpus" "$want" "${JOBS_ORIGIN:-user}")
[ -n "$jobs" ] || die "$jobfile has no job that $want can run"
# make built what was stale (the Makefile's variant rules); run alone, this
# boots what is built, and refuses a variant that is not.
bash "$LB_TOP/scripts/build/need-built.sh" "${variants[@]}"
mkdir -p "$run"
# The whole run's output, as it scrolled by, stays with it.
exec > >(tee -a "$run/run.log") 2>&1
note "run: $ts: ${variants[*]}, on $want, $boots boots x $repeat passes${RERUN_OF:+ (again: $RERUN_OF)}"
printf '%s\n' "$jobs" >"$run/jobs"
# build/runs/latest (LATEST=1) names the last run that finished and has
# something to compare: run.info's status=complete and one boot's records.
# A run that dies (a build, the probe, every boot) or is cut short
# (status=incomplete stays) leaves it on the last good one, so a plain
# make compare still works.  An instrument's folder of a run moves none.
latest_moved=0
move_latest() { # variant just collected (failures.csv is no record file)
	[ $latest_moved = 0 ] && [ -f "$run/run.info" ] && [ -s "$run/$1.csv" ] || return 0
	latest_moved=1
}
host_facts # once, for every boot below
start=$EPOCHSECONDS
# The run keeps the kernels and modules it measures, so it can be
# re-analysed after build/ changes (the report disassembles them).
for v in "${variants[@]}"; do
	bash "$LB_TOP/scripts/build/keep-kernel.sh" "$v" "$run/kernels/$v"
done
check_s=$(($EPOCHSECONDS - start))
# The real build time: the last build (as kernel.sh timed it) of each
# kernel, which make built before this script started, plus the time
# spent here before the first boot.
build_s=$check_s
kernel_build_seconds=""
for v in "${variants[@]}"; do
	f=$(variant_path "$v" state)/.lb-build-seconds
	s=$(cat "$f" 2>/dev/null) || s=unknown
	kernel_build_seconds+="$v:$s " # for run.info
	[ "$s" = unknown ] || build_s=$((build_s + s))
done

# One probe for the whole run, so every boot runs on the same machine
# (only auto and kvm need one).
machine=$want
case $want in
auto | kvm) machine=$(bash "$LB_TOP/scripts/boot/accel.sh" "$want" "$(variant_path "${variants[0]}" image)") ;;
esac
ncpus=$LB_HOST_CPUS # nproc, counted by host_facts above
oversub=0
if [ "$vcpus" -gt "$ncpus" ]; then
	oversub=1
	note "run: VCPUS=$vcpus exceeds the host's $ncpus CPUs: every cell is flagged oversubscribed"
fi
# wc -l of the jobs file, which is "$jobs" and a newline.
newlines=${jobs//[!$'\n']/}
machine_qemu_args qargs "$machine"
cat >"$run/run.info" <<EOT
run_id=$ts
variants=${variants[*]}
accel=${machine%%:*}
accel_detail=$machine
qemu_args=${qargs[*]}
vcpus=$vcpus
host_cpus=$ncpus
oversubscribed=$oversub
boots=$boots
repeat=$repeat
order_seed=$order_seed
jobs=$((${#newlines} + 1))
build_seconds=$build_s
check_seconds=$check_s
kernel_build_seconds=$kernel_build_seconds
status=incomplete
EOT
if [ -n "${RERUN_OF:-}" ]; then
	echo "rerun_of=$RERUN_OF" >>"$run/run.info"
fi

# Interleave variants boot by boot, in a new random order each round
# (lib.sh's seeded_shuffle), so slow drift on the host and position in the
# round bias none of them; the same ORDER_SEED gives the same orders.
round_order() { # round
	seeded_shuffle "$order_seed:$1" "${variants[@]}"
}
order=("${variants[@]}") # one variant: every order is that one
nboots=$((boots * ${#variants[@]})) k=0 spent=0
for ((b = 1; b <= boots; b++)); do
	[ ${#variants[@]} -eq 1 ] || mapfile -t order < <(round_order "$b")
	echo "order_round_$b=${order[*]}" >>"$run/run.info"
	for v in "${order[@]}"; do
		bd=$run/boots/$v/boot$b
		# The estimate: the mean wall time of this run's boots so far.
		left=0
		[ $k -gt 0 ] && left=$((spent * (nboots - k) / k))
		k=$((k + 1))
		progress $k $nboots "boot $v #$b" "$left"
		t0=$EPOCHSECONDS
		MACHINE=$machine BOOT=$b REPEAT=$repeat JOBFILE=$run/jobs VCPUS=$vcpus \
			TIMEOUT=${TIMEOUT:-600} bash "$LB_TOP/scripts/boot/qemu-boot.sh" "$v" "$bd" || true
		bash "$LB_TOP/scripts/boot/collect.sh" "$run" "$v" "$bd"
		move_latest "$v"
		spent=$((spent + $EPOCHSECONDS - t0))
	done
done

if [ -n "${PERF_AFTER:-}" ]; then
	for v in "${variants[@]}"; do
		MACHINE=$machine VCPUS=$vcpus bash "$LB_TOP/scripts/boot/perf.sh" "$v" "$PERF_AFTER" \
			"$run/perf/$v" || note "run: perf recording for $v failed (see $run/perf/$v)"
	done
fi

total=$(($EPOCHSECONDS - start))
echo "total_seconds=$total" >>"$run/run.info"
nfail=0
[ -f "$run/failures.csv" ] && nfail=$(($(wc -l <"$run/failures.csv") - 1))
echo "failed_boots=$nfail" >>"$run/run.info"
# The run is whole: only now does run.info say so, so that one cut short
# by a signal, a full disk or a die above keeps status=incomplete.
sed -i 's/^status=incomplete$/status=complete/' "$run/run.info"
if [ $latest_moved = 1 ]; then
	[ "${LATEST:-0}" != 1 ] || ln -sfn "$name" "$LB_BUILD/runs/latest"
else
	note "run: no boot brought records back: build/runs/latest still names the last run that did"
fi
say "run: ${#variants[@]} variants x $boots boots x $repeat repeats on ${machine%%:*} in ${total}s (kernels built in ${build_s}s; this make's checks and module builds ${check_s}s), $nfail failed boots -> ${run#"$LB_TOP"/} (log: run.log)"
