#!/usr/bin/env bash
# plan.sh GOAL...: make DRYRUN=1 (as kvm.sh --dryrun): what the goals
# would build, boot and run, and why, with a time estimated from recorded
# builds and boots: this clone's, else lockbench's one table of measured
# stage times (stage-times.sh: the published run's stages, and the rest
# in schema/stage-times.tsv, each measured on the host it names).  It
# reads and never writes: no build/, no tree, no QEMU.  The settings were
# checked first (check-args.sh); a goal that refuses more before any work
# (make native: its kernels; make quick: its trees and refs) refuses here
# too, with the same message and exit.
. "$(dirname "$0")/../lib.sh"
. "$LB_TOP/schema/contract.sh"

goals=()
for g in "${@:-help}"; do
	# make all is its steps, read from the Makefile's all: line (a copy
	# here had lost the native step).
	if [ "$g" = all ]; then
		read -r -a steps <<<"$(sed -n 's/^all: args-ok //p' "$LB_TOP/Makefile")"
		goals+=("${steps[@]}")
	else
		goals+=("$g")
	fi
done
est=0 unknown=()
line() { printf '  %s\n' "$*"; }

# kernel_why VARIANT -> why it would be built (empty: up to date), the same
# questions kernel.sh asks before it calls Kbuild.
kernel_why() {
	local v=$1 tree kdir frags key
	tree=$(variant_path "$v" tree) kdir=$(variant_path "$v" kdir)
	[ -n "$tree" ] || return 0 # a prebuilt kernel is never built here
	if [ "$tree" = "$LB_TREE" ] && [ ! -f "$LB_STAMP" ]; then echo "missing (the tree is not extracted yet)" && return; fi
	[ -d "$tree" ] || { echo "missing (make tree sets up its tree)" && return; }
	[ -f "$(variant_path "$v" image)" ] && [ -f "$kdir/vmlinux" ] || { echo "missing (never built here)" && return; }
	[ -f "$kdir/.lb-fresh" ] || { echo "out of date (its last build did not finish)" && return; }
	[ -z "${KCONFIG:-}" ] || { echo "out of date (KCONFIG= adds options)" && return; }
	if [ "$tree" = "$LB_TREE" ]; then
		mapfile -t frags < <(variant_fragments "$v")
		key=$(sha_of "$LB_VMCONFIGS/base.config" "${frags[@]}" "$LB_STAMP")
		[ "$key" = "$(cat "$kdir/.lb-config-key" 2>/dev/null)" ] || { echo "out of date (its fragments or the tree changed)" && return; }
	elif [ "$(git -C "$tree" rev-parse HEAD 2>/dev/null)" != "$(cat "$kdir/.lb-tree-head" 2>/dev/null)" ]; then
		echo "out of date (its tree is at another commit)" && return
	fi
	[ -z "$(find "$tree" -newer "$kdir/.lb-fresh" -print -quit)" ] || echo "out of date (files of its tree are newer than its last build)"
}

declare -A planned=() # a kernel an earlier goal builds is built once
kernels() { # VARIANT...: each kernel's state; adds recorded build times
	local v why s
	for v; do
		[ -z "${planned[$v]:-}" ] || continue
		planned[$v]=1
		why=$(kernel_why "$v")
		# (the tree first, once, when it is not extracted yet)
		[[ $why != *"tree is not extracted"* ]] || stage tree 1 "tree: extract $LB_SRC_PKG into ${LB_TREE#"$LB_TOP"/} and apply patch/series"
		if [ -z "$why" ]; then
			line "kernel $v: up to date"
			continue
		fi
		s=$(cat "$(variant_path "$v" state)/.lb-build-seconds" 2>/dev/null || true)
		if [ -n "$s" ]; then
			est=$((est + s)) && line "kernel $v: build: $why; last build took ${s}s"
		elif s=$(published_build "$v"); then
			est=$((est + s)) && line "kernel $v: build: $why; about ${s}s (the published run's build: stage kernel:$v, measured on $(awk -F '\t' -v s="kernel:$v" '$1 == s { print $4 }' <<<"$STAGES"))"
		else
			unknown+=("$v's build") && line "kernel $v: build: $why; no build time recorded"
		fi
	done
}

