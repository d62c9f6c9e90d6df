#!/usr/bin/env bash
# The lab path end to end, without LAVA: make export's bundle is booted the
# way LAVA's qemu device type boots it (its bzImage, initramfs.cpio and
# cmdline.txt, no disks, the console on a serial file).  The console must
# carry KTAP v1 (the plan, one ok per job), a LAVA test-case signal per
# job that the exported job's monitor pattern matches, and results.csv
# framed with its sha256; make import turns the capture into a run whose
# records are the guest's, from a machine that named itself.
. "$(dirname "$0")/lib.bash"
v=${VARIANTS_UNDER_TEST%% *}
[ "${ACCEL:-tcg}" != icount ] || skip "the lab bundle runs TCG or KVM, not icount"
for i in 1 2 3; do echo "kind=spin_lock mode=hot batches=200 batch_ops=100"; done >"$TMP/jobs"
export LB_EXPORT_DIR=$TMP/export
JOBFILE=$TMP/jobs ACCEL=tcg REPEAT=1 "$TOP/scripts/lab/export.sh" "$v" 2>"$TMP/export.err" ||
	fail "export failed: $(cat "$TMP/export.err")"
b=$LB_EXPORT_DIR/$v
B=$OUTROOT/export-lab-$v
rm -rf "$B"
mkdir -p "$B"
# As LAVA's qemu device type runs it: the images and the command line only.
timeout -k 5 300 qemu-system-x86_64 -accel tcg,thread=multi -cpu max -smp 2 -m 1024 -nodefaults \
	-display none -no-reboot -serial "file:$B/console.log" \
	-kernel "$b/bzImage" -initrd "$b/initramfs.cpio" -append "$(cat "$b/cmdline.txt")" >"$B/qemu.log" 2>&1 ||
	fail "QEMU exited $?: $(tail -n 5 "$B/qemu.log") $(tail -n 10 "$B/console.log")"
tr -d '\r' <"$B/console.log" >"$TMP/con"
grep -q '^lockbench: runner done: 3 jobs, 3 ok' "$TMP/con" || fail "the runner did not finish its 3 jobs: $(tail -n 10 "$TMP/con")"
grep -q -x 'KTAP version 1' "$TMP/con" && grep -q -x '1\.\.3' "$TMP/con" || fail "no KTAP version and plan of 3 on the console"
[ "$(grep -c -E '^ok [1-3] kind=spin_lock mode=hot ' "$TMP/con")" -eq 3 ] || fail "not 3 ok lines: $(grep -E '^(not )?ok ' "$TMP/con")"
grep -q -E '^# cyc_op: [0-9]+\.[0-9]{3} cycles$' "$TMP/con" || fail "no cyc_op measurement line"
# The exported job's own monitor pattern, with Python's re as LAVA uses it.
/usr/bin/python3 -c '
import re, sys, yaml
job = yaml.safe_load(open(sys.argv[1]))
mon = [a["test"]["monitors"][0] for a in job["actions"] if "test" in a][0]
text = open(sys.argv[2]).read()
assert mon["start"] in text and mon["end"] in text, "start or end string missing"
hits = [m.groupdict() for m in re.finditer(mon["pattern"], text)]
assert len(hits) == 3 and all(h["result"] == "pass" and h["measurement"] for h in hits), hits
print("monitor:", hits[0])' "$b/lava-qemu.yaml" "$TMP/con" || fail "the LAVA monitor pattern does not read the console"
LB_BUILD=$TMP/lb "$TOP/scripts/lab/import.sh" "$v" "$B/console.log" 2>"$TMP/import.err" || fail "import failed: $(cat "$TMP/import.err")"
run=$(readlink -f "$TMP/lb/runs/latest")
[ "$(($(grep -c -v '^#' "$run/$v.csv") - 1))" -eq 3 ] || fail "the imported run does not hold 3 records"
host=$(sed -n 's/^host=//p' "$run/run.info")
[[ $host == *_x2-* ]] || fail "the guest did not name itself with its 2 CPUs: host=$host"
[ "$(sed -n 's/^accel=//p' "$run/run.info")" = tcg ] && [ "$(sed -n 's/^vcpus=//p' "$run/run.info")" = 2 ] ||
	fail "run.info: $(cat "$run/run.info")"
echo "ok: exported $v booted bare, 3 jobs in KTAP, imported as host $host"
