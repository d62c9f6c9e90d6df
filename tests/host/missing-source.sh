#!/usr/bin/env bash
# Without the linux-source package, make tree says how to get it.
. "$(dirname "$0")/../lib.bash"
expect_error "missing tarball" "linux-source-6.1 package is missing; run 'make deps'" \
	env LB_BUILD="$TMP/build" LB_SRC_TARBALL="$TMP/none.tar.xz" "$TOP/scripts/build/tree.sh"
