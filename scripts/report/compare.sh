#!/usr/bin/env bash
# compare.sh RUN: the run's statistics, all from lb-stat on the boot
# medians: RUN/summary.csv (per variant and cell), RUN/pairs.csv (per
# pair and cell), RUN/baseline.csv (contended spin_lock over the no-lock
# baseline), RUN/findings.md, RUN/compare/tables.md (and
# compare/perf-diff/BASE..OTHER.txt, perf diff per pair), RUN/stat.info
# (seed and settings) and RUN/host.txt.  Derived files
# are rebuilt in a temporary folder and swapped in whole; the records
# themselves are only read.
. "$(dirname "$0")/../lib.sh"
. "$LB_TOP/schema/contract.sh"

[ -d "${1:?usage: compare.sh RUNDIR}" ] || die "no run directory $1"
run=$(run_dir "$1" fresh)
[ -f "$run/run.info" ] || die "$run has no run.info: not a run directory, or its provenance is missing"
# The provenance files (a glob, no process): the first names host.txt's host.
shopt -s nullglob
provs=("$run"/boots/*/boot*/provenance.json)
shopt -u nullglob
[ ${#provs[@]} -gt 0 ] ||
	die "$run has no provenance records (boots/*/boot*/provenance.json): refusing to report on it"
bin=$LB_TOP/bench-user
have() { [ -f "$run/$1.csv" ]; }
declare -A RI=()
readkv RI "$run/run.info"

# Every pair in one lb-stat call: Holm families and the A/A noise floor
# span all of them.  The pairs and the A/A pair are vm-configs/comparisons'.
# The file is read once (comparison_lines), its roles sorted here as
# comparisons ROLE... would.
pairs=() aa=()
all=$(comparison_lines) || exit 1
while IFS=$'\t' read -r role b o _; do
	case $role in aa | headline | pair | timed) ;; *) continue ;; esac
	{ have "$b" && have "$o"; } || continue
	pairs+=(--pair "$b:$o")
	[ "$role" != aa ] || aa=(--aa "$b:$o")
done <<<"$all"
# The record files.
files=()
for f in "$run"/*.csv; do
	! is_record_file "$f" || files+=("${f##*/}")
