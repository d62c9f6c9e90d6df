#!/usr/bin/env bash
# The events plugin without QEMU (bench-user/events/lb-events-probe loads
# lockbench-events.so against stand-ins of QEMU's functions):
#   - the byte classifier on known encodings;
#   - its argument refusals, and the refusal, by name, of a plugin API
#     version it does not know (QEMU 8's and later);
#   - counts of a scripted op: instructions, atomics, loads, stores, lines;
#   - the directory: a line the other vCPU wrote is one transfer and one
#     invalidation, a handoff is counted, a line read by both is shared;
#   - a run with no marked op says "no ops seen", not zeros;
#   - check-api.sh refuses a QEMU that lacks a function the plugin calls.
. "$(dirname "$0")/../lib.bash"
ev=$TOP/bench-user/events
command -v gcc >/dev/null || skip "no gcc to build the plugin"
make -s -C "$ev" lockbench-events.so lb-events-probe >"$TMP/build.log" 2>&1 || fail "the plugin did not build: $(cat "$TMP/build.log")"
probe=$ev/lb-events-probe so=$ev/lockbench-events.so

# 1. The classifier.
check_class() { # want hex...
	local want=$1 got
	shift
	got=$("$probe" classify "$@")
	[ "$got" = "$want" ] || fail "classify $*: '$got', expected '$want'"
}
check_class locked f0 0f b1 17          # lock cmpxchg %edx,(%rdi)
check_class locked f0 0f c1 07          # lock xadd
check_class locked f0 fe 0f             # lock decb (%rdi): 2.6.13's spin_lock
check_class locked 3e f0 0f ba 2f 00    # ds + lock bts: prefixes in any order
check_class locked 48 87 07             # xchg %rax,(%rdi): locked without a prefix
check_class plain 48 87 c0              # xchg %rax,%rax: registers only
check_class plain 3e fe 0f              # a lock patched to ds on a UP kernel
check_class plain 89 07                 # mov: a store, not an RMW
check_class fence 0f ae f0              # mfence
check_class fence 0f ae e8              # lfence
check_class fence 0f ae f8              # sfence
check_class plain 66 0f ae 38           # clflushopt (memory form): not a fence
check_class fence 0f a2                 # cpuid
check_class fence 48 cf                 # iretq
check_class plain 0f 31                 # rdtsc: not serialising
check_class plain f3 90                 # pause
check_class "mark 0x4c421002" 0f 1f 80 02 10 42 4c   # begin, loop site, spin_lock
check_class plain 0f 1f 80 02 10 43 4c  # a nopl with another displacement
check_class plain 0f 1f 44 00 00        # the assembler's 5-byte NOP
echo "ok: classifier: 19 encodings"

# 2. Refusals at load.
load() { "$probe" load "$so" "$@" </dev/null; }
expect_error "no out=" "out=FILE is required" load 1 0 x86_64 1 1
expect_error "empty out=" "out= is empty" load 1 0 x86_64 1 1 out=
expect_error "unknown key" "unknown argument 'colour' \\(keys: out, dir, slots\\)" load 1 0 x86_64 1 1 out="$TMP/o" colour=red
expect_error "not key=value" "argument 'verbose' is not key=value" load 1 0 x86_64 1 1 out="$TMP/o" verbose
expect_error "dir=maybe" "dir=maybe: say on or off" load 1 0 x86_64 1 1 out="$TMP/o" dir=maybe
expect_error "slots not a power of two" "slots=1000: a power of two from 1024" load 1 0 x86_64 1 1 out="$TMP/o" slots=1000
expect_error "slots negative" "slots=-1024: a power of two" load 1 0 x86_64 1 1 out="$TMP/o" slots=-1024
expect_error "unwritable out" "out=$TMP/none/o: cannot write it" load 1 0 x86_64 1 1 out="$TMP/none/o"
expect_error "API version 2" "plugin API is version 2 \\(oldest it loads: 2\\); lockbench-events knows version 1 only" load 2 2 x86_64 1 1 out="$TMP/o"
expect_error "API version 3 that still loads 1" "plugin API is version 3 \\(oldest it loads: 1\\)" load 3 1 x86_64 1 1 out="$TMP/o"
expect_error "an aarch64 guest" "the guest is aarch64: the classifier knows x86-64 encodings only" load 1 0 aarch64 1 1 out="$TMP/o"
expect_error "user mode" "needs full-system emulation" load 1 0 x86_64 0 1 out="$TMP/o"
expect_error "64 vCPUs with the directory" "dir=on models at most 32 vCPUs, this guest has 64" load 1 0 x86_64 1 64 out="$TMP/o"
load 1 0 x86_64 1 64 out="$TMP/o" dir=off 2>/dev/null || fail "64 vCPUs with dir=off refused"
echo "ok: 64 vCPUs load with dir=off"

# 3. One marked op, twice: begin; lock cmpxchg; mov store; end.
B="0f 1f 80 02 10 42 4c" E="0f 1f 80 02 20 42 4c"
cat >"$TMP/one" <<EOT
tb $B,f0 0f b1 17,89 47 08,8b 04 24,$E
x 0 0 0
x 0 0 1 r 1000 4 w 1000 4
x 0 0 2 w 1008 4
x 0 0 3 r 7ff0 8
x 0 0 4
x 0 0 1 r 1000 4 w 1000 4
x 0 0 0
x 0 0 1 r 1000 4 w 1000 4
x 0 0 2 w 1008 4
x 0 0 3 r 7ff0 8
x 0 0 4
exit
EOT
"$probe" load "$so" 1 0 x86_64 1 1 out="$TMP/one.tsv" dir=off <"$TMP/one" || fail "the scripted op failed"
row=$(awk -F'\t' '$1 == "loop" && $2 == 2 { print $3, $4, $5, $6, $7, $8, $9, $10 }' "$TMP/one.tsv")
# ops modal insns atomics fences loads stores lines: the locked RMW is one
# load and one store however QEMU reported it; the marker is not counted;
# the lock cmpxchg run between the ops is not counted either.
[ "$row" = "2 2 3 1 0 2 2 2" ] || fail "one op: got '$row', expected '2 2 3 1 0 2 2 2'; file: $(cat "$TMP/one.tsv")"
echo "ok: scripted op: 3 instructions, 1 atomic, 2 loads, 2 stores, 2 lines, twice"

