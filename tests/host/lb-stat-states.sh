#!/usr/bin/env bash
# lb-stat states on synthetic runs (tests/fixtures/slices/gen.sh): two
# planted machine states (pair probes of 20 and 24 cycles, switching every
# 5 slices on average, 0.5% jitter) are found, each slice placed in its
# own; one state with jitter and preempted slices is one state, every
# slice in it; the three tables follow the contract; refusals.
. "$(dirname "$0")/../lib.bash"
bin=$TOP/bench-user/lb-stat gen=$TOP/tests/fixtures/slices/gen.sh
[ -x "$bin" ] || fail "lb-stat is not built"
cd "$TMP"
cat >two.model <<'EOF'
state 1 probe 20 chain 1
state 2 probe 24 chain 1
cost pre spin_lock hot 20 24
cost pre~A spin_lock hot 20 24
cost post-debug spin_lock hot 30 36
EOF
"$gen" two two.model seed=3 || fail "gen.sh failed"
"$bin" states -o two/states.csv --assign two/slice-states.csv --causes two/causes.csv two/slices.csv ||
	fail "lb-stat states failed"
# The states' rows: their count, probes and shares.
read -r n p1 p2 s1 s2 < <(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
	{ n++; p[$h["state"]] = $h["probe_pair"]; s[$h["state"]] = $h["share_pct"] } END { print n, p[1], p[2], s[1], s[2] }' two/states.csv)
[ "$n" = 2 ] || fail "two planted states: lb-stat found $n: $(cat two/states.csv)"
awk -v a="$p1" -v b="$p2" -v s="$s1" -v t="$s2" 'BEGIN { exit !(a > 19.9 && a < 20.1 && b > 23.9 && b < 24.1 && s + t > 99.9 && s + t < 100.1) }' ||
	fail "the states' probes are $p1 and $p2 (planted: 20 and 24), their shares $s1 + $s2"
# Every slice in the state its probe says (20 is 1, 24 is 2).
awk -F, 'FNR == 1 { for (i = 1; i <= NF; i++) h[FILENAME, $i] = i; next }
	FILENAME ~ /slice-states/ { st[$h[FILENAME, "boot"], $h[FILENAME, "seq"]] = $h[FILENAME, "state"]; next }
	{ n++; want = $h[FILENAME, "probe_pair"] < 22 ? 1 : 2; if (st[$h[FILENAME, "boot"], $h[FILENAME, "seq"]] != want) bad++ }
	END { exit !(n >= 500 && !bad) }' two/slice-states.csv two/slices.csv ||
	fail "a slice is not in the state of its probe"
echo "ok: two planted states found: probes $p1 and $p2 cycles, shares $s1% and $s2%, each slice placed"

# One state: 0.5% jitter and 2% of slices preempted (3x slower, probe too).
sed '/^state 2/d; s/ 24$//; s/ 36$//' two.model >one.model
"$gen" one one.model seed=5 outlier=0.02 || fail "gen.sh failed"
"$bin" states -o one/states.csv --assign one/slice-states.csv one/slices.csv || fail "lb-stat states failed on one state"
[ "$(awk -F, 'NR > 1' one/states.csv | wc -l)" = 1 ] || fail "one state and outliers: $(cat one/states.csv)"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } $h["state"] != 1 { bad++ } END { exit bad || NR < 500 }' \
	one/slice-states.csv || fail "a slice of a one-state run is not in state 1"
echo "ok: one state with preempted slices: one row, every slice in state 1"

# The tables' headers are the contract's.
for t in states:states.csv slice_states:slice-states.csv state_causes:causes.csv; do
	want=$("$TOP/bench-user/lb-validate" --describe "${t%%:*}" | awk -F'\t' 'NR > 1 { print $2 }' | paste -sd,)
	[ "$(head -n 1 "two/${t#*:}")" = "$want" ] || fail "${t#*:}'s header is not the contract's: $(head -n 1 "two/${t#*:}")"
done
# What the states track: not the slice before them (the model's state
# ignores it), and each factor's shares of a state add up to its slices.
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } $h["factor"] == "prev" && !($h["cramers_v"] < 0.1) { bad = 1 }
	$h["factor"] == "process" { n[$h["state"]] += $h["in_state"] } END { exit bad || n[1] + n[2] < 500 }' two/causes.csv ||
	fail "causes: the planted states track the previous slice, or the processes lose slices: $(head -n 5 two/causes.csv)"
echo "ok: states.csv, slice-states.csv and state-causes.csv follow the contract"

expect_error "states without --assign" "usage:" "$bin" states -o x.csv two/slices.csv
expect_error "states of a records file" "pre.csv:1: no column .*not a slices.csv" \
	"$bin" states -o x.csv --assign y.csv two/pre.csv
expect_error "a pair on states" "usage:" "$bin" states --pair pre:post -o x.csv --assign y.csv two/slices.csv
expect_error "a step of 0" "--tsc-step 0 is not an integer >= 1" "$bin" states --tsc-step 0 -o x.csv --assign y.csv two/slices.csv
[ ! -e x.csv ] && [ ! -e y.csv ] || fail "a refused call left a file"
