#!/usr/bin/env bash
# The events instrument's PREEMPT comparison (issue #37), from a pass to
# its table: break-lock.sh finds the stores into break_lock in lock
# functions (an assembled stand-in for a vmlinux: the waiter's set, the
# acquirer's clear, none in a queued lock), host-file.sh files a pass
# under its host with them, and preempt-table.sh draws per variant the
# break_lock stores, the stores per op and per handoff and the transfers
# per handoff, and per PREEMPT variant what it adds against the A/A pair.
# The pass is tests/fixtures/events/preempt-pass/: synthetic plugin files
# with round figures (its README says so), so every figure is known.
# A kernel reconfigured since the pass, and a pass without a PREEMPT
# variant, are refused.
# shellcheck disable=SC2016 # $ and ` in quotes are the disassembly's, literal
. "$(dirname "$0")/../lib.bash"
command -v jq >/dev/null || skip "jq is not installed"
command -v objdump >/dev/null || skip "objdump is not installed"
command -v gcc >/dev/null || skip "gcc is not installed"
[ -x "$TOP/bench-user/lb-validate" ] || missing "bench-user/lb-validate is not built: run 'make -C bench-user'"
fix=$TOP/tests/fixtures/events/preempt-pass
bl=$TOP/scripts/events/break-lock.sh

# Stand-ins of the lock functions: BUILD_LOCK_OPS' two stores (0x4 off
# the lock: break_lock after the arch lock word), and a queued lock's
# cmpxchg with no store into the lock at all.
fn() { printf '.globl %s\n.type %s,@function\n%s:\n%s\nret\n.size %s,.-%s\n' "$1" "$1" "$1" "$2" "$1" "$1"; }
{
	echo .text
	fn _raw_spin_lock $'movl $0,4(%rdi)\nmovl $1,4(%rdi)\nmovl $0,4(%rdi)'
	fn __raw_write_lock $'movl $1,0x4(%rbx)\nmovb $0,(%rbx)'
	fn _raw_read_lock 'movl $7,8(%rdi)'
} >"$TMP/legacy.S"
{
	echo .text
	fn _raw_spin_lock $'xorl %eax,%eax\nmovl $1,%edx\nlock cmpxchgl %edx,(%rdi)'
} >"$TMP/queued.S"
# Each as an object and linked where a vmlinux lies (64-bit addresses).
for o in legacy queued; do
	gcc -c -o "$TMP/$o.o" "$TMP/$o.S" || fail "cannot assemble the $o stand-in"
	ld -o "$TMP/$o.vmlinux" -Ttext=0xffffffff81000000 -e 0 "$TMP/$o.o" || fail "cannot link the $o stand-in"
done
got=$("$bl" pre-preempt "$TMP/legacy.o")
want=$(printf '%s\n' $'pre-preempt\t_raw_spin_lock\t+0x0\tclear\tmovl $0x0,0x4(%rdi)' \
	$'pre-preempt\t_raw_spin_lock\t+0x7\tset\tmovl $0x1,0x4(%rdi)' \
	$'pre-preempt\t_raw_spin_lock\t+0xe\tclear\tmovl $0x0,0x4(%rdi)' \
	$'pre-preempt\t__raw_write_lock\t+0x0\tset\tmovl $0x1,0x4(%rbx)')
[ "$got" = "$want" ] || fail "break-lock.sh on the legacy stand-in: got
$got
want
$want"
[ "$("$bl" pre-preempt "$TMP/legacy.vmlinux")" = "$want" ] || fail "break-lock.sh on the linked legacy stand-in: got
$("$bl" pre-preempt "$TMP/legacy.vmlinux")"
[ "$("$bl" stock-preempt "$TMP/queued.o")" = $'stock-preempt\t-\t-\tnone\t-' ] || fail "break-lock.sh finds a break_lock store in a queued lock: $("$bl" stock-preempt "$TMP/queued.o")"
echo "ok: break-lock.sh: set and clear in the legacy stand-in, none in the queued one"

# The pass filed under its host, with the kernels it booted.
export LB_BUILD=$TMP/build RESULTS=$TMP/results
cp -r "$fix" "$TMP/pass"
read -r -a vs < <(sed -n 's/^variants=//p' "$fix/run.info")
for v in "${vs[@]}"; do
	k=$LB_BUILD/kernel/$v
	mkdir -p "$k"
	echo "CONFIG_LOCKBENCH_FIXTURE_$v=y" >"$k/.config"
	# Only the legacy PREEMPT variants have break_lock.
	case $v in
	pre-preempt | post-preempt) cp "$TMP/legacy.vmlinux" "$k/vmlinux" ;;
	*) cp "$TMP/queued.vmlinux" "$k/vmlinux" ;;
	esac
	sha=$(LB_TOP=$TOP bash -c '. "$LB_TOP/scripts/lib.sh" && sha_of "$1"' _ "$k/.config")
	for p in hot smp; do
		jq --arg s "$sha" '.config_sha256 = $s' "$fix/boots/$v/$p/provenance.json" >"$TMP/pass/boots/$v/$p/provenance.json"
	done
