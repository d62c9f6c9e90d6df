#!/usr/bin/env bash
# tsc-step.sh RUN: the TSC's step of a run, in ticks, and where it
# comes from, as "STEP SOURCE":
#   measured   lb-native measured it (run.info's tsc_step, from each
#              process's facts: the largest k dividing 99% of the
#              differences between raw reads);
#   inferred   a run from before that: the largest k dividing 99% of its
#              hot figures' ticks per batch of 1000 ops, the only trace a
#              step leaves in the records (a Zen 4 VM's TSC advances by
#              26: every hot cyc_op there is a multiple of 0.026);
#   none       neither: no hot record of 1000-op batches; the step is
#              taken as 1.
# The quantum of every cycles figure is the step over a sample's ops.
set -euo pipefail
nat=${1:?usage: tsc-step.sh RUN}
info=$nat/run.info
[ -f "$info" ] || { echo "tsc-step.sh: no $info" >&2; exit 1; }
step=$(sed -n 's/^tsc_step=//p' "$info" | tail -n 1)
if [ -n "$step" ]; then
	echo "$step measured"
	exit 0
fi
shopt -s nullglob
files=("$nat"/*.csv)
awk -F, '
	FNR == 1 { h = 0; next }
	FNR == 2 { delete c; for (i = 1; i <= NF; i++) c[$i] = i; h = ("cyc_op" in c) && ("batch_ops" in c); next }
	!h || $c["mode"] != "hot" || $c["batch_ops"] != 1000 || $c["status"] != "ok" { next }
	{
		for (f = 1; f <= 4; f++) {
			col = f == 1 ? "cyc_op" : f == 2 ? "cyc_p25" : f == 3 ? "cyc_p75" : "overhead_cyc"
			if (!(col in c)) continue
			t = int($c[col] * 1000 + 0.5)
			if (t > 0) v[++n] = t
		}
	}
	END {
		if (!n) { print "1 none"; exit }
		for (k = 200; k > 1; k--) {
			hits = 0
			for (i = 1; i <= n; i++) hits += v[i] % k == 0
			if (hits * 100 >= n * 99) { print k, "inferred"; exit }
		}
		print "1 inferred"
	}' "${files[@]}"
