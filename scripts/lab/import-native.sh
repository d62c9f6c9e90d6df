#!/usr/bin/env bash
# import-native.sh DIR: the results of a native bundle's runner (make
# bundle's run.sh) into a native run directory, build/runs/NAME/native
# (NAME= or START-bundle-HOST; RUN_DIR= another), with the files make
# native writes: run.info, jobs, VARIANT.csv, boots/VARIANT/bootN/
# (results.csv, facts.txt, physlimit.csv, calibration.csv, sections.csv,
# provenance.json), physlimit.csv, calibration.csv and
# calibration-fit.csv (the chain calibration, chain-fit.sh's fit),
# sections.csv and sections-check.txt (the contended sections as
# measured, against the jobs' asked ones: sections-check.sh), host-facts.txt, disasm-check/, failures.csv, then compare.sh's
# statistics.  Compare, results, the graphs and host-publish.sh take it
# as any other native run.
#
# Only complete replicates are taken (bootN; a .bootN.part folder is one
# the runner was stopped in); every one must validate and name the host
# the run names, or nothing is written.
. "$(dirname "$0")/../lib.sh"
. "$LB_TOP/schema/contract.sh"

src=${1:?usage: import-native.sh DIR (a native bundle run.sh results folder)}
[ -d "$src" ] || die "import: $src is not a folder"
validate=$LB_TOP/bench-user/lb-validate
[ -x "$validate" ] || die "$validate is not built: run 'make user'"
command -v jq >/dev/null || die "jq is not installed: run 'make deps'"
for f in run.info bundle.info host-facts.txt jobs; do
	[ -f "$src/$f" ] || die "import: $src/$f is missing: not the results of a native bundle"
done
declare -A RI=() BI=()
readkv RI "$src/run.info"
readkv BI "$src/bundle.info"
[ "${RI[source]:-}" = bundle ] || die "import: $src/run.info is not a bundle run's (source=${RI[source]:-none})"
host=${RI[host_id]:?import: $src/run.info names no host_id}
read -r -a variants <<<"${RI[variants]:-}"

# The complete replicates, each validated, each of this host and variant.
shopt -s nullglob
declare -A nb=()
kept=() got=()
for v in "${variants[@]}"; do
	n=0
	for d in "$src/boots/$v"/boot[0-9]*; do
		f=$d/results.csv
		[ -f "$f" ] || die "import: $d has no results.csv"
		why=$("$validate" "$f" 2>&1 >/dev/null) || die "import: $f: lb-validate refuses it: ${why%%$'\n'*}"
		awk -F, -v v="$v" -v h="$host" 'NR == 2 { for (i = 1; i <= NF; i++) c[$i] = i; next }
			NR > 2 && !/^#/ && ($c["variant"] != v || $c["host"] != h || $c["accel"] != "native") { bad = 1; exit }
			END { exit bad }' "$f" || die "import: $f holds a record that is not variant $v, host $host, accel native"
		n=$((n + 1))
		kept+=("$d")
	done
	nb[$v]=$n
	[ "$n" = 0 ] || got+=("$v")
done
parts=("$src"/boots/*/.boot*.part)
shopt -u nullglob
[ ${#got[@]} -gt 0 ] || die "import: $src holds no complete replicate (boots/VARIANT/bootN)"

if [ -n "${RUN_DIR:-}" ]; then
	run=$RUN_DIR
else
	st=${RI[start_utc]:-}
	st=${st//[-:]/}
	run=$LB_BUILD/runs/${LB_RUN_NAME:-${st:-import}-bundle-$host}/native
fi
id=${run%/native} id=${id##*/}
[ ! -e "$run/run.info" ] || die "$run already holds a native run: give another NAME= (or RUN_DIR=)"
stage=$run.import.$$
rm -rf "$stage"
mkdir -p "$stage/disasm-check"
trap 'rm -rf "$stage"' EXIT
cp "$src/jobs" "$src/host-facts.txt" "$stage/"
cp "$src/bundle.info" "$stage/bundle.info"
[ ! -d "$src/disasm-check" ] || cp "$src"/disasm-check/*.txt "$stage/disasm-check/"
declare -A HF=()
readkv HF "$src/host-facts.txt"
echo "variant,boot,status,detail" >"$stage/failures.csv"
for d in "$src"/boots/*/failed*; do
	[ -d "$d" ] || continue
	v=${d%/*} v=${v##*/}
	echo "$v,${d##*/},failed,see the bundle's progress.txt" >>"$stage/failures.csv"
