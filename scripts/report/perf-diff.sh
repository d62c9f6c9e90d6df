#!/usr/bin/env bash
# perf-diff.sh RUN OUTDIR: `perf diff` of every compared pair
# (vm-configs/comparisons) whose two variants have perf.data in RUN/perf/,
# into OUTDIR/BASE..OTHER.txt, with perf's warnings in the .log beside it.
# Each side's samples are resolved by build id against the kernels the run
# kept (RUN/kernels/: vmlinux and lockbench.ko, put in a build-id cache of
# the run's own), so the two sides' different vmlinux files both resolve.
. "$(dirname "$0")/../lib.sh"

run=${1:?usage: perf-diff.sh RUN OUTDIR} out=${2:?usage: perf-diff.sh RUN OUTDIR}
# perf buildid-cache refuses relative paths ("Invalid argument").
run=$(readlink -f "$run")
command -v perf >/dev/null || { note "perf-diff: no perf on this host: no perf diff"; exit 0; }
all=$(comparisons aa headline pair timed) || exit 1
cache=$run/perf/.build-id
mkdir -p "$out"
n=0
for p in $all; do
	b=${p%%:*} o=${p##*:}
	[ -s "$run/perf/$b/perf.data" ] && [ -s "$run/perf/$o/perf.data" ] || continue
	for v in "$b" "$o"; do
		for f in vmlinux lockbench.ko; do
			[ ! -f "$run/kernels/$v/$f" ] ||
				perf --buildid-dir "$cache" buildid-cache -a "$run/kernels/$v/$f" >>"$out/$b..$o.log" 2>&1 || true
		done
	done
	# Baseline first: the delta column is OTHER's share minus BASE's.
	if perf --buildid-dir "$cache" diff --sort dso,sym "$run/perf/$b/perf.data" "$run/perf/$o/perf.data" \
		>"$out/$b..$o.txt" 2>>"$out/$b..$o.log"; then
		n=$((n + 1))
	else
		note "perf-diff: perf diff $b $o failed (see ${out#"$LB_TOP"/}/$b..$o.log)"
		rm -f "$out/$b..$o.txt"
	fi
done
note "perf-diff: $n pairs in ${out#"$LB_TOP"/}"
