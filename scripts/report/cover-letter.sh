#!/usr/bin/env bash
# cover-letter.sh RUN [BASE_RUN]: a run's result as a patch's cover letter
# would give it, to paste under the `---`: plain ASCII of at most 72
# columns (LKML's width for a mail body).  In order: the pair, the kernel
# under test (Debian's linux-source version, patch/series' commit, each
# variant's config fragments), the machine (its CPU's microarchitecture
# from schema/cpus.tsv, VM or bare metal, CPUs, TSC rate), each
# instrument's loops; then per pair, before -> after for each instrument
# the run has: icount's exact count (icount/pathlen.csv), native's figure
# with its CI and floor (native/pairs.csv, and per machine state where
# the run has states: native/states.csv, native/states/S/pairs.csv), the
# timed accelerator's the same way (pairs.csv); and last the kernels'
# compiler, the command that reproduces the run and where its raw data
# are.
#   one run:   its headline pairs (vm-configs/comparisons and
#              build/user/comparisons, so KSRC= sides too; a run without
#              them: every pair it compares), or PAIR=a:b,
#              which must be a pair the run compares: else it is refused,
#              naming those, before anything is run or printed;
#   two runs:  each variant of RUN against itself in BASE_RUN, from
#              RUN/compare-runs/BASE_ID/pairs.csv (make compare BASE_RUN=).
# RUN is any run directory: build/runs/NAME, a native run alone
# (build/runs/NAME or build/runs/NAME/native, as make native and make
# import BUNDLE_RESULTS= write it), or a published one (results/raw,
# results/hosts/HOST/native/ID: compare and the letter work on a copy in
# build/, lib.sh's run_dir).  The statistics are compare's, run first;
# every figure and verdict is lb-stat's, as pairs.csv has it.
#   --tables:  the pairs' tables alone, from the statistics as they are
#              (make quick's summary, whose run.sh has just compared).
#   --as-is:   the whole letter from the statistics as they are, with no
#              compare first (a run whose statistics were just made, and
#              the tests, which give a run statistics of their own).
. "$(dirname "$0")/../lib.sh"

tables= as_is=
case ${1:-} in
--tables) tables=1 && shift ;;
--as-is) as_is=1 && shift ;;
esac
src=${1:?usage: cover-letter.sh [--tables | --as-is] RUN [BASE_RUN]}
base=${2:-}
[ -d "$src" ] || die "no run directory $src"
awk_letter() { awk -f "$LB_TOP/scripts/report/cover-letter.awk" "$@"; }