# 4. The directory: vCPU 0 and 1 take the lock line in turn (cold mode).
cat >"$TMP/two" <<EOT
tb 0f 1f 80 02 14 42 4c,f0 0f b1 17,0f 1f 80 02 24 42 4c
x 0 0 0
x 0 0 1 w 2000 4
x 0 0 2
x 1 0 0
x 1 0 1 w 2000 4
x 1 0 2
x 0 0 0
x 0 0 1 w 2000 4
x 0 0 2
exit
EOT
"$probe" load "$so" 1 0 x86_64 1 2 out="$TMP/two.tsv" <"$TMP/two" || fail "the two-vCPU script failed"
# transfers invalidations cold handoffs: the first op finds the line in no
# cache (cold), each later one in the other vCPU's, and invalidates it there.
row=$(awk -F'\t' '$1 == "op" && $2 == 2 { print $3, $17, $18, $19, $20 }' "$TMP/two.tsv")
[ "$row" = "3 2 2 1 2" ] || fail "cold ping-pong: got '$row' (ops transfers invalidations cold handoffs), expected '3 2 2 1 2'"
echo "ok: directory: 3 ops in turn: 2 transfers, 2 invalidations, 1 cold miss, 2 handoffs"
# Both read a line, then vCPU 0 writes it: one transfer (the second
# read), then an upgrade that invalidates vCPU 1's copy; an access
# outside any op moves the state but counts nothing.
cat >"$TMP/share" <<EOT
tb 0f 1f 80 02 14 42 4c,8b 07,89 07,0f 1f 80 02 24 42 4c
x 0 0 0
x 0 0 1 r 3000 4
x 0 0 3
x 1 0 0
x 1 0 1 r 3000 4
x 1 0 3
x 0 0 0
x 0 0 2 w 3000 4
x 0 0 3
x 1 0 2 w 3000 4
x 0 0 0
x 0 0 1 r 3000 4
x 0 0 3
exit
EOT
"$probe" load "$so" 1 0 x86_64 1 2 out="$TMP/share.tsv" <"$TMP/share" || fail "the shared-line script failed"
row=$(awk -F'\t' '$1 == "op" && $2 == 2 { print $3, $17, $18, $19 }' "$TMP/share.tsv")
# ops transfers invalidations cold: read (cold), read (transfer: vCPU 0 has
# it), write (upgrade: invalidates vCPU 1), [vCPU 1 writes outside an op:
# not counted, but it now owns the line], read (transfer).
[ "$row" = "4 2 1 1" ] || fail "shared line: got '$row' (ops transfers invalidations cold), expected '4 2 1 1'"
echo "ok: directory: shared reads, an upgrade, and an access outside any op"

# 5. No marked op: "no ops seen", on stderr and in the file, never zeros.
printf 'tb 89 07\nx 0 0 0 w 1000 4\nexit\n' >"$TMP/none"
"$probe" load "$so" 1 0 x86_64 1 1 out="$TMP/none.tsv" <"$TMP/none" 2>"$TMP/none.err" || fail "an empty run failed"
grep -q 'no ops seen' "$TMP/none.err" || fail "no 'no ops seen' on stderr: $(cat "$TMP/none.err")"
grep -qx '# no ops seen' "$TMP/none.tsv" || fail "no '# no ops seen' in the file: $(cat "$TMP/none.tsv")"
expect_error "events-csv of an empty run" "no ops seen" "$TOP/scripts/events/csv.sh" v icount 1 "$TMP/none.tsv"
echo "ok: no ops seen"

# 6. check-api.sh against a stand-in QEMU that lacks qemu_plugin_insn_data.
funcs=$(nm --target=elf64-x86-64 -D --undefined-only "$so" | awk '$2 ~ /^qemu_plugin_/ && $2 != "qemu_plugin_insn_data" { print $2 }')
for f in $funcs; do printf 'void %s(void) {}\n' "$f"; done >"$TMP/fake.c"
gcc -shared -fPIC -o "$TMP/fake-qemu" "$TMP/fake.c"
expect_error "a QEMU without qemu_plugin_insn_data" "does not export qemu_plugin_insn_data" "$ev/check-api.sh" "$so" "$TMP/fake-qemu"
printf 'int main(void) { return 0; }\n' >"$TMP/noplug.c"
gcc -o "$TMP/noplug-qemu" "$TMP/noplug.c"
expect_error "a QEMU without plugins" "exports no qemu_plugin_\\* symbols: it was built without TCG plugin support" "$ev/check-api.sh" "$so" "$TMP/noplug-qemu"
if command -v qemu-system-x86_64 >/dev/null; then
	"$ev/check-api.sh" "$so" "$(command -v qemu-system-x86_64)" || fail "check-api.sh refused the installed QEMU"
	echo "ok: the installed QEMU exports what the plugin calls"
fi
