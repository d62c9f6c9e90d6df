#!/usr/bin/env bash
# A full disk stops the pipeline up front with the space it needs.
. "$(dirname "$0")/../lib.bash"
[ "$(id -u)" -eq 0 ] || skip "needs root to mount a small tmpfs"
mkdir -p "$TMP/small"
mount -t tmpfs -o size=16m lbfull "$TMP/small" || skip "cannot mount tmpfs here"
trap 'umount "$TMP/small" 2>/dev/null; rm -rf "$TMP"' EXIT
expect_error "tree on a full disk" "only [0-9]+ MiB free .* need 2500 MiB" \
	env LB_BUILD="$TMP/small" "$TOP/scripts/build/tree.sh"
mkdir -p "$TMP/small/kernel" && echo x >"$TMP/small/kernel/tree.stamp"
expect_error "run on a full disk" "only [0-9]+ MiB free .* need 500 MiB" \
	env LB_BUILD="$TMP/small" VARIANTS=stock "$TOP/scripts/timed/run.sh"