done
[ ${#files[@]} -gt 0 ] || die "$run has no result files"
# A native run's A/A base at a second layout (run.sh's layout/BASE~L2.csv):
# compared with its base as one more same-code pair, whose bound the
# floor takes where it is larger.  The summary keeps to the variants.
layout=() layout_files=()
aa_base=${aa[1]:-}
aa_base=${aa_base%%:*}
if [ -n "$aa_base" ] && [ -f "$run/layout/$aa_base~L2.csv" ]; then
	layout=(--pair "$aa_base:$aa_base~L2" --layout "$aa_base:$aa_base~L2")
	layout_files=("layout/$aa_base~L2.csv")
fi
tmp=$(mktemp -d "$run/.compare.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# perf diff of each compared pair that has perf data on both sides; the
# published raw data keeps the diffs (publish.sh), not perf.data: their
# folder is made with compare/, in one mkdir.
perfdata=("$run"/perf/*/perf.data) perfdiff=("$run"/perf-diff/*.txt) pdcopy=()
if [ ! -e "${perfdata[0]}" ] && [ ! -L "${perfdata[0]}" ] && { [ -e "${perfdiff[0]}" ] || [ -L "${perfdiff[0]}" ]; }; then
	pdcopy=("$tmp/compare/perf-diff")
fi
mkdir "$tmp/compare" "${pdcopy[@]}"
seed=${STAT_SEED:-1} resamples=${STAT_RESAMPLES:-4000}
opts=(--seed "$seed" --resamples "$resamples")
# From inside the run, so nothing written names this machine's paths.
(cd "$run" && "$bin/lb-stat" summary "${opts[@]}" -o "$tmp/summary.csv" "${files[@]}") ||
	die "lb-stat summary failed (see above)"
if [ ${#pairs[@]} -gt 0 ]; then
	# run.info's order_round_B lines say which variants round B booted:
	# two variants' boots of one round are paired (an imported run has
	# no rounds, and pairs nothing).
	(cd "$run" && "$bin/lb-stat" compare "${opts[@]}" --rounds run.info "${aa[@]}" "${pairs[@]}" "${layout[@]}" \
		-o "$tmp/pairs.csv" "${files[@]}" "${layout_files[@]}") || die "lb-stat compare failed (see above)"
	# Findings and tables are drawn from pairs.csv by the one renderer.
	accel=${RI[accel]:-}
	"$LB_TOP/scripts/report/render.sh" findings -v accel="$accel" "$tmp/pairs.csv" >"$tmp/findings.md"
	"$LB_TOP/scripts/report/render.sh" tables "$tmp/pairs.csv" >"$tmp/compare/tables.md"
else
	note "compare: fewer than two comparable variants: no pairs"
	contract_header pairs >"$tmp/pairs.csv"
	: >"$tmp/findings.md"
fi
# Contended spin_lock against the no-lock baseline of the same shape.
(cd "$run" && "$bin/lb-stat" baseline "${opts[@]}" --kind spin_lock --over empty -o "$tmp/baseline.csv" "${files[@]}") ||
	die "lb-stat baseline failed (see above)"
# The smallest Holm p the rank test can reach at the n run (m x p_min,
# over the families): a p can never be smaller, whatever the change.
reach=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["family_size"] > 0 && $c["p_holm_min"] !~ /nan/ { v = $c["p_holm_min"] + 0
		if (lo == "" || v < lo) lo = v; if (hi == "" || v > hi) hi = v }
	END { if (lo != "") printf "%.2g..%.2g", lo, hi }' "$tmp/pairs.csv")
printf '%s\n' tool=lb-stat "seed=$seed" "resamples=$resamples" alpha=0.05 power=0.8 "aa_pair=${aa[1]:-none}" \
	floor="95th percentile over the resamples of the A/A pair's largest |change|, the layout pair's where larger, or a row's quantum" \
	"layout_pair=${layout[1]:-none}" \
	"holm_p_reachable=${reach:-none}" >"$tmp/stat.info"

# An instrument with a folder of its own in the run directory derives its
# statistics or tables there (its place's derive.sh: native's lb-stat with
# its own A/A floor, icount's path-length tables), for published raw data
# too.
mapfile -t rows < <(contract_rows instruments)
for row in "${rows[@]}"; do
	IFS=$'\t' read -r name _ rundir _ _ place _ <<<"$row"
	[ "$rundir" != . ] && [ -f "$run/$rundir/run.info" ] && [ -x "$LB_TOP/$place/derive.sh" ] || continue
	"$LB_TOP/$place/derive.sh" "$run/$rundir" || die "compare: $name's $place/derive.sh failed on $1/$rundir"
done

if [ -e "${perfdata[0]}" ] || [ -L "${perfdata[0]}" ]; then
	"$LB_TOP/scripts/report/perf-diff.sh" "$run" "$tmp/compare/perf-diff" || note "compare: perf diff failed (see above)"
elif [ ${#pdcopy[@]} -gt 0 ]; then
	cp "${perfdiff[@]}" "$tmp/compare/perf-diff/"
fi

# The disassembly of the kernels the run kept (the boot stage keeps them;
# the report stage reads them), once.
if [ ! -f "$run/disasm.md" ] && [ -d "$run/kernels" ]; then
	read -r -a kept <<<"${RI[variants]:-}"
	"$LB_TOP/scripts/report/disasm-table.sh" --run "$run" "${kept[@]}" >"$tmp/disasm.md" 2>/dev/null ||
		{ note "compare: no disassembly (a variant's vmlinux is missing from the run's kernels/)"; rm -f "$tmp/disasm.md"; }
fi

prov=${provs[0]}
jq -r '"\(.host_cpu_model) (\(.host_cpus) CPUs)"' "$prov" >"$tmp/host.txt" ||
	die "$prov is not valid JSON"

rm -rf "$run/compare"
# compare/ and the files in one mv (compare/ is gone from the run).
out=("$tmp/compare" "$tmp/summary.csv" "$tmp/pairs.csv" "$tmp/baseline.csv" "$tmp/findings.md" "$tmp/stat.info" "$tmp/host.txt")
[ ! -f "$tmp/disasm.md" ] || out+=("$tmp/disasm.md")
mv "${out[@]}" "$run/"
say "compare: tables in ${run#"$LB_TOP"/}/compare, statistics in summary.csv and pairs.csv"
