#!/usr/bin/env bash
# targets.sh help|markdown|names|rows: the make targets, as make help
# lists them, as docs/targets.md's tables (between its "targets" markers;
# tests/host/targets.sh checks the copy), their names, one a line, or
# their rows, tab-separated (what check-args' names.awk reads).  They are
# schema/targets.tsv's rows, then the instruments': each instrument's row
# of the contract (schema/lockbench_schema.h) is its target's, and its
# alias's, as the Makefile generates their rules from it.  These tables
# are the only lists: the Makefile's help and the docs are renderings.
set -eu
LB_TOP=$(cd "$(dirname "$0")/../.." && pwd)
. "$LB_TOP/schema/contract.sh"
table=$LB_TOP/schema/targets.tsv
table_rows() { awk -F '\t' '!/^#/ && $1 != "target"' "$table"; }
# instrument_rows: an instrument's row in targets.tsv's form: it runs what
# the Makefile's rule builds first (a guest's files when it boots one),
# and reads what schema/settings.tsv gives "instruments" (and
# "booting-instruments" when it boots one); its alias runs it.
instrument_rows() {
	contract_rows instruments | awk -F '\t' -v OFS='\t' '{
		print $1, "", ($4 == 1 ? "instruments,booting-instruments,tree,user,kernels,modules,initramfs" : "instruments,user"), "", $7
		if ($5 != "-") print $5, "", $1, "", "make " $1 ", by its other name"
	}'
}
# wrap: NAME USAGE RUNS NEEDS HELP rows as make help lists them: the name
# (and its alias) and usage, then the help wrapped to 88 columns under
# column 17, and what it needs first.
wrap() {
	awk -F '\t' '{
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
}
# instruments_by_name: an instrument's row, its alias in its usage column
# ("(run)"), and no row for the alias.
instruments_by_name() {
	contract_rows instruments | awk -F '\t' -v OFS='\t' '{ print $1, ($5 == "-" ? "" : "(" $5 ")"), "", "", $7 " (" $6 "/run.sh)" }'
}

case ${1:-} in
help)
	echo "Targets (docs/targets.md):"
	table_rows | wrap
	echo
	echo "Instruments, one make target each, from the contract's rows (docs/instruments.md):"
	instruments_by_name | wrap
	;;
markdown)
	echo "| target | what it does | needs first |"
	echo "|---|---|---|"
	table_rows | awk -F '\t' '{
		u = $2; gsub(/\|/, "\\|", u)
		printf "| `make %s` | %s | %s |\n", $1 (u == "" ? "" : " " u), $5, ($4 == "" ? "" : $4)
	}'
	echo
	echo "| instrument | what it answers |"
	echo "|---|---|"
	instruments_by_name | awk -F '\t' '{ printf "| `make %s`%s | %s |\n", $1, ($2 == "" ? "" : " (`make " substr($2, 2, length($2) - 2) "`)"), $5 }'
	;;
names)
	{ table_rows && instrument_rows; } | cut -f 1
	;;
rows)
	table_rows && instrument_rows
	;;
*)
	echo "usage: targets.sh help|markdown|names|rows" >&2
	exit 2
	;;
esac
