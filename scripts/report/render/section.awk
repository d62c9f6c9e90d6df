# section: a report template (report/*.in, an instrument's
# section.md.in): a line @@NAME@@ becomes the file DIR/NAME (a table its
# section.sh drew), {{=KEY}} the value of KEY in FACTS (KEY=VALUE lines),
# and a line opened by {{if KEY}} or {{unless KEY}} is kept only where
# KEY's value is (or is not) empty; an unknown KEY exits 2.
#   render.sh section -v facts=FACTS -v pieces=DIR section.md.in
function fact(k) {
	if (!(k in FACT)) {
		printf "render: %s:%d: {{=%s}}: %s has no such fact\n", FILENAME, FNR, k, facts > "/dev/stderr"
		BAD = 1
	}
	return FACT[k]
}
function active(   i) {
	for (i = 1; i <= DEPTH; i++)
		if (!ON[i])
			return 0
	return 1
}
FNR == 1 {
	while ((getline l < facts) > 0)
		FACT[substr(l, 1, index(l, "=") - 1)] = substr(l, index(l, "=") + 1)
	close(facts)
}
/^@@[A-Z_]+@@$/ {
	if (!active())
		next
	pf = pieces "/" substr($0, 3, length($0) - 4)
	r = getline l < pf
	if (r < 0) {
		printf "render: %s:%d: %s: no such piece\n", FILENAME, FNR, pf > "/dev/stderr"
		BAD = 1
	}
	while (r > 0) {
		print l
		r = getline l < pf
	}
	close(pf)
	next
}
# {{if K}}, {{unless K}}, {{else}} and {{end}} nest, on a line of their
# own (a block of lines) or inside one; a line of nothing else leaves no
# line behind.  A line is kept when it starts where the conditions hold.
{
	line = $0; out = ""; keep = active(); ctl = 0; text = 0
	while ((a = index(line, "{{")) > 0 && (b = index(substr(line, a + 2), "}}")) > 0) {
		tok = substr(line, a + 2, b - 1)
		if (a > 1) { text = 1; if (active()) out = out substr(line, 1, a - 1) }
		line = substr(line, a + b + 3)
		if (tok ~ /^(if|unless) [a-z_0-9]+$/) { split(tok, cw, " "); ON[DEPTH + 1] = active() && (cw[1] == "if") == (fact(cw[2]) != ""); DEPTH++; ctl = 1 }
		else if (tok == "else") { ON[DEPTH] = !ON[DEPTH]; ctl = 1 }
		else if (tok == "end") { DEPTH--; ctl = 1 }
		else if (tok ~ /^=[a-z_0-9]+$/) { text = 1; if (active()) out = out fact(substr(tok, 2)) }
		else { text = 1; if (active()) out = out "{{" tok "}}" }
	}
	if (line != "") { text = 1; if (active()) out = out line }
	if (keep && !(ctl && !text))
		print out
	next
}

END {
	if (BAD)
		exit 2
}
