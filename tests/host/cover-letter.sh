#!/usr/bin/env bash
# make cover-letter on an imported native bundle run
# (tests/fixtures/letter/bundle-zen5: 4 variants x 4 replicates of the
# 3602eb1 bundle's run on a Zen 5 VM, imported as make import
# BUNDLE_RESULTS= does): RUN=build/runs/NAME and RUN=build/runs/NAME/native
# give one letter, with no step between; every row of its tables is the
# pairs.csv (or pathlen.csv) row it names, rounded, with its verdict
# beside it (tests/host/cover-letter-check.awk); plain ASCII within 72
# columns; the machine line names the microarchitecture, the kernel line
# Debian's 6.1 (not the host's kernel).  A PAIR the run lacks is refused
# naming its pairs, before compare runs or a line is printed.  Two
# machine states (native/states.csv, native/states/S/pairs.csv, read by
# column name) give a table per state and say where the change's sign
# does not hold.  A row whose two blocks of processes disagree is named
# with both changes.  Two runs (BASE_RUN=, one run id) give a letter too.
# check: slow
. "$(dirname "$0")/../lib.bash"
command -v jq >/dev/null || skip "jq is not installed"
[[ -x $TOP/bench-user/lb-validate && -x $TOP/bench-user/lb-stat ]] || missing "the tools are not built (make -C bench-user)"
export LB_BUILD=$TMP/build STAT_RESAMPLES=400
make -s -C "$TOP" import BUNDLE_RESULTS="$TOP/tests/fixtures/letter/bundle-zen5" NAME=zen5 >"$TMP/import.log" 2>&1 ||
	fail "make import of the fixture failed: $(tail -n 20 "$TMP/import.log")"
run=$LB_BUILD/runs/zen5
nat=$run/native
letter() { # OUT RUN [make args...]: make cover-letter RUN=RUN into OUT
	local out=$1 r=$2
	shift 2
	make -s -C "$TOP" cover-letter RUN="$r" "$@" >"$out" 2>"$out.err" ||
		fail "make cover-letter RUN=$r $* failed: $(tail -n 20 "$out.err")"
}
# Plain ASCII, 72 columns, every row as its file has it.
plain() { # LETTER
	local wide
	wide=$(awk 'length($0) > 72 { print length($0) ": " $0; exit }' "$1")
	[ -z "$wide" ] || fail "${1##*/}: a line is over 72 columns: $wide"
	! LC_ALL=C grep -n '[^ -~]' "$1" || fail "${1##*/}: the lines above are not plain ASCII"
}
check() { # LETTER [awk -v args...]
	local f=$1
	shift
	awk -f "$TOP/tests/host/cover-letter-check.awk" -v native="$nat/pairs.csv" \
		-v pathlen="$TOP/results/pathlen/pathlen.csv" "$@" "$f" >"$TMP/check.out" ||
		fail "${f##*/}: its tables differ from the files: $(head -n 20 "$TMP/check.out")"
}

letter "$TMP/top" "$run"
letter "$TMP/nat" "$nat"
cmp -s "$TMP/top" "$TMP/nat" || fail "RUN=build/runs/NAME and RUN=.../native give two letters: $(diff "$TMP/top" "$TMP/nat" | head)"
plain "$TMP/top"
check "$TMP/top"
grep -q '^pre-debug -> post-debug$' "$TMP/top" || fail "the headline pair is not the letter's"
grep -q '^  spin_lock  *16  *50 ' "$TMP/top" || fail "icount's 16 -> 50 for spin_lock is missing"
grep -q 'within noise$' "$TMP/top" || fail "no row says \"within noise\" beside its figures"
! grep -q 'no cell changed' "$TMP/top" || fail "the letter says \"no cell changed\" instead of figures"
tr '\n' ' ' <"$TMP/top" | tr -s ' ' | grep -q 'no slices recorded, so its machine states are unknown' ||
	fail "a run without slices does not say its machine states are unknown: $(grep -A2 '^native:' "$TMP/top" | head -n 3)"
# The letter's words, each wrapped line joined to the one above it.
flat=$(tr '\n' ' ' <"$TMP/top" | tr -s ' ')
[[ $flat == *"Machine: AMD EPYC: Zen 5 (Turin), AMD family 26 model 2 stepping 1, a VM of 2 vCPUs, TSC 2694.9 MHz"* ]] ||
	fail "the machine line does not name Zen 5 (Turin), VM, CPUs and TSC: $(grep -A1 '^Machine' "$TMP/top")"
