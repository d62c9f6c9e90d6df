# shellcheck shell=sh
# The contract (schema/lockbench_schema.h) for shell scripts: every list of
# kinds, statuses or columns comes from "lb-validate --describe", never from
# a copy.  Sourced; POSIX sh, so the guest's busybox can use it too.
#   LB_CONTRACT  a file holding --describe's output (the guest has no
#                lb-validate: initramfs.sh writes /lb/contract.tsv)
#   LB_VALIDATE  otherwise, the lb-validate to ask (default: bench-user's)

# contract_list SECTION [COLUMN=VALUE...]: the first column of the rows
# matching every COLUMN=VALUE, space-separated, in the contract's order.
#   contract_list kinds hot=1 base=0
contract_list() {
	contract_lists "$*"
}

# contract_lists QUERY...: contract_list's answer to each QUERY ("SECTION
# [COLUMN=VALUE...]" in one word), a line each, from one reading of the
# contract (a script with several questions asks once).
#   contract_lists modes "kinds hot=1" "kinds cont=1 rw=0"
contract_lists() {
	_q=""
	for _w in "$@"; do _q="$_q$_w;"; done
	if [ -n "${LB_CONTRACT:-}" ]; then
		awk -F '\t' -v q="$_q" "$_contract_awk" "$LB_CONTRACT"
		return
	fi
	_lbv=${LB_VALIDATE:-${LB_TOP:-$(cd "$(dirname "$0")/.." && pwd)}/bench-user/lb-validate}
	if [ ! -x "$_lbv" ]; then
		echo "lockbench: error: $_lbv is not built: run 'make -C bench-user'" >&2
		return 1
	fi
	"$_lbv" --describe | awk -F '\t' -v q="$_q" "$_contract_awk"
}
# contract_rows SECTION: the table's rows, tab-separated, without their
# first column (the section), in the contract's order.  The instruments
# are read from the header through the C preprocessor where lb-validate
# is not built yet (a fresh clone's check-args).
#   contract_rows instruments
contract_rows() {
	if [ -n "${LB_CONTRACT:-}" ]; then
		awk -F '\t' -v s="$1" '$1 == s { sub(/^[^\t]*\t/, ""); print }' "$LB_CONTRACT"
		return
	fi
	_top=${LB_TOP:-$(cd "$(dirname "$0")/.." && pwd)}
	_lbv=${LB_VALIDATE:-$_top/bench-user/lb-validate}
	if [ ! -x "$_lbv" ] && [ "$1" = instruments ] && command -v gcc >/dev/null; then
		printf '#include "%s"\n#define I(n, u, d, b, a, p, q) n|u|d|b|a|p|q@\nLB_INSTRUMENTS(I)\n' "$_top/schema/lockbench_schema.h" |
			gcc -E -P -x c - | tr '@' '\n' | sed 's/^ *//' |
			awk -F '|' -v OFS='\t' 'NF == 7 { gsub(/^"|"$/, "", $7); $1 = $1; print }'
		return
	fi
	if [ ! -x "$_lbv" ]; then
		echo "lockbench: error: $_lbv is not built: run 'make -C bench-user'" >&2
		return 1
	fi
	"$_lbv" --describe "$1" | awk -F '\t' -v s="$1" '$1 == s { sub(/^[^\t]*\t/, ""); print }'
}
# contract_lists' awk: the contract (--describe's output: a "#SECTION"
# header line, rows, a blank line, per table) in, q the queries, each
# ended by ";".
# shellcheck disable=SC2016 # awk's fields, not the shell's
_contract_awk='
	$1 ~ /^#/ { s = substr($1, 2); has[s] = 1; all = all " " s; for (i = 2; i <= NF; i++) c[s, $i] = i; next }
	$1 != "" { row[$1, ++n[$1]] = $0 }
	END {
		nq = split(q, qs, ";") - 1
		for (k = 1; k <= nq; k++) {
			nw = split(qs[k], w, " ")
			s = w[1]
			if (!(s in has)) { printf "lockbench: error: no contract table %s%s\n", s, (all == "" ? "" : "; tables:" all) > "/dev/stderr"; exit 2 }
			for (j = 2; j <= nw; j++) {
				col = w[j]; sub(/=.*/, "", col); val[j] = substr(w[j], length(col) + 2)
				if (!((s, col) in c)) { printf "lockbench: error: contract table %s has no column %s\n", s, col > "/dev/stderr"; exit 2 }
				key[j] = c[s, col]
			}
			out = ""
			for (r = 1; r <= n[s]; r++) {
				split(row[s, r], f, "\t")
				for (j = 2; j <= nw; j++) if (f[key[j]] != val[j]) break
				if (j > nw) out = out (out == "" ? "" : " ") f[2]
			}
			print out
		}
	}'

# contract_header SECTION: a table's CSV header line (summary, pairs,
# baseline, failures, pmu).
contract_header() {
	contract_list "$1" | tr ' ' ','
}
