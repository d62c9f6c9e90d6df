#!/usr/bin/env bash
# Bad numeric settings and accelerators are refused before anything boots.
. "$(dirname "$0")/../lib.bash"
expect_error "VCPUS=abc" "VCPUS=abc is not a positive integer" env VCPUS=abc "$TOP/scripts/boot/qemu-boot.sh" stock "$TMP/b"
expect_error "VCPUS=0" "VCPUS must be greater than 0" env VCPUS=0 "$TOP/scripts/boot/qemu-boot.sh" stock "$TMP/b"
expect_error "VCPUS=65" "exceeds the guest's NR_CPUS" env VCPUS=65 "$TOP/scripts/boot/qemu-boot.sh" stock "$TMP/b"
expect_error "TIMEOUT=-1" "TIMEOUT=-1 is not a positive integer" env TIMEOUT=-1 "$TOP/scripts/boot/qemu-boot.sh" stock "$TMP/b"
expect_error "ACCEL=xen" "ACCEL=xen is not one of $("$TOP/scripts/build/settings.sh" choices ACCEL)" "$TOP/scripts/boot/accel.sh" xen /nonexistent
expect_error "BOOTS=0" "BOOTS=0 must be a positive integer" env BOOTS=0 VARIANTS=stock "$TOP/scripts/timed/run.sh"
[ ! -e "$TMP/b" ] || fail "a refused boot left $TMP/b behind"
# make publish needs a report; the tracked RESULTS.md is not touched.
before=$(sha256sum "$TOP/RESULTS.md")
mkdir -p "$TMP/run"
expect_error "publish without a report" "has no report .*run 'make results RUN=$TMP/run' first" "$TOP/scripts/report/publish.sh" "$TMP/run"
[ "$(sha256sum "$TOP/RESULTS.md")" = "$before" ] || fail "a refused publish changed RESULTS.md"
# make again repeats a run directory and nothing else.
expect_error "again without a run" "RUN=$TMP/none does not exist" "$TOP/scripts/timed/again.sh" "$TMP/none"
expect_error "again on a file" "is a file, not a run directory" "$TOP/scripts/timed/again.sh" "$TOP/README.md"
expect_error "again on a non-run" "is not a run directory \(it lacks run.info or jobs\)" "$TOP/scripts/timed/again.sh" "$TOP/vm-configs"
mkdir -p "$TMP/lab" && printf 'run_id=x\nvariants=pre\naccel=tcg\nvcpus=2\nboots=1\nrepeat=unknown\norder_seed=1\n' >"$TMP/lab/run.info" && : >"$TMP/lab/jobs"
expect_error "again on an imported run" "repeat=unknown: an imported lab run" "$TOP/scripts/timed/again.sh" "$TMP/lab"
sed -i 's/^accel=tcg$/accel=icount/; s/^repeat=unknown$/repeat=1/' "$TMP/lab/run.info"
expect_error "again on icount's folder" "make again repeats a timed run, and $TMP/lab ran on 'icount'" "$TOP/scripts/timed/again.sh" "$TMP/lab"
