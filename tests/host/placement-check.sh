#!/usr/bin/env bash
# scripts/native/placement-check.sh on made-up native runs: the
# placements' labels against the cold hand-offs measured across them.
# A farther placement slower with its CI apart agrees; one inside the
# nearer one's CI is not borne out; one faster disagrees, named; a run
# with one placement (this project's VMs: any alone) has nothing to
# compare and says why; a summary from before placements is refused.
. "$(dirname "$0")/../lib.bash"
export LB_TOP=$TOP
. "$TOP/schema/contract.sh"
[ -x "$TOP/bench-user/lb-validate" ] || missing "lb-validate is not built: run 'make -C bench-user'"
PC=$TOP/scripts/native/placement-check.sh
cols=$(contract_header summary)
# run NAME "PLACEMENT:MEDIAN:LO:HI ..." [MODE]: a native run whose pre has
# those spin_lock cells (cold unless MODE), and any's (9 ns).
run() {
	local d=$TMP/$1 c p m lo hi
	mkdir -p "$d"
	{
		echo "$cols"
		for c in $2 any:9:8:10; do
			IFS=: read -r p m lo hi <<<"$c"
			awk -F, -v OFS=, -v cols="$cols" -v p="$p" -v m="$m" -v lo="$lo" -v hi="$hi" -v mode="${3:-cold}" 'BEGIN {
				n = split(cols, c, ",")
				v["variant"] = "pre"; v["kind"] = "spin_lock"; v["mode"] = mode; v["threads"] = 1; v["placement"] = p
				v["metric"] = "ns_op"; v["n"] = 10; v["median"] = m; v["ci_lo"] = lo; v["ci_hi"] = hi
				for (i = 1; i <= n; i++) printf "%s%s", (i > 1 ? "," : ""), v[c[i]]; print "" }'
		done
	} >"$d/summary.csv"
	printf '%s\n' vm=1 placements=any >"$d/host-facts.txt"
	echo "$d"
}
check() { # name cells want-sentence-regex [verdicts]
	local d out v
	d=$(run "$1" "$2")
	out=$("$PC" "$d") || fail "$1: placement-check failed: $out"
	[[ $out =~ $3 ]] || fail "$1: want /$3/, got: $out"
	if [ -n "${4:-}" ]; then
		v=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } { print $h["placement"] ":" $h["verdict"] }' "$d/placement-check.csv" | paste -sd' ')
		[ "$v" = "$4" ] || fail "$1: verdicts want '$4', got '$v'"
	fi
	echo "ok: $1: $out"
}
check agree "smt:20:19:21 llc:40:38:42 cross-llc:90:85:95 cross-node:200:190:210" \
	"^The labels agree: .*\(3 steps\)" "any:no label smt:nearest llc:slower cross-llc:slower cross-node:slower"
check flat "llc:40:38:42 cross-llc:41:39:44" "not borne out beyond the noise: pre: cross-llc within llc's CI" \
	"any:no label llc:nearest cross-llc:within-noise"
check disagree "llc:80:78:82 cross-llc:40:38:42 cross-node:300:290:310" "disagree with the measurements: pre: cross-llc faster than llc\.$" \
	"any:no label llc:nearest cross-llc:faster cross-node:slower"
check one "" "measured at any alone \(this host's /sys offers any, a VM: .*\): any names no relation between its CPUs, so there is nothing to check"
check one-label "llc:40:38:42" "at (any, llc|llc, any) alone .*one labelled placement has none to be compared with"
d=$(run hot "" hot)
out=$("$PC" "$d") || fail "a run without cold cells failed: $out"
[[ $out == "No cold spin_lock cell"* ]] || fail "a run without cold cells: $out"
# A summary from before placements (no placement column) is refused.
mkdir -p "$TMP/old"
sed '1s/,placement//' "$TMP/agree/summary.csv" >"$TMP/old/summary.csv"
expect_error "a summary before v4" "no placement column" "$PC" "$TMP/old"
echo "ok: the labels checked against the hand-offs, or the reason there is nothing to check"