# A run's instrument folders: the timed run (run.info at the top), its
# native/ and icount/ runs; a native run alone (make native, make import
# BUNDLE_RESULTS=) named by its folder or the one above it, with the
# icount run beside it where make pathlen made one.
parts() { # DIR -> "TIMED<TAB>NATIVE<TAB>ICOUNT", "-" for each one it lacks
	local d t=- n=- i=- acc=
	d=$(readlink -f "$1")
	if [ -f "$d/run.info" ]; then
		acc=$(sed -n 's/^accel=//p' "$d/run.info" | head -n 1)
		case $acc in
		native)
			# (make quick's run.info above its native/ says native too)
			n=$d
			[ ! -f "$d/native/run.info" ] || n=$d/native
			if [ "${d##*/}" = native ] && [ ! -f "${d%/*}/run.info" ] && [ -f "${d%/*}/icount/run.info" ]; then
				i=${d%/*}/icount
			fi
			;;
		icount) i=$d ;;
		*)
			t=$d
			[ ! -f "$d/native/run.info" ] || n=$d/native
			[ ! -f "$d/icount/run.info" ] || i=$d/icount
			;;
		esac
	else
		[ ! -f "$d/native/run.info" ] || n=$d/native
		[ ! -f "$d/icount/run.info" ] || i=$d/icount
	fi
	[ "$t$n$i" != --- ] || die "$1 has no run.info (nor native/run.info): not a run directory"
	printf '%s\t%s\t%s\n' "$t" "$n" "$i"
}
variants_of() { # RUN.INFO -> its variants, space-separated
	[ "$1" = -/run.info ] || sed -n 's/^variants=//p' "$1" | head -n 1
}

IFS=$'\t' read -r T N I <<<"$(parts "$src")"
vt=" $(variants_of "$T/run.info") " vn=" $(variants_of "$N/run.info") " vi=" $(variants_of "$I/run.info") "

# The pairs: checked against what the run compares before compare runs.
# A pair the timed or native statistics compare (compare.sh's roles) with
# both sides in that instrument, or any pair of the icount run's variants
# vm-configs/comparisons names.
if [ -n "$base" ]; then
	[ -z "${PAIR:-}" ] || die "PAIR= picks one pair of one run; with BASE_RUN= each variant of RUN is set against itself in BASE_RUN"
else
	valid=() heads=()
	all=$(comparison_lines) || exit 1
	while IFS=$'\t' read -r role b o _; do
		ok=
		case $role in aa | headline | pair | timed)
			[[ $vt == *" $b "* && $vt == *" $o "* ]] || [[ $vn == *" $b "* && $vn == *" $o "* ]] && ok=1 ;;
		esac
		[[ $vi == *" $b "* && $vi == *" $o "* ]] && ok=1
		[ -n "$ok" ] || continue
		valid+=("$b:$o")
		[ "$role" != headline ] || heads+=("$b:$o")
	done <<<"$all"
	[ ${#valid[@]} -gt 0 ] || die "$src compares no pair of vm-configs/comparisons (its variants:$vt$vn$vi)"
	if [ -n "${PAIR:-}" ]; then
		[[ $PAIR == ?*:?* ]] || die "PAIR=$PAIR: want base:other, one of: ${valid[*]}"
		[[ " ${valid[*]} " == *" $PAIR "* ]] ||
			die "PAIR=$PAIR is not a pair this run compares; its pairs: ${valid[*]}"
		pairs=("$PAIR")
	elif [ ${#heads[@]} -gt 0 ]; then
		pairs=("${heads[@]}")
	else
		# A run without the headline's variants (a PREEMPT pass): every
		# pair it compares.
		pairs=("${valid[@]}")
	fi
fi

# The statistics, always from the records (a published run's on a copy).
if [ -n "$tables$as_is" ]; then
	:
elif [ -n "$base" ]; then
	"$LB_TOP/scripts/report/compare-runs.sh" "$base" "$src" || exit 1
else
	"$LB_TOP/scripts/report/compare.sh" "$src" || exit 1
fi
run=$(run_dir "$src")
IFS=$'\t' read -r T N I <<<"$(parts "$run")"
# A native run alone is run_dir's native/; the icount run beside it is
# the source's.
[ "$I" != - ] || [ "$N" = - ] || [ "$T" != - ] || IFS=$'\t' read -r _ _ I <<<"$(parts "$src")"

# What the run says of itself, first source first: the native run's host
# facts and files, then any boot's provenance.json, a process's facts,
# and the host id's family and model (AMD_EPYC_f26m2s1_x2).
declare -A F=() RT=() RN=() RC=()
[ "$T" = - ] || readkv RT "$T/run.info"
[ "$N" = - ] || readkv RN "$N/run.info"
[ "$I" = - ] || readkv RC "$I/run.info"
add_facts() { # ARRAY FILE: FILE's KEY=VALUE lines into ARRAY, where unset
	local -n _add=$1
	local k
	local -A kv=()
	[ -r "$2" ] || return 0
	readkv kv "$2"
	for k in "${!kv[@]}"; do
		[ -n "${_add[$k]:-}" ] || [ -z "${kv[$k]}" ] || [ "${kv[$k]}" = unknown ] ||
			[ "${kv[$k]}" = unrecorded ] || _add[$k]=${kv[$k]}
	done
}
first() { # GLOB... -> the first file it matches
	local f
	for f in "$@"; do [ ! -f "$f" ] || { echo "$f" && return; }; done
}
json_kv() { # FILE -> its top-level keys as KEY=VALUE lines
	jq -r 'to_entries[] | select(.value | type != "object" and type != "array") | "\(.key)=\(.value)"' "$1" 2>/dev/null || true
}
shopt -s nullglob
if [ "$N" != - ]; then
	add_facts F "$N/host-facts.txt"
	add_facts F "$N/run.info"
	add_facts F "$N/provenance.txt"
	add_facts F "$N/bundle.info"
	# An imported bundle's own run.info, where it still is (its -t).
	[ -z "${RN[imported_from]:-}" ] || add_facts F "${RN[imported_from]}/run.info"
	# A published host run's provenance.txt: "vendor=V family=F model=M ...".
	for w in ${F[cpu_facts_from]:-}; do
		case $w in vendor=* | family=* | model=* | stepping=*)
			k=cpu_${w%%=*}
			[ "$k" != cpu_model ] || k=cpu_model_id
			[ -n "${F[$k]:-}" ] || F[$k]=${w#*=} ;;
		esac
	done
fi
pj=$(first "$T"/boots/*/boot*/provenance.json "$I"/boots/*/boot*/provenance.json "$N"/boots/*/boot*/provenance.json)
if [ -n "$pj" ]; then
	add_facts F <(json_kv "$pj" | sed -e 's/^host_cpu_vendor=/cpu_vendor=/' -e 's/^host_cpu_family=/cpu_family=/' \
		-e 's/^host_cpu_model_id=/cpu_model_id=/' -e 's/^host_cpu_stepping=/cpu_stepping=/' \
		-e 's/^host_cpu_model=/cpu_model=/' -e 's/^host_cpus=/online_cpus=/')
	for w in ${F[host_fingerprint]:-}; do
		[[ $w != tsc_mhz=* ]] || [ -n "${F[tsc_mhz]:-}" ] || F[tsc_mhz]=${w#*=}
	done
fi
pf=$(first "$N"/boots/*/boot*/facts.txt "$N"/procs/*/facts.txt)
if [ -n "$pf" ]; then
	add_facts F "$pf"
	[ -n "${F[tsc_mhz]:-}" ] || [ -z "${F[tsc_khz]:-}" ] || F[tsc_mhz]=$(awk -v k="${F[tsc_khz]}" 'BEGIN { printf "%.1f", k / 1000 }')
	[ -n "${F[vm]:-}" ] || [ -z "${F[hypervisor]:-}" ] || F[vm]=${F[hypervisor]}
fi
shopt -u nullglob
# A host id that names the family and model (AMD_EPYC_f25m17sNA_x2): the
# run's, its publication's (provenance.txt) or its host folder's.
hids=("${F[host_id]:-}" "${RN[host]:-}")
[ ! -f "$N/provenance.txt" ] || hids+=("$(sed -n 's/^host_id=//p' "$N/provenance.txt")")
[[ $(readlink -f "$src") != */hosts/*/native/* ]] || { h=$(readlink -f "$src") && h=${h%/native/*} && hids+=("${h##*/}"); }
for h in "${hids[@]}"; do
	[[ $h =~ _f([0-9]+)m([0-9]+)s ]] || continue
	[ -n "${F[cpu_family]:-}" ] || F[cpu_family]=${BASH_REMATCH[1]}
	[ -n "${F[cpu_model_id]:-}" ] || F[cpu_model_id]=${BASH_REMATCH[2]}
	break
done
[ -n "${F[cpu_vendor]:-}" ] || case ${F[cpu_model]:-} in
AMD*) F[cpu_vendor]=AuthenticAMD ;;
Intel*) F[cpu_vendor]=GenuineIntel ;;
esac

