#!/usr/bin/env bash
# preempt-table.sh DIR: the PREEMPT comparison of the events instrument
# (issue #37), Markdown on stdout, from an events pass filed by
# host-file.sh (DIR: results/hosts/HOST/events/RUN_ID):
#   per kind and variant, the stores each lock function makes into
#   break_lock (break-lock.tsv, from the booted kernels), the stores per
#   op (hot: exact; cold, contended: means over the pass's ops, from the
#   plugin's sums in boots/*/smp/events.tsv: events.csv keeps the modal op
#   only; not per handoff, as TCG hands over a small, host-made share of
#   the ops) and the directory model's transfers and invalidations per
#   contended handoff;
#   per PREEMPT variant and the variant it adds PREEMPT to (the matrix line
#   with the same fragments but preempt), what PREEMPT adds, each
#   contended change set against the A/A pair's (vm-configs/comparisons)
#   difference in the same pass: one boot each, so that difference is the
#   pass's only scale of TCG's interleaving noise.
# Exits 1 on a DIR without the files, or without one PREEMPT variant.
. "$(dirname "$0")/../lib.sh"
. "$LB_TOP/schema/contract.sh"
dir=${1:?usage: preempt-table.sh DIR (an events pass filed by scripts/events/host-file.sh)}
for f in run.info events.csv break-lock.tsv provenance.txt; do
	[ -f "$dir/$f" ] || die "preempt-table: $dir/$f is missing (file the pass with scripts/events/host-file.sh)"
done
declare -A RI=() PI=() HI=()
readkv RI "$dir/run.info"
readkv PI "$dir/provenance.txt"
[ ! -f "$dir/../../host.info" ] || readkv HI "$dir/../../host.info"
read -r -a variants <<<"${RI[variants]:-}"
# Each PREEMPT variant's base: the variant whose fragments are its own
# without preempt.config.
# fragment_names VARIANT: its fragments' file names, space-separated.
fragment_names() { # variant
	local frags
	frags=$(variant_fragments "$1") || exit 1
	basename -a $frags | tr '\n' ' ' | sed 's/ $//'
}
declare -A fr=()
for v in "${variants[@]}"; do fr[$v]=$(fragment_names "$v") || exit 1; done
pairs=""
for p in "${variants[@]}"; do
	[[ " ${fr[$p]} " == *" preempt.config "* ]] || continue
	want=" ${fr[$p]} " want=${want/ preempt.config / }
	for b in "${variants[@]}"; do [ " ${fr[$b]} " != "$want" ] || pairs+="${pairs:+ }$b:$p"; done
done
[[ " ${fr[*]} " == *" preempt.config "* ]] || die "preempt-table: $dir has no PREEMPT variant (variants: ${variants[*]})"
aa=$(comparison_lines | awk -F'\t' '$1 == "aa" { print $2 ":" $3 }')
tsvs=()
for v in "${variants[@]}"; do
	t=$dir/boots/$v/smp/events.tsv
	[ -f "$t" ] || die "preempt-table: $t is missing"
	head -n 1 "$t" | grep -qx '#lockbench-events v1' || die "preempt-table: $t is not a lockbench-events v1 file"
	tsvs+=("$t")
done
kinds=$(contract_list kinds)

