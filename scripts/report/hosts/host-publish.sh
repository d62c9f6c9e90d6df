#!/usr/bin/env bash
# host-publish.sh RUN [STATS]: file a native run under its host in
# results/hosts/HOST_ID/: host.info (the CPU: vendor, family, model,
# stepping, CPU count; the ids its runs' records carry) and
# native/RUN_ID/ (run.info, jobs, host-facts.txt, the records VARIANT.csv,
# physlimit.csv, the one-process harness's layout, calibration and
# sections tables, slices.csv, the A/A copy's records (copy/), compare's
# summary.csv, pairs.csv, baseline.csv, stat.info and machine states,
# placement-check.csv and .txt (the placements' labels against the cold
# hand-offs, scripts/native/placement-check.sh),
# disasm-check/, each process's facts.txt and provenance.json, and
# provenance.txt: where the run came from, its commit, its TSC rate: one
# host id may be two machines of one CPU model at different TSC rates).  A host is a factor of a run:
# hosts-table.sh puts them side by side.
#
# RUN is a native run directory (make native's, make import's of a
# bundle's results, or a copy of either); STATS, a folder with its
# summary.csv, pairs.csv and baseline.csv where RUN lacks them (the
# published run keeps those in results/native, the records in
# results/raw/native).
#
# A run made before host ids named the CPU has a host-facts.txt without
# family, model and stepping: give them, and say where they come from:
#   CPU_VENDOR=AuthenticAMD CPU_FAMILY=25 CPU_MODEL_ID=17 CPU_STEPPING=NA
#   FACTS_FROM="text"   (required with them)
# COMMIT= names the commit that measured it, when the run does not (a
# bundle's run has it in bundle.info);
# SOURCE= says where it came from (default: RUN's path); RESULTS= the
# results folder (default results/).
. "$(dirname "$0")/../../lib.sh"

run=${1:?usage: host-publish.sh RUN [STATS]}
stats=${2:-$run}
results=${RESULTS:-$LB_TOP/results}
[ -f "$run/run.info" ] || die "host-publish: $run has no run.info: not a run directory"
declare -A RI=() HF=() HI=()
readkv RI "$run/run.info"
[ "${RI[accel]:-}" = native ] || die "host-publish: $run is an accel=${RI[accel]:-unknown} run; only native runs are filed by host"
for f in "$run/host-facts.txt" "$run/physlimit.csv" "$stats/summary.csv"; do
	[ -f "$f" ] || die "host-publish: $f is missing"
