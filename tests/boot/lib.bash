# shellcheck shell=bash
# Helpers for the boot tests: boot a variant with a guest script and check
# what came back.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.bash"
VARIANTS_UNDER_TEST=${CHECK_VARIANTS:-stock}
OUTROOT=${LB_CHECK_DIR:-$TOP/build/check}/boots
mkdir -p "$OUTROOT"

# guest NAME VARIANT "script text" [env...]: boot with a one-off script;
# leaves the boot directory in $B.  Returns qemu-boot.sh's status.
guest() {
	local name=$1 v=$2 body=$3
	shift 3
	B=$OUTROOT/$name-$v
	rm -rf "$B"
	printf '#!/bin/sh\n%s\n' "$body" >"$TMP/$name.sh"
	env ACCEL=${ACCEL:-tcg} SCRIPT="$TMP/$name.sh" "$@" "$TOP/scripts/qemu-boot.sh" "$v" "$B"
}
