#!/bin/sh
# The native bundle's runner (make bundle puts it in the tarball as
# run.sh).  It runs the bundle's lb-native (one binary, every variant in
# it) on this machine, a process a variant a round, and
# writes records in lockbench's contract, with the host's facts and
# topology; it needs Linux on x86-64 with a constant TSC, and nothing
# else: no compiler, no root, no lockbench checkout, no bash.
#
#   sh run.sh [-o DIR] [-t SECONDS] [-r RUNS] [-u MS] [-p PLACEMENT] [-T THREADS] [-s SEED]
#
#   -o DIR        where the results go (default lockbench-results-UTCTIME,
#                 in the current directory); it must not exist yet
#   -t SECONDS    stop by itself within this many seconds (default 300):
#                 no process starts that the time left cannot hold, and
#                 one still running at the end is stopped and dropped
#   -r RUNS       rounds, each running every variant once in a shuffled
#                 order (default 10); one process is one replicate
#   -u MS         the least TSC time each job gets in a process (default
#                 100, what the statistics want; less for a quick look)
#   -p PLACEMENT  where the threads of cold and contended jobs that name
#                 no placement sit: any (default), smt, llc, cross-llc or
#                 cross-node (topology.sh's CPUs for it; refused where
#                 this machine has no such pair of CPUs; contended jobs
#                 then run at most as many threads as it has CPUs).  A
#                 job that names a placement= keeps its own.
#   -T THREADS    contended thread counts (default 1,2,4,... and all CPUs)
#   -s SEED       the order's seed (default: the start time)
#
# Each replicate is written into DIR/boots/VARIANT/.bootN.part and
# renamed to bootN only when its process succeeded: killed at any moment,
# DIR holds only complete replicates (a .part folder is what was cut
# short, and import ignores it); progress.txt says what ran.  Take DIR
# back to a lockbench checkout: make import BUNDLE_RESULTS=DIR.
here=$(cd "$(dirname "$0")" && pwd)
die() { echo "lockbench bundle: error: $*" >&2; exit 1; }

out="" secs=300 runs=10 unit=100 place=any threads="" seed=""
while getopts o:t:r:u:p:T:s: opt; do
	case $opt in
	o) out=$OPTARG ;;
	t) secs=$OPTARG ;;
	r) runs=$OPTARG ;;
	u) unit=$OPTARG ;;
	p) place=$OPTARG ;;
	T) threads=$OPTARG ;;
	s) seed=$OPTARG ;;
	*) echo "usage: sh run.sh [-o DIR] [-t SECONDS] [-r RUNS] [-u MS] [-p PLACEMENT] [-T THREADS] [-s SEED]" >&2; exit 2 ;;
	esac
done
whole() { case $1 in '' | *[!0-9]*) return 1 ;; esac; [ "$1" -ge 1 ]; }

# Everything is refused before anything is written.
[ "$(uname -s)" = Linux ] || die "this bundle runs on Linux, and this is $(uname -s)"
[ "$(uname -m)" = x86_64 ] || die "this bundle holds x86-64 kernel lock code, and this machine is $(uname -m): run it on an x86-64 Linux machine"
cpuinfo=${LBN_CPUINFO:-/proc/cpuinfo}
[ -r "$cpuinfo" ] || die "cannot read $cpuinfo"
grep -m 1 '^flags' "$cpuinfo" | grep -qw constant_tsc ||
	die "this CPU's TSC is not constant (no constant_tsc in $cpuinfo's flags), so its ticks are not time: run the bundle on a CPU with constant_tsc"
