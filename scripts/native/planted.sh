#!/usr/bin/env bash
# planted.sh RUN [STEPS]: the smallest planted change a native run
# resolves.  The chain calibration (calibration.csv) timed spin_lock with
# STEPS dependent one-cycle adds on its path in every process, beside the
# same loop with none; each is a planted change of known size in the
# same processes.  Here each variant's STEPS rows become records of a
# variant VARIANT+STEPS, and its 0-step rows records of VARIANT+0, and
# lb-stat compare, the run's own statistics, gives each pair's change,
# CI and rank-sum p (a family of one cell: the Holm p is the p).  No A/A
# floor is applied: the question is what the test can see, and
# pairs.csv's verdict says "changed-no-floor" or "not-significant".
# STEPS: default 1 (one add, about one core cycle).  Writes
# RUN/planted/pairs-STEPS.csv and prints it.
. "$(dirname "$0")/../lib.sh"

run=${1:?usage: planted.sh RUN [STEPS]}
steps=${2:-1}
[[ $steps =~ ^[1-9][0-9]*$ ]] || die "planted.sh: STEPS=$steps is not a positive integer"
cal=$run/calibration.csv
[ -f "$cal" ] || die "planted.sh: $run has no calibration.csv (a native run of the one-process harness has)"
awk -F, -v s="$steps" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["steps"] == s { found = 1; exit } END { exit !found }' "$cal" ||
	die "planted.sh: $cal has no chain of $steps steps"
# One record file's header and each (variant, boot)'s spin_lock hot row:
# the template whose variant, cyc_op and ns_op are replaced.
shopt -s nullglob
recs=()
for f in "$run"/*.csv; do ! is_record_file "$f" || recs+=("$f"); done
shopt -u nullglob
[ ${#recs[@]} -gt 0 ] || die "planted.sh: $run has no record files"
out=$(cd "$run" && pwd)/planted
mkdir -p "$out"
tmp=$(mktemp -d "$out/.planted.XXXXXX")
awk -F, -v OFS=, -v steps="$steps" -v dir="$tmp" '
	FNR == 1 && FILENAME != ARGV[1] { magic = $0; next }
	FNR == 2 && FILENAME != ARGV[1] { if (!hdr) { hdr = $0; for (i = 1; i <= NF; i++) h[$i] = i }; next }
	FILENAME == ARGV[1] {
		if (FNR == 1) { for (i = 1; i <= NF; i++) c[$i] = i; next }
		if ($c["steps"] == 0 || $c["steps"] == steps) cyc[$c["variant"], $c["boot"], $c["steps"] + 0] = $c["cyc_op"]
		next
	}
	!/^#/ && $h["kind"] == "spin_lock" && $h["mode"] == "hot" { row[$h["variant"], $h["boot"]] = $0 }
	END {
		for (k in cyc) {
			split(k, p, SUBSEP); v = p[1]; b = p[2]; s = p[3]
			if (!((v, b) in row)) continue
			n = split(row[v, b], f, ",")
			name = v "+" s; file = dir "/" name ".csv"
			if (!(file in started)) { started[file] = 1; print magic > file; print hdr > file }
			f[h["variant"]] = name; f[h["cyc_op"]] = cyc[k]
			f[h["ns_op"]] = sprintf("%.3f", cyc[k] * 1e6 / f[h["tsc_khz"]])
			line = f[1]; for (i = 2; i <= n; i++) line = line OFS f[i]
			print line > file
		}
	}' "$cal" "${recs[@]}"
pairs=()
for f in "$tmp"/*+0.csv; do
	v=${f##*/} v=${v%+0.csv}
	[ -f "$tmp/$v+$steps.csv" ] && pairs+=(--pair "$v+0:$v+$steps")
done
[ ${#pairs[@]} -gt 0 ] || die "planted.sh: no variant has both a 0- and a $steps-step chain with spin_lock hot records"
rm -f "$out/pairs-$steps.csv"
(cd "$tmp" && "$LB_TOP/bench-user/lb-stat" compare "${pairs[@]}" -o "$out/pairs-$steps.csv" ./*.csv) ||
	die "planted.sh: lb-stat compare failed (see above)"
rm -rf "$tmp"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; print "base,other,metric,median_base,median_other,pct_change,pct_lo,pct_hi,delta,p_rank,p_holm,verdict"; next }
	$h["metric"] == "cyc_op" { print $h["base"] "," $h["other"] "," $h["metric"] "," $h["median_base"] "," $h["median_other"] "," $h["pct_change"] "," $h["pct_lo"] "," $h["pct_hi"] "," $h["delta"] "," $h["p_rank"] "," $h["p_holm"] "," $h["verdict"] }' "$out/pairs-$steps.csv"
