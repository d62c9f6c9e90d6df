# Check a summary.csv (or, with -v what=pairs, a pairs.csv): the header
# names every column the graphs read, each row has the header's field count,
# and the numeric columns are numbers.  Prints "FILE: line N: problem" and
# exits 1 on the first fault.
BEGIN {
	if (what == "pairs") {
		need = "base other kind mode threads metric n_base n_other median_base median_other pct_change pct_lo pct_hi verdict significant"
		nums = "pct_change"
	} else {
		need = "variant kind mode threads read_pct metric n median ci_lo ci_hi oversub"
		nums = "threads n median oversub"
	}
	nn = split(need, needs, " "); nk = split(nums, numc, " ")
}
function bad(msg) { printf "%s: line %d: %s\n", FILENAME, FNR, msg; err = 1; exit 1 }
NR == 1 {
	header(); nf = NF
	for (i = 1; i <= nn; i++) if (!(needs[i] in col)) bad("header lacks column '" needs[i] "'")
	next
}
/^[ \t\r]*$/ { next }
{
	sub(/\r$/, "")
	if (NF != nf) bad(NF " fields, the header has " nf)
	# A change against a zero base (the empty loop) is undefined: nan.
	for (i = 1; i <= nk; i++) if (!isnum(v(numc[i])) && !(what == "pairs" && tolower(v(numc[i])) ~ /^-?nan$/)) bad("column " numc[i] " is '" v(numc[i]) "', not a number")
	if (what != "pairs" && v("mode") !~ /^(hot|cold|contended)$/) bad("mode '" v("mode") "' is not hot, cold or contended")
	rows++
}
END {
	if (err) exit 1
	if (NR == 0) { printf "%s: empty file\n", FILENAME; exit 1 }
	if (rows == 0) { printf "%s: a header and no data rows\n", FILENAME; exit 1 }
}
