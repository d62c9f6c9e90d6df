#!/usr/bin/env bash
# events/plugin.sh: build lockbench-events.so (bench-user/events/) and check
# it against the installed QEMU's exported plugin API (check-api.sh).
. "$(dirname "$0")/../lib.sh"
command -v qemu-system-x86_64 >/dev/null ||
	die "qemu-system-x86_64 not found: install qemu-system-x86 ('make deps'); the events plugin is checked against it"
make -s -C "$LB_TOP/bench-user/events" all >&2 || die "lockbench-events.so did not build (see above)"
note "events plugin: bench-user/events/lockbench-events.so"