done
nfail=$(($(wc -l <"$stage/failures.csv") - 1))
for d in "${kept[@]}"; do
	v=${d%/*} v=${v##*/} b=${d##*/boot}
	bd=$stage/boots/$v/boot$b
	mkdir -p "$bd"
	for f in results.csv facts.txt physlimit.csv calibration.csv sections.csv native.log; do [ ! -f "$d/$f" ] || cp "$d/$f" "$bd/"; done
	bsha=${BI[binary_sha256]:-}
	bsha=${bsha#*"$v":} bsha=${bsha%% *}
	jq -n --arg variant "$v" --argjson boot "$b" --arg host_id "$host" --arg model "${HF[cpu_model]:-}" \
		--argjson host_cpus "${HF[online_cpus]:-0}" --arg sha "$bsha" --arg bundle "${BI[bundle]:-}" \
		--arg commit "${BI[commit]:-unknown}" --arg placement "${RI[placement]:-any}" --arg cpus "${RI[cpus]:-any}" \
		'{variant: $variant, boot: $boot, accel: "native", host_id: $host_id, host_cpu_model: $model,
		  host_cpus: $host_cpus, binary_sha256: $sha, bundle: $bundle, git_head: $commit,
		  placement: $placement, cpus: $cpus, exit: 0}' >"$bd/provenance.json"
done
for v in "${got[@]}"; do
	awk 'FNR <= 2 && NR != FNR { next } { print }' "$stage"/boots/"$v"/boot*/results.csv >"$stage/$v.csv"
	"$validate" "$stage/$v.csv" >/dev/null || die "import: the joined $v.csv does not validate (a bug in import-native.sh)"
done
{
	contract_header physlimit
	cat "$stage"/boots/*/boot*/physlimit.csv
} >"$stage/physlimit.csv"
# The chain calibration and its fit, as make native writes them (a
# runner older than it wrote none: then neither file, as older native
# runs).
cals=("$stage"/boots/*/boot*/calibration.csv)
if [ -f "${cals[0]}" ]; then
	cat_csv calibration "$stage/calibration.csv" "${cals[@]}"
	"$LB_TOP/scripts/native/chain-fit.sh" "$stage/calibration.csv" >"$stage/calibration-fit.csv" ||
		die "import: the chain fit failed on $src's calibration"
fi
# The contended sections as measured, and the 3% check make native runs
# on them (a runner older than it wrote none: then neither file).
secs=("$stage"/boots/*/boot*/sections.csv)
if [ -f "${secs[0]}" ]; then
	cat_csv sections "$stage/sections.csv" "${secs[@]}"
	rc=0
	"$LB_TOP/scripts/native/sections-check.sh" "$stage/sections.csv" >"$stage/sections-check.txt" || rc=$?
	[ $rc -le 1 ] || die "import: the sections check failed on $src's sections"
fi
least=
for v in "${got[@]}"; do [ -n "$least" ] && [ "$least" -le "${nb[$v]}" ] || least=${nb[$v]}; done
nj=$(grep -c . "$stage/jobs")
{
	echo "run_id=$id"
	echo "source=bundle"
	echo "variants=${got[*]}"
	echo "accel=native"
	echo "accel_detail=native:${HF[cpu_model]:-unknown} (bundle ${BI[bundle]:-})"
	echo "qemu_args=none"
	echo "vcpus=${HF[online_cpus]:-0}"
	echo "host_cpus=${HF[online_cpus]:-0}"
	echo "host=$host"
	echo "oversubscribed=0"
	echo "boots=$least"
	echo "repeat=1"
	echo "order_seed=${RI[order_seed]:-none}"
	echo "jobs=$nj"
	echo "threads=${RI[threads]:-}"
	echo "placement=${RI[placement]:-any}"
	echo "cpus=${RI[cpus]:-any}"
	echo "stopped=${RI[stopped]:-unknown (the runner was killed)}"
	echo "imported_from=$(readlink -f "$src")"
	echo "imported_parts_dropped=${#parts[@]}"
	echo "failed_boots=$nfail"
	echo "total_seconds=${RI[seconds_used]:-0}"
} >"$stage/run.info"
mkdir -p "${run%/*}"
mv "$stage" "$run"
trap - EXIT
"$LB_TOP/scripts/native/derive.sh" "$run" || die "import: compare failed on $run (see above)"
note "import: bundle ${BI[bundle]:-} from $host: ${got[*]}, at least $least replicates a variant (${#kept[@]} in all; ${#parts[@]} cut short, dropped) -> ${run#"$LB_TOP"/}"
