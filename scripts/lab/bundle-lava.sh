#!/bin/sh
# The native bundle under LAVA (make bundle ships it as lava.sh, beside
# lava-test.yaml, the test definition that runs it): run.sh on the lab
# machine with the options given (-t, -r, -u, -p, ...), its results in
# ./lockbench-results, and each reported to LAVA with lava-test-case:
#   lockbench-native-run       run.sh's exit (pass: it ran to its end)
#   VARIANT-bootN              each replicate: pass, fail, or skip when
#                              the time was up before it finished
#   VARIANT_bootN_SEQ_KIND_MODE_tTHREADS
#                              each record: its status, and its figure
#                              (hot, cold: cyc_op in TSC cycles per
#                              acquire+release; contended: ops_per_s)
# POSIX sh, as run.sh; LB_LAVA_OUT names another results folder.
here=$(cd "$(dirname "$0")" && pwd)
out=${LB_LAVA_OUT:-lockbench-results}
command -v lava-test-case >/dev/null ||
	{ echo "lockbench lava: no lava-test-case: run this from a LAVA test definition (lava-test.yaml)" >&2; exit 2; }

rc=0
sh "$here/run.sh" -o "$out" "$@" || rc=$?
if [ "$rc" = 0 ]; then lava-test-case lockbench-native-run --result pass
else lava-test-case lockbench-native-run --result fail; fi
[ -f "$out/progress.txt" ] || exit "$rc"

# progress.txt: "ok V bootN", "failed V bootN exit ...", "cut V bootN: ...".
while read -r state v b _; do
	case $state in
	ok) r=pass ;;
	failed) r=fail ;;
	cut) r=skip ;;
	*) continue ;;
	esac
	lava-test-case "$v-${b%:}" --result "$r"
done <"$out/progress.txt"

for f in "$out"/boots/*/boot*/results.csv; do
	[ -f "$f" ] || continue
	awk -F, 'NR == 2 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		NR > 2 && !/^#/ {
			contended = $c["mode"] == "contended"
			printf "%s_boot%s_%s_%s_%s_t%s %s %s %s\n", $c["variant"], $c["boot"], $c["seq"], $c["kind"], $c["mode"],
				$c["threads"], $c["status"] == "ok" ? "pass" : "fail",
				contended ? $c["ops_per_s"] : $c["cyc_op"], contended ? "ops/s" : "cycles"
		}' "$f"
done | while read -r name r val units; do
	lava-test-case "$name" --result "$r" --measurement "$val" --units "$units"
done
exit "$rc"
