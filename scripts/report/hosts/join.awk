# join.awk: a Markdown table (render.sh's table view, every figure
# rounded by its rule) with each group of columns joined into one cell,
# each figure followed by its unit: "14.38 cycles, 5.335 ns, +4.3% vs pre".
#   -v lead=N     the first N columns are kept as they are
#   -v units="cycles|ns|vs pre"   a group's columns, after the lead ones:
#                 the unit each one's figure takes
#   -v empty=–    a cell render.sh left empty: a figure it drops; a group
#                 whose first figure is empty is this alone
# A group's header is its first column's.  One table in, one out.
BEGIN { nu = split(units, U, "|") }
{
	n = split($0, F, "|")
	# F[1] and F[n] are the empty fields outside the outer bars.
	line = "|"
	for (i = 2; i <= lead + 1; i++) line = line F[i] "|"
	for (g = lead + 2; g < n; g += nu) {
		if (NR <= 2) { line = line F[g] "|"; continue }
		first = F[g]; gsub(/^ +| +$/, "", first)
		if (first == empty) { line = line " " empty " |"; continue }
		cell = ""
		for (j = 0; j < nu; j++) {
			v = F[g + j]; gsub(/^ +| +$/, "", v)
			if (v == empty || v == "") continue
			cell = cell (cell == "" ? "" : ", ") v " " U[j + 1]
		}
		line = line " " cell " |"
	}
	print line
}
