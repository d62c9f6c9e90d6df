#!/usr/bin/env bash
# derive.sh RUN/icount: the path-length tables of the icount run, for
# compare.sh on the run directory above it (published raw data too).
exec "$(dirname "$0")/table.sh" "${1:?usage: derive.sh RUN/icount}"