# The kernel under test: the Debian package's version (as the run
# recorded it: today's dpkg says nothing of an old run), patch/series'
# commit (the commit that last changed it where recorded, else the run's
# checkout), and each variant's fragments over vm-configs/base.config.
ver=${F[linux_source_version]:-}
kernel="Kernel under test: Debian linux-source-6.1 $ver"
[ -n "$ver" ] || kernel="Kernel under test: Debian linux-source 6.1 (Debian package version not recorded)"
if [ -n "${F[patch_series_commit]:-}" ]; then
	kernel+=", patch/series at lockbench commit ${F[patch_series_commit]:0:12}"
elif [ -n "${F[git_head]:-}${F[commit]:-}" ]; then
	c=${F[git_head]:-${F[commit]}}
	kernel+=", patch/series as of the run's lockbench commit ${c:0:12}"
	[ "${F[git_dirty]:-false}" = false ] || kernel+=" (with local changes)"
else
	kernel+=", patch/series at a lockbench commit the run did not record"
fi
shown=()
if [ -n "$base" ]; then
	read -r -a shown <<<"${RT[variants]:-${RN[variants]:-}}"
else
	for p in "${pairs[@]}"; do
		for v in "${p%%:*}" "${p#*:}"; do [[ " ${shown[*]} " == *" $v "* ]] || shown+=("$v"); done
	done
fi
frags=()
for v in "${shown[@]}"; do
	rest=$( (variant_rest "$v") 2>/dev/null) || rest="(not in vm-configs/matrix)"
	frags+=("$v: $rest")
done
kernel+="; each built from vm-configs/base.config and its fragments: $(printf '%s; ' "${frags[@]}")"
kernel=${kernel%; }

