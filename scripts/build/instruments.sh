#!/usr/bin/env bash
# instruments.sh make|help: the contract's instruments (schema/
# lockbench_schema.h, LB_INSTRUMENTS), as the Makefile generates their
# make targets from them (make: one "NAME:BOOTS:ALIAS:PLACE" word each,
# for its $(eval)), or as make help lists them.  An instrument's target
# is its name, with its alias beside it; nothing else lists them.
LB_TOP=$(cd "$(dirname "$0")/../.." && pwd)
. "$LB_TOP/schema/contract.sh"

case ${1:-} in
make)
	contract_rows instruments | awk -F '\t' '{ printf "%s%s:%s:%s:%s", (NR > 1 ? " " : ""), $1, $4, $5, $6 } END { print "" }'
	;;
help)
	# The question, wrapped at 88 columns under the name, as the
	# Makefile's own help is.
	echo "Instruments, one make target each (docs/instruments.md):"
	contract_rows instruments | awk -F '\t' '{
		head = $1 ($5 == "-" ? "" : " (" $5 ")")
		line = sprintf("  %-14s", head)
		if (length(head) > 13) { print "  " head; line = sprintf("%16s", "") }
		n = split($7 " (" $6 "/run.sh)", w, " ")
		for (i = 1; i <= n; i++) {
			if (length(line) + length(w[i]) > 87 && line !~ /^ *$/) { print line; line = sprintf("%16s", "") }
			line = line (line ~ / $/ ? "" : " ") w[i]
		}
		print line
	}'
	;;
*)
	echo "usage: instruments.sh make|help" >&2
	exit 2
	;;
esac
