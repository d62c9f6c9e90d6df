#!/usr/bin/env bash
# plots.sh RUN: the graphs of a run, from RUN/summary.csv and RUN/pairs.csv
# (lb-stat), RUN/run.info and RUN/host.txt, into RUN/plots/NAME.png and
# NAME.svg, with the reshaped data behind each in RUN/plots/data/.  The
# gnuplot scripts and awk reshapers are in plots/.  Everything is written
# to a temporary folder first: a failure leaves RUN/plots as it was.
. "$(dirname "$0")/../lib.sh"
. "$LB_TOP/schema/contract.sh"
export LC_ALL=C
P=$LB_TOP/plots

[ $# -eq 1 ] || die "usage: plots.sh RUN (a run directory holding summary.csv)"
[ -d "$1" ] || die "plots: $1 is not a directory"
run=$(run_dir "$1")
sum=$run/summary.csv pairs=$run/pairs.csv
[ -f "$sum" ] || die "plots: $sum is missing (lb-stat summary writes it)"
declare -A RI=()
readkv RI "$run/run.info" 2>/dev/null || true
accel=${RI[accel]:-}
# These graphs are of time (ns, cycles); an icount run counts instructions
# and has its own graph, the path-length one: refused before anything else
# is read.
[ "$accel" != icount ] || die "plots: $1 is an icount run (instructions, not time): its graph is make pathlen's (scripts/icount/plot.sh)"
# Everything this script asks the contract, from one reading of it: the
# modes, the summary's and pairs' columns, and lists of kinds by role.
cl=$(contract_lists modes summary pairs "kinds cont=1 rw=1" "kinds cont=1" "kinds hot=1" "kinds base=1" "kinds cont=1 rw=0" "kinds rw=1") || exit 1
{ read -r modes && read -r sumcols && read -r paircols && read -r rwkinds && read -r contkinds &&
	read -r kinds && read -r bases && read -r exclkinds && read -r allrw; } <<<"$cl"
# csvawk PROGRAM FILE...: PROGRAM with csv.awk's v("column") (mawk has no
# -e); csv.awk read once.
csvlib=$(<"$P/csv.awk")
csvawk() { local prog=$1; shift; awk "$csvlib"$'\n'"$prog" "$@"; }
msg=$(awk -f "$P/csv.awk" -v need="$sumcols" -v modes="$modes" -f "$P/validate.awk" "$sum" 2>&1) || die "plots: malformed summary: ${msg:-$sum: unreadable}"
# A pairs.csv of the header alone: its first line, and whether a second
# one ends in a newline (what head -n 1 and wc -l told).
pline="" plines=0
[ ! -f "$pairs" ] || { IFS= read -r pline && plines=1 && IFS= read -r _ && plines=2; } <"$pairs" || true
if [ -f "$pairs" ] && [ $plines -le 1 ] && [ "$pline" = "${paircols// /,}" ]; then
	note "plots: $pairs has no pairs (fewer than two comparable variants): the headline graph says so instead"
	pairs=
elif [ -f "$pairs" ]; then
	msg=$(awk -f "$P/csv.awk" -v what=pairs -v need="$paircols" -f "$P/validate.awk" "$pairs" 2>&1) || die "plots: malformed pairs: ${msg:-$pairs: unreadable}"
else
	note "plots: $pairs is missing: the headline graph says so instead"
	pairs=
fi
command -v gnuplot >/dev/null || die "plots: gnuplot is not installed (apt-get install gnuplot-nox)"

# Title parts.  Quotes and backslashes would break gnuplot -e strings.
clean() { printf '%s' "${1//[\'\"\\]/}"; }
[ -n "$accel" ] || { note "plots: no accel= in $run/run.info"; accel=unknown; }
# The host by the name every table and graph gives it (host-name.sh:
# "Emerald Rapids, 2-vCPU VM"), from the facts of the run's machine: a
# native run's own, or the native pass's of a run (the same machine, where
# the boots' provenance names the same host id); else host.txt's words.
hostname_of() { # FACTS -> its name, or nothing where it has no CPU facts
	grep -q '^cpu_family=' "$1" 2>/dev/null || return 0
	"$LB_TOP/scripts/report/host-name.sh" "$1"
}
hfacts=$run/native/host-facts.txt
[ "$accel" != native ] || hfacts=$run/host-facts.txt
if [ -f "$hfacts" ] && [ "$accel" != native ]; then
	p1=$(find "$run/boots" -path '*/boot1/provenance.json' -print -quit 2>/dev/null) || p1=""
	pid=$([ -z "$p1" ] || jq -r '.host_id // ""' "$p1" 2>/dev/null) || pid=""
	[ -z "$pid" ] || grep -qx "host_id=$pid" "$hfacts" || hfacts=""
fi
host=$([ -z "$hfacts" ] || hostname_of "$hfacts")
[ -n "$host" ] || { IFS= read -r host || true; } 2>/dev/null <"$run/host.txt" || true
[ -n "$host" ] || host="unknown host"
host=$(clean "$host")
# Every graph's title block ends with the run and the kernels under test.
prov=$(clean "run $(dir_id "$run")") kern=$(clean "kernels under test: $("$LB_TOP/scripts/report/kernel-line.sh" "$run")")
ACCEL=${accel^^}
tcgnote=""
[ "$accel" = tcg ] && tcgnote=" (TCG: emulated, compare variants only)"

# scan ARRAY SUMMARY: one pass over SUMMARY, one sort, into ARRAY (a
# contended graph's, which contended_panels adds to):
#   [variants]  the variants in it, sorted (as sort -u), a line each;
#   [rp:KIND]   each contended rw kind's read_pct values (as sort -nru),
#               each after a space;
#   [shapes]    the contended panels' shapes and placements,
#               HOLD/PARALLEL/PLACEMENT (hold, then parallel time, then
#               placement), a line each;
#   [nplace]    how many placements they name.
# A line per value, tagged 1, 2 or 3, its sort key in its own column; a
# CSV field holds no comma.
scan() {
	local -n _scan=$1
	local lines tag a b c d e
	local -A seen=()
	lines=$(csvawk 'function out(s) { if (!got[s]++) print s }
		NR == 1 { header(); n = split(rw, a, " "); for (i = 1; i <= n; i++) isrw[a[i]] = 1
			n = split(cont, a, " "); for (i = 1; i <= n; i++) iscont[a[i]] = 1; next }
		v("variant") != "" { out("1," v("variant") ",,,") }
		v("mode") == "contended" && v("kind") in isrw { out("2," v("kind") "," v("read_pct") ",,") }
		v("mode") == "contended" && v("kind") in iscont { out("3,,," v("hold_ns") "," v("parallel_ns") "," v("placement")) }' \
		rw="$rwkinds" cont="$contkinds" "$2" | sort -t, -k1,1n -k2,2 -k3,3nr -k4,4n -k5,5n -k6,6 -u)
	_scan=([variants]="" [shapes]="" [nplace]=0)
	while IFS=, read -r tag a b c d e; do
		case $tag in
		1) _scan[variants]+="${_scan[variants]:+$'\n'}$a" ;;
		2) _scan[rp:$a]+=" $b" ;;
		3)
			_scan[shapes]+="${_scan[shapes]:+$'\n'}$c/$d/$e"
			[ -n "${seen[x$e]:-}" ] || { _scan[nplace]=$((${_scan[nplace]} + 1)) && seen[x$e]=1; }
			;;
		esac
	done <<<"$lines"
}
declare -A CP=()
scan CP "$sum"
present=()
[ -z "${CP[variants]}" ] || mapfile -t present <<<"${CP[variants]}"
# Variants in the run: the default matrix's first, in its order (each
# family before its debug twin), then any others sorted.
main=$(matrix_variants | tr '\n' ' ') order=""
declare -A inrun=()
for v in "${present[@]}"; do inrun[$v]=1; done
for v in $main; do
	if [ -n "${inrun[$v]:-}" ]; then order+="$v "; else
		note "plots: variant $v is not in this run: graphs show the rest"
	fi
