#!/usr/bin/env bash
# cycles-model.sh [RESULTS]: the native cycles explained from measured
# parts, per host, no fit.  For every hot cell (variant x kind) of every
# native run filed under RESULTS/hosts/HOST/native/RUN:
#
#   predicted = bare(shape)                     physlimit.csv, this host
#             + (atomics - 1) x bare(dword)     events: a second atomic
#             + (insns - 1 - atomics) x slope   icount, calibration-fit.csv
#
#   - shape: the cell's own release shape (schema/release-shapes.tsv) and
#     its bare pair, median over the run's processes;
#   - atomics: the events instrument's locked instructions per op (hot);
#     the second one (the legacy rwlocks' and bit locks' unlock) is priced
#     as one more bare dword-after-dword pair;
#   - insns: icount's exact path length; the bare pair and each atomic
#     are counted in their pairs, every other instruction costs the
#     on-path calibration's slope: TSC cycles per dependent step of the
#     variant's own chain (calibration-fit.csv, boot "all").
# predicted_path is the same without the events: bare(shape) + (insns -
# 2) x slope.  residual = measured - predicted, residual_pct of measured.
# A part a run did not measure (the older harness wrote no
# calibration-fit.csv and no byte-after-dword pair) is left empty and
# named in the row's note: never filled in.
#
# Writes RESULTS/cycles-model.csv, RESULTS/cycles-model.md (the appendix
# section) and RESULTS/cycles-summary.md (the article's paragraph: one
# run a host).
# Icount and events counts are the published run's (RESULTS/pathlen,
# RESULTS/events); the kernels of every host's run come from the same
# configurations.
. "$(dirname "$0")/../lib.sh"
export LC_ALL=C

results=${1:-$LB_TOP/results}
shapes=$LB_TOP/schema/release-shapes.tsv
render=$LB_TOP/scripts/report/render.sh
median_awk=$(<"$LB_TOP/scripts/median.awk")
icount=$results/pathlen/pathlen.csv events=$results/events/events.csv
[ -f "$shapes" ] || die "cycles-model: $shapes is missing"
[ -f "$icount" ] || die "cycles-model: $icount is missing (make pathlen, then publish)"
[ -f "$events" ] || die "cycles-model: $events is missing (make events, then publish)"
# The shapes as "layer:kind=shape" words.
shapelist=""
while IFS=$'\t' read -r l k s; do
	case $l in '' | '#'*) continue ;; esac
	[ -n "$s" ] || die "cycles-model: $shapes: a row without its shape: $l $k"
	shapelist+=" $l:$k=$s"
