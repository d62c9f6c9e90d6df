#!/usr/bin/env bash
# The answer that opens every report (scripts/report/answer.sh) follows
# the run's verdicts: in a copy of the published run, the headline pair's
# native verdict planted as changed (read by its sign) and as
# not-significant, and its TCG verdict flipped
# (changed <-> within-noise) change the answer's verbs, with the same
# figures.  Each
# clause names its instrument, unit and host.
. "$(dirname "$0")/../lib.bash"
r=$TOP/results
run=$TMP/run
mkdir -p "$run"
cp -r "$r/pairs.csv" "$r/run.info" "$r/host.txt" "$r/native" "$run/"
answer() { "$TOP/scripts/report/answer.sh" "$run" "$r/pathlen"; }
line() { grep -F -e "**$1" "$TMP/a" || fail "the answer has no line for $1: $(cat "$TMP/a")"; }
answer >"$TMP/a" || fail "answer.sh failed on a copy of the published run"
cpu=$(sed -n 's/^cpu_model=//p' "$r/native/host-facts.txt")
hl=$(line "pre-debug → post-debug")
for want in "native (TSC cycles, $cpu" "TCG (emulated ns, " "guest instructions per pair (icount"; do
	[[ $hl == *"$want"* ]] || fail "the headline line lacks '$want': $hl"
done
cell() { # FILE METRIC COLUMN -> that column of pre-debug:post-debug spin_lock hot
	awk -F, -v m="$2" -v col="$3" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["base"] == "pre-debug" && $c["other"] == "post-debug" && $c["kind"] == "spin_lock" && $c["mode"] == "hot" && $c["metric"] == m { print $c[col] }' "$1"
}
verdict() { cell "$1" "$2" verdict; }
echo "ok: published: $hl"
# Plant verdicts (the figures stay): the verbs must follow.
plant() { # FILE METRIC VERDICT
	awk -F, -v OFS=, -v m="$2" -v to="$3" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
		NR > 1 && $c["base"] == "pre-debug" && $c["other"] == "post-debug" && $c["kind"] == "spin_lock" && $c["mode"] == "hot" && $c["metric"] == m { $c["verdict"] = to } { print }' "$1" >"$1.new"
	mv "$1.new" "$1"
}
# A changed native cell reads by its sign, whatever was published.
plant "$run/native/pairs.csv" cyc_op changed
answer >"$TMP/a" || fail "answer.sh failed on the planted copy"
hl1=$(line "pre-debug → post-debug")
if awk -v p="$(cell "$run/native/pairs.csv" cyc_op pct_change)" 'BEGIN { exit !(p + 0 > 0) }'; then nverb="costs more"; else nverb="costs less"; fi
[[ $hl1 == *"native (TSC cycles, $cpu"*"**$nverb**: "* ]] || fail "a planted changed native cell does not read '$nverb': $hl1"
echo "ok: planted changed: $hl1"
# TCG's verdict flipped the other way from whatever was published.
plant "$run/native/pairs.csv" cyc_op not-significant
if [ "$(verdict "$run/pairs.csv" ns_op)" = changed ]; then
	tv=within-noise tverb="**cannot be told from noise (its CI reaches inside the A/A floor)**: "
else
	tv=changed tverb="**takes longer to emulate**: "
fi
plant "$run/pairs.csv" ns_op $tv
answer >"$TMP/a" || fail "answer.sh failed on the planted copy"
hl2=$(line "pre-debug → post-debug")
[[ $hl2 == *"native (TSC cycles, $cpu"*"**shows no significant difference**: "* ]] || fail "a planted not-significant verdict does not change the native verb: $hl2"
[[ $hl2 == *"TCG (emulated ns, "*"$tverb"* ]] || fail "a planted $tv verdict does not change the TCG verb: $hl2"
[[ $hl2 != *"$nverb"* ]] || fail "the planted line still says the pair $nverb natively: $hl2"
echo "ok: planted: $hl2"
# Any native % printed holds for this CPU only, whatever its verdict.
grep -q -F -x -e "- A native % change is a property of this host's CPU; another CPU gives another %." "$TMP/a" ||
	fail "a native % is printed without the note that it holds for this host's CPU only: $(cat "$TMP/a")"
# No run to answer from is refused by name.
expect_error "a directory without pairs.csv" "neither pairs.csv nor native/pairs.csv" "$TOP/scripts/report/answer.sh" "$TMP/none"