whole "$secs" || die "-t $secs: want whole seconds, at least 1"
whole "$runs" || die "-r $runs: want a whole number of rounds, at least 1"
whole "$unit" || die "-u $unit: want whole milliseconds, at least 1"
[ -z "$seed" ] || case $seed in *[!0-9]*) die "-s $seed: want a whole number" ;; esac
[ -f "$here/bundle.info" ] && [ -f "$here/jobs" ] || die "$here is not a lockbench bundle (no bundle.info or jobs)"
variants=$(sed -n 's/^variants=//p' "$here/bundle.info")
bin=$here/bin/lb-native
[ -x "$bin" ] || die "the bundle lacks bin/lb-native"
unset LBN_CPUS
ncpus=$(getconf _NPROCESSORS_ONLN 2>/dev/null) || ncpus=$(grep -c '^processor' /proc/cpuinfo)
# The placements -p and the jobs name, each refused here where this
# machine has none (topology.sh says why), else lb-native's -C: its CPUs.
named=$(sed 's/\(^\|[[:space:]]\)#.*//' "$here/jobs" | grep -o 'placement=[a-z-]*' | sed 's/^placement=//' | sort -u)
cargs="" pcpus=any
for p in $place $named; do
	[ "$p" != any ] || continue
	case " $cargs " in *" -C $p="*) continue ;; esac
	c=$(sh "$here/topology.sh" -s "${LBN_SYSFS:-/sys}" cpus "$p") || die "placement $p is refused on this machine (see above)"
	cargs="$cargs -C $p=$c"
	[ "$p" != "$place" ] || pcpus=$c
done
[ "$pcpus" = any ] || ncpus=$(echo "$pcpus" | tr , '\n' | grep -c .)
if [ -z "$threads" ]; then
	t=1 threads=""
	while [ "$t" -lt "$ncpus" ]; do threads="$threads$t,"; t=$((t * 2)); done
	threads=$threads$ncpus
fi
case $threads in *[!0-9,]* | ,* | *, | *,,*) die "-T $threads: want a comma-separated list of thread counts, like 1,2" ;; esac
for t in $(echo "$threads" | tr , ' '); do
	[ "$t" -ge 1 ] && [ "$t" -le "$ncpus" ] || die "-T $threads: $t threads on $ncpus CPUs$([ "$pcpus" = any ] || echo " (placement $place: $pcpus)"): want 1 to $ncpus"
done
start=$(date +%s)
[ -n "$seed" ] || seed=$start
[ -n "$out" ] || out=lockbench-results-$(date -u +%Y%m%dT%H%M%SZ)
[ ! -e "$out" ] || die "$out already exists: give another -o"

# The job list from the binary's job file expander (lockbench's one:
# comments, continuations, threads=SWEEP as one job per thread count),
# each job checked against this machine's CPUs.
# -p's placement goes into each cold and contended job that names none,
# and the list is checked again with it.
hid=$(sh "$here/host-cpu.sh" "$cpuinfo" | sed -n 's/^host_id=//p')
# shellcheck disable=SC2086 # cargs: -C options, one word each
joblist=$("$bin" -n -P -b 0 -H "$hid" -j "$here/jobs" -w "$threads" $cargs) ||
	die "the bundle's job list is refused on this machine (see above)"
if [ "$place" != any ]; then
	joblist=$(echo "$joblist" | awk -v p="$place" '/(^| )mode=(cold|contended)( |$)/ && !/ placement=/ { $0 = $0 " placement=" p } 1')
	# shellcheck disable=SC2086
	echo "$joblist" | "$bin" -n -b 0 -H "$hid" -j - $cargs ||
		die "the bundle's job list is refused on this machine at placement $place (see above)"
fi

mkdir -p "$out" || die "cannot make $out"
# Scratch files (the topology's) go in the output folder, which this run
# can write, not in TMPDIR, which a lab or an unprivileged user may not.
mkdir -p "$out/.scratch" && TMPDIR=$out/.scratch && export TMPDIR || die "cannot make $out/.scratch for scratch files"
echo "$joblist" >"$out/jobs"
cp "$here/bundle.info" "$out/bundle.info"
[ ! -d "$here/disasm-check" ] || cp -r "$here/disasm-check" "$out/"
LBN_SYSFS=${LBN_SYSFS:-/sys} sh "$here/host-facts.sh" >"$out/host-facts.txt" || die "cannot read this machine's facts"
{
	echo "source=bundle"
	echo "host_id=$hid"
	echo "variants=$variants"
	echo "placement=$place"
	echo "cpus=$pcpus"
	echo "placements=$(echo $cargs | sed 's/-C //g')"
	echo "threads=$threads"
	echo "rounds=$runs"
	echo "seconds=$secs"
	echo "order_seed=$seed"
	echo "start_utc=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
} >"$out/run.info"