done <"$shapes"
# Each host's runs with hot cells to predict; its sittings are hosts-table.sh's.
mapfile -t runs < <(host_runs "$results")
[ ${#runs[@]} -gt 0 ] || die "cycles-model: no native runs in $results/hosts (file one with scripts/report/hosts/host-publish.sh)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

csv=$tmp/cycles-model.csv
echo "host,run,variant,layer,kind,shape,pair,bare_cyc,dword_pair_cyc,insns,atomics,extra_insns,slope,bare_parts_cyc,predicted_path_cyc,predicted_cyc,measured_cyc,above_bare_cyc,residual_cyc,residual_pct,path_residual_pct,note" >"$csv"
for r in "${runs[@]}"; do
	declare -A RI=()
	readkv RI "$r/run.info" 2>/dev/null || true
	h=${r%/native/*}
	# Each variant's lock layer from its fragments (a variant at a second
	# layout, X~L2, is X's code).
	layers=""
	for v in ${RI[variants]:-}; do
		fr=$(variant_fragments "${v%%~*}" 2>/dev/null) || fr=""
		layers+=" $v=$(fragments_lock "$fr")"
	done
	fit=$r/calibration-fit.csv
	# None: a header alone, so the awk below counts its files the same.
	[ -f "$fit" ] || { fit=$tmp/no-fit.csv && echo "variant,boot,slope" >"$fit"; }
	awk -F, -v host="${h##*/}" -v run="${r##*/}" -v layers="$layers" -v variants="${RI[variants]:-}" -v shapes="$shapelist" "$median_awk"'
		BEGIN {
			n = split(layers, a, " "); for (i = 1; i <= n; i++) { split(a[i], kv, "="); layer[kv[1]] = kv[2] }
			n = split(shapes, a, " "); for (i = 1; i <= n; i++) { split(a[i], kv, "="); split(kv[1], lk, ":"); shape[lk[1], lk[2]] = kv[2] }
			# The pairs by shape; the older harness named its dword pair lock_cmpxchg+mov.
			pairs["byte_after_byte"] = "lock_decb+movb"
			pairs["byte_after_dword"] = "lock_cmpxchgl+movb"
			pairs["dword_after_dword"] = "lock_cmpxchgl+movl lock_cmpxchg+mov"
		}
		FNR == 1 { file++; delete c; for (i = 1; i <= NF; i++) c[$i] = i; next }
		file == 1 && $c["pad"] == 0 { ins[$c["variant"], $c["kind"]] = $c["instructions"]; next }
		file == 2 && $c["mode"] == "hot" && $c["pad"] == 0 { atom[$c["variant"], $c["kind"]] = $c["atomics"]; next }
		file == 3 { pv[$c["variant"], $c["pair"], ++pn[$c["variant"], $c["pair"]]] = $c["cyc_op"] + 0; next }
		file == 4 && $c["boot"] == "all" { slope[$c["variant"]] = $c["slope"]; next }
		file == 5 && $c["mode"] == "hot" && $c["metric"] == "cyc_op" && $c["kind"] != "empty" && $c["threads"] == 1 {
			k = $c["variant"] SUBSEP $c["kind"]
			if (!(k in meas)) { meas[k] = $c["median"]; if (!($c["kind"] in seenk)) { seenk[$c["kind"]] = 1; kinds[++nk] = $c["kind"] } }
		}
		# The median of a pair over the variant'"'"'s own processes, else
		# over the one-process harness'"'"'s ("all"); "" when not measured.
		function bare(v, s,   np, p, i, who, vals) {
			np = split(pairs[s], p, " ")
			for (i = 1; i <= np; i++) {
				who = (v, p[i], 1) in pv ? v : ((("all", p[i], 1) in pv) ? "all" : "")
				if (who == "") continue
				for (j = 1; j <= pn[who, p[i]]; j++) vals[j] = pv[who, p[i], j]
				PAIR = p[i]
				return median(vals, pn[who, p[i]])
			}
			PAIR = ""
			return ""
		}
		function num(x) { return x == "" ? "" : sprintf("%.3f", x) }
		END {
			nv = split(variants, vs, " ")
			for (ia = 1; ia <= nk; ia++) for (b = 1; b <= nv; b++) {
				v = vs[b]; k = kinds[ia]
				if (!((v, k) in meas)) continue
				base = v; sub(/~.*/, "", base)
				s = shape[layer[v], k]; note = ""
				if (s == "") note = "no release shape for layer " (layer[v] == "" ? "(unknown)" : layer[v])
				bp = s == "" ? "" : bare(v, s); pair = PAIR
				dp = bare(v, "dword_after_dword")
				if (s != "" && bp == "") note = "this run timed no " s " pair"
				n = ins[base, k]; at = atom[base, k]
				if (n == "") note = note (note ? "; " : "") "no icount count"
				if (at == "") note = note (note ? "; " : "") "no events count"
				sl = (v in slope) ? slope[v] : ""
				if (sl == "") note = note (note ? "; " : "") "no calibration-fit.csv slope"
				extra = (n == "" || at == "") ? "" : n - 1 - at
				parts = (bp == "" || at == "" || (at > 1 && dp == "")) ? "" : bp + (at - 1) * dp
				pp = (bp == "" || n == "" || sl == "") ? "" : bp + (n - 2) * sl
				pr = (parts == "" || extra == "" || sl == "") ? "" : parts + extra * sl
				m = meas[v, k]
				above = parts == "" ? "" : m - parts
				res = pr == "" ? "" : m - pr
				rpct = (res == "" || m == 0) ? "" : sprintf("%.1f", res / m * 100)
				ppct = (pp == "" || m == 0) ? "" : sprintf("%.1f", (m - pp) / m * 100)
				printf "%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n", host, run, v, layer[v], k, s, pair,
					num(bp), num(dp), n == "" ? "" : n + 0, at == "" ? "" : at + 0, extra, sl,
					num(parts), num(pp), num(pr), m, num(above), num(res), rpct, ppct, note
			}
		}' "$icount" "$events" "$r/physlimit.csv" "$fit" "$r/summary.csv" >>"$csv" ||
		die "cycles-model: the model failed on $r"
	unset RI
done

# The appendix section (report/cycles-model.md.in): one table a run
# (report/cycles-model-run.md.in), then what stays unexplained.
md=$tmp/cycles-model.md sum=$tmp/cycles-summary.md
section() { "$render" section -v facts="$2" -v pieces="$3" "$1"; }
mkdir -p "$tmp/pieces" "$tmp/run"
: >"$tmp/pieces/RUNS"
for r in "${runs[@]}"; do
	h=${r%/native/*} h=${h##*/} id=${r##*/}
	declare -A HI=()
	readkv HI "$results/hosts/$h/host.info" 2>/dev/null || true
	# The run's bare pairs, each once, and its cells as the table shows them.
	pairs=$(awk -F, -v h="$h" -v r="$id" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["host"] == h && $c["run"] == r && $c["pair"] != "" && !seen[$c["pair"]]++ { printf "%s%s %s", n++ ? ", " : "", $c["pair"], $c["bare_cyc"] }
		END { if (!n) printf "none" }' "$csv")
	printf '%s\n' "host=$h" "run=$id" "cpu_model=${HI[cpu_model]:-unknown CPU}" "cpu_family=${HI[cpu_family]:-?}" \
		"cpu_model_id=${HI[cpu_model_id]:-?}" "online_cpus=${HI[online_cpus]:-?}" "pairs=$pairs" >"$tmp/run/facts"
	awk -F, -v h="$h" -v r="$id" 'function f2(x) { return x == "" ? "" : sprintf("%.2f", x) }
		function sg(x, f) { return x == "" ? "" : sprintf(f, x) }
		NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i
			print "variant,kind,shape,atomics,extra_insns,bare_parts,slope,predicted,measured,above_bare,residual,residual_pct,path_residual_pct,note"; next }
		$c["host"] == h && $c["run"] == r {
			printf "%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n", $c["variant"], $c["kind"], $c["shape"], $c["atomics"], $c["extra_insns"],
				f2($c["bare_parts_cyc"]), $c["slope"], f2($c["predicted_cyc"]), f2($c["measured_cyc"]), f2($c["above_bare_cyc"]),
				sg($c["residual_cyc"], "%+.2f"), sg($c["residual_pct"], "%+.1f%%"), sg($c["path_residual_pct"], "%+.1f%%"), $c["note"]
		}' "$csv" >"$tmp/t.csv"
	"$render" table -v empty=– -v align=lllrrrrrrrrrrl \
		-v labels="variant|kind|release shape|atomics|other insns|bare parts|slope, cycles/step|predicted|measured|above bare parts|residual|residual %|path only, residual %|note" \
		"$tmp/t.csv" >"$tmp/run/TABLE"
	section "$LB_TOP/report/cycles-model-run.md.in" "$tmp/run/facts" "$tmp/run" >>"$tmp/pieces/RUNS"
	unset HI
done

# What stays unexplained (cycles-summary.awk): every run's in the
# appendix; in the article, one run a host, the one the model predicts
# the most cells of (of a tie, the later in results/hosts' order).
summary() { awk "$median_awk"$'\n'"$(<"$LB_TOP/scripts/report/cycles-summary.awk")" "$@"; }
summary "$csv" >"$tmp/pieces/UNEXPLAINED" || die "cycles-model: the summary failed"
awk -F, 'NR == FNR { if (FNR == 1) { for (i = 1; i <= NF; i++) c[$i] = i; next }
		k = $c["host"] SUBSEP $c["run"]
		if (!(k in n)) { n[k] = 0; order[++nk] = k }
		n[k] += $c["predicted_cyc"] != ""
		next }
	FNR == 1 {
		for (i = 1; i <= nk; i++) {
			split(order[i], hr, SUBSEP)
			if (!(hr[1] in best) || n[order[i]] >= n[best[hr[1]]]) best[hr[1]] = order[i]
		}
		print; next }
	best[$c["host"]] == $c["host"] SUBSEP $c["run"]' "$csv" "$csv" >"$tmp/article.csv"
summary brief=1 "$tmp/article.csv" >"$sum" || die "cycles-model: the article's summary failed"
: >"$tmp/nofacts"
section "$LB_TOP/report/cycles-model.md.in" "$tmp/nofacts" "$tmp/pieces" >"$md"
mv "$csv" "$results/cycles-model.csv"
mv "$md" "$results/cycles-model.md"
mv "$sum" "$results/cycles-summary.md"
note "cycles-model: ${results#"$LB_TOP"/}/cycles-model.csv, cycles-model.md (${#runs[@]} runs)"
