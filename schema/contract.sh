# shellcheck shell=sh
# The contract (schema/lockbench_schema.h) for shell scripts: every list of
# kinds, statuses or columns comes from "lb-validate --describe", never from
# a copy.  Sourced; POSIX sh, so the guest's busybox can use it too.
#   LB_CONTRACT  a file holding --describe's output (the guest has no
#                lb-validate: initramfs.sh writes /lb/contract.tsv)
#   LB_VALIDATE  otherwise, the lb-validate to ask (default: bench-user's)

# contract_table SECTION: that table as TSV, its "#SECTION" header first.
contract_table() {
	if [ -n "${LB_CONTRACT:-}" ]; then
		awk -F '\t' -v s="$1" '$1 == s || $1 == "#" s' "$LB_CONTRACT"
		return
	fi
	_lbv=${LB_VALIDATE:-${LB_TOP:-$(cd "$(dirname "$0")/.." && pwd)}/bench-user/lb-validate}
	if [ ! -x "$_lbv" ]; then
		echo "lockbench: error: $_lbv is not built: run 'make -C bench-user'" >&2
		return 1
	fi
	"$_lbv" --describe "$1"
}

# contract_list SECTION [COLUMN=VALUE...]: the first column of the rows
# matching every COLUMN=VALUE, space-separated, in the contract's order.
#   contract_list kinds hot=1 base=0
contract_list() {
	_sec=$1
	shift
	contract_table "$_sec" | awk -F '\t' -v sec="$_sec" -v want="$*" '
		NR == 1 {
			for (i = 2; i <= NF; i++) c[$i] = i
			n = split(want, w, " ")
			for (j = 1; j <= n; j++) {
				k = w[j]; sub(/=.*/, "", k); key[j] = k; val[j] = substr(w[j], length(k) + 2)
				if (!(k in c)) { printf "lockbench: error: contract table %s has no column %s\n", sec, k > "/dev/stderr"; bad = 1; exit 2 }
			}
			next
		}
		{
			for (j = 1; j <= n; j++) if ($c[key[j]] != val[j]) next
			out = out (out == "" ? "" : " ") $2
		}
		END { if (!bad) { if (NR == 0) { printf "lockbench: error: no contract table %s\n", sec > "/dev/stderr"; exit 2 } print out } }'
}

# contract_header SECTION: a table's CSV header line (summary, pairs,
# baseline, failures, pmu).
contract_header() {
	contract_list "$1" | tr ' ' ','
}