# The one table of measured stage times (stage-times.sh), read once.
STAGES=$("$LB_TOP/scripts/build/stage-times.sh")
# A kernel's build time in the published run (the table's kernel:VARIANT
# rows), for a clone that built none.
published_build() { # VARIANT
	awk -F '\t' -v s="kernel:$1" '$1 == s { print $2; found = 1 } END { exit !found }' <<<"$STAGES"
}
# stage NAME N WHAT: N (a count of the row's "per": variants, or 1) times
# the table's NAME row, added to the estimate and said with its host and
# source.  A stage done once a make (the report's steps) is counted once.
declare -A staged=()
stage() {
	local name=$1 n=$2 what=$3 secs per host src
	[ -z "${staged[$name]:-}" ] || return 0
	staged[$name]=1
	if ! IFS=$'\t' read -r _ secs per host src < <(awk -F '\t' -v s="$name" '$1 == s' <<<"$STAGES"); then
		unknown+=("$what") && line "$what: no time measured"
		return 0
	fi
	[ "$per" = variant ] || n=1
	est=$((est + secs * n))
	line "$what: about $((secs * n))s$([ "$n" = 1 ] || echo ", ${secs}s a variant") (stage $name, measured on $host)"
}

# An instrument's folder in a run directory, by its make target (the
# contract's rows: its name, and its alias where it has one).
declare -A rundir_of=() question_of=()
while IFS=$'\t' read -r name _ rundir _ alias _ question; do
	for t in "$name" "$alias"; do
		[ "$t" = - ] || rundir_of[$t]=$rundir question_of[$t]=$question
	done
done < <(contract_rows instruments)

