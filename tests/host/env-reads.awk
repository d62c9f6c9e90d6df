# env-reads.awk FILE...: the upper-case variables each shell script or
# Makefile reads from outside (the environment, or make's command line),
# one "NAME<TAB>FILE:LINE" line a read, for tests/host/settings-read.sh.
#
# It is a reader of the shell's words, not a parser: single-quoted text
# (an awk or sed program), comments and quoted here-documents are left
# out, since a $NAME there is not the shell's.  What is read:
#   - ${NAME:-...}, ${NAME-...}, ${NAME:=...}, ${NAME=...}, ${NAME:+...},
#     ${NAME+...} and ${NAME:?...}: a default is only ever for a variable
#     that may come from outside;
#   - $NAME and ${NAME} of a name the script never assigns (NAME=,
#     local, declare, export, readonly, read, mapfile, readkv, printf -v,
#     for NAME in), nor do the libraries every script sources (LIBS=,
#     a space-separated list of files, read first);
# in a Makefile: NAME ?= (make reads the environment and its command
# line first), export NAME, $(origin NAME), and $(NAME) of a name the
# Makefile never assigns.  Make's and the shell's own variables are the
# caller's to leave out.

function word_assigns(s,    n, i, w, a) {
	# local/declare/export/readonly/read/mapfile/readkv/printf -v: every
	# NAME or NAME= word after the command.
	n = split(s, w, /[ \t]+/)
	for (i = 2; i <= n; i++) {
		a = w[i]
		sub(/=.*/, "", a)
		sub(/\[.*/, "", a)
		if (a ~ /^[A-Z_][A-Z0-9_]*$/) assigned[FILENAME, a] = 1
	}
}

# strip(line): the line without single-quoted text and comments; keeps
# the single-quote state (sq) from line to line.
function strip(line,    out, i, c, n, prev, dq) {
	out = ""; n = length(line); dq = 0; prev = " "; depth = 0
	for (i = 1; i <= n; i++) {
		c = substr(line, i, 1)
		if (sq) { if (c == "'") sq = 0; prev = c; continue }
		if (c == "\\" && !sq) { out = out substr(line, i, 2); i++; prev = "x"; continue }
		if (c == "$" && substr(line, i + 1, 1) == "(") {
			# $( starts a new quoting context, whatever quotes it
			saved[++depth] = dq; dq = 0
			out = out "$("; i++; prev = "("; continue
		}
		if (c == ")" && depth && !dq) dq = saved[depth--]
		else if (c == "\"") dq = !dq
		else if (c == "'" && !dq) {
			# $'...': ANSI-C text, not expanded either.
			sq = 1; prev = c; continue
		} else if (c == "#" && !dq && prev ~ /[ \t;(]/) break
		out = out c; prev = c
	}
	return out
}

FNR == 1 { sq = 0; heredoc = ""; mk = (FILENAME ~ /(^|\/)Makefile$|\.mk$/) }

# A quoted here-document's body is text, not the shell's.
heredoc != "" {
	if ($0 ~ "^[ \t]*" heredoc "$") heredoc = ""
	next
}

{
	line = mk ? $0 : strip($0)
	if (mk) sub(/^[ \t]*#.*/, "", line)
	if (!mk && match(line, /<<-?[ \t]*['"]?[A-Za-z_]+['"]?/)) {
		tag = substr(line, RSTART, RLENGTH)
		quoted = tag ~ /['"]/
		gsub(/<<-?[ \t]*['"]?|['"]/, "", tag)
		if (quoted) heredoc = tag
	}
}

mk {
	if (match(line, /^[ \t]*(export[ \t]+)?[A-Z_][A-Z0-9_]*[ \t]*\?=/)) {
		s = substr(line, RSTART, RLENGTH); sub(/^[ \t]*(export[ \t]+)?/, "", s); sub(/[ \t]*\?=$/, "", s)
		print s "\t" FILENAME ":" FNR
	}
	if (match(line, /^[ \t]*(export[ \t]+)?[A-Z_][A-Z0-9_]*[ \t]*(:|::|\+)?=/) || match(line, /^define[ \t]+[A-Z_][A-Z0-9_]*/)) {
		s = substr(line, RSTART, RLENGTH); sub(/^[ \t]*(export[ \t]+|define[ \t]+)?/, "", s); sub(/[ \t]*(:|::|\+|\?)?=$/, "", s)
		massigned[FILENAME, s] = 1
	} else if (line ~ /^[^ \t#][^:=]*:[ \t]*[A-Z_][A-Z0-9_]*[ \t]*(:|\+|\?)?=/) {
		# target: NAME = value
		s = line; sub(/^[^:]*:[ \t]*/, "", s); sub(/[ \t]*(:|\+|\?)?=.*/, "", s)
		massigned[FILENAME, s] = 1
	}
	if (line ~ /^[ \t]*export[ \t]+[A-Z_][A-Z0-9_ \t]*$/) {
		n = split(line, w, /[ \t]+/)
		for (i = 1; i <= n; i++) if (w[i] ~ /^[A-Z_][A-Z0-9_]*$/) print w[i] "\t" FILENAME ":" FNR
	}
	s = line
	while (match(s, /\$[({]origin[ \t]+[A-Z_][A-Z0-9_]*/)) {
		t = substr(s, RSTART, RLENGTH); sub(/.*[ \t]/, "", t)
		print t "\t" FILENAME ":" FNR
		s = substr(s, RSTART + RLENGTH)
	}
	s = line
	while (match(s, /\$[({][A-Z_][A-Z0-9_]*[)}:]/)) {
		t = substr(s, RSTART + 2, RLENGTH - 3)
		mread[FILENAME, t, ++mn[FILENAME, t]] = FNR
		mnames[FILENAME, t] = 1
		s = substr(s, RSTART + RLENGTH)
	}
	# The recipes' shell: $${NAME:-...} and $$NAME.
	s = line
	while (match(s, /\$\$\{?[A-Z_][A-Z0-9_]*/)) {
		t = substr(s, RSTART + 2, RLENGTH - 2); sub(/^\{/, "", t)
		after = substr(s, RSTART + RLENGTH, 2)
		if (after ~ /^:?[-=+?]/) print t "\t" FILENAME ":" FNR
		s = substr(s, RSTART + RLENGTH)
	}
	next
}

{
	s = line
	# Assignments: NAME=, NAME+=, NAME[...]= at a word's start.
	t = s
	while (match(t, /(^|[ \t;(&|{`])[A-Z_][A-Z0-9_]*(\[[^]]*\])?\+?=/)) {
		a = substr(t, RSTART, RLENGTH); sub(/^[ \t;(&|{`]/, "", a); sub(/(\[.*)?\+?=$/, "", a)
		assigned[FILENAME, a] = 1
		t = substr(t, RSTART + RLENGTH)
	}
	if (match(s, /(^|[ \t;(&|{])(local|declare|export|readonly|typeset)[ \t][^;&|]*/)) word_assigns(substr(s, RSTART, RLENGTH))
	if (match(s, /(^|[ \t;(&|{])(read|mapfile|readarray|readkv)[ \t][^;&|<]*/)) word_assigns(substr(s, RSTART, RLENGTH))
	if (match(s, /printf[ \t]+-v[ \t]+[A-Z_][A-Z0-9_]*/)) { a = substr(s, RSTART, RLENGTH); sub(/.*[ \t]/, "", a); assigned[FILENAME, a] = 1 }
	if (match(s, /for[ \t]+[A-Z_][A-Z0-9_]*[ \t]+in/)) { a = substr(s, RSTART + 4, RLENGTH - 7); gsub(/[ \t]/, "", a); assigned[FILENAME, a] = 1 }
	# Reads.
	while (match(s, /\$\{?[A-Z_][A-Z0-9_]*/)) {
		name = substr(s, RSTART + 1, RLENGTH - 1)
		braced = name ~ /^\{/
		sub(/^\{/, "", name)
		after = substr(s, RSTART + RLENGTH, 2)
		s = substr(s, RSTART + RLENGTH)
		if (braced && after ~ /^:?[-=+?]/) { print name "\t" FILENAME ":" FNR; continue }
		if (braced && after ~ /^\[/) continue
		read_at[FILENAME, name, ++rn[FILENAME, name]] = FNR
		rnames[FILENAME, name] = 1
	}
}

function lib_assigns(name,    f) {
	for (f in libfile) if ((f, name) in assigned) return 1
	return 0
}

END {
	for (k in rnames) {
		split(k, p, SUBSEP)
		if ((p[1], p[2]) in assigned || lib_assigns(p[2])) continue
		print p[2] "\t" p[1] ":" read_at[p[1], p[2], 1]
	}
	for (k in mnames) {
		split(k, p, SUBSEP)
		if ((p[1], p[2]) in massigned) continue
		print p[2] "\t" p[1] ":" mread[p[1], p[2], 1]
	}
}

BEGIN { n = split(LIBS, l, " "); for (i = 1; i <= n; i++) libfile[l[i]] = 1 }
