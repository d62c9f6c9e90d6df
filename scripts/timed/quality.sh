#!/usr/bin/env bash
# quality.sh VARIANT [BOOTS]: the timed instrument's own quality, under
# its accelerator (ACCEL: auto, kvm or tcg; default tcg here).
# Boots VARIANT BOOTS times (default 3), each running 10 repeats of the
# uncontended jobs of bench-user/jobs/quality.jobs (empty, spin_lock and
# spin_lock_irqsave), and reports:
#   - the harness overhead per op (the empty-batch cycles subtracted) and
#     its share of the uncontended spin_lock cost;
#   - the CV of the per-job medians over the 10 jobs of one boot;
#   - the CV of the per-boot medians over the boots.
# Statistics come from lb-stat (GSL).  Output: build/quality/VARIANT-TS/.
. "$(dirname "$0")/../lib.sh"
. "$LB_TOP/schema/contract.sh"

v=${1:?usage: quality.sh VARIANT [BOOTS]} boots=${2:-3}
variant_fragments "$v" >/dev/null
accel=${ACCEL:-tcg}
accel_ok "$accel"
metric=ns_op unit=ns vcpus=${VCPUS:-2}
out=$LB_BUILD/quality/$(claim_dir "$LB_BUILD/quality" "$v-$(utc_now %Y%m%dT%H%M%SZ)")
# The jobs are a job list like any other (bench-user/jobs/quality.jobs),
# read by the one job file expander.
expand_jobs "$LB_TOP/bench-user/jobs/quality.jobs" >"$out/jobs"
files=()
for b in $(seq 1 "$boots"); do
	JOBFILE=$out/jobs REPEAT=10 BOOT=$b MACHINE=$accel VCPUS=$vcpus \
		bash "$LB_TOP/scripts/boot/qemu-boot.sh" "$v" "$out/boot$b" || die "boot $b failed"
	# Within one boot: a pseudo-variant per boot whose passes stand in for
	# boots (boot = seq), so lb-stat's n counts the 10 jobs of that boot.
	awk -F, -v OFS=, -v b="$b" 'NR == 2 { for (i = 1; i <= NF; i++) h[$i] = i }
		NR > 2 && !/^#/ { $h["variant"] = $h["variant"] "-b" b; $h["boot"] = $h["seq"] } { print }' \
		"$out/boot$b/guest/results.csv" >"$out/b$b.csv"
	files+=("$out/b$b.csv")
done
"$LB_TOP/bench-user/lb-stat" summary -o "$out/per-boot.csv" "${files[@]}"
# Across boots: one median per boot, as every report takes them.
"$LB_TOP/bench-user/lb-stat" summary -o "$out/all.csv" $(for b in $(seq 1 "$boots"); do echo "$out/boot$b/guest/results.csv"; done)
# Columns by name, from each file's header line.
ovh=$(awk -F, 'FNR == 2 { for (i = 1; i <= NF; i++) c[$i] = i }
	FNR > 2 && $c["kind"] == "spin_lock" { s += $c["overhead_cyc"]; n++ } END { printf "%.2f", s / n }' "$out"/boot*/guest/results.csv)
{
	echo "variant=$v accel=$accel vcpus=$vcpus boots=$boots jobs_per_boot=10 unit=$unit"
	awk -F, -v ovh="$ovh" -v metric="$metric" -v unit="$unit" '
	NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["mode"] == "hot" && $c["metric"] == "cyc_op" && $c["kind"] == "spin_lock" { sl += $c["mean"]; nsl++ }
	$c["mode"] == "hot" && $c["metric"] == metric {
		split($c["variant"], a, "-b"); b = a[length(a)]
		printf "within boot %s: %-18s n=%s median %.3f %s mean %.3f %s CV %.1f%%\n", b, $c["kind"], $c["n"], $c["median"], unit, $c["mean"], unit, $c["cv_pct"]
	}
	END {
		cu = unit == "ns" ? "cycles" : unit
		if (nsl) printf "harness overhead: %s %s per op subtracted; spin_lock hot %.2f %s per op after it: overhead share %.1f%%\n", ovh, cu, sl / nsl, cu, 100 * ovh / (ovh + sl / nsl)
	}' "$out/per-boot.csv"
	awk -F, -v metric="$metric" -v unit="$unit" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["mode"] == "hot" && $c["metric"] == metric && $c["mean"] > 0 {
		printf "across %d boots: %-18s median of boot medians %.3f %s, CV of boot medians %.1f%%\n", $c["n"], $c["kind"], $c["median"], unit, $c["cv_pct"]
	}' "$out/all.csv"
} | tee "$out/report.txt"