# The machine.
uarch=unknown
[ -z "${F[cpu_family]:-}" ] || uarch=$("$LB_TOP/scripts/report/cpu-name.sh" "${F[cpu_vendor]:-}" "${F[cpu_family]}" "${F[cpu_model_id]:-}")
machine="Machine: ${F[cpu_model]:-an unnamed CPU}: $uarch"
[ "$uarch" != unknown ] || machine+=" microarchitecture"
case ${F[cpu_vendor]:-} in AuthenticAMD) vendor="AMD " ;; GenuineIntel) vendor="Intel " ;; *) vendor= ;; esac
[ -z "${F[cpu_family]:-}" ] || machine+=", ${vendor}family ${F[cpu_family]} model ${F[cpu_model_id]:-?}${F[cpu_stepping]:+ stepping ${F[cpu_stepping]}}"
cpus=${F[online_cpus]:-${RN[host_cpus]:-${RT[host_cpus]:-}}}
case ${F[vm]:-} in
1) machine+=", a VM${cpus:+ of $cpus vCPUs}" ;;
0) machine+=", bare metal${cpus:+, $cpus CPUs}" ;;
*) machine+=", VM or bare metal not recorded${cpus:+, $cpus CPUs}" ;;
esac
if [ -n "${F[tsc_mhz]:-}" ]; then
	machine+=", TSC $(awk -v m="${F[tsc_mhz]}" 'BEGIN { printf "%.1f", m }') MHz"
	[ "${F[tsc_step]:-1}" = 1 ] || machine+=" (advancing in steps of ${F[tsc_step]})"
else
	machine+=", TSC rate not recorded"
fi

# The loop parameters of a job list: each mode's batches x ops per batch,
# or a contended job's threads, duration, hold and parallel work.
loops() { # JOBS -> "hot 200 x 100 ops, cold 30 x 100 ops, contended ..."
	awk '{ delete j; for (i = 1; i <= NF; i++) { split($i, kv, "="); j[kv[1]] = kv[2] }
		m = j["mode"]
		if (m == "contended" && !(j["threads"] in t)) { t[j["threads"]] = 1; th = th (th == "" ? "" : ",") j["threads"] }
		else if (m != "" && m != "contended" && !(m in seen)) {
			# A job line without batch_ops takes the harness default,
			# which the line does not say: say batches alone.
			seen[m] = 1
			out = out (out == "" ? "" : ", ") m " " j["batches"] (j["batch_ops"] == "" ? " batches" : " x " j["batch_ops"] " ops") } }
		END {
			if (th != "") out = out (out == "" ? "" : "; ") "contended " th (th == "1" ? " thread" : " threads")
			print out }' "$1"
}
# icount's counts: the run's own, else the published run's (exact and
# the same on every host, but of that run's kernels: said so).
insts=() icount_from=
if [ "$I" = - ] && [ -z "$base$tables" ] && [ -f "$LB_TOP/results/pathlen/pathlen.csv" ]; then
	I=$LB_TOP/results/pathlen
	readkv RC "$I/run.info"
	icount_from="from the published run ${RC[run_id]%-icount} (results/pathlen), not this run's kernels"
fi
if [ "$I" != - ] && [ -z "$base" ]; then
	insts+=("icount: QEMU counting guest instructions, exact; ${RC[boots]:-?} boots a variant${icount_from:+; $icount_from}")
fi
if [ "$N" != - ]; then
	l="native: ${RN[boots]:-?} processes, every variant in each; TSC cycles per acquire+release"
	[ ! -f "$N/jobs" ] || l+="; $(loops "$N/jobs")"
	if [ -f "$N/states.csv" ]; then
		ns=$(($(grep -c . "$N/states.csv") - 1))
		if [ "$ns" -gt 1 ]; then
			l+="; $ns machine states: $(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
				{ printf "%s%s %s%%", (NR > 2 ? ", " : ""), $c["state"], $c["share_pct"] }' "$N/states.csv") of the slices"
			# What the states track most (state-causes.csv: Cramer's V of
			# each factor a slice recorded), and the chain probe's,
			# which a change of the core clock moves.
			[ ! -f "$N/state-causes.csv" ] || l+="$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
				{ v[$c["factor"]] = $c["cramers_v"] }
				END { for (f in v) if (top == "" || v[f] + 0 > v[top] + 0) top = f
					if (top == "") exit
					w["prev"] = "the unit run before"; w["half"] = "the half of the run"; w["process"] = "the process"
					w["chain"] = "the chain probe, so the core'"'"'s clock,"; w["steal"] = "steal time"; w["nivcsw"] = "preemption"
					printf ", tracking %s most (Cramer'"'"'s V %.2f", (top in w) ? w[top] : top, v[top]
					if (top != "chain" && ("chain" in v)) printf "; the chain probe %.2f", v["chain"]
					printf ")" }' "$N/state-causes.csv")"
		else
			l+="; one machine state"
		fi
	else
		# A run from before slices were logged: states cannot be found.
		l+="; no slices recorded, so its machine states are unknown"
	fi
	insts+=("$l")
