#!/usr/bin/env bash
# hosts-answer.sh KIND LABELS RUN...: the headline pair's answer on each
# host, as CSV for render.awk's table view (hosts-table.sh draws it into
# results/hosts-answer.md, which the report and README lead with): a row
# a run (the run in its host's column), from the run's own pairs.csv,
# made by today's lb-stat (host-restat.sh):
#   host, run, the TSC's step, the machine states (stat.info: a number,
#   or unknown where the run logged no slices), before -> after in TSC
#   cycles, the change in cycles and ns, the change in % with its 95%
#   CI and verdict (its kind's own floor), whether its two blocks of
#   processes agree, and per state where there are several, each
#   state's change and CI (states/S/pairs.csv).
# LABELS is "RUN=LABEL|..." (each run's host as hosts.md names it).
. "$(dirname "$0")/../../lib.sh"

kind=${1:?usage: hosts-answer.sh KIND LABELS RUN...}
labels=${2:?usage: hosts-answer.sh KIND LABELS RUN...}
shift 2
pair=$(comparisons headline | head -n 1)
[ -n "$pair" ] || die "hosts-answer: vm-configs/comparisons has no headline pair"

# row FILE: the headline pair's hot cyc_op row of KIND in FILE, as
# "name=value" lines by column name.
row() {
	awk -F, -v b="${pair%%:*}" -v o="${pair#*:}" -v k="$kind" 'NR == 1 { for (i = 1; i <= NF; i++) c[i] = $i; next }
		{ split("", v); for (i = 1; i <= NF; i++) v[c[i]] = $i }
		v["base"] == b && v["other"] == o && v["kind"] == k && v["mode"] == "hot" && v["metric"] == "cyc_op" {
			for (i = 1; i <= NF; i++) print c[i] "=" $i
			exit
		}' "$1"
}
ci() { # LO HI: "[+a, +b]", as render.awk rounds pct_lo and pct_hi
	[[ $1 != *nan* && $2 != *nan* && -n $1 ]] || { echo n/a && return; }
	printf '[%+.1f, %+.1f]' "$1" "$2"
}

echo "host,run,tsc_step,states,median,median,delta_cyc,delta_ns,pct_change,ci,verdict,blocks,per_state"
for r in "$@"; do
	declare -A P=() S=() Q=()
	[ -f "$r/pairs.csv" ] || continue
	while IFS='=' read -r k v; do P[$k]=$v; done < <(row "$r/pairs.csv")
	[ -n "${P[kind]:-}" ] || continue
	[ ! -f "$r/stat.info" ] || readkv S "$r/stat.info"
	step=${S[tsc_step]:-?}
	[ -z "${S[tsc_step_from]:-}" ] || step+=" (${S[tsc_step_from]})"
	states=${S[states]:-unknown (no slices)}
	blocks=""
	if [[ ${P[block_diff_pct]:-nan} != *nan* ]]; then
		blocks=$([ "${P[blocks_agree]}" = 0 ] && echo disagree || echo agree)
		blocks+=": $(printf '%+.1f%% and %+.1f%%' "${P[block_pct_1]}" "${P[block_pct_2]}")"
	fi
	per=""
	if [[ $states =~ ^[0-9]+$ ]] && [ "$states" -gt 1 ]; then
		for ((s = 1; s <= states; s++)); do
			[ -f "$r/states/$s/pairs.csv" ] || continue
			while IFS='=' read -r k v; do Q[$k]=$v; done < <(row "$r/states/$s/pairs.csv")
			share=$(awk -F, -v s="$s" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["state"] == s { print $c["share_pct"] }' "$r/states.csv")
			per+="${per:+; }state $s ($(printf '%.0f' "$share")% of slices): $(printf '%+.1f%%' "${Q[pct_change]}") $(ci "${Q[pct_lo]}" "${Q[pct_hi]}")"
			Q=()
		done
	fi
	label=$(tr '|' '\n' <<<"$labels" | sed -n "s#^$r=##p")
	printf '%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n' "$(csvq "$label")" "${r##*/}" "$(csvq "$step")" "$(csvq "$states")" \
		"${P[median_base]}" "${P[median_other]}" "${P[delta]:-}" "${P[delta_ns]:-}" "${P[pct_change]}" \
		"$(csvq "$(ci "${P[pct_lo]}" "${P[pct_hi]}")")" "${P[verdict]}" "$(csvq "${blocks:-one block}")" "$(csvq "${per:-}")"
	unset P S Q
done
