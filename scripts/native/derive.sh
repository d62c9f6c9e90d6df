#!/usr/bin/env bash
# derive.sh RUN/native: the native run's own statistics (the same lb-stat,
# its own A/A floor), for compare.sh on the run directory above it.
exec "$(dirname "$0")/../report/compare.sh" "${1:?usage: derive.sh RUN/native}"
