#!/usr/bin/env bash
# compare.sh RUN: the default report's comparisons and the per-cell
# statistics the graphs use.  Writes RUN/compare/ (text, CSV, Markdown
# tables), RUN/summary.csv, RUN/pairs.csv and RUN/host.txt.  Derived files
# are rebuilt in a temporary folder and swapped in whole; the records
# themselves are only read.
. "$(dirname "$0")/lib.sh"

run=$(readlink -f "${1:?usage: compare.sh RUNDIR}")
[ -d "$run" ] || die "no run directory $1"
[ -f "$run/run.info" ] || die "$run has no run.info: not a run directory, or its provenance is missing"
ls "$run"/boots/*/boot*/provenance.json >/dev/null 2>&1 ||
	die "$run has no provenance records (boots/*/boot*/provenance.json): refusing to report on it"
bin=$LB_TOP/bench-user
have() { [ -f "$run/$1.csv" ]; }
tmp=$(mktemp -d "$run/.compare.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/compare"

# name base others...: one comparison, when the base and one other ran.
cmp() {
	local name=$1 base=$2 files=() v
	shift 2
	have "$base" || return 0
	files+=("$base.csv")
	for v in "$@"; do have "$v" && files+=("$v.csv"); done
	[ ${#files[@]} -ge 2 ] || return 0
	# From inside the run, so the tables name the files, not this machine's paths.
	for fmt in text md csv; do
		(cd "$run" && "$bin/lb-compare" --format "$fmt" -o "$tmp/compare/$name.$fmt" "${files[@]}") ||
			die "lb-compare failed for $name (see above)"
	done
	note "compare: $name: ${files[*]##*/}"
}
cmp aa-pre-vs-post pre post
cmp debug-pre-vs-post pre-debug post-debug
cmp stock-vs-legacy stock pre post
cmp stock-debug-vs-legacy-debug stock-debug pre-debug post-debug
cmp preempt-pre-vs-post pre-preempt post-preempt

pairs=()
for p in pre:post pre-debug:post-debug pre:pre-debug post:post-debug stock:stock-debug \
	stock:pre stock:post stock-debug:pre-debug stock-debug:post-debug; do
	have "${p%%:*}" && have "${p##*:}" && pairs+=(--pair "$p")
done
files=()
for f in "$run"/*.csv; do
	case $(basename "$f") in summary.csv | pairs.csv | failures.csv) ;; *) files+=("$f") ;; esac
done
[ ${#files[@]} -gt 0 ] || die "$run has no result files"
"$bin/lb-summary" -s "$tmp/summary.csv" -p "$tmp/pairs.csv" "${pairs[@]}" "${files[@]}" ||
	die "lb-summary failed (see above)"

prov=$(ls "$run"/boots/*/boot*/provenance.json | head -n 1)
jq -r '"\(.host_cpu_model) (\(.host_cpus) CPUs)"' "$prov" >"$tmp/host.txt" ||
	die "$prov is not valid JSON"

rm -rf "$run/compare"
mv "$tmp/compare" "$run/compare"
mv "$tmp/summary.csv" "$tmp/pairs.csv" "$tmp/host.txt" "$run/"
note "compare: tables in ${run#"$LB_TOP"/}/compare, statistics in summary.csv and pairs.csv"
