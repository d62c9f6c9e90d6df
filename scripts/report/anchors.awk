# anchors.awk: headings and the anchors GitHub gives them (lower case,
# only letters, digits, spaces, _ and -, spaces as -, a repeat -1, -2...).
#   awk -f anchors.awk -v links=1 appendix.md
#       a Markdown list linking each ## heading into results/tables.md
#   awk -f anchors.awk -v html=1 page.html
#       the page with an id on every <h1>..<h6>, for those links
function slug(t,   s) {
	s = tolower(t)
	gsub(/[^a-z0-9 _-]/, "", s)
	gsub(/ /, "-", s)
	if (s in SEEN) return s "-" SEEN[s]++
	SEEN[s] = 1
	return s
}
links && /^```/ { code = !code; next }
links && !code && /^#+ / {
	t = $0; sub(/^#+ /, "", t)
	s = slug(t)
	if ($0 ~ /^## /) print "- [" t "](results/tables.md#" s ")"
	next
}
html && /^<h[1-6]>/ {
	t = $0; sub(/^<h[1-6]>/, "", t); sub(/<\/h[1-6]>$/, "", t)
	gsub(/<[^>]*>/, "", t)
	gsub(/&amp;/, "\\&", t); gsub(/&lt;/, "<", t); gsub(/&gt;/, ">", t); gsub(/&quot;/, "\"", t)
	print substr($0, 1, 3) " id=\"" slug(t) "\"" substr($0, 4)
	next
}
html { print }