done
for v in "${present[@]}"; do
	case " $main " in *" $v "*) ;; *) order+="$v " ;; esac
done
order=${order% }
# Debug or not by the variant's fragments (lib.sh's fragments_debug), and
# each debug variant's twin: the variant with the same fragments but
# debug-off (the overhead graph's pairs).
nodebug="" debug="" twins=""
declare -A frags=()
for v in $order; do
	# A name the matrix does not know (variant_fragments dies) has none.
	fr=$(variant_fragments "$v" 2>/dev/null) || fr=""
	frags[$v]=$fr
	if [ "$(fragments_debug "$fr")" = on ]; then debug+="$v "; else nodebug+="$v "; fi
done
for d in $debug; do
	# Each fragment line's /debug-*.config becomes /debug-off.config (the
	# sed it was: s|/debug-[a-z]*\.config$|/debug-off.config|).
	want=""
	while IFS= read -r line; do
		[[ $line =~ ^(.*)/debug-[a-z]*\.config$ ]] && line=${BASH_REMATCH[1]}/debug-off.config
		want+=$line$'\n'
	done <<<"${frags[$d]}"
	want=${want%$'\n'}
	for x in $nodebug; do [ "${frags[$x]}" != "$want" ] || twins+="$x:$d "; done
done
# The graphs' colours and dashes from the same fragments.
gpv=$(variant_gp $order)

