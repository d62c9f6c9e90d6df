#!/usr/bin/env bash
# targets.sh help|markdown|names: the make targets of schema/targets.tsv,
# as make help lists them, as docs/targets.md's table (between its
# "targets" markers; tests/host/targets.sh checks the copy), or their
# names, one a line.  The table is the only list: the Makefile's help and
# the docs are its renderings.
set -eu
table=$(dirname "$0")/../../schema/targets.tsv
rows() { awk -F '\t' '!/^#/ && $1 != "target"' "$table"; }

case ${1:-} in
help)
	echo "Targets (docs/targets.md):"
	# The name and its usage, then the help wrapped to 88 columns under
	# column 17, and what it needs first.
	rows | awk -F '\t' '{
		head = $1 ($2 == "" ? "" : " " $2)
		text = $5 ($4 == "" ? "" : "; needs first: " $4)
		n = split(text, w, " ")
		if (length(head) > 13) { print "  " head; line = sprintf("%16s", "") }
		else line = sprintf("  %-14s", head)
		width = 16
		for (i = 1; i <= n; i++) {
			if (width > 16 && width + 1 + length(w[i]) > 88) { print line; line = sprintf("%16s", ""); width = 16 }
			line = line (width > 16 ? " " : "") w[i]; width += (width > 16 ? 1 : 0) + length(w[i])
		}
		print line
	}'
	;;
markdown)
	echo "| target | what it does | needs first |"
	echo "|---|---|---|"
	rows | awk -F '\t' '{
		u = $2; gsub(/\|/, "\\|", u)
		printf "| `make %s` | %s | %s |\n", $1 (u == "" ? "" : " " u), $5, ($4 == "" ? "" : $4)
	}'
	;;
names)
	rows | cut -f 1
	;;
*)
	echo "usage: targets.sh help|markdown|names" >&2
	exit 2
	;;
esac
