# relink.awk: Markdown written from the report's top (RESULTS.md's
# folder) as it reads from results/: results/X becomes X, any other
# relative link ../X.  Web links, anchors and absolute paths stay.
{
	out = ""; s = $0
	while ((i = index(s, "](")) > 0) {
		out = out substr(s, 1, i + 1); s = substr(s, i + 2)
		if (s ~ /^results\//) s = substr(s, 9)
		else if (s !~ /^(https?:|mailto:|#|\/)/) out = out "../"
	}
	print out s
}
