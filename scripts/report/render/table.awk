# table: any CSV, every column, each cell by fmt() of its column's name.
#   render.sh table [-v labels="a|b|c"] [-v align=lrr] [-v empty=–] any.csv
FNR == 1 {
	header()
	for (i = 1; i <= NF; i++) NAME[i] = $i
	NCOL = NF
	# A column is numeric (right-aligned) when its first value is; the
	# value split as a CSV field, since a quoted one may hold commas.
	getline
	csvsplit($0, V)
	for (i = 1; i <= NCOL; i++) NUMERIC[i] = V[i] ~ /^[-+]?[0-9.]+(e[-+]?[0-9]+)?$|^nan$/
}

# Any CSV as a table: every column, each cell by fmt() of its column's
# name; LABELS ("a|b|...") titles the columns, else their names do.
# ALIGN ("lrr...", l or r a column) sets the alignment the first row
# would guess; EMPTY is what an empty cell shows.
{
	if (!rows++) {
		nl = split(labels, L, "|")
		line = "|"; rule = "|"
		# The header's columns: a quoted value with commas makes NF more.
		for (i = 1; i <= NCOL; i++) {
			line = line " " (i <= nl ? L[i] : NAME[i]) " |"
			a = substr(align, i, 1)
			rule = rule ((a == "" ? NUMERIC[i] : a == "r") ? "---:|" : "---|")
		}
		print line; print rule
	}
	# Values may be quoted (a label with a comma).
	nv = csvsplit($0, V)
	line = "|"
	for (i = 1; i <= nv; i++) line = line " " (V[i] == "" ? empty : fmt(NAME[i], V[i])) " |"
	print line
	next
}

END {
	if (!rows)
		print "(no rows)"
}
