#!/usr/bin/env bash
# make import: a lab's console log becomes a run directory whose records
# are the guest's CSV byte for byte, with the lab machine's host and
# accelerator, and compare reads it.  The console logs are made here by
# the runner's own code (lb-guest --ktap and --frame, what it prints on a
# machine without a results disk) from a record fixture, with what a real
# serial capture adds: CR line ends, kernel messages, one inside the frame.
# Also read: LAVA's YAML job log and a results disk image.  Refused by
# name with nothing written: a truncated log, a checksum mismatch, another
# variant's log.
. "$(dirname "$0")/../lib.bash"
g=$TOP/bench-user/lb-guest
[ -x "$g" ] && [ -x "$TOP/bench-user/lb-validate" ] || fail "bench-user is not built: run 'make user'"
export LB_BUILD=$TMP/build
mkdir -p "$LB_BUILD/runs"
fix=$TOP/tests/unit/fixtures

console_log() { # console_log CSV VARIANT: a lab's serial capture
	{
		echo "[    0.000000] Linux version 6.1.0 (lockbench)"
		echo "[    0.101000] smpboot: CPU0: Lab CPU Model 9000 @ 3.00GHz (family: 0x6, model: 0x55, stepping: 0x4)"
		echo "lockbench: guest up after 0.52s"
		"$g" --ktap "$1"
		"$g" --frame "$1" "$2" | awk 'NR == 4 { print "[   12.345678] random: crng init done" } { print }'
		echo "lockbench: runner done: 25 jobs, 25 ok"
	} | sed 's/$/\r/'
}
console_log "$fix/post.csv" post >"$TMP/post.log"
console_log "$fix/pre.csv" pre >"$TMP/pre.log"
grep -q -a $'^\\[   12.345678\\] random' "$TMP/post.log" || fail "fixture: no kernel line inside the frame"

# Refusals first, on an empty build/runs: each must leave it empty.
nothing_written() { # (ls -A as a glob: no process)
	local e
	shopt -s nullglob dotglob
	e=("$LB_BUILD"/runs/*)
	shopt -u nullglob dotglob
	[ ${#e[@]} -eq 0 ] || fail "$1 wrote ${e[*]##*/}"
}
sed '/^----- END lockbench/,$d' "$TMP/post.log" >"$TMP/truncated.log"
expect_error "truncated log" "truncated: BEGIN lockbench results.csv without its END" "$TOP/scripts/lab/import.sh" post "$TMP/truncated.log"
nothing_written "a truncated log"
# One digit of one record changed: the CSV still validates, the sum does not.
sed '/^post,/{s/,67\.680,/,67.690,/}' "$TMP/post.log" >"$TMP/damaged.log"
cmp -s "$TMP/post.log" "$TMP/damaged.log" && fail "fixture: the damage did not apply"
expect_error "checksum mismatch" "checksum mismatch: the log says sha256 [0-9a-f]{64}, its CSV has" \
	"$TOP/scripts/lab/import.sh" post "$TMP/damaged.log"
nothing_written "a damaged log"
expect_error "another variant's log" "is a log of variant post, not pre" "$TOP/scripts/lab/import.sh" pre "$TMP/post.log"
nothing_written "another variant's log"
expect_error "a good log after a bad one" "checksum mismatch" "$TOP/scripts/lab/import.sh" post "$TMP/post.log" "$TMP/damaged.log"
nothing_written "a set with one damaged log"
grep -v -a 'BEGIN lockbench' "$TMP/post.log" >"$TMP/noframe.log"
expect_error "a log without a frame" "holds no framed results.csv" "$TOP/scripts/lab/import.sh" post "$TMP/noframe.log"
nothing_written "a log without a frame"

