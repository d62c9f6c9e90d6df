#!/usr/bin/env bash
# The answer that opens every report (scripts/report/answer.sh) follows
# the run's verdicts: in a copy of the published run, the headline pair's
# native verdict planted as not-significant and its TCG verdict flipped
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
verdict() { # FILE METRIC -> the verdict of pre-debug:post-debug spin_lock hot
	awk -F, -v m="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["base"] == "pre-debug" && $c["other"] == "post-debug" && $c["kind"] == "spin_lock" && $c["mode"] == "hot" && $c["metric"] == m { print $c["verdict"] }' "$1"
}
[ "$(verdict "$run/native/pairs.csv" cyc_op)" = changed ] || skip "the published native headline is not 'changed': this test plants the opposite"
[[ $hl == *"native (TSC cycles, $cpu"*"**costs more**: "* ]] || fail "a changed, slower native cell does not read 'costs more': $hl"
echo "ok: published: $hl"
# Plant the opposite verdicts (the figures stay): the verbs must follow.
plant() { # FILE METRIC VERDICT
	awk -F, -v OFS=, -v m="$2" -v to="$3" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
		NR > 1 && $c["base"] == "pre-debug" && $c["other"] == "post-debug" && $c["kind"] == "spin_lock" && $c["mode"] == "hot" && $c["metric"] == m { $c["verdict"] = to } { print }' "$1" >"$1.new"
	mv "$1.new" "$1"
}
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
[[ $hl2 != *"costs more"* ]] || fail "the planted line still says the pair costs more natively: $hl2"
echo "ok: planted: $hl2"
# No run to answer from is refused by name.
expect_error "a directory without pairs.csv" "neither pairs.csv nor native/pairs.csv" "$TOP/scripts/report/answer.sh" "$TMP/none"
