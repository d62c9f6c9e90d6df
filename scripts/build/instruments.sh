#!/usr/bin/env bash
# instruments.sh make: the contract's instruments (schema/
# lockbench_schema.h, LB_INSTRUMENTS), as the Makefile generates their
# make targets from them: one "NAME:BOOTS:ALIAS:PLACE" word each, for its
# $(eval).  An instrument's target is its name, with its alias beside it;
# make help and check-args take them from the same rows (targets.sh).
LB_TOP=$(cd "$(dirname "$0")/../.." && pwd)
. "$LB_TOP/schema/contract.sh"

case ${1:-} in
make)
	contract_rows instruments | awk -F '\t' '{ printf "%s%s:%s:%s:%s", (NR > 1 ? " " : ""), $1, $4, $5, $6 } END { print "" }'
	;;
*)
	echo "usage: instruments.sh make" >&2
	exit 2
	;;
esac
