#!/usr/bin/env bash
# native/pathlen-agree.sh USER.csv ICOUNT.csv: the user-space path lengths
# (scripts/native/pathlen.sh: variant,kind,instructions) beside icount's
# guest counts (make pathlen's pathlen.csv), as a Markdown table, then a
# line counting the cells that agree.  A cell icount did not count shows
# "-"; a difference is printed, never hidden.
. "$(dirname "$0")/../lib.sh"
user=${1:?usage: native/pathlen-agree.sh USER.csv ICOUNT.csv} icount=${2:?usage: native/pathlen-agree.sh USER.csv ICOUNT.csv}
[ -f "$user" ] || die "no $user"
[ -f "$icount" ] || die "no icount path lengths at $icount (make pathlen, or ICOUNT_CSV=)"
awk -F, '
	FNR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
	FILENAME == ARGV[1] { if (!("pad" in h) || $h["pad"] == 0) g[$h["variant"] "," $h["kind"]] = $h["instructions"]; next }
	{ cell[++n] = $h["variant"] "," $h["kind"]; u[n] = $h["instructions"] }
	END {
		print "| variant | kind | user space (callgrind) | guest (icount) | difference |"
		print "|---|---|---:|---:|---:|"
		for (i = 1; i <= n; i++) {
			split(cell[i], c, ",")
			if (!(cell[i] in g)) { printf "| %s | %s | %g | - | - |\n", c[1], c[2], u[i]; continue }
			d = u[i] - g[cell[i]]
			printf "| %s | %s | %g | %g | %s |\n", c[1], c[2], u[i], g[cell[i]], d == 0 ? "0" : sprintf("%+g", d)
			both++
			if (d == 0) same++
		}
		printf "\n%d of %d cells counted by both agree exactly.\n", same, both
	}' "$icount" "$user"