fi
if [ "$T" != - ]; then
	l="${RT[accel]^^}: ${RT[boots]:-?} boots x ${RT[repeat]:-?} passes a variant, ${RT[vcpus]:-?} vCPUs; ns per acquire+release"
	[ ! -f "$T/jobs" ] || l+="; $(loops "$T/jobs")"
	insts+=("$l")
fi

# The statistics' words, once.
any_row() { # PAIRS.CSV COLUMN VALUE: does a row hold VALUE in COLUMN?
	[ -f "$1" ] && awk -F, -v k="$2" -v v="$3" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		(k in c) && $c[k] == v { p = 1; exit } END { exit !p }' "$1"
}
paired() { any_row "$1" paired 1; }
est=()
if [ "$N" != - ] && any_row "$N/pairs.csv" estimator slice-ratios; then
	how="Before: the median over processes of each one's median (native: of the slices paired); after:"
	how+=" native's is before x (1 + change), the boots' the same median."
	est+=("native: the median over processes of each one's median ratio of adjacent slices, which share the machine's state")
else
	how="Before, after: the median over processes (native) or boots of each one's median."
	[ "$N" = - ] || ! paired "$N/pairs.csv" || est+=("native: the median of per-process ratios, so it need not be after over before")
fi
how+=" Change: lb-stat's estimate with its bootstrap 95% CI"
[ "$T" = - ] || ! paired "$T/pairs.csv" || est+=("${RT[accel]^^}: the median of per-round ratios, so it need not be after over before")
[ ${#est[@]} -eq 0 ] || how+=" ($(printf '%s; ' "${est[@]}" | sed 's/; $//'))"
how+="; within noise: the CI reaches inside its kind's floor, the largest change the same code shows there (the A/A pair), whatever its p."

# BASE_RUN's name as compare-runs.sh names its folder: its run_id, or
# its folder's where both runs have one id.
bid=
if [ -n "$base" ]; then
	bid=$(dir_id "$(run_dir "$base")")
	[ "$bid" != "$(dir_id "$run")" ] || { bid=$(readlink -f "$base") && bid=${bid%/native} && bid=${bid##*/}; }
fi
# The run's name: its run_id, else (a native run's says "native") its
# folder's, or the one above it.
id=$(dir_id "$run")
if [ "$id" = native ]; then
	id=$(readlink -f "$src") id=${id%/native} id=${id##*/}
fi
if [ -z "$tables" ]; then
	{
		if [ -n "$base" ]; then
			echo "lockbench: each variant of run $id against run $bid"
		else
			echo "lockbench: ${pairs[*]//:/ -> }, run $id"
		fi
		echo
		printf '%s\n' "$kernel" "$machine" "${insts[@]}"
		echo
		echo "$how"
	} | awk_letter -v view=wrap
fi

# Per pair, a block per instrument.
letter_pair() { # PAIR [COMPARE_RUNS_PAIRS]
	local p=$1 got=0 s st=() files=()
	s=${p/:/ -> }
	printf '\n%s\n%s\n' "$s" "${s//?/=}"
	if [ "$I" != - ] && [ -f "$I/pathlen.csv" ]; then
		echo
		awk_letter -v view=pathlen -v pair="$p" -v from="$icount_from" "$I/pathlen.csv" && got=1
	fi
	if [ -n "${2:-}" ]; then
		echo
		awk_letter -v view=table -v pair="$p" -v metric="$([ "$N" = - ] && echo ns_op || echo cyc_op)" \
			-v unit="$([ "$N" = - ] && echo ns || echo TSC cycles)" -v title="${RT[accel]:-${RN[accel]:-}}:" "$2" && got=1
		[ $got = 1 ] || die "no row of $p in $2"
		return
	fi
	if [ "$N" != - ] && [ -f "$N/pairs.csv" ]; then
		echo
		awk_letter -v view=table -v pair="$p" -v metric=cyc_op -v unit="TSC cycles" -v title="native:" "$N/pairs.csv" && got=1
		# Per machine state, where the run found more than one.
		if [ -f "$N/states.csv" ]; then
			mapfile -t st < <(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } { print $c["state"] }' "$N/states.csv")
			if [ ${#st[@]} -gt 1 ]; then
				for s in "${st[@]}"; do
					[ -f "$N/states/$s/pairs.csv" ] || continue
					files+=("$N/states/$s/pairs.csv")
					echo
					awk_letter -v view=table -v pair="$p" -v metric=cyc_op -v unit="TSC cycles" \
						-v title="native, state $s of ${#st[@]} ($(awk -F, -v s="$s" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
							$c["state"] == s { printf "%s%% of the slices, pair probe %s cycles", $c["share_pct"], $c["probe_pair"] }' "$N/states.csv")):" \
						"$N/states/$s/pairs.csv" || true
				done
				[ ${#files[@]} -lt 2 ] || { echo && awk_letter -v view=signs -v pair="$p" -v metric=cyc_op \
					-v states="$(printf '%s ' "${files[@]}" | sed "s#$N/states/##g; s#/pairs.csv##g")" "${files[@]}"; } || true
			fi
		fi
	fi
	if [ "$T" != - ] && [ -f "$T/pairs.csv" ]; then
		echo
		awk_letter -v view=table -v pair="$p" -v metric=ns_op -v unit=ns -v title="${RT[accel]^^}:" "$T/pairs.csv" && got=1
	fi
	[ $got = 1 ] || die "the run has no figure of $p (is it in vm-configs/comparisons?)"
}
if [ -n "$base" ]; then
	pc=$run/compare-runs/$bid/pairs.csv
	[ -f "$pc" ] || die "no $pc: compare-runs.sh wrote none"
	mapfile -t bp < <(awk_letter -v view=pairs "$pc")
	for p in "${bp[@]}"; do letter_pair "$p" "$pc"; done
else
	for p in "${pairs[@]}"; do letter_pair "$p"; done
fi

[ -z "$tables" ] || exit 0

# The compiler, the command and the data.
tail_lines=()
cc=${F[kernel_compiler]:-${F[compiler]:-}}
if [ -n "$cc" ]; then
	tail_lines+=("Compiler (the kernels'): $cc")
else
	tail_lines+=("Compiler: not recorded by this run")
fi
rel() { # PATH -> PATH relative to the checkout where inside it
	local p
	p=$(readlink -f "$1")
	case $p in "$LB_TOP"/*) echo "${p#"$LB_TOP"/}" ;; *) echo "$p" ;; esac
}
at=${F[git_head]:-${F[commit]:-}}
at=${at:+, at lockbench commit ${at:0:12}}
if [ -n "$base" ]; then
	how_repro="Reproduce$at:"
	repro="make cover-letter BASE_RUN=$(rel "$base") RUN=$(rel "$src")"
elif [ "$T" != - ]; then
	how_repro="Reproduce$at (the whole run, then this letter):"
	repro="make VARIANTS=\"${RT[variants]:-}\" ACCEL=${RT[accel]:-tcg} BOOTS=${RT[boots]:-10} REPEAT=${RT[repeat]:-3} VCPUS=${RT[vcpus]:-2} all cover-letter"
elif [ -n "${F[bundle]:-}" ]; then
	how_repro="Reproduce: on the machine, in ${F[bundle]}.tar.gz unpacked (make bundle VARIANTS=\"${F[variants]:-}\"$at), then make import BUNDLE_RESULTS= its results folder:"
	repro="sh run.sh${F[seconds]:+ -t ${F[seconds]}}"
else
	how_repro="Reproduce$at (the native run, then this letter):"
	repro="make NAME=x VARIANTS=\"${RN[variants]:-}\" RUNS=${RN[boots]:-10}${RN[threads]:+ THREADS=${RN[threads]}}${RN[unit_ms]:+ UNIT_MS=${RN[unit_ms]}}${RN[slices]:+ SLICES=${RN[slices]}} native && make cover-letter RUN=build/runs/x"
fi
where=$(rel "$src")
[ -f "$src/run.info" ] || [ ! -f "$src/native/run.info" ] || where=$(rel "$src/native")
raw="Raw data: $where"
case $where in results/*) raw+=" in the lockbench repository" ;; esac
[ -z "${RN[imported_from]:-}" ] || raw+=" (imported from ${RN[imported_from]})"
tail_lines+=("$raw: the records, job lists and provenance")
{
	echo
	printf '%s\n' "${tail_lines[@]}" "$how_repro"
} | awk_letter -v view=wrap
echo "$repro" | awk_letter -v view=command