# The round trip.
"$TOP/scripts/lab/import.sh" post "$TMP/post.log" 2>"$TMP/err" || fail "import failed: $(cat "$TMP/err")"
run=$(readlink -f "$LB_BUILD/runs/latest")
cmp "$fix/post.csv" "$run/boots/post/boot1/guest/results.csv" || fail "the guest's CSV did not come back byte for byte"
cmp "$fix/post.csv" "$run/post.csv" || fail "post.csv differs from the guest's records"
echo "ok: round trip byte for byte ($(sha256sum <"$run/post.csv" | cut -c1-16))"
# The lab machine's context, never this host's.
# (run.info read in bash, as sed -n "s/^KEY=//p" would.)
declare -A RI=()
info() { local l; RI=(); while IFS= read -r l; do RI[${l%%=*}]=${l#*=}; done <"$run/run.info"; }
info
[ "${RI[host]:-}" = Test_CPU_x4 ] && [ "${RI[accel]:-}" = kvm ] && [ "${RI[vcpus]:-}" = 2 ] && [ "${RI[host_cpus]:-}" = 4 ] ||
	fail "run.info does not hold the records' machine: $(cat "$run/run.info")"
p=$run/boots/post/boot1/provenance.json
{ read -r pid && IFS= read -r pmodel; } < <(jq -r '.host_id, .host_cpu_model' "$p") || true
[ "$pid" = Test_CPU_x4 ] && [ "$pmodel" = "Lab CPU Model 9000 @ 3.00GHz" ] ||
	fail "provenance is not the lab machine's: $(cat "$p")"
model=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)
[ -z "$model" ] || ! grep -q -F "$model" "$p" "$run/run.info" || fail "this host's CPU ($model) is in the imported run"
echo "ok: host Test_CPU_x4 (kvm, 2 vCPUs of 4), CPU model from the lab kernel's smpboot line"

# A second variant into the same run, from LAVA's YAML job log; compare reads it.
/usr/bin/python3 -c '
import sys, yaml
print(yaml.dump([{"dt": "2026-12-04T10:00:00", "lvl": "info", "msg": "start: 1 tftp-deploy"}]
  + [{"dt": "2026-12-04T10:00:01", "lvl": "target", "msg": l.rstrip("\r\n")} for l in open(sys.argv[1])]))' \
	"$TMP/pre.log" >"$TMP/pre-lava.yaml" || fail "cannot write the LAVA log fixture"
INTO=$run "$TOP/scripts/lab/import.sh" pre "$TMP/pre-lava.yaml" 2>"$TMP/err" || fail "import of a LAVA log failed: $(cat "$TMP/err")"
cmp "$fix/pre.csv" "$run/boots/pre/boot1/guest/results.csv" || fail "the CSV from the LAVA log is not the guest's"
info
[ "${RI[variants]:-}" = "post pre" ] || fail "run.info variants: ${RI[variants]:-}"
echo "ok: LAVA job log imported into the same run"
expect_error "a variant already in the run" "already holds pre" env INTO="$run" "$TOP/scripts/lab/import.sh" pre "$TMP/pre.log"
"$TOP/scripts/report/compare.sh" "$run" >"$TMP/compare.log" 2>&1 || fail "compare refused the imported run: $(tail -n 5 "$TMP/compare.log")"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } $h["base"] == "pre" && $h["other"] == "post" { ok = 1 } END { exit !ok }' "$run/pairs.csv" || fail "compare made no pre:post pair"
echo "ok: compare reads the imported run ($(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } $h["base"] == "pre" && $h["other"] == "post" { n++ } END { print n + 0 }' "$run/pairs.csv") pre:post rows)"

# A results disk image (the tar /init writes), two boots: numbered 1 and 2.
mkdir -p "$TMP/disk"
cp "$fix/post.csv" "$TMP/disk/results.csv"
tar -cf "$TMP/results.img" -C "$TMP/disk" .
"$TOP/scripts/lab/import.sh" post "$TMP/results.img" "$TMP/post.log" 2>"$TMP/err" || fail "import of a disk image failed: $(cat "$TMP/err")"
run2=$(readlink -f "$LB_BUILD/runs/latest")
[ "$run2" != "$run" ] || fail "a new import reused $run"
cmp "$fix/post.csv" "$run2/boots/post/boot1/guest/results.csv" || fail "the disk image's CSV is not the guest's"
[ "$(awk -F, 'NR == 2 { for (i = 1; i <= NF; i++) h[$i] = i } NR > 2 { print $h["boot"] }' "$run2/post.csv" | sort -u | tr '\n' ' ')" = "1 2 " ] || fail "two files are not boots 1 and 2"
echo "ok: results disk image and a console log as boots 1 and 2"

# Run ids never collide: with the clock held still (LB_NOW), three imports
# of one log in the same second get three runs, and eight processes
# claiming one name at once get eight.
rm -rf "$LB_BUILD/runs"
mkdir -p "$LB_BUILD/runs"
for i in 1 2 3; do
	LB_NOW=1765000000 "$TOP/scripts/lab/import.sh" post "$TMP/post.log" 2>"$TMP/err" ||
		fail "import $i in the same second failed: $(cat "$TMP/err")"
done
ids=$(cd "$LB_BUILD/runs" && printf '%s ' 2025*)
[ "$ids" = "20251206T054640Z-import-post 20251206T054640Z-import-post.2 20251206T054640Z-import-post.3 " ] ||
	fail "three imports in one second: $ids"
for id in $ids; do grep -q "^run_id=$id$" "$LB_BUILD/runs/$id/run.info" || fail "$id: run.info names another run"; done
mkdir -p "$TMP/claims"
(
	. "$TOP/scripts/lib.sh"
	for i in 1 2 3 4 5 6 7 8; do (n=$(claim_dir "$TMP/claims" same) && echo "$n" >"$TMP/claims/$n/by") & done
	wait
)
[ "$(cd "$TMP/claims" && printf '%s ' *)" = "same same.2 same.3 same.4 same.5 same.6 same.7 same.8 " ] ||
	fail "eight concurrent claims: $(cd "$TMP/claims" && printf '%s ' *)"
echo "ok: run ids from one second: $ids; eight concurrent claims, eight names"
