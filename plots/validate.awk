# Check a summary.csv (or, with -v what=pairs, a pairs.csv): the header
# names every column of the contract's table (-v need="...", from
# "lb-validate --describe"), each row has the header's field count, the
# numeric columns are numbers and the mode is one of -v modes="...".
# Prints "FILE: line N: problem" and exits 1 on the first fault.
BEGIN {
	nums = what == "pairs" ? "pct_change" : "threads n median oversub"
	nm = split(modes, ms, " "); for (i = 1; i <= nm; i++) ismode[ms[i]] = 1
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
	if (what != "pairs" && !(v("mode") in ismode)) bad("mode '" v("mode") "' is not one of " modes)
	rows++
}
END {
	if (err) exit 1
	if (NR == 0) { printf "%s: empty file\n", FILENAME; exit 1 }
	if (rows == 0) { printf "%s: a header and no data rows\n", FILENAME; exit 1 }
}
