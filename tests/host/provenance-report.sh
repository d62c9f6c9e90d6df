#!/usr/bin/env bash
# The report names the kernels' source: the Debian linux-source package's
# full version and the commit patch/series was at, in RESULTS.md's
# machine line and the appendix's provenance, from the run's own
# provenance.json.  A run from before provenance.sh recorded the commit
# (the published one) still renders, saying unknown.
# check: slow
. "$(dirname "$0")/../lib.bash"
command -v gnuplot >/dev/null || skip "gnuplot is not installed"
command -v jq >/dev/null || skip "jq is not installed"
export LB_BUILD=$TMP/build STAT_RESAMPLES=400
run=$TMP/run
cp -r "$TOP/results/raw" "$run"
rm "$run/raw.info"
provs=("$run"/boots/*/boot*/provenance.json)
[ -f "${provs[0]}" ] || fail "results/raw has no provenance.json"
jq -e 'has("patch_series_commit") | not' "$run"/boots/*/boot1/provenance.json >/dev/null ||
	fail "results/raw's provenance has patch_series_commit: take a run from before it for the old case"
ver=$(jq -r .linux_source_version "$run"/boots/*/boot1/provenance.json | head -n 1)
sha=$(jq -r .patch_series_sha256 "$run"/boots/*/boot1/provenance.json | head -n 1)
# machine WANT, row WANT: the report's machine line and provenance row.
says() {
	local l m='' r=''
	while IFS= read -r l; do [[ $l != '**Machine.**'* ]] || m=$l; done <"$run/report/RESULTS.md"
	while IFS= read -r l; do [[ $l != '| kernel source |'* ]] || r=$l; done <"$run/report/results/tables.md"
	[[ $m == *"$1"* ]] || fail "the machine line lacks '$1': $m"
	[ "$r" = "$2" ] || fail "the provenance row is '$r', want '$2'"
}
Q=1 make -s -C "$TOP" results RUN="$run" >/dev/null 2>"$TMP/log" || fail "make results failed: $(tail -n 5 "$TMP/log")"
says "Kernels: Debian linux-source-6.1 $ver, patch/series at commit unknown. Run" \
	"| kernel source | Debian linux-source-6.1 $ver; patch/series at commit unknown (sha256 $sha) |"
echo "ok: a run without patch_series_commit: Debian linux-source-6.1 $ver, commit unknown"
# A run that has it: the commit cut to 12, as git_head is, -dirty kept.
c=0123456789abcdef0123456789abcdef01234567
for p in "${provs[@]}"; do
	jq --arg c "$c-dirty" '. + {patch_series_commit: $c}' "$p" >"$p.new" && mv "$p.new" "$p"
done
"$TOP/scripts/report/results.sh" "$run" >/dev/null 2>"$TMP/log" || fail "results.sh failed: $(tail -n 5 "$TMP/log")"
says "Kernels: Debian linux-source-6.1 $ver, patch/series at commit \`0123456789ab-dirty\`. Run" \
	"| kernel source | Debian linux-source-6.1 $ver; patch/series at commit \`0123456789ab-dirty\` (sha256 $sha) |"
echo "ok: a run with patch_series_commit: \`0123456789ab-dirty\` in both"
