#!/usr/bin/env bash
# quality.sh VARIANT [BOOTS]: the measuring instrument's own quality.
# Boots VARIANT BOOTS times (default 3), each running 10 repeats of the
# uncontended empty, spin_lock and spin_lock_irqsave jobs, and reports:
#   - the harness overhead per op (the empty-batch cycles subtracted) and
#     its share of the uncontended spin_lock cost;
#   - the CV of the per-job medians over the 10 jobs of one boot;
#   - the CV of the per-boot means over the boots.
# Statistics come from lb-summary (GSL).  Output: build/quality/VARIANT-TS/.
. "$(dirname "$0")/lib.sh"

v=${1:?usage: quality.sh VARIANT [BOOTS]} boots=${2:-3}
variant_fragments "$v" >/dev/null
out=$LB_BUILD/quality/$v-$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$out"
cat >"$out/jobs" <<'EOT'
kind=empty mode=hot batches=200 batch_ops=100
kind=spin_lock mode=hot batches=200 batch_ops=100
kind=spin_lock_irqsave mode=hot batches=200 batch_ops=100
EOT
files=()
for b in $(seq 1 "$boots"); do
	JOBS=$out/jobs REPEAT=10 BOOT=$b ACCEL=${ACCEL:-tcg} VCPUS=${VCPUS:-2} \
		"$LB_TOP/scripts/qemu-boot.sh" "$v" "$out/boot$b" || die "boot $b failed"
	# One pseudo-variant per boot, so lb-summary gives within-boot statistics.
	sed "3,\$s/^$v,/$v-b$b,/" "$out/boot$b/guest/results.csv" >"$out/b$b.csv"
	files+=("$out/b$b.csv")
done
"$LB_TOP/bench-user/lb-summary" -s "$out/per-boot.csv" -p "$out/unused.csv" "${files[@]}"
"$LB_TOP/bench-user/lb-summary" -s "$out/all.csv" -p "$out/unused2.csv" "$out/boot1/guest/results.csv" \
	$(for b in $(seq 2 "$boots"); do echo "$out/boot$b/guest/results.csv"; done)
ovh=$(awk -F, 'NR > 2 && $9 == "spin_lock" { s += $20; n++ } END { printf "%.2f", s / n }' "$out"/boot*/guest/results.csv)
{
	echo "variant=$v accel=${ACCEL:-tcg} vcpus=${VCPUS:-2} boots=$boots jobs_per_boot=10"
	awk -F, -v ovh="$ovh" '
	$3 == "hot" && $8 == "cyc_op" && $2 == "spin_lock" { sl += $11; nsl++ }
	$3 == "hot" && $8 == "ns_op" {
		split($1, a, "-b"); b = a[length(a)]
		cv = $11 > 0 ? 100 * $12 / $11 : 0
		printf "within boot %s: %-18s n=%s median %.3f ns mean %.3f ns CV %.1f%%\n", b, $2, $9, $10, $11, cv
		m[$2] = m[$2] " " $11
	}
	END {
		for (k in m) {
			n = split(m[k], x, " "); s = 0; for (i = 1; i <= n; i++) s += x[i]; mu = s / n
			q = 0; for (i = 1; i <= n; i++) q += (x[i] - mu) ^ 2
			sd = n > 1 ? sqrt(q / (n - 1)) : 0
			if (mu > 0) printf "across %d boots: %-18s mean of boot means %.3f ns, CV %.1f%%\n", n, k, mu, 100 * sd / mu
		}
		if (nsl) printf "harness overhead: %s cycles per op subtracted; spin_lock hot %.2f cycles per op after it: overhead share %.1f%%\n", ovh, sl / nsl, 100 * ovh / (ovh + sl / nsl)
	}' "$out/per-boot.csv"
} | tee "$out/report.txt"
