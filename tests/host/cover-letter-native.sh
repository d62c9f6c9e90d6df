#!/usr/bin/env bash
# make cover-letter on a make native run, with no step between: the run
# is made as tests/host/native-fake.sh makes one, without kernels (a fake
# lock object stands in for each variant's, here pre, post, pre-debug
# and post-debug), then RUN=build/runs/NAME and RUN=build/runs/NAME/native
# give one letter: numbers for the headline pair, each row as the run's
# pairs.csv has it (and icount's published counts, said to be the
# published run's), plain ASCII within 72 columns, the machine line from
# this host's facts, the kernel line with patch/series' commit, and the
# command that makes such a run again.
# check: slow
. "$(dirname "$0")/../lib.bash"
[ "$(uname -m)" = x86_64 ] || skip "ACCEL=native needs x86_64"
while IFS= read -r flags && [[ $flags != flags* ]]; do :; done </proc/cpuinfo
[[ $flags =~ [[:space:]]constant_tsc([[:space:]]|$) ]] || skip "no constant_tsc on this host"
command -v jq >/dev/null || skip "jq is not installed"
[[ -x $TOP/bench-user/lb-validate && -x $TOP/bench-user/lb-stat ]] || missing "the tools are not built (make -C bench-user)"
fx=$TOP/tests/fixtures/native
export LB_BUILD=$TMP/build LB_NATIVE_OUT=$TMP/build/native STAT_RESAMPLES=400
gcc -O2 -fno-pie -Wall -Wextra -Werror -std=gnu11 -I"$TOP/schema" -I"$TOP/bench-user/native" -I"$TOP/bench-module" \
	-c -o "$TMP/kl.o" "$fx/fake_kloops.c"
gcc -c -o "$TMP/spinlock.o" "$fx/fake_spinlock.S"
native_harness
# One fake kernel build (as native-fake.sh's), copied for each variant.
kb=$TMP/kb/pre
mkdir -p "$kb/kernel/locking"
cp "$TMP/spinlock.o" "$kb/kernel/locking/spinlock.o"
(cd "$kb" && ar --target=elf64-x86-64 rcT kernel/locking/built-in.a kernel/locking/spinlock.o)
gcc -nostdlib -static -no-pie -Wl,-e,_raw_spin_lock -Wl,--defsym=__preempt_count=0x40 \
	-Wl,--defsym=_printk=0x1000 -o "$kb/vmlinux" "$TMP/spinlock.o"
echo CONFIG_HZ=250 >"$kb/.config"
for v in post pre-debug post-debug; do cp -r "$kb" "$TMP/kb/$v"; done
export LB_NATIVE_KBUILD=$TMP/kb LBN_KHALF=$TMP/kl.o
printf '%s\n' "kind=empty mode=hot batches=20" "kind=spin_lock mode=hot batches=20" \
	"kind=spin_lock mode=contended threads=SWEEP duration_ms=10" >"$TMP/jobs"
make -s -C "$TOP" native NAME=fake VARIANTS=pre,post,pre-debug,post-debug RUNS=3 THREADS=1 JOBFILE="$TMP/jobs" \
	ORDER_SEED=7 UNIT_MS=10 SLICES=3 Q=1 >"$TMP/run.log" 2>&1 || fail "make native failed: $(tail -n 20 "$TMP/run.log")"
run=$LB_BUILD/runs/fake
[ -f "$run/native/run.info" ] && [ ! -f "$run/run.info" ] || fail "make native did not write build/runs/NAME/native alone"

for r in "$run" "$run/native"; do
	make -s -C "$TOP" cover-letter RUN="$r" >"$TMP/letter.${r##*/}" 2>"$TMP/err" ||
		fail "make cover-letter RUN=$r failed: $(tail -n 20 "$TMP/err")"
done
cmp -s "$TMP/letter.fake" "$TMP/letter.native" ||
	fail "RUN=build/runs/NAME and RUN=.../native give two letters: $(diff "$TMP/letter.fake" "$TMP/letter.native" | head)"
l=$TMP/letter.fake
wide=$(awk 'length($0) > 72 { print length($0) ": " $0; exit }' "$l")
[ -z "$wide" ] || fail "a line is over 72 columns: $wide"
! LC_ALL=C grep -n '[^ -~]' "$l" || fail "the lines above are not plain ASCII"
# A loaded host can show machine states: their tables are checked too.
awk -f "$TOP/tests/host/cover-letter-check.awk" -v native="$run/native/pairs.csv" -v states="$run/native/states" \
	-v pathlen="$TOP/results/pathlen/pathlen.csv" "$l" >"$TMP/check" ||
	fail "the letter's tables differ from the run's files: $(head -n 20 "$TMP/check")"
grep -q '^pre-debug -> post-debug$' "$l" || fail "the headline pair is not the letter's"
grep -q '^  spin_lock  .*[0-9]%  *\[.*\]  ' "$l" || fail "native's spin_lock row has no figures and CI: $(sed -n '/^native:/,$p' "$l" | head)"
flat=$(tr '\n' ' ' <"$l" | tr -s ' ')
model=$(sed -n 's/^cpu_model=//p' "$run/native/host-facts.txt")
[[ $flat == *"Machine: $model: "* ]] || fail "the machine line does not name this host's CPU ($model): $(grep -A1 '^Machine' "$l")"
[[ $flat == *", TSC "*" MHz"* ]] || fail "the machine line lacks the TSC rate"
[[ $flat =~ "Kernel under test: Debian linux-source"[^,]*", patch/series at lockbench commit "[0-9a-f]{12} ]] ||
	fail "the kernel line does not name patch/series' commit, which make native records: $(grep -A1 '^Kernel' "$l")"
[[ $flat == *"published run "*"(results/pathlen), not this run's kernels"* ]] ||
	fail "icount's published counts are not said to be the published run's"
[[ $flat == *"Raw data: ${run#"$TOP"/}/native"* || $flat == *"Raw data: $run/native"* ]] || fail "the letter does not say where the raw data are"
sed -n '/^  make /,$p' "$l" >"$TMP/cmd"
words=$(bash -c 'make() { printf "%s|" "$@"; }; . "$1"' _ "$TMP/cmd" | tr -s ' ')
[[ $words == "NAME=x|VARIANTS=pre post pre-debug post-debug|RUNS=3|THREADS=1|UNIT_MS=10|SLICES=3|native|cover-letter|RUN=build/runs/x|" ]] ||
	fail "the command that reproduces it reads, pasted: $words ($(cat "$TMP/cmd"))"
echo "ok: make native run: one letter from RUN=build/runs/NAME and .../native, as pairs.csv has it, <= 72 columns, ASCII"