done
readkv HF "$run/host-facts.txt"
read -r -a variants <<<"${RI[variants]:-}"
[ ${#variants[@]} -gt 0 ] || die "host-publish: $run/run.info names no variants"
recs=()
for v in "${variants[@]}"; do
	[ -f "$run/$v.csv" ] || die "host-publish: $run/$v.csv is missing"
	recs+=("$run/$v.csv")
done

# The CPU: the run's own facts, or what the caller gives for an old run.
if [ -n "${HF[cpu_family]:-}" ]; then
	[ -z "${CPU_FAMILY:-}" ] || die "host-publish: $run records its CPU family; CPU_FAMILY= is for runs that do not"
	vendor=${HF[cpu_vendor]} family=${HF[cpu_family]} model_id=${HF[cpu_model_id]} stepping=${HF[cpu_stepping]}
	facts_from="the run's host-facts.txt"
else
	[ -n "${CPU_FAMILY:-}" ] && [ -n "${CPU_MODEL_ID:-}" ] && [ -n "${CPU_STEPPING:-}" ] && [ -n "${CPU_VENDOR:-}" ] ||
		die "host-publish: $run/host-facts.txt predates the CPU's family, model and stepping: give CPU_VENDOR=, CPU_FAMILY=, CPU_MODEL_ID=, CPU_STEPPING= (NA if unknown) and FACTS_FROM="
	[ -n "${FACTS_FROM:-}" ] || die "host-publish: say where CPU_FAMILY= and the others come from: FACTS_FROM=\"...\""
	vendor=$CPU_VENDOR family=$CPU_FAMILY model_id=$CPU_MODEL_ID stepping=$CPU_STEPPING facts_from=$FACTS_FROM
fi
model=${HF[cpu_model]:?host-publish: host-facts.txt has no cpu_model}
ncpus=${HF[online_cpus]:?host-publish: host-facts.txt has no online_cpus}
# The id by host-cpu.sh's one rule, from a cpuinfo of these facts.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'vendor_id\t: %s\ncpu family\t: %s\nmodel\t\t: %s\nmodel name\t: %s\nstepping\t: %s\n' \
	"$vendor" "$family" "$model_id" "$model" "$stepping" | sed 's/: NA$/: /' >"$tmp/cpuinfo"
id=$("$LB_TOP/scripts/host-cpu.sh" "$tmp/cpuinfo" "$ncpus" | sed -n 's/^host_id=//p')
[ -n "$id" ] || die "host-publish: no host id from $run's facts"

# The ids the records carry (old runs: name_xN-HASH) and the TSC rate the
# processes measured (their median, MHz).
mapfile -t rec_ids < <(awk -F, 'FNR == 2 { for (i = 1; i <= NF; i++) h[$i] = i; next } FNR > 2 && !/^#/ { print $h["host"] }' \
	"${recs[@]}" | sort -u)
[ ${#rec_ids[@]} = 1 ] || die "host-publish: $run's records name ${#rec_ids[@]} hosts (${rec_ids[*]}): one run is one host"
tsc_mhz=$(awk -F, 'NR > 1 { print $NF }' "$run/physlimit.csv" | sort -n |
	awk '{ v[NR] = $1 } END { if (NR) printf "%.1f", (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) / 1000 }')
run_id=${RI[run_id]:-}
[ "$run_id" != native ] && [ -n "$run_id" ] || run_id=${RUN_ID:?host-publish: $run/run.info names the run native; give RUN_ID=}

hdir=$results/hosts/$id
dest=$hdir/native/$run_id
[ ! -e "$dest" ] || die "host-publish: $dest already exists"
info=$hdir/host.info
if [ -f "$info" ]; then
	readkv HI "$info"
	[ "${HI[cpu_family]}/${HI[cpu_model_id]}/${HI[cpu_stepping]}" = "$family/$model_id/$stepping" ] ||
		die "host-publish: $info is family/model/stepping ${HI[cpu_family]}/${HI[cpu_model_id]}/${HI[cpu_stepping]}, this run $family/$model_id/$stepping"
fi
mkdir -p "$dest/disasm-check"
for f in run.info jobs host-facts.txt physlimit.csv failures.csv layout.csv layout-spread.csv \
	calibration.csv calibration-fit.csv sections.csv "${variants[@]/%/.csv}"; do
	[ ! -f "$run/$f" ] || cp "$run/$f" "$dest/"
done
# The slice log, from which the statistics and the machine states come
# again (host-restat.sh), and the states compare found.
[ ! -f "$run/slices.csv" ] || cp "$run/slices.csv" "$dest/"
for f in summary.csv pairs.csv baseline.csv stat.info placement-check.csv placement-check.txt \
	states.csv slice-states.csv state-causes.csv; do
	[ ! -f "$stats/$f" ] || cp "$stats/$f" "$dest/"
done
[ ! -d "$stats/states" ] || cp -r "$stats/states" "$dest/"
[ ! -d "$run/disasm-check" ] || cp "$run"/disasm-check/*.txt "$dest/disasm-check/"
# The A/A base's records at its second layout: compare's layout pair.
# The planted changes' pairs (scripts/native/planted.sh) too; a run with
# no hot job has neither.
# The A/A base's second copy at the same layout (copy/): the true A/A
# that sets the floors.
for d in layout planted copy; do
	shopt -s nullglob
	f=("$run/$d"/*.csv)
	shopt -u nullglob
	[ ${#f[@]} -eq 0 ] || { mkdir -p "$dest/$d" && cp "${f[@]}" "$dest/$d/"; }
done
# What the contended sections measured against what was asked.
[ ! -f "$run/sections-check.txt" ] || cp "$run/sections-check.txt" "$dest/"
# Each process's facts and provenance; its records are in VARIANT.csv.
for b in "$run"/boots/*/boot*/; do
	b=${b%/} rel=${b#"$run"/}
	mkdir -p "$dest/$rel"
	for f in facts.txt provenance.json; do [ ! -f "$b/$f" ] || cp "$b/$f" "$dest/$rel/"; done
done
# A bundle's run names the commit that built the bundle.
commit=unknown
if [ -f "$run/bundle.info" ]; then
	declare -A BI=()
	readkv BI "$run/bundle.info"
	commit=${BI[commit]:-unknown}
	[ "${BI[dirty]:-false}" = false ] || commit+=" (dirty)"
	cp "$run/bundle.info" "$dest/"
fi
{
	echo "run_id=$run_id"
	echo "host_id=$id"
	echo "record_host=${rec_ids[0]}"
	echo "source=${SOURCE:-${run#"$LB_TOP"/}}"
	echo "commit=${COMMIT:-$commit}"
	echo "cpu_facts_from=$facts_from"
	echo "tsc_mhz=$tsc_mhz"
	echo "filed_utc=$(utc_now %Y-%m-%dT%H:%M:%SZ)"
} >"$dest/provenance.txt"

# host.info: the CPU, and every id its runs' records carry.
read -r -a legacy <<<"${HI[record_hosts]:-}"
[[ " ${legacy[*]} " == *" ${rec_ids[0]} "* ]] || legacy+=("${rec_ids[0]}")
{
	echo "host_id=$id"
	echo "cpu_vendor=$vendor"
	echo "cpu_model=$model"
	echo "cpu_family=$family"
	echo "cpu_model_id=$model_id"
	echo "cpu_stepping=$stepping"
	echo "online_cpus=$ncpus"
	echo "vm=${HF[vm]:-unknown}"
	echo "record_hosts=${legacy[*]}"
} >"$info"
note "host-publish: ${dest#"$LB_TOP"/} ($model, family $family model $model_id stepping $stepping, $ncpus CPUs, TSC $tsc_mhz MHz)"