done
"$TOP/scripts/events/host-file.sh" "$TMP/pass" 2>"$TMP/file.err" || fail "host-file.sh refused the pass: $(cat "$TMP/file.err")"
d=$RESULTS/hosts/Test_CPU_f1m2s3_x2/events/fixture-preempt-events
for f in run.info events.csv jobs.smp break-lock.tsv provenance.txt boots/pre-preempt/smp/events.tsv boots/pre/hot/provenance.json; do
	[ -f "$d/$f" ] || fail "host-file.sh did not file $f"
done
grep -qx 'cpu_model=Test CPU' "$RESULTS/hosts/Test_CPU_f1m2s3_x2/host.info" || fail "host-file.sh wrote no host.info for a new host"
# A pass in the build folder is named as in it, with no machine's path.
mkdir -p "$LB_BUILD/runs/p"
cp -r "$TMP/pass" "$LB_BUILD/runs/p/events"
RESULTS=$TMP/results2 "$TOP/scripts/events/host-file.sh" "$LB_BUILD/runs/p/events" 2>/dev/null || fail "host-file.sh refused the pass in the build folder"
grep -qx 'source=build/runs/p/events' "$TMP/results2/hosts/Test_CPU_f1m2s3_x2/events/fixture-preempt-events/provenance.txt" ||
	fail "the filed provenance names a machine's path: $(grep source= "$TMP/results2/hosts/Test_CPU_f1m2s3_x2/events/fixture-preempt-events/provenance.txt")"
[ "$(grep -c $'\tset\t' "$d/break-lock.tsv")" = 2 ] || fail "the filed break-lock.tsv lacks pre-preempt's two set stores: $(cat "$d/break-lock.tsv")"
echo "ok: host-file.sh filed the pass with its break_lock stores"
expect_error "a pass filed twice" "already exists" "$TOP/scripts/events/host-file.sh" "$TMP/pass"

# The table: every figure of the synthetic pass, and the readings.
"$TOP/scripts/events/preempt-table.sh" "$d" >"$TMP/table.md" || fail "preempt-table.sh failed: $(cat "$TMP/table.md")"
row() { grep -qxF -- "$1" "$TMP/table.md" || fail "no row '$1' in:
$(cat "$TMP/table.md")"; }
row '| kind | variant | break_lock stores (disassembly) | hot stores/op | cold stores/op | cold transfers/op | contended stores/op | contended transfers/handoff | contended invalidations/handoff | contended ops | handoffs |'
row '| spin_lock | pre | none | 4 | 4.00 | 1.00 | 5.00 | 3.00 | 2.00 | 1000 | 1000 |'
row '| spin_lock | pre-preempt | clear `movl $0x0,0x4(%rdi)`; set `movl $0x1,0x4(%rdi)` | 7 | 5.00 | 1.00 | 8.00 | 3.50 | 2.50 | 1000 | 1000 |'
row '| spin_lock | stock-preempt | none | 6 | 6.00 | 1.00 | 6.00 | 3.00 | 2.00 | 1000 | 1000 |'
row '| bit_spin_lock | pre-preempt | none | – | – | – | 6.00 | 2.05 | 1.00 | 1000 | 1000 |'
row '- pre-preempt: `_raw_spin_lock+0x7: movl $0x1,0x4(%rdi)`, `__raw_write_lock+0x0: movl $0x1,0x4(%rbx)`'
row '| spin_lock | pre → pre-preempt | yes | +3.00 | +3.00 | +0.50 | 0.10 | more transfers than the A/A pair differs by |'
row '| bit_spin_lock | pre → pre-preempt | no | – | +2.00 | +0.05 | 0.10 | within the A/A difference |'
grep -q 'Instrument: \*\*events\*\*.*on Test CPU (Test_CPU_f1m2s3_x2, 2 CPUs)' "$TMP/table.md" || fail "the table does not name its instrument and host"
grep -q 'model quantities' "$TMP/table.md" || fail "the table does not say its figures are model quantities"
# stock-preempt has no base in this pass: no row of what it adds.
! grep -q '→ stock-preempt' "$TMP/table.md" || fail "a row for stock-preempt, whose base (stock) is not in the pass"
echo "ok: preempt-table.sh: stores, transfers and break_lock's stores per variant, what PREEMPT adds"

# Refusals: a kernel reconfigured since the pass; a pass with no PREEMPT
# variant; a folder that was not filed.
rm -rf "$RESULTS"
echo "CONFIG_OTHER=y" >>"$LB_BUILD/kernel/pre-preempt/.config"
expect_error "a reconfigured kernel" "pre-preempt's kernel was reconfigured since the pass" "$TOP/scripts/events/host-file.sh" "$TMP/pass"
mkdir -p "$TMP/nopre"
cp -r "$fix/." "$TMP/nopre/"
sed -i 's/^variants=.*/variants=pre post/' "$TMP/nopre/run.info"
cp "$fix/run.info" "$TMP/nopre/provenance.txt"
printf 'pre\t-\t-\tnone\t-\n' >"$TMP/nopre/break-lock.tsv"
expect_error "no PREEMPT variant" "has no PREEMPT variant" "$TOP/scripts/events/preempt-table.sh" "$TMP/nopre"
expect_error "not filed" "break-lock.tsv is missing" "$TOP/scripts/events/preempt-table.sh" "$fix"
