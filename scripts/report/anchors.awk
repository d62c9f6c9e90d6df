# anchors.awk: headings and the anchors GitHub gives them (lower case,
# only letters, digits, spaces, _ and -, spaces as -, a repeat -1, -2...).
#   awk -f anchors.awk -v links=1 appendix.md
#       a Markdown table of contents of results/tables.md: a row a ##
#       heading, linked, and beside it a link to each ### heading under
#       it (a comparison's table, a host's, a section's parts), a repeated
#       heading numbered; in a table, so that RESULTS.md's words stay
#       the article's
#   awk -f anchors.awk -v html=1 page.html
#       the page with an id on every <h1>..<h6>, for those links
# REPEAT: how many headings had this one's anchor before it.
function slug(t,   s) {
	s = tolower(t)
	gsub(/[^a-z0-9 _-]/, "", s)
	gsub(/ /, "-", s)
	REPEAT = (s in SEEN) ? SEEN[s] : 0
	if (s in SEEN) return s "-" SEEN[s]++
	SEEN[s] = 1
	return s
}
links && /^```/ { code = !code; next }
links && !code && /^#+ / {
	t = $0; sub(/^#+ /, "", t)
	s = slug(t)
	# "|" would end a cell; a repeated heading is numbered
	gsub(/\|/, "/", t)
	if (REPEAT) t = t " (" REPEAT + 1 ")"
	if ($0 ~ /^## /) { row[++nr] = "| [" t "](results/tables.md#" s ") |"; part[nr] = "" }
	else if ($0 ~ /^### / && nr) part[nr] = part[nr] (part[nr] == "" ? " " : ", ") "[" t "](results/tables.md#" s ")"
	next
}
END {
	if (!links || !nr) exit
	print "| section | its parts |"
	print "|---|---|"
	for (i = 1; i <= nr; i++) print row[i] (part[i] == "" ? " – " : part[i] " ") "|"
}
html && /^<h[1-6]>/ {
	t = $0; sub(/^<h[1-6]>/, "", t); sub(/<\/h[1-6]>$/, "", t)
	gsub(/<[^>]*>/, "", t)
	gsub(/&amp;/, "\\&", t); gsub(/&lt;/, "<", t); gsub(/&gt;/, ">", t); gsub(/&quot;/, "\"", t)
	print substr($0, 1, 3) " id=\"" slug(t) "\"" substr($0, 4)
	next
}
html { print }
