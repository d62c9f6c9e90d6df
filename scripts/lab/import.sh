#!/usr/bin/env bash
# import.sh VARIANT FILE...: turn what a lab machine brought back into a
# normal run directory that compare, plots and results read.  Each FILE is
# one boot, numbered in the order given:
#   - a console log (a plain capture, or a LAVA job log in its YAML form)
#     holding the results.csv lb-guest framed on the console, between
#     "----- BEGIN lockbench results.csv sha256=HEX variant=V -----" and
#     "----- END lockbench results.csv -----";
#   - or a results disk image (the tar /init writes on lb.out=).
# Every file is checked before anything is written; a truncated frame
# (BEGIN without END), a checksum that does not match, another variant's
# log, records lb-validate refuses, or boots from different machines are
# refused by name and nothing is written.  The host, accelerator and CPU
# counts recorded are the lab machine's, from its records, never this
# host's.  Environment:
#   BUNDLE  the export bundle the lab ran (default build/export/VARIANT, if
#           there): its provenance, job list and command line join the run
#   INTO    an imported run to add VARIANT to (compare needs two variants)
. "$(dirname "$0")/../lib.sh"

v=${1:?usage: import.sh VARIANT FILE...}
shift
[ $# -gt 0 ] || die "import: name the lab's console log or results disk: make import BUNDLE_LOG=file VARIANT=$v"
variant_fragments "$v" >/dev/null
validate=$LB_TOP/bench-user/lb-validate
[ -x "$validate" ] || die "$validate is not built: run 'make user'"
command -v jq >/dev/null || die "jq is not installed: run 'make deps'"
bundle=${BUNDLE:-$LB_BUILD/export/$v}
[ -n "${BUNDLE:-}" ] && [ ! -f "$bundle/provenance.json" ] && die "BUNDLE=$BUNDLE has no provenance.json: not an export bundle"
[ -f "$bundle/provenance.json" ] || bundle=
if [ -n "$bundle" ]; then
	bv=$(jq -r .variant "$bundle/provenance.json")
	[ "$bv" = "$v" ] || die "import: bundle $bundle is variant $bv, not $v"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The CSV of one FILE into DIR/results.csv (exact bytes), DIR/source.
extract() { # file dir
	local f=$1 d=$2 text begin nbegin nend want got lv list source
	mkdir -p "$d"
	[ -r "$f" ] && [ -f "$f" ] || die "import: $f: no such file"
	# A results disk: the guest's own results.csv, verbatim (a listing
	# that names it, as tar -tf | grep -q -x -E '(\./)?results\.csv').
	if list=$(tar -tf "$f" 2>/dev/null) &&
		[[ $'\n'$list$'\n' == *$'\n'results.csv$'\n'* || $'\n'$list$'\n' == *$'\n'./results.csv$'\n'* ]]; then
		tar -xOf "$f" ./results.csv >"$d/results.csv" 2>/dev/null || tar -xOf "$f" results.csv >"$d/results.csv"
		echo disk >"$d/source"
		return
	fi
	text=$d/console.txt
	# A LAVA job log: the server's YAML list, or lava-run's JSON lines
	# (head -c 200 | grep -q -E '^(- )?\{?"?dt"?:', line by line in bash).
	local head200 line is_lava= LC_ALL=C # 200 bytes, as head -c
	IFS= read -r -d '' -N 200 head200 <"$f" 2>/dev/null || true
	while IFS= read -r line; do
		[[ $line =~ ^(-\ )?\{?\"?dt\"?: ]] && { is_lava=1 && break; }
	done <<<"$head200"
	if [ -n "$is_lava" ]; then
		/usr/bin/python3 "$LB_TOP/scripts/lab/lava-log-text.py" "$f" >"$text" || die "import: $f: cannot read it as a LAVA job log"
		source=lava-log
	else
		tr -d '\r' <"$f" >"$text"
		source=console
	fi
	echo "$source" >"$d/source"
	# The BEGIN lines (how many, and the last) and the END lines, in one awk.
	{ read -r nbegin && read -r nend && IFS= read -r begin; } < <(
		awk '/^----- BEGIN lockbench results\.csv / { nb++; b = $0 }
			$0 == "----- END lockbench results.csv -----" { ne++ }
			END { print nb + 0; print ne + 0; print b }' "$text")
	[ "$nbegin" -gt 0 ] || die "import: $f holds no framed results.csv (no '----- BEGIN lockbench results.csv' line): was it run without a results disk, and is the log complete?"
	[ "$nbegin" -eq 1 ] || die "import: $f holds $nbegin framed results.csv: one log is one boot; split it"
	[ "$nend" -eq 1 ] || die "import: $f is truncated: BEGIN lockbench results.csv without its END line (the capture stopped early)"
	want="" lv=""
	[[ ! $begin =~ ^.*\ sha256=([0-9a-f]{64})\  ]] || want=${BASH_REMATCH[1]}
	[[ ! $begin =~ ^.*\ variant=([^ ]*)\ -----$ ]] || lv=${BASH_REMATCH[1]}
	[ -n "$want" ] && [ -n "$lv" ] || die "import: $f: malformed BEGIN line: $begin"
	[ "$lv" = "$v" ] || die "import: $f is a log of variant $lv, not $v: refusing to file it under $v"
	# Between the markers; a kernel message ("[  12.345678] ...") that the
	# console put between two lines of the CSV is no part of it.
	awk '/^----- BEGIN lockbench results\.csv /{ on = 1; next }
		$0 == "----- END lockbench results.csv -----" { exit }
		on && !/^\[ *[0-9]+\.[0-9]+\] / { print }' "$text" >"$d/results.csv"
	got=$(sha256sum "$d/results.csv")
	got=${got%% *}
	[ "$got" = "$want" ] || die "import: $f: checksum mismatch: the log says sha256 $want, its CSV has $got (the capture is damaged)"
	# The boot keeps what the machine printed as console.log (for a LAVA
	# log, its target lines) and a LAVA log whole beside it.
	cp "$text" "$d/console.log"
	[ "$source" = console ] || cp "$f" "$d/lava-job.yaml"
}

n=0
for f in "$@"; do
	n=$((n + 1))
	d=$work/boot$n
	extract "$f" "$d"
	"$validate" "$d/results.csv" >"$d/validate.txt" 2>&1 ||
		die "import: $f: lb-validate refuses its records: $(head -n 1 "$d/validate.txt")"
	# Every record must be this variant's, and one machine's.  One awk
	# checks the variants, counts the records and writes each record's
	# context (accel, host, host_cpus, vcpus: what the lab's guest
	# recorded) to $d/context.all.
	nrec=$(awk -F, -v v="$v" -v ctx="$d/context.all" 'NR == 2 { for (i = 1; i <= NF; i++) h[$i] = i }
		NR > 2 && !/^#/ && $h["variant"] != v { print "import: '"$f"': a record of variant " $h["variant"] ", not " v > "/dev/stderr"; exit 1 }
		NR > 2 && !/^#/ { n++; print $h["accel"] "," $h["host"] "," $h["host_cpus"] "," $h["vcpus"] > ctx }
		END { print n + 0 }' "$d/results.csv") || exit 1
	[ "$nrec" -gt 0 ] || die "import: $f: results.csv holds no records"
	sort -u "$d/context.all" >"$d/context"
	mapfile -t ctx <"$d/context"
	[ ${#ctx[@]} -eq 1 ] || die "import: $f: records from more than one machine or accelerator: $(tr '\n' ' ' <"$d/context")"
	[ "$n" = 1 ] && ctx1=${ctx[0]}
	[ "${ctx[0]}" = "$ctx1" ] ||
		die "import: $f ran on ${ctx[0]}, $1 on $ctx1: one run is one machine"
done
IFS=, read -r accel host host_cpus vcpus <"$work/boot1/context"

# Where it goes: a new run, or an imported one that lacks VARIANT.
need_disk "$LB_BUILD/runs" 10
stage=$LB_BUILD/runs/.import.$$
trap 'rm -rf "$work" "$stage"' EXIT
if [ -n "${INTO:-}" ]; then
	run=$(readlink -f "$INTO") || die "INTO=$INTO does not exist"
	declare -A RI=()
	[ ! -f "$run/run.info" ] || readkv RI "$run/run.info"
	[ "${RI[source]:-}" = import ] || die "INTO=$INTO is not an imported run"
	[ ! -e "$run/$v.csv" ] || die "INTO=$INTO already holds $v"
	[ "${RI[host]:-}" = "$host" ] && [ "${RI[accel]:-}" = "$accel" ] ||
		die "INTO=$INTO ran on ${RI[host]:-} (${RI[accel]:-}), these records on $host ($accel)"
else
	id=$(claim_dir "$LB_BUILD/runs" "$(utc_now %Y%m%dT%H%M%SZ)-import-$v")
	run=$LB_BUILD/runs/$id
	# An import that fails leaves no run: the claimed name is given back
	# while it is still empty.
	trap 'rm -rf "$work" "$stage"; rmdir "$run" 2>/dev/null || true' EXIT
fi
rm -rf "$stage"
mkdir -p "$stage"

# The boot column is the replicate lb-stat counts: boot N is the Nth file.
# Each boot's own results.csv stays byte for byte what the guest wrote.
for ((b = 1; b <= n; b++)); do
	d=$work/boot$b bd=$stage/boots/$v/boot$b
	mkdir -p "$bd/guest"
	cp "$d/results.csv" "$bd/guest/results.csv"
	keep=()
	for k in console.log lava-job.yaml; do [ ! -f "$d/$k" ] || keep+=("$d/$k"); done
	[ ${#keep[@]} -eq 0 ] || cp "${keep[@]}" "$bd/"
	echo ok >"$bd/status"
	src=$(readlink -f "${@:$b:1}")
	# The lab CPU's name as its kernel printed it, else the record's host:
	# the first line's grep -o 'smpboot: CPU0: .* (family:', less those words.
	model=$(awk 'match($0, /smpboot: CPU0: .* \(family:/) { print substr($0, RSTART + 15, RLENGTH - 24); exit }' \
		"$d/console.txt" 2>/dev/null || true)
	source=$(cat "$d/source" 2>/dev/null) || true
	sha=$(sha256sum "$src")
	jq -n --arg variant "$v" --argjson boot "$b" --arg source "$source" \
		--arg file "${src##*/}" --arg sha "${sha%% *}" \
		--arg accel "$accel" --arg host_id "$host" --argjson host_cpus "$host_cpus" --argjson vcpus "$vcpus" \
		--arg date "$(utc_now %Y-%m-%dT%H:%M:%SZ)" \
		--slurpfile bundle <(cat "${bundle:+$bundle/provenance.json}" 2>/dev/null || echo '{}') \
		--arg model "${model:-$host}" \
		'($bundle[0] | with_entries(select(.key | test("^(host|qemu)_") | not))) + {schema: "lockbench-provenance 1", variant: $variant, boot: $boot,
		  accel: $accel, vcpus: $vcpus, host_id: $host_id, host_cpus: $host_cpus, host_cpu_model: $model,
		  host_kernel: "lab", host_fingerprint: ("lab machine " + $host_id),
		  qemu_version: "lab", qemu_cmdline: "lab",
		  imported: {source: $source, file: $file, sha256: $sha, date_utc: $date}}' >"$bd/provenance.json"
	awk -F, -v OFS=, -v b="$b" 'NR == 2 { for (i = 1; i <= NF; i++) if ($i == "boot") c = i }
		NR <= 2 || /^#/ { print; next } { $c = b; print }' "$d/results.csv" >"$d/numbered.csv"
	if [ -f "$stage/$v.csv" ]; then awk 'NR > 2 && !/^#/' "$d/numbered.csv" >>"$stage/$v.csv"; else cp "$d/numbered.csv" "$stage/$v.csv"; fi
done
"$validate" "$stage/$v.csv" >/dev/null || die "import: the joined $v.csv does not validate (a bug in import.sh)"

repeat=unknown
if [ -n "$bundle" ]; then # sed -n 's/.*lb\.repeat=\([0-9]*\).*/\1/p' | head -n 1
	repeat=""
	if [ -f "$bundle/cmdline.txt" ] && [ -r "$bundle/cmdline.txt" ]; then
		while IFS= read -r line || [ -n "$line" ]; do
			[[ $line =~ ^.*lb\.repeat=([0-9]*) ]] && { repeat=${BASH_REMATCH[1]} && break; }
		done <"$bundle/cmdline.txt"
	fi
fi
if [ -n "${INTO:-}" ]; then
	cp -r "$stage/boots/$v" "$run/boots/"
	cp "$stage/$v.csv" "$run/$v.csv"
	sed -i "s/^variants=\(.*\)/variants=\1 $v/" "$run/run.info"
	echo "imported_$v=$*" >>"$run/run.info"
else
	if [ -n "$bundle" ] && [ -f "$bundle/jobs" ]; then cp "$bundle/jobs" "$stage/jobs"; else
		echo "# imported from a lab log: the job list is not known (no export bundle)" >"$stage/jobs"
	fi
	oversub=0
	[ "$vcpus" -gt "$host_cpus" ] && oversub=1
	njobs=0 # grep -c -v '^#'
	while IFS= read -r line || [ -n "$line" ]; do [[ $line == '#'* ]] || njobs=$((njobs + 1)); done <"$stage/jobs"
	cat >"$stage/run.info" <<EOT
run_id=$id
source=import
variants=$v
accel=$accel
accel_detail=$accel (lab machine)
qemu_args=lab
vcpus=$vcpus
host_cpus=$host_cpus
host=$host
oversubscribed=$oversub
boots=$n
repeat=${repeat:-unknown}
order_seed=none
jobs=$njobs
build_seconds=0
kernel_build_seconds=lab
imported_$v=$*
total_seconds=0
failed_boots=0
EOT
	mv -T "$stage" "$run" # onto the claimed, empty directory: one rename
	ln -sfn "$id" "$LB_BUILD/runs/latest"
fi
note "import: $v: $n boot(s) of $(($(wc -l <"$run/$v.csv") - 2)) records from $host ($accel, $vcpus vCPUs) -> ${run#"$LB_TOP"/}"
