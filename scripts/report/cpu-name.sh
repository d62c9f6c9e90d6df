#!/usr/bin/env bash
# cpu-name.sh VENDOR FAMILY MODEL: the microarchitecture of a CPU model,
# from schema/cpus.tsv ("Zen 4 (Genoa)", "Emerald Rapids"), or "unknown"
# where the table has no row: a name is never guessed.  FAMILY and MODEL
# are decimal, as the host facts record them; an empty VENDOR matches
# either vendor (their families do not overlap).
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: cpu-name.sh VENDOR FAMILY MODEL" >&2 && exit 2; }
awk -F '\t' -v v="$1" -v f="$2" -v m="$3" '
	/^#/ || $1 == "vendor" { next }
	(v == "" || $1 == v) && $2 == f && $3 == m { name = $4 ($5 == "-" ? "" : " (" $5 ")"); exit }
	END { print name == "" ? "unknown" : name }' "$(dirname "$0")/../../schema/cpus.tsv"
