#!/usr/bin/env bash
# derive.sh RUN/native: the native run's own statistics (the same lb-stat,
# its own A/A floor), for compare.sh on the run directory above it, and
# the placements' labels against the cold hand-offs measured across them
# (placement-check.sh).
set -e
nat=${1:?usage: derive.sh RUN/native}
"$(dirname "$0")/../report/compare.sh" "$nat"
"$(dirname "$0")/placement-check.sh" "$nat" >/dev/null