[[ $flat == *"Kernel under test: Debian linux-source 6.1 (Debian package version not recorded), patch/series as of the run's lockbench commit 3602eb1f4205"* ]] ||
	fail "the kernel line does not name Debian's 6.1 and the series' commit: $(grep -A1 '^Kernel' "$TMP/top")"
[[ $flat == *"post-debug: lock-post debug-on"* ]] || fail "the kernel line lacks post-debug's fragments"
! grep -q '6\.18' "$TMP/top" || fail "the letter names the host's kernel"
for w in '^Compiler' '^Raw data: ' '^Reproduce' '^  sh run.sh -t 300$'; do
	grep -q "$w" "$TMP/top" || fail "the letter's end lacks /$w/: $(tail -n 8 "$TMP/top")"
done
echo "ok: imported bundle: $(grep -c 'within noise$\|slower$\|faster$\|signif\.$' "$TMP/top") rows, as pairs.csv has them, <= 72 columns, ASCII"

# A pair the run lacks: refused before anything runs, naming its pairs.
rm -rf "$nat/compare"
t0=$EPOCHREALTIME
rc=0
make -s -C "$TOP" cover-letter RUN="$run" PAIR=pre:nonexistent >"$TMP/bad" 2>"$TMP/bad.err" || rc=$?
t1=$EPOCHREALTIME
[ $rc -ne 0 ] || fail "PAIR=pre:nonexistent was not refused"
[ ! -s "$TMP/bad" ] || fail "PAIR=pre:nonexistent printed part of a letter: $(head -n 5 "$TMP/bad")"
grep -q 'PAIR=pre:nonexistent is not a pair this run compares; its pairs: pre:post pre-debug:post-debug pre:pre-debug post:post-debug' "$TMP/bad.err" ||
	fail "the refusal does not name the run's pairs: $(cat "$TMP/bad.err")"
[ ! -d "$nat/compare" ] || fail "compare ran before PAIR= was refused"
echo "ok: PAIR=pre:nonexistent refused in $(((${t1/./} - ${t0/./}) / 1000)) ms, naming the pairs, nothing printed"
letter "$TMP/aa" "$run" PAIR=pre:post
grep -q '^pre -> post$' "$TMP/aa" || fail "PAIR=pre:post is not the letter's pair"
plain "$TMP/aa"
check "$TMP/aa"

# Two machine states, read by column name (in an order of their own):
# a table each, and the sign of spin_lock's hot change differs.
{
	echo "share_pct,state,slices,probe_pair,probe_pair_lo,probe_pair_hi,probe_chain,runs,mean_run,switches,processes,steal_us,nivcsw"
	echo "62.5,1,50,20.7,20.6,20.9,1.00,5,10,4,4,0,3"
	echo "37.5,2,30,23.9,23.5,24.6,1.00,5,6,5,4,0,2"
} >"$nat/states.csv"
# What the states track: the process most, the chain probe little.
{
	echo "factor,level,state,slices,in_state,pct,all_pct,cramers_v"
	echo "half,first,1,40,25,62.5,62.5,0.05"
	echo "process,1,1,20,19,95,62.5,0.74"
	echo "chain,low,1,40,26,65,62.5,0.1"
} >"$nat/state-causes.csv"
for s in 1 2; do
	mkdir -p "$nat/states/$s"
	# State s: its own figures (scaled), and in state 2 spin_lock's hot
	# change turned round.
	awk -F, -v OFS=, -v s="$s" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
		{ $c["median_base"] = $c["median_base"] * (s == 1 ? 0.9 : 1.1)
		  if (s == 2 && $c["kind"] == "spin_lock" && $c["mode"] == "hot") {
			$c["pct_change"] = -$c["pct_change"]; t = -$c["pct_lo"]; $c["pct_lo"] = -$c["pct_hi"]; $c["pct_hi"] = t } }
		{ print }' "$nat/pairs.csv" >"$nat/states/$s/pairs.csv"
