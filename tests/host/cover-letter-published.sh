#!/usr/bin/env bash
# make cover-letter RUN=results/raw, the published run: numbers for its
# headline pair from every instrument it has (icount's exact 16 -> 50
# for spin_lock, native's and TCG's figures each with its CI, verdict and
# floor), each row as the run's own files have it
# (tests/host/cover-letter-check.awk); the machine line names Emerald
# Rapids, a VM, its CPUs and TSC; the kernel line Debian's linux-source
# 6.1 version, not the host's kernel; it ends with the compiler, the
# command that reproduces it and where the raw data are; plain ASCII
# within 72 columns; and the tracked results/ are left as they were.
# check: slow
. "$(dirname "$0")/../lib.bash"
command -v jq >/dev/null || skip "jq is not installed"
[[ -x $TOP/bench-user/lb-validate && -x $TOP/bench-user/lb-stat ]] || missing "the tools are not built (make -C bench-user)"
[ -f "$TOP/results/raw/raw.info" ] || fail "results/raw is not published raw data"
# Fewer resamples: what is checked is the letter's form and that its
# figures are the run's, not the CIs' last digit.
export LB_BUILD=$TMP/build STAT_RESAMPLES=400
snap() { (cd "$TOP" && find results RESULTS.md -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum); }
snap >"$TMP/before"
make -s -C "$TOP" cover-letter RUN=results/raw >"$TMP/letter" 2>"$TMP/err" ||
	fail "make cover-letter RUN=results/raw failed: $(tail -n 20 "$TMP/err")"
snap | cmp -s - "$TMP/before" || fail "make cover-letter wrote into results/: $(snap | diff "$TMP/before" - | head)"
id=$(sed -n 's/^run_id=//p' "$TOP/results/raw/run.info")
got=$LB_BUILD/raw/$id
wide=$(awk 'length($0) > 72 { print length($0) ": " $0; exit }' "$TMP/letter")
[ -z "$wide" ] || fail "a line is over 72 columns: $wide"
! LC_ALL=C grep -n '[^ -~]' "$TMP/letter" || fail "the lines above are not plain ASCII"
awk -f "$TOP/tests/host/cover-letter-check.awk" -v native="$got/native/pairs.csv" -v timed="$got/pairs.csv" \
	-v pathlen="$got/icount/pathlen.csv" "$TMP/letter" >"$TMP/check" ||
	fail "the letter's tables differ from the run's files: $(head -n 20 "$TMP/check")"
for b in '^icount: ' '^native:$' '^TCG:$'; do
	grep -q "$b" "$TMP/letter" || fail "the letter has no /$b/ block: $(head -n 40 "$TMP/letter")"
done
grep -q '^  spin_lock  *16  *50  *+212%  longer$' "$TMP/letter" || fail "icount's 16 -> 50 for spin_lock is missing"
grep -q '^  spin_lock  .*within noise$' "$TMP/letter" || fail "native's spin_lock does not say \"within noise\" beside its figures"
flat=$(tr '\n' ' ' <"$TMP/letter" | tr -s ' ')
[[ $flat == *"Machine: Intel(R) Xeon(R) Processor: Emerald Rapids, Intel family 6 model 207 stepping 2, a VM of 2 vCPUs, TSC 2300.0 MHz"* ]] ||
	fail "the machine line: $(grep -A1 '^Machine' "$TMP/letter")"
[[ $flat == *"Kernel under test: Debian linux-source-6.1 6.1.192-3, patch/series as of the run's lockbench commit a585b035df70"* ]] ||
	fail "the kernel line: $(grep -A1 '^Kernel' "$TMP/letter")"
[[ $flat == *"pre-debug: lock-pre debug-magic; post-debug: lock-post debug-on"* ]] || fail "the kernel line lacks the fragments"
! grep -q '6\.18' "$TMP/letter" || fail "the letter names the host's kernel"
[[ $flat == *"Raw data: results/raw in the lockbench repository"* ]] || fail "the letter does not say where the raw data are"
# The command that reproduces it, pasted into a shell as it stands.
sed -n '/^  make /,$p' "$TMP/letter" >"$TMP/cmd"
words=$(bash -c 'make() { printf "%s|" "$@"; }; . "$1"' _ "$TMP/cmd" | tr -s ' ')
[ "$words" = "VARIANTS=pre pre-debug post post-debug stock stock-debug pre-preempt post-preempt stock-preempt|ACCEL=tcg|BOOTS=10|REPEAT=3|VCPUS=2|all|cover-letter|" ] ||
	fail "the command that reproduces it reads, pasted: $words ($(cat "$TMP/cmd"))"
grep -q '^Compiler' "$TMP/letter" || fail "the letter does not name the compiler"
echo "ok: results/raw: $(grep -c '^  [a-z_].*\(within noise\|slower\|faster\|signif\.\|longer\|no change\)$' "$TMP/letter") rows of icount, native and TCG, as the run's files have them; <= 72 columns, ASCII; results/ untouched"