tmp=$(mktemp -d "$run/.plots.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
out=$tmp/plots dat=$tmp/plots/data
mkdir -p "$dat"
# The empty loop is what every other kind's figure has subtracted (its
# own is the loop against itself, noise about 0): not a result, so no
# graph draws it.  The hot graphs read these copies without it.
csum=$tmp/summary.csv cpairs=""
csvawk 'NR == 1 { header(); print; next } v("kind") != "empty"' "$sum" >"$csum"
[ -z "$pairs" ] || { cpairs=$tmp/pairs.csv && csvawk 'NR == 1 { header(); print; next } v("kind") != "empty"' "$pairs" >"$cpairs"; }

# load ARRAY FILE: the header a reshaper writes before its data ("#meta
# k=v ..." and "#KEY value" lines) into ARRAY (M, which ovnote and dupnote
# read), the first value of each key, plus three derived texts: [sub], the
# subtitle (accelerator, host, n, the TCG caveat), [ntext], its n, and
# [cfgtext], the hold/parallel configuration in words.  Bash alone reads
# it: every graph asks it several things, and a process per question cost
# most of this script's time.
declare -A M=()
load() {
	local -n _load=$1
	local line w k
	_load=()
	while IFS= read -r line; do
		case $line in
		'#meta '*)
			for w in ${line#'#meta '}; do
				k=${w%%=*}
				[ -n "${_load[$k]+set}" ] || _load[$k]=${w#*=}
			done
			;;
		'# '* | '#') ;; # a data block's label
		'#'*)
			k=${line#'#'} k=${k%% *}
			[ -n "${_load[$k]+set}" ] || { [[ $line == *' '* ]] && _load[$k]=${line#* } || _load[$k]=""; }
			;;
		esac
	done <"$2"
	local lo=${_load[nmin]:-} hi=${_load[nmax]:-} n
	[ "$lo" = "$hi" ] && n="n=$lo" || n="n=$lo-$hi"
	_load[sub]="$ACCEL, $host, $n per cell$tcgnote" _load[ntext]=$n
	_load[cfgtext]=""
	[[ ${_load[cfg]:-} =~ ^hold_ns=([^ ]*)\ parallel_ns=(.*)$ ]] &&
		_load[cfgtext]="hold ${BASH_REMATCH[1]} ns, parallel ${BASH_REMATCH[2]} ns"
	return 0
}
# gp SCRIPT NAME TITLE SUBTITLE NOTE [gnuplot assignments]: one graph, in
# both formats, queued: one gnuplot draws them all (draw, below), since its
# start-up, not the drawing, was most of each call.  "reset session" gives
# each graph a fresh gnuplot, and plots/svg-fresh.gp the SVG terminal's
# own state (which "reset session" keeps).
gp() {
	local script=$1 name=$2 t s n set
	t=$(clean "$3") s=$(clean "$4") n=$(clean "$5")
	shift 5
	set="dir='$P'; out='$out/$name'; ttl='$t'; sub='$s'; note='$n'; prov='$prov'; kern='$kern'; $*"
	printf '%s\n' "reset session" "load '$P/svg-fresh.gp'" "reset session" \
		"print 'graph $script $name.svg'" "$set; fmt='svg'" "load '$P/$script'" "unset output" \
		"reset session" "print 'graph $script $name.png'" "$set; fmt='png'" "load '$P/$script'" "unset output" >>"$tmp/draw.gp"
	drawn+=("$name")
}
drawn=()
# draw: the queued graphs.  A failure names the graph it stopped in (the
# "graph SCRIPT NAME" line gnuplot printed last) and what gnuplot said
# after that line.
draw() {
	local last name
	# A UTF-8 locale: under LC_ALL=C, "set encoding utf8" makes gnuplot
	# warn that iconv cannot convert its degree sign.
	if ! LC_ALL=C.UTF-8 gnuplot "$tmp/draw.gp" >"$tmp/draw.log" 2>&1; then
		last=$(grep '^graph ' "$tmp/draw.log" | tail -n 1)
		last=${last#graph } name=${last#* }
		[ "${name%.svg}" = "$name" ] || name="${last%% *} for $name"
		die "plots: gnuplot failed on $name: $(awk '/^graph / { n = 0; next } { l[++n] = $0 } END { for (i = n > 5 ? n - 4 : 1; i <= n; i++) print l[i] }' "$tmp/draw.log")"
	fi
	# A graph gnuplot warned about is not one to publish unread.
	while IFS= read -r last; do note "plots: gnuplot: $last"; done < <(grep -i 'warning' "$tmp/draw.log" || true)
	for name in "${drawn[@]}"; do echo "plots: $name.png, $name.svg"; done
}
# nodata NAME TITLE WHY: a placeholder that says what is missing.
nodata() {
	note "plots: $1: $3; writing a placeholder"
	gp nodata.gp "$1" "$2" "$ACCEL, $host$tcgnote" "" "msg='no data: $(clean "$3")'"
}
# ovnote MARK: the note for a loaded file with oversubscribed cells.
ovnote() {
	[ -z "${M[oversub]:-}" ] || echo "$1 = oversubscribed cell (guest vCPUs > host CPUs): treat with care"
}
dupnote() { # dupnote NAME: rows a loaded file's reshaper left out
	[ "${M[dup]:-0}" -eq 0 ] || note "plots: $1: ${M[dup]} rows with a second hold/parallel configuration or repeated key left out"
}

# 1. Uncontended cost, debug off and on.
for side in off on; do
	[ $side = off ] && vs=$nodebug || vs=$debug
	f=$dat/uncontended-debug-$side.dat
	awk -f "$P/csv.awk" -f "$P/clusters.awk" -f "$P/table.awk" -v mode=hot -v metric=ns_op -v variants="$vs" -v kinds="$kinds" -v bases="$bases" "$csum" >"$f"
	load M "$f"
	dupnote uncontended-debug-$side
	t="Uncontended lock cost, debug $side: hot cache, 1 thread"
	if [ -z "${M[variants]:-}" ]; then nodata uncontended-debug-$side "$t" "no hot ns_op rows for ${vs:-any debug-$side variant}"; continue; fi
	gp uncontended.gp uncontended-debug-$side "$t" "${M[sub]}" "$(ovnote †)" "in='$f'; vars='${M[variants]}'; nbase=${M[nbase]:-}; $gpv"
done

# contended_panels ARRAY SUMMARY METRIC PREFIX VARIANTS GRAPH: a
# contended graph's panels, one per kind the contract draws (cont=1),
# hold/parallel shape and placement of SUMMARY (scan's answers in ARRAY):
# the exclusive kinds, then the rw kinds, one panel per read_pct in the
# summary (most reads first); each shape's and placement's panels
# together, by hold then parallel time, then placement.  The panels of one
# hold/parallel shape share a y scale whatever their placement, so that
# placements compare at a glance.  Every panel's METRIC from one awk
# (series.awk reads the summary once per panel) into $dat/PREFIX-N.dat, a
# block per variant of VARIANTS, N counting the panels with data; for
# throughput, where one variant overtakes another, CIs apart on both sides
# ($dat/ov-N.dat).  Adds to ARRAY: [np], the panels drawn; [panels], their
# gnuplot assignments; [nshape], the hold/parallel shapes (a y scale
# each); [xt], the thread counts; [anyov] and [anyot], 1 when a point is
# oversubscribed or an overtake is marked; [psub], the subtitle, and [pn],
# its n.
# shapetext HOLD/PARALLEL[/PLACEMENT] NPLACE: the shape in words (the
# placement when the summary has several: scan's [nplace]).
shapetext() {
	local h=${1%%/*} rest=${1#*/} words
	words="hold $h ns, parallel ${rest%%/*} ns"
	[ "$2" -le 1 ] || [ "$rest" = "${rest#*/}" ] || words+=", placement ${rest#*/}"
	echo "$words"
}
contended_panels() {
	local -n _cp=$1
	local sum=$2 metric=$3 pre=$4 vars=$5 graph=$6 panel_list=$exclkinds s k kind rp pt f nov x i=0 si=0
	local args=() got=() threads="" drawnk=" " tn nshape=0 np=0 anyov=0 anyot=0 panels="" psub="" pn=""
	local -A shapeix=()
	for k in $rwkinds; do
		if [ -n "${_cp[rp:$k]:-}" ]; then
			for rp in ${_cp[rp:$k]}; do panel_list+=" $k:$rp"; done
		else panel_list+=" $k"; fi
	done
	for s in ${_cp[shapes]}; do
		[ -n "${shapeix[${s%/*}]:-}" ] || { nshape=$((nshape + 1)) && shapeix[${s%/*}]=$nshape; }
	done
	for s in ${_cp[shapes]}; do
		for k in $panel_list; do
			kind=${k%%:*} rp=""
			[ "$kind" = "$k" ] || rp=${k#*:}
			args+=("kind=$kind" "read_pct=$rp" "shape=$s" "$sum")
		done
	done
	if [ ${#args[@]} -gt 0 ]; then
		awk -f "$P/csv.awk" -f "$P/series.awk" -v all=1 -v metrics="$metric" -v variants="$vars" -v out="$dat/$pre-" "${args[@]}" >"$tmp/panels"
		mapfile -t got <"$tmp/panels"
	fi
	for s in ${_cp[shapes]}; do
		si=${shapeix[${s%/*}]}
		for k in $panel_list; do
			kind=${k%%:*} rp=""
			[ "$kind" = "$k" ] || rp=${k#*:}
			i=$((i + 1))
			[ "${got[i - 1]}" != 0 ] || continue
			np=${got[i - 1]} drawnk+="$k "
			f=$dat/$pre-$np.dat
			load M "$f"
			dupnote "$graph $k"
			[ -z "${M[oversub]:-}" ] || anyov=1
			# A second line names the shape (and the placement) when
			# the run has several.
			pt="$kind${rp:+, $rp% read}"
			[ "$nshape" -eq 1 ] && [ "${_cp[nplace]}" -le 1 ] || pt+="\n$(shapetext "$s" "${_cp[nplace]}")"
			nov=0
			if [ "$metric" = ops_per_s ]; then
				awk -f "$P/overtake.awk" "$f" >"$dat/ov-$np.dat"
				while IFS= read -r _; do nov=$((nov + 1)); done <"$dat/ov-$np.dat"
			fi
			[ $nov = 0 ] || anyot=1
			panels+="pt$np=\"$pt\"; ps$np=$si; nov$np=$nov; "
			# Its thread counts: the first word of each data line.
			while read -r x _; do
				case $x in '' | '#'*) continue ;; esac
				# awk's $1 > 0: numeric for a number (thread counts are
				# integers), else a comparison of strings.
				# shellcheck disable=SC2071
				if [[ $x =~ ^[0-9]+$ ]]; then [ $((10#$x)) -gt 0 ] || continue; else [[ $x > 0 ]] || continue; fi
				threads+=" $x"
			done <"$f"
			[ -n "$psub" ] || psub=${M[sub]} pn=${M[ntext]}
		done
	done
	for k in $panel_list; do
		[[ $drawnk == *" $k "* ]] || note "plots: $graph: no ${k%%:*}$([ "${k#*:}" = "$k" ] || echo " read_pct=${k#*:}") rows"
	done
	# The thread counts, as tr ' ' '\n' | sort -nu | paste -sd' ' gave
	# them (the empty first word sorts first: a leading space): integers by
	# their index in an array, anything else by sort.
	if [[ $threads =~ ^( [0-9]{1,15})*$ ]]; then
		tn=()
		for x in $threads; do [ -n "${tn[10#$x]+set}" ] || tn[10#$x]=$x; done
		x=${threads:+ }${tn[*]}
	else
		x=$(tr ' ' '\n' <<<"$threads" | sort -nu | paste -sd' ')
	fi
	_cp[np]=$np _cp[panels]=$panels _cp[nshape]=$nshape _cp[xt]=$x _cp[anyov]=$anyov _cp[anyot]=$anyot _cp[psub]=$psub _cp[pn]=$pn
}

# 2. Contended throughput against threads.
contended_panels CP "$sum" ops_per_s ct "$order" contended-throughput
t="Contended throughput: all threads on one lock"
[ "${CP[nshape]}" -ne 1 ] || [ "${CP[nplace]}" -gt 1 ] || t+=" ($(shapetext "${CP[shapes]}" "${CP[nplace]}"))"
# A graph against threads needs two thread counts at least: one is a
# column of points on an axis with one value.
onex() { [ "$(wc -w <<<"$1")" -lt 2 ]; }
if [ "${CP[np]}" -eq 0 ]; then
	nodata contended-throughput "$t" "no contended ops_per_s rows"
elif onex "${CP[xt]}"; then
	nodata contended-throughput "$t" "every contended cell ran at one thread count (${CP[xt]# }): a graph against threads needs two"
else
	cnote=""
	[ "${CP[anyov]}" = 0 ] || cnote='○ = oversubscribed cell (guest vCPUs > host CPUs)'
	# A panel per kind and lock design (bydes): nine lines in one panel
	# over a few thread counts could not be told apart.
	gp contended.gp contended-throughput "$t" "${CP[psub]}" "$cnote" \
		"ddir='$dat'; pre='ct'; bydes=1; np=${CP[np]}; nsh=${CP[nshape]}; ${CP[panels]} vars='$order'; anyov=${CP[anyov]}; anyot=${CP[anyot]}; xt='${CP[xt]}'; $gpv"
fi

# 3. Fairness of contended spin_lock: a dot plot by variant, a panel per
# hold/parallel shape, placement and thread count (all variants often sit
# at one thread count, where lines against threads would overlap).
f=$dat/fairness.dat
awk -f "$P/csv.awk" -f "$P/dots.awk" -v kind=spin_lock -v metric=fair_ratio -v variants="$order" "$sum" >"$f"
load M "$f"
t="Fairness of contended spin_lock"
if [ -z "${M[variants]:-}" ]; then nodata fairness "$t" "no contended spin_lock fair_ratio rows (it needs 2 or more threads)"; else
	dupnote fairness
	# The shape goes in the title when there is one, else in each panel's.
	declare -A fsh=()
	nfs=0 fs1=""
	for ((j = 1; j <= M[panels]; j++)); do
		[ -n "${fsh[x${M[shape$j]}]:-}" ] || { fsh[x${M[shape$j]}]=1 && nfs=$((nfs + 1)) && fs1=${M[shape$j]}; }
	done
	[ $nfs -gt 1 ] || t+=" ($(shapetext "$fs1" "${CP[nplace]}"))"
	fp=""
	for ((j = 1; j <= M[panels]; j++)); do
		pt="${M[threads$j]} threads"
		[ $nfs -le 1 ] || pt="$(shapetext "${M[shape$j]}" "${CP[nplace]}"), $pt"
		fp+="pt$j='$pt'; "
	done
	fov=0
	[ -z "${M[oversub]:-}" ] || fov=1
	gp fairness.gp fairness "$t" "${M[sub]}" "" \
		"in='$f'; np=${M[panels]}; $fp vars='${M[variants]}'; ylo=${M[ylo]}; yhi=${M[yhi]}; anyov=$fov; $gpv"
fi

# 4. Wait-time percentiles of contended spin_lock at the largest thread count.
f=$dat/wait-latency.dat
awk -f "$P/csv.awk" -f "$P/wait.awk" -v kind=spin_lock -v variants="$order" "$sum" >"$f"
load M "$f"
t="Contended spin_lock: wait before acquiring, ${M[threads]:-} threads (${M[cfgtext]})"
if [ -z "${M[variants]:-}" ]; then nodata wait-latency "Contended spin_lock: wait before acquiring" "no contended spin_lock wait_* rows"; else
	dupnote wait-latency
	gp wait.gp wait-latency "$t" "${M[sub]}" "${M[oversub]:+oversubscribed at this thread count (guest vCPUs > host CPUs): treat with care}" "in='$f'; vars='${M[variants]}'; $gpv"
fi

# 5. Debug overhead: X-debug / X per hot kind.
f=$dat/debug-overhead.dat
if [ -n "$pairs" ]; then
	awk -f "$P/csv.awk" -f "$P/clusters.awk" -f "$P/overhead.awk" -v variants="$order" -v kinds="$kinds" -v bases="$bases" -v twins="$twins" "$cpairs" >"$f"
else
	printf '#variants\n' >"$f"
fi
t="Debug overhead: ns per op with debug options over without"
load M "$f"
if [ -z "${M[variants]:-}" ]; then nodata debug-overhead "$t" "no variant with both X and X-debug hot ns_op rows"; else
	gp overhead.gp debug-overhead "$t" "${M[sub]}" "$(ovnote †)" "in='$f'; vars='${M[variants]}'; nbase=${M[nbase]:-}; $gpv"
fi

# 6. Headline: the A/A and headline pairs of vm-configs/comparisons.
f=$dat/headline.dat
t="Headline under ${ACCEL}: uncontended (hot) change per lock kind, by comparison"
# Each pair's label: its own, else "base → other" (as comparison_label);
# hl, the A/A and headline pairs (comparisons aa headline), from the same
# one reading of the file.
cl=$(comparison_lines) || exit 1
declare -A label=()
hl=""
while IFS=$'\t' read -r r b o l; do
	label[$b:$o]=${l:-$b → $o}
	case $r in aa | headline) hl+="${hl:+ }$b:$o" ;; esac
done <<<"$cl"
if [ -z "$pairs" ]; then nodata headline "$t" "$run/pairs.csv is missing"; else
	awk -f "$P/csv.awk" -f "$P/headline.awk" -v pairs="$hl" -v kinds="$kinds" "$cpairs" >"$f"
	load M "$f"
	for p in ${M[missing]:-}; do note "plots: headline: no hot ns_op pairs for ${p/:/ -> } in $pairs"; done
	ps=${M[pairs]:-}
	if [ -z "$ps" ]; then nodata headline "$t" "no hot ns_op rows in pairs.csv for the headline comparisons ($hl)"; else
		labels="" j=0
		for p in $ps; do
			j=$((j + 1))
			labels+="pl$j='$(clean "${label[$p]}")'; "
		done
		# The smallest and largest n (what sort -nu | sed -n '1p;$p' gave).
		n=$(csvawk 'function keep(s) { if (!m++ || s + 0 < lo + 0) lo = s; if (m == 1 || s + 0 > hi + 0) hi = s }
			NR == 1 { header(); next } { keep(v("n_base")); keep(v("n_other")) } END { if (m) print lo " " hi }' "$pairs")
		[ "${n% *}" = "${n#* }" ] && n="n=${n% *} boots" || n="n=${n% *}-${n#* } boots"
		gp headline.gp headline "$t" "$ACCEL, $host, $n per cell$tcgnote" "" "in='$f'; pairs='$ps'; $labels nk=${M[nkinds]:-}; $gpv"
	fi
fi

# natname FACTS: a native run's host, as every graph names it; its CPU
# model and count where the facts predate the family and model.
natname() {
	local n
	n=$(hostname_of "$1")
	if [ -z "$n" ]; then
		declare -A NF=()
		readkv NF "$1" 2>/dev/null || true
		n="${NF[cpu_model]:-unknown CPU}, ${NF[online_cpus]:-?} CPUs"
	fi
	clean "$n"
}
# 7. The native headline: spin_lock's TSC cycles per pair per variant,
# each with the bare pair of its own release shape (the legacy layers'
# byte lock: lock decb; movb; a queued lock: lock cmpxchgl and a byte
# store, or the older harness's dword store where it has no such pair).
nat=$run/native
if [ -f "$nat/summary.csv" ] && [ -f "$nat/physlimit.csv" ]; then
	declare -A NI=()
	readkv NI "$nat/run.info" 2>/dev/null || true
	shapes=" "
	for v in ${NI[variants]:-$order}; do
		fr=$(variant_fragments "$v" 2>/dev/null) || fr=""
		case $(fragments_lock "$fr") in
		pre | post) shapes+="$v=lock_decb+movb " ;;
		stock) shapes+="$v=lock_cmpxchgl+movb|lock_cmpxchg+mov " ;;
		esac
	done
	f=$dat/native-headline.dat
	awk -f "$P/csv.awk" -f "$P/native.awk" -v kind=spin_lock -v variants="${NI[variants]:-$order}" -v shapes="$shapes" \
		"$nat/summary.csv" "$nat/physlimit.csv" >"$f"
	load M "$f"
	nh=$(natname "$nat/host-facts.txt")
	t="Native: spin_lock + spin_unlock, TSC cycles per pair"
	if [ -z "${M[variants]:-}" ]; then nodata native-headline "$t" "no hot spin_lock cyc_op rows in native/summary.csv"; else
		nn="n=${M[nmin]}"
		[ "${M[nmin]}" = "${M[nmax]}" ] || nn+="-${M[nmax]}"
		gp native.gp native-headline "$t" "native (rdtsc), $nh, $nn processes per variant" "" \
			"in='$f'; vars='${M[variants]}'; pairs='${M[pairs]:-}'; kind='spin_lock'; $gpv"
	fi
fi

# 8. Fairness against threads, natively: Jain's index of the threads'
# acquisitions, a line per variant, a panel per kind and hold/parallel
# shape as in the throughput graph, one scale for all.  From the run's
# native/summary.csv, or a native run's own; drawn where its records
# measured the index (schema v3; lb-stat's LB_SUMMARY_CONTENDED rows).
natsum=$run/native/summary.csv natdir=$run/native
[ "$accel" != native ] || natsum=$sum natdir=$run
if [ -f "$natsum" ]; then
	declare -A NI=()
	readkv NI "$natdir/run.info" 2>/dev/null || true
	natvars=${NI[variants]:-$order}
	# The native variants the timed run lacks get their colours too.
	extra=""
	for v in $natvars; do [ -n "${inrun[$v]:-}" ] || extra+=" $v"; done
	# shellcheck disable=SC2086 # the variants, one word each
	natgpv=$(variant_gp $order $extra)
	declare -A NCP=()
	if csvawk 'NR == 1 { header(); next } v("mode") == "contended" && v("metric") == "jain" { found = 1; exit } END { exit !found }' "$natsum"; then
		scan NCP "$natsum"
		contended_panels NCP "$natsum" jain fair "$natvars" native-fairness
		nh=$(natname "$natdir/host-facts.txt")
		t="Native fairness against threads: Jain index of the per-thread acquisitions"
	fi
	if [ "${NCP[np]:-0}" = 0 ]; then
		note "plots: native-fairness: no contended jain rows of a drawn kind in $natsum (records before schema v3): not drawn"
	elif onex "${NCP[xt]}"; then
		# (the report says so where the graph would be: native's
		# section.md.in, nfair unset)
		note "plots: native-fairness: every cell has one thread count (${NCP[xt]# }), and a graph against threads needs two: not drawn (the native tables give Jain's index)"
	else
		[ "${NCP[nshape]}" -ne 1 ] || [ "${NCP[nplace]}" -gt 1 ] || t+=" ($(shapetext "${NCP[shapes]}" "${NCP[nplace]}"))"
		cnote=""
		[ "${NCP[anyov]}" = 0 ] || cnote='○ = oversubscribed cell (threads > CPUs)'
		gp contended.gp native-fairness "$t" "native (rdtsc), $nh, ${NCP[pn]} processes per cell" "$cnote" \
			"ddir='$dat'; pre='fair'; fair=1; bydes=1; ylab=\"Jain's index, 1/threads to 1\\n(median of process medians, 95% CI)\"; xlab='threads (one per CPU)'; np=${NCP[np]}; nsh=${NCP[nshape]}; ${NCP[panels]} vars='$natvars'; anyov=${NCP[anyov]}; anyot=0; xt='${NCP[xt]}'; $natgpv"
	fi
fi

# 9. The events instrument (RUN/events/events.csv) as stacked bars.
ev=$run/events/events.csv
if [ -f "$ev" ]; then
	f=$dat/events.dat
	awk -f "$P/csv.awk" -f "$P/events.awk" -v variants="$order" -v skip="$bases" -v rw="$allrw" "$ev" >"$f"
	load M "$f"
	t="Events: what one acquire+release runs, per lock kind"
	if [ -z "${M[variants]:-}" ]; then nodata events "$t" "no hot rows in $ev"; else
		# A panel per kind family; a segment no bar has is in no key
		# entry, and the note says it is 0 everywhere.
		ep="np=${M[panels]}; " enote=""
		for ((j = 1; j <= M[panels]; j++)); do ep+="fam$j='${M[fam$j]}'; kinds$j='${M[kinds$j]}'; centers$j='${M[centers$j]}'; "; done
		segs=(atomics fences "other loads" "other stores" "transfers (cold op)")
		for j in ${M[zero]:-}; do enote+="${enote:+, }${segs[j - 1]}"; done
		[ -z "$enote" ] || enote="0 in every bar, so drawn as none: $enote"
		gp events.gp events "$t" "events (TCG plugin, exact counts): hot under icount, 1 vCPU; transfers of a cold op under TCG, 2 vCPUs" "$enote" \
			"in='$f'; ${ep}xmax=${M[xmax]}; zero='${M[zero]:-}'; $gpv"
	fi
fi

draw

# Replace RUN/plots in one step.
# The old one goes into $tmp, which the EXIT trap removes (plots.old, left
# by a run stopped here before, is removed first).
[ ! -e "$run/plots.old" ] || rm -rf "$run/plots.old"
[ ! -e "$run/plots" ] || mv "$run/plots" "$tmp/plots.old"
mv "$out" "$run/plots"
# Published raw data carries its icount run: its graph is drawn here too.
if [ -f "$run/icount/pathlen.csv" ]; then
	"$LB_TOP/scripts/icount/plot.sh" "$run/icount" || die "plots: the path-length graph of $1/icount failed"
fi
# The PNGs now in RUN/plots, as find -maxdepth 1 -name '*.png' counts them.
shopt -s nullglob
pngs=("$run"/plots/*.png "$run"/plots/.*.png)
say "plots: ${#pngs[@]} graphs in $run/plots"