done
# compare, which the letter runs first, finds no states in a run without
# slices (and says so); these are given after it, so the letter takes
# the statistics as they are.
as_is() { # OUT RUN
	"$TOP/scripts/report/cover-letter.sh" --as-is "$2" >"$1" 2>"$1.err" ||
		fail "cover-letter.sh --as-is $2 failed: $(tail -n 20 "$1.err")"
}
as_is "$TMP/states" "$run"
plain "$TMP/states"
check "$TMP/states" -v states="$nat/states"
grep -q '^native, state 1 of 2 (62.5% of the slices, pair probe 20.7 cycles):$' "$TMP/states" ||
	fail "no table of state 1: $(grep -n state "$TMP/states" | head)"
grep -q '^native, state 2 of 2 ' "$TMP/states" || fail "no table of state 2"
grep -q '2 machine states: 1 62.5%, 2 37.5% of the slices' "$TMP/states" || fail "the native line does not count the states"
tr '\n' ' ' <"$TMP/states" | tr -s ' ' | grep -q "tracking the process most (Cramer's V 0.74; the chain probe 0.10)" ||
	fail "the native line does not say what the states track: $(grep -A3 '^native:' "$TMP/states")"
tr '\n' ' ' <"$TMP/states" | grep -q 'It does not hold for: spin_lock (state 1 +[0-9.]*%, state 2 -[0-9.]*%)' ||
	fail "the letter does not say spin_lock's sign differs between the states: $(grep -A3 'sign holds' "$TMP/states")"
grep -q "^The change's sign holds in every state for: spin_trylock" "$TMP/states" || fail "the kinds whose sign holds are not named"
head -n 2 "$nat/states.csv" >"$TMP/one" && mv "$TMP/one" "$nat/states.csv"
as_is "$TMP/one" "$run"
grep -q '; one machine state$' "$TMP/one" || fail "a run of one state does not say so"
! grep -q '^native, state' "$TMP/one" || fail "a run of one state has a table per state"
echo "ok: two states: a table each, read by column name; the sign that differs is named; one state said in one line"

# Two blocks of processes (--blocks 2's columns, by name): hot
# spin_lock's blocks disagree, every other row's agree.
rm -rf "$nat/states" "$nat/states.csv"
cp "$nat/pairs.csv" "$TMP/pairs.orig"
awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
	{ bad = $c["kind"] == "spin_lock" && $c["mode"] == "hot"
	  $c["block_pct_1"] = $c["pct_change"] - 1; $c["block_pct_2"] = $c["pct_change"] + 1; $c["block_diff_pct"] = 2
	  $c["block_diff_lo"] = bad ? 0.5 : -1; $c["block_diff_hi"] = 3; $c["blocks_agree"] = bad ? 0 : 1 }
	{ print }' "$TMP/pairs.orig" >"$nat/pairs.csv"
as_is "$TMP/blocks" "$run"
plain "$TMP/blocks"
flat=$(tr '\n' ' ' <"$TMP/blocks" | tr -s ' ')
[[ $flat == *"The two blocks of processes disagree for: spin_lock +"*"% and +"*"% (+2.0 [+0.5, +3.0] points)."* ]] ||
	fail "the letter does not name the row whose blocks disagree: $(grep -A2 'two blocks' "$TMP/blocks" | head)"
[[ $flat == *"The two blocks of processes agree for every kind; the largest difference: "* ]] ||
	fail "a mode whose blocks agree does not say so"
mv "$TMP/pairs.orig" "$nat/pairs.csv"
echo "ok: two blocks: the rows whose blocks disagree are named with both changes and their difference"

# Two runs of one id (BASE_RUN=): compare-runs names them by folder.
cp -r "$run" "$LB_BUILD/runs/zen5b"
letter "$TMP/two" "$LB_BUILD/runs/zen5b" BASE_RUN="$run"
plain "$TMP/two"
grep -q '^zen5@post-debug -> zen5b@post-debug$' "$TMP/two" || fail "the two-run letter lacks its pair: $(grep -- '->' "$TMP/two" | head -n 3)"
awk -f "$TOP/tests/host/cover-letter-check.awk" -v native="$LB_BUILD/runs/zen5b/native/compare-runs/zen5/pairs.csv" "$TMP/two" >"$TMP/check.out" ||
	fail "the two-run letter differs from its pairs.csv: $(head -n 20 "$TMP/check.out")"
echo "ok: BASE_RUN= of one run id, a letter of every variant"
