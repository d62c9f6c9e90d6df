# disasm: disasm-table.sh's CSVs, the counts then the listings.
#   render.sh disasm counts.csv listing.csv
FNR == 1 { header(); next }

# The disassembly (disasm-table.sh): counts.csv (variant,path,
# instructions,calls; no instructions where the kernel inlines the path)
# as path x variant, variants and paths in the order they come; then
# listing.csv (variant,path,line,insn; no line where inlined) as each
# listed path's code side by side, one <pre> cell a variant.
function html(s) {
	gsub(/&/, "\\&amp;", s); gsub(/</, "\\&lt;", s); gsub(/>/, "\\&gt;", s); gsub(/\|/, "\\\\|", s)
	return s
}
("insn" in H) {
	csvsplit($0, F)
	k = F[H["path"]]
	if (!(k in DLP)) { DLP[k] = 1; DLPATHS[++NDLP] = k }
	DL[k, F[H["variant"]]] = DL[k, F[H["variant"]]] (F[H["line"]] == "" ? "(inline)" : html(F[H["insn"]])) "<br>"
	next
}
{
	if (!(g("variant") in DVS)) { DVS[g("variant")] = 1; DV[++NDV] = g("variant") }
	if (!(g("path") in DPS)) { DPS[g("path")] = 1; DP[++NDP] = g("path") }
	DN[g("path"), g("variant")] = g("instructions") == "" ? "inline" : \
		g("instructions") (g("calls") == "" ? "" : " (→ " g("calls") ")")
	next
}

function disasm_tables(   i, r, line, rule) {
	line = "| path |"; rule = "|---|"
	for (i = 1; i <= NDV; i++) { line = line " " DV[i] " |"; rule = rule "---:|" }
	print line; print rule
	for (r = 1; r <= NDP; r++) {
		line = "| " DP[r] " |"
		for (i = 1; i <= NDV; i++) line = line " " DN[DP[r], DV[i]] " |"
		print line
	}
	print ""
	for (r = 1; r <= NDLP; r++) {
		printf "### _raw_%s\n\n", DLPATHS[r]
		line = "|"; rule = "|"
		for (i = 1; i <= NDV; i++) { line = line " " DV[i] " |"; rule = rule "---|" }
		print line; print rule
		line = "|"
		for (i = 1; i <= NDV; i++) line = line " <pre>" DL[DLPATHS[r], DV[i]] "</pre> |"
		print line
		print ""
	}
}

END {
	disasm_tables()
}