# N units (boots; native: processes) of TARGET's instrument, timed from
# the newest run.info of its folder that recorded its total (its total
# over its boots and variants), this clone's runs first, then the
# published run's: prints the seconds, what each took and the run it came
# from.
unit_time() { # TARGET N
	local f d=${rundir_of[$1]} t src
	for f in $(ls -r "$LB_BUILD"/runs/*/"$d"/run.info 2>/dev/null) "$LB_TOP/results/raw/$d/run.info"; do
		t=$(awk -F= -v n="$2" -v top="$([ "$d" = . ] && echo 1 || echo 0)" -v accels=" $(machines yes) " '{ k[$1] = $2 }
			END { if (!k["total_seconds"] || !k["boots"]) exit 1
				# a run directory of its own once held an icount
				# run: the run itself is the timed one, on an
				# accelerator
				if (top && !index(accels, " " k["accel"] " ")) exit 1
				each = k["total_seconds"] / (k["boots"] * split(k["variants"], v, " "))
				printf "%d %.1f\n", each * n + 0.5, each }' "$f" 2>/dev/null) || continue
		src=${f%/run.info} src=${src%/.}
		src=${src#"$LB_TOP"/}
		case $src in results/raw*) src="the published run, $src" ;; *) src="recorded, ${src#"$LB_BUILD"/}" ;; esac
		echo "$t $src"
		return 0
	done
	return 1
}

boots() { # TARGET N WHAT [UNITS]: N boots (or UNITS) of TARGET's instrument
	local u=${4:-boots} t secs each src
	if t=$(unit_time "$1" "$2"); then
		read -r secs each src <<<"$t"
		est=$((est + secs)) && line "$3: $2 $u, about ${each}s each ($src)"
	else
		unknown+=("$3's $u") && line "$3: $2 $u; no $1 time measured"
	fi
}

jobs_of() { # JOBFILE -> the number of job lines
	grep -c -v -E '^[[:space:]]*(#|$)' "$1" || true
}

mapfile -t vs < <(parse_variants "${VARIANTS:-}")
accel=${ACCEL:-auto}
case $accel in
auto) accel_says="auto (a bounded KVM probe boot, else multi-threaded TCG)" ;;
*) accel_says=$accel ;;
esac
jobfile=${JOBFILE:-$LB_TOP/bench-user/jobs/default.jobs}
say "DRYRUN=1: the plan of make ${*:-help}; nothing is built, booted or written"
# Every make checks its settings first (check-args.sh).
stage settings 1 "settings: checked"
# report STEP...: the report's steps, each once (make plots runs compare).
report() {
	local s
	for s; do stage "$s" 1 "$s: reads RUN=${RUN:-build/runs/latest} (the run the goals before it made, if any)"; done
}
for g in "${goals[@]}"; do
	case $g in
	help | clean) stage "$g" 1 "$g: as without DRYRUN (it builds nothing)" ;;
	hooks) stage hooks 1 "hooks: git config core.hooksPath scripts/git (git then runs scripts/git/commit-msg)" ;;
	deps | deps-lava) stage "$g" 1 "$g: install the Debian packages the suite uses (scripts/build/deps.sh; as root)" ;;
	user) stage user 1 "user: the tools of bench-user/ (make decides what is stale)" ;;
	events-plugin) stage events-plugin 1 "events-plugin: bench-user/events/lockbench-events.so, checked against QEMU" ;;
	tree)
		if [ -n "${KSRC:-}${KERNEL:-}" ]; then line "tree: set up your own kernels: $(byo_variants | tr '\n' ' ')(scripts/build/byo.sh)" && stage byo 1 "tree: your own trees"
		elif [ -f "$LB_STAMP" ]; then line "tree: present (${LB_TREE#"$LB_TOP"/})"
		else stage tree 1 "tree: extract $LB_SRC_PKG into ${LB_TREE#"$LB_TOP"/} and apply patch/series"; fi
		;;
	kernels) line "kernels: ${vs[*]}" && kernels "${vs[@]}" ;;
	kernel) kernels "${VARIANT:-${vs[@]}}" ;;
	module | modules | initramfs)
		if [ "$g" = module ]; then set -- "${VARIANT:-${vs[@]}}"; else set -- "${vs[@]}"; fi
		kernels "$@"
		stage module $# "$g: lockbench.ko of $*"
		[ "$g" != initramfs ] || stage initramfs $# "initramfs: the guest's archives of $*"
		;;
	timed | run | again)
		b=${BOOTS:-10}
		[ "$g" != again ] || line "again: repeats ${RUN:-build/runs/latest} with its own settings unless given (run.info)"
		line "$g: variants ${vs[*]}; ACCEL=$accel_says; VCPUS=${VCPUS:-2}; $b boots x ${REPEAT:-3} passes of $(jobs_of "$jobfile") jobs (${jobfile#"$LB_TOP"/}); perf recording: $([ "${PERF:-1}" = 1 ] && echo yes || echo no)"
		kernels "${vs[@]}"
		boots run $((b * ${#vs[@]})) "$g"
		;;
	icount | pathlen)
		line "$g: variants ${vs[*]}; the icount machine, 1 vCPU; ${BOOTS_ICOUNT:-2} boots of the hot jobs of ${jobfile#"$LB_TOP"/}"
		kernels "${vs[@]}"
		boots "$g" $((${BOOTS_ICOUNT:-2} * ${#vs[@]})) "$g"
		;;
	native)
		line "native: variants ${vs[*]}; each variant's lock objects linked into a user process, ${RUNS:-20} processes, every variant in each, THREADS=${THREADS:-1,2}; no boot (build/runs/${LB_RUN_NAME:-NAME}/native)"
		# make native builds no kernel: unless a goal before it does, it
		# refuses what its own checks refuse, before any work.
		if [ -n "${planned[*]}" ]; then
			VARIANTS=${VARIANTS:-} "$LB_TOP/scripts/native/run.sh" --check-settings || exit
		else
			VARIANTS=${VARIANTS:-} "$LB_TOP/scripts/native/run.sh" --check || exit
		fi
		boots native $((${RUNS:-20} * ${#vs[@]})) native "variant runs (${RUNS:-20} processes x ${#vs[@]} variants)"
		;;
	events)
		line "events: variants ${vs[*]}; the lockbench-events plugin, a hot pass under icount (1 vCPU) and an smp pass under TCG (${VCPUS:-2} vCPUs) per variant (scripts/events/run.sh)"
		kernels "${vs[@]}"
		boots events ${#vs[@]} events "variants' passes"
		;;
	calibrate)
		line "calibrate: variant ${VARIANT:-stock}; 2 icount boots, then ${BOOTS:-10} timed boots x ${REPEAT:-3} passes (ACCEL=$accel_says), and ${BOOTS:-10} native processes of the same pads"
		kernels "${VARIANT:-stock}"
		boots pathlen 2 calibrate
		boots run "${BOOTS:-10}" calibrate
		boots native "${BOOTS:-10}" calibrate processes
		;;
	boot | perf) line "$g: variant $VARIANT; ACCEL=$accel_says; 1 boot${JOB:+ recording JOB='$JOB'}" && kernels "$VARIANT" && boots run 1 "$g" ;;
	quality) line "quality: variant $VARIANT; ${BOOTS_Q:-3} boots of 10 passes" && kernels "$VARIANT" && boots run "${BOOTS_Q:-3}" quality ;;
	compare) report compare ;;
	plots) report compare plots ;;
	results) report compare plots results ;;
	publish) report compare plots results publish ;;
	cover-letter) report compare cover-letter ;;
	check | check-long)
		if [ "${LB_CHECK_HOST_ONLY:-0}" = 1 ]; then
			stage check-host-only 1 "$g: the test suite (tests/harness/check.sh), its unit and host tests"
		else
			stage deps 1 "deps: first (scripts/build/deps.sh)"
			mapfile -t cvs < <(parse_variants "${CHECK_VARIANTS:-pre-debug post-debug stock}")
			line "$g: the test suite (tests/harness/check.sh): unit and host tests, kernels ${cvs[*]} and their boots"
			kernels "${cvs[@]}"
			stage "$g" 1 "$g: its tests, the kernels built"
		fi
		;;
	check-bisect) stage check-bisect 1 "check-bisect: every prefix of patch/series built for each variant it defines" ;;
	native-pathlen)
		line "native-pathlen: variants ${vs[*]}; each variant's lb-native under callgrind (build/native/pathlen.csv)"
		stage native-pathlen ${#vs[@]} "native-pathlen: ${#vs[@]} variants"
		;;
	quick)
		if [ -n "${KSRC:-}" ]; then qn=2; else qn=${#vs[@]}; fi
		line "quick: $([ -n "${KSRC:-}" ] && echo "your tree KSRC=$KSRC against ${BASE_KSRC:-BASE=${BASE:-its HEAD}}" || echo "variants ${vs[*]}"): each tree's lock objects, native cycles and user-space path lengths (docs/quick.md)"
		stage quick "$qn" "quick: $qn trees"
		;;
	import) stage import 1 "import: ${BUNDLE_RESULTS:+the results of a native bundle, $BUNDLE_RESULTS}${BUNDLE_LOG:+the logs of a lab, $BUNDLE_LOG} into a run directory" ;;
	bundle)
		line "bundle: variants ${vs[*]}; each variant's lb-native, the job list and run.sh in ${BUNDLE_OUT:-build/bundle}/ (the kernels must be built)"
		stage bundle ${#vs[@]} "bundle: ${#vs[@]} variants"
		;;
	export | lava-run)
		kernels "$VARIANT"
		stage module 1 "$g: lockbench.ko of $VARIANT"
		stage initramfs 1 "$g: the guest's archives of $VARIANT"
		stage export 1 "export: bzImage, initramfs and LAVA jobs in build/export/$VARIANT"
		[ "$g" != lava-run ] || stage lava-run 1 "lava-run: the exported job through Debian's lava-run, then imported"
		;;
	cell-count) kernels "$VARIANT" && boots pathlen 1 cell-count ;;
	bisect)
		line "bisect: KSRC=${KSRC:-} from GOOD=${GOOD:-} to BAD=${BAD:-}: each step a kernel build and an icount boot of CELL"
		stage bisect-step 1 "bisect: one step (git bisect takes about log2 of the commits between)"
		;;
	*)
		# An instrument's target that has no line above: its row says
		# what it answers, its recorded runs what it takes.
		if [ -n "${question_of[$g]:-}" ]; then
			line "$g: variants ${vs[*]}; ${question_of[$g]}"
			kernels "${vs[@]}"
			boots "$g" ${#vs[@]} "$g" "variants' runs"
		else
			line "$g: see docs/targets.md"
		fi
		;;
	esac
done
if [ ${#unknown[@]} -eq 0 ]; then
	say "DRYRUN=1: estimated $((est / 60)) min $((est % 60)) s from measured times"
else
	say "DRYRUN=1: estimated at least $((est / 60)) min $((est % 60)) s from measured times; none measured for $(printf '%s, ' "${unknown[@]}" | sed 's/, $//')"
fi
