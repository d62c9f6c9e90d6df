#!/usr/bin/env bash
# compare.sh RUN: the run's statistics, all from lb-stat on the boot
# medians: RUN/summary.csv (per variant and cell), RUN/pairs.csv (per
# pair and cell), RUN/baseline.csv (contended spin_lock over the no-lock
# baseline), RUN/findings.md, RUN/compare/tables.md (and
# compare/perf-diff/BASE..OTHER.txt, perf diff per pair), RUN/stat.info
# (seed and settings) and RUN/host.txt.  A run that kept its slices (a
# native run's slices.csv) also gets its machine states: RUN/states.csv,
# slice-states.csv and state-causes.csv, and where it has more than one
# state, RUN/states/S/pairs.csv, each state's changes.  Derived files
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
# The A/A base's copies, where the run has them (a native run's): its
# same code run again in the same processes (copy/BASE~A.csv) is the
# A/A pair, whose changes bound each kind's floor, and the comparisons'
# A/A pair becomes a research pair with a verdict of its own; its second
# layout (layout/BASE~L2.csv) is one more research pair, what layout
# alone moves.  The summary keeps to the variants.
copies=()
aa_base=${aa[1]:-}
aa_base=${aa_base%%:*}
if [ -n "$aa_base" ] && [ -f "$run/copy/$aa_base~A.csv" ]; then
	aa=(--aa "$aa_base:$aa_base~A")
	pairs=(--pair "$aa_base:$aa_base~A" "${pairs[@]}")
	copies+=("copy/$aa_base~A.csv")
fi
if [ -n "$aa_base" ] && [ -f "$run/layout/$aa_base~L2.csv" ]; then
	pairs+=(--pair "$aa_base:$aa_base~L2")
	copies+=("layout/$aa_base~L2.csv")
fi
# The TSC's step, measured or read from the figures: no cycles figure is
# finer than it (lb-stat's quantum).
read -r step step_from < <("$LB_TOP/scripts/report/tsc-step.sh" "$run") || die "compare: cannot tell $1's TSC step"
# A run's slices (native: slices.csv) give each change from adjacent
# slices, per block of processes where it ran two.
slices=() estimator="records: the ratio of the sides' medians, or the median of per-replicate ratios where paired"
# A filed run keeps its slices compressed (host-publish.sh).
if [ ! -f "$run/slices.csv" ] && [ -f "$run/slices.csv.gz" ]; then
	gzip -dc "$run/slices.csv.gz" >"$run/slices.csv" || die "cannot decompress $run/slices.csv.gz"
fi
if [ -f "$run/slices.csv" ]; then
	estimator="slice-ratios: the median over processes of each one's median ratio of adjacent slices"
	slices=(--slices slices.csv)
	[ "${RI[blocks]:-1}" != 2 ] || slices+=(--blocks 2)
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
opts=(--seed "$seed" --resamples "$resamples" --tsc-step "$step")
# From inside the run, so nothing written names this machine's paths.
(cd "$run" && "$bin/lb-stat" summary "${opts[@]}" -o "$tmp/summary.csv" "${files[@]}") ||
	die "lb-stat summary failed (see above)"
if [ ${#pairs[@]} -gt 0 ]; then
	# run.info's order_round_B lines say which variants round B booted:
	# two variants' boots of one round are paired (an imported run has
	# no rounds, and pairs nothing).
	compare=(compare "${opts[@]}" --rounds run.info "${aa[@]}" "${pairs[@]}" "${slices[@]}")
	(cd "$run" && "$bin/lb-stat" "${compare[@]}" -o "$tmp/pairs.csv" "${files[@]}" "${copies[@]}") ||
		die "lb-stat compare failed (see above)"
	# The machine's states, from the slices' probes; where there are
	# several, each state's changes from its slices alone.  A run with
	# no slices cannot tell its states.
	nstates=
	if [ ${#slices[@]} -gt 0 ]; then
		(cd "$run" && "$bin/lb-stat" states --tsc-step "$step" -o "$tmp/states.csv" --assign "$tmp/slice-states.csv" \
			--causes "$tmp/state-causes.csv" slices.csv) || die "lb-stat states failed (see above)"
		nstates=$(($(wc -l <"$tmp/states.csv") - 1))
		for ((s = 1; nstates > 1 && s <= nstates; s++)); do
			mkdir -p "$tmp/states/$s"
			(cd "$run" && "$bin/lb-stat" "${compare[@]}" --slice-states "$tmp/slice-states.csv" --state "$s" \
				-o "$tmp/states/$s/pairs.csv" "${files[@]}" "${copies[@]}") || die "lb-stat compare of state $s failed (see above)"
		done
	fi
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
	floor="95th percentile over the resamples of the A/A pair's largest |change| in the row's mode, metric and kind, or the row's quantum where larger" \
	"tsc_step=$step" "tsc_step_from=$step_from" \
	"estimator=$estimator" \
	"blocks=${RI[blocks]:-1}" "states=${nstates:-unknown (no slices)}" \
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

# A run without slices now has no states: none of an earlier compare's stay.
rm -rf "$run/compare" "$run/states" "$run/states.csv" "$run/slice-states.csv" "$run/state-causes.csv"
# compare/ and the files in one mv (compare/ is gone from the run).
out=("$tmp/compare" "$tmp/summary.csv" "$tmp/pairs.csv" "$tmp/baseline.csv" "$tmp/findings.md" "$tmp/stat.info" "$tmp/host.txt")
[ ! -f "$tmp/disasm.md" ] || out+=("$tmp/disasm.md")
[ ! -f "$tmp/states.csv" ] || out+=("$tmp/states.csv" "$tmp/slice-states.csv" "$tmp/state-causes.csv")
[ ! -d "$tmp/states" ] || out+=("$tmp/states")
mv "${out[@]}" "$run/"
say "compare: tables in ${run#"$LB_TOP"/}/compare, statistics in summary.csv and pairs.csv"