# figures per|waiter|adds: one piece of the figures on stdout, from the
# same files: per (CSV, kind x variant), waiter (Markdown list: the
# waiter's stores by function), adds (CSV, per PREEMPT variant and base).
figures() {
	awk -F'\t' -v want="$1" -v kinds="$kinds" -v order="${variants[*]}" -v pairs="$pairs" -v aa="$aa" '
	BEGIN {
		nk = split(kinds, K, " "); nv = split(order, V, " ")
		for (i = 1; i <= nk; i++) KIND[i - 1] = K[i]
	}
	function q(s) { gsub(/"/, "\"\"", s); return "\"" s "\"" }
	# break-lock.tsv: variant function offset store insn.
	FILENAME ~ /break-lock.tsv$/ {
		if ($4 == "none") next
		f = $2; sub(/^__?raw_/, "", f)
		s = $4 " `" $5 "`"
		if (!((f, $1, s) in SEEN)) { SEEN[f, $1, s] = 1; BL[f, $1] = BL[f, $1] (BL[f, $1] == "" ? "" : "; ") s }
		if ($4 == "set") {
			SET[f, $1] = 1
			if (!($1 in WAITER)) WORD[++nw] = $1
			WAITER[$1] = WAITER[$1] (WAITER[$1] == "" ? "" : ", ") "`" $2 $3 ": " $5 "`"
		}
		next
	}
	# events.csv: the stores of the modal hot op, exact.
	FILENAME ~ /events.csv$/ {
		if (FNR == 1) { n = split($0, h, ","); for (i = 1; i <= n; i++) C[h[i]] = i; next }
		split($0, e, ",")
		if (e[C["mode"]] == "hot" && e[C["pad"]] == 0) HOT[e[C["kind"]], e[C["variant"]]] = e[C["stores"]]
		next
	}
	# The plugin files of the smp pass: boots/VARIANT/smp/events.tsv.
	FNR == 1 { v = FILENAME; sub(/\/smp\/events.tsv$/, "", v); sub(/.*\//, "", v) }
	/^#/ { next }
	$1 == "site" { delete T; for (i = 1; i <= NF; i++) T[$i] = i; next }
	$1 == "op" || $1 == "contend" {
		k = KIND[$T["id"]]; m = $1 == "op" ? "cold" : "contended"
		if (m == "contended" && !(k in ISK)) { ISK[k] = 1; KO[++nko] = k }
		OPS[m, k, v] = $T["ops"]; ST[m, k, v] = $T["sum_stores"]
		TR[m, k, v] = $T["transfers"]; IN[m, k, v] = $T["invalidations"]; HO[m, k, v] = $T["handoffs"]
	}
	function per(x, n) { return n > 0 ? sprintf("%.3f", x / n) : "" }
	function have(m, k, v) { return (m, k, v) in OPS }
	function tph(k, v) { return have("contended", k, v) ? per(TR["contended", k, v], HO["contended", k, v]) : "" }
	function spo(k, v) { return have("contended", k, v) ? per(ST["contended", k, v], OPS["contended", k, v]) : "" }
	function bl(k, v) { return BL[k, v] != "" ? BL[k, v] : "none" }
	END {
		if (want == "per") per_csv()
		else if (want == "waiter") for (i = 1; i <= nw; i++) printf "- %s: %s\n", WORD[i], WAITER[WORD[i]]
		else adds_csv()
	}
	function per_csv(   a, b, k, v) {
		print "kind,variant,break_lock,hot_stores,cold_stores_per_op,cold_transfers_per_op,contended_stores_per_op,contended_transfers_per_handoff,contended_invalidations_per_handoff,ops,handoffs"
		for (a = 1; a <= nko; a++) for (b = 1; b <= nv; b++) {
			k = KO[a]; v = V[b]
			if (!have("contended", k, v)) continue
			printf "%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n", k, v, q(bl(k, v)), HOT[k, v],
				have("cold", k, v) ? per(ST["cold", k, v], OPS["cold", k, v]) : "",
				have("cold", k, v) ? per(TR["cold", k, v], OPS["cold", k, v]) : "",
				spo(k, v), tph(k, v), per(IN["contended", k, v], HO["contended", k, v]),
				OPS["contended", k, v], HO["contended", k, v]
		}
	}
	function adds_csv(   A, P, ab, a, i, k, B, X, np, dt, sp, r) {
		split(aa, A, ":")
		print "kind,pair,waiter_store,delta_hot_stores,delta_contended_stores_per_op,delta_transfers_per_handoff,contended_aa_spread,reading"
		np = split(pairs, P, " ")
		for (a = 1; a <= nko; a++) for (i = 1; i <= np; i++) {
			k = KO[a]; split(P[i], ab, ":"); B = ab[1]; X = ab[2]
			if (tph(k, B) == "" || tph(k, X) == "") continue
			dt = tph(k, X) - tph(k, B)
			sp = ""
			if (tph(k, A[1]) != "" && tph(k, A[2]) != "") { sp = tph(k, A[1]) - tph(k, A[2]); if (sp < 0) sp = -sp }
			if (sp == "") r = "no A/A pair in this pass: not judged"
			else if (dt > sp) r = "more transfers than the A/A pair differs by"
			else if (-dt > sp) r = "fewer transfers than the A/A pair differs by"
			else r = "within the A/A difference"
			printf "%s,%s → %s,%s,%s,%s,%s,%s,%s\n", k, B, X, (k, X) in SET ? "yes" : "no",
				HOT[k, B] != "" && HOT[k, X] != "" ? HOT[k, X] - HOT[k, B] : "",
				spo(k, X) - spo(k, B), dt, sp, r
		}
	}' "$dir/break-lock.tsv" "$dir/events.csv" "${tsvs[@]}"
}
per=$(figures per)
[[ $per == *$'\n'* ]] || die "preempt-table: $dir has no contended job (its smp pass ran none)"
waiter=$(figures waiter)
adds=$(figures adds)

host="${HI[cpu_model]:-host ${PI[host_id]:-?}} (${PI[host_id]:-?}, ${HI[online_cpus]:-?} CPUs)"
render() { "$LB_TOP/scripts/report/render.sh" table -v empty="–" "$@"; }
printf '%s\n' "## PREEMPT: what break_lock's store adds (events)" "" \
	"Instrument: **events** (the lockbench-events TCG plugin; hot: icount, 1 vCPU, exact; cold and contended: MTTCG, 2 vCPUs, the directory model), pass \`${RI[run_id]:-?}\` on $host, one boot a variant. Units: stores per acquire+release, and cache-line transfers and invalidations per contended handoff (an op on the other vCPU than the kind's op before). These are model quantities: the directory has no timing, and how often TCG hands the lock over is this host's, not hardware's. Stores are per op, not per handoff: a vCPU retakes the lock many times between handoffs under TCG, so stores per handoff would count TCG's scheduling." "" \
	"Under PREEMPT, pre and post take their locks in 2005's break_lock loop (patch/0003): every acquisition stores break_lock = 0 after its trylock (clear), and a waiter stores break_lock = 1 into the lock's own line before it spins (set). The stores are each variant's lock functions' as its booted vmlinux has them (\`scripts/events/break-lock.sh\`); bit_spin_lock has no break_lock in any variant." ""
render -v align=lllrrrrrrrr \
	-v labels="kind|variant|break_lock stores (disassembly)|hot stores/op|cold stores/op|cold transfers/op|contended stores/op|contended transfers/handoff|contended invalidations/handoff|contended ops|handoffs" \
	<<<"$per"
if [ -n "$waiter" ]; then
	printf '\n%s\n\n%s\n' "The waiter's store, break_lock = 1, in each variant's lock functions (function+offset: instruction, from its vmlinux):" "$waiter"
fi
if [[ $adds == *$'\n'* ]]; then
	printf '\n%s\n\n' "What PREEMPT adds, per variant and its non-PREEMPT base in the same pass (events; stores per op, transfers per handoff). The A/A difference is how far the A/A pair (${aa/:/ → }, the same instructions) lies apart in transfers per handoff on that kind: one boot each, it is this pass's only scale of noise, so a reading is no test."
	render -v align=lllrrrrl \
		-v labels="kind|base → PREEMPT|waiter's set store|Δ hot stores/op|Δ contended stores/op|Δ transfers/handoff|A/A difference|reading" \
		<<<"$adds"
fi