# One process: into .bootN.part, renamed when it succeeded.  A watchdog
# stops it at the deadline.
child="" part="" dog=""
finish() { # why
	rm -rf "$out/.scratch"
	echo "stopped=$1" >>"$out/run.info"
	echo "seconds_used=$(($(date +%s) - start))" >>"$out/run.info"
	echo "lockbench bundle: $1: $(grep -c '^ok ' "$out/progress.txt" 2>/dev/null || echo 0) replicates in $out" >&2
}
on_signal() {
	[ -z "$child" ] || kill "$child" 2>/dev/null
	[ -z "$dog" ] || kill "$dog" 2>/dev/null
	[ -z "$child" ] || wait "$child" 2>/dev/null
	[ -z "$part" ] || rm -rf "$part"
	finish signal
	exit 130
}
trap on_signal INT TERM HUP
: >"$out/progress.txt"
deadline=$((start + secs)) longest=0 stop=done
r=1
while [ "$r" -le "$runs" ] && [ "$stop" = done ]; do
	order=$(echo "$variants" | tr ' ' '\n' | awk -v s="$seed$r" 'BEGIN { srand(s % 2147483647) } { k[NR] = rand(); v[NR] = $0 }
		END { for (i = 1; i <= NR; i++) for (j = i + 1; j <= NR; j++) if (k[j] < k[i]) { t = k[i]; k[i] = k[j]; k[j] = t; t = v[i]; v[i] = v[j]; v[j] = t }
		      for (i = 1; i <= NR; i++) printf "%s ", v[i] }')
	echo "order_round_$r=$order" >>"$out/run.info"
	for v in $order; do
		# date +%s is whole seconds: now is up to 1 s behind the clock,
		# so a second is kept in hand.  No process starts that the time
		# left cannot hold (longest: the slowest so far, rounded up).
		now=$(date +%s)
		if [ $((now + 1 + longest)) -gt "$deadline" ]; then
			stop=time
			break
		fi
		part=$out/boots/$v/.boot$r.part
		mkdir -p "$part"
		# -c: the variant's chain calibration (TSC cycles a dependent
		# step), as make native's processes write it: the cycles model
		# prices the path's instructions with it.  -x: the contended
		# sections as measured, for import's 3% check.
		# shellcheck disable=SC2086
		"$bin" -v "$v" -b "$r" -H "$hid" -j "$out/jobs" -t "$unit" $cargs \
			-o "$part/results.csv" -p "$part/physlimit.csv" -c "$part/calibration.csv" \
			-x "$part/sections.csv" -F "$part/facts.txt" 2>"$part/native.log" &
		child=$!
		# (its sleep goes with it: nothing of the run outlives it)
		(
			trap 'kill "$nap" 2>/dev/null; exit 0' TERM
			sleep $((deadline - now - 1)) &
			nap=$!
			wait "$nap" && kill "$child" 2>/dev/null
		) >/dev/null 2>&1 &
		dog=$!
		rc=0
		wait "$child" || rc=$?
		kill "$dog" 2>/dev/null
		wait "$dog" 2>/dev/null
		child="" dog=""
		took=$(($(date +%s) - now + 1))
		[ "$took" -le "$longest" ] || longest=$took
		if [ "$rc" = 0 ]; then
			mv "$part" "$out/boots/$v/boot$r"
			echo "ok $v boot$r" >>"$out/progress.txt"
		elif [ $(($(date +%s) + 1)) -ge "$deadline" ]; then
			rm -rf "$part"
			echo "cut $v boot$r: the time was up" >>"$out/progress.txt"
			stop=time
			break
		else
			mv "$part" "$out/boots/$v/failed$r"
			echo "failed $v boot$r exit $rc: $(tail -n 1 "$out/boots/$v/failed$r/native.log")" >>"$out/progress.txt"
		fi
		part=""
	done
	r=$((r + 1))
done
finish "$stop"
