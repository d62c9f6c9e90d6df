# names.awk TARGETS schema/settings.tsv: every name a make was given,
# checked against the two tables (check-args.sh runs it first); TARGETS
# is scripts/build/targets.sh rows: schema/targets.tsv's rows and the
# instruments' (their names and aliases, from the contract).
#   -v goals="run ..."        the make's goals (none: help)
#   -v cmdline="BOOTS ..."    the variables given on make's command line
#                             (the top level's: the Makefile's LB_CMDLINE_VARS)
#   -v others="x ..."         the targets of makefiles make read before
#                             the Makefile (make -f x.mk -f Makefile)
# and the environment (ENVIRON), where a command line's variables are too.
# Prints tab-separated lines:
#   read NAME     a setting the goals read (check-args checks its value)
#   jobs 1        one of those is a job list or a job line
#   error TEXT    a goal or a command-line variable refused, nearest named
#   warn TEXT     a variable of the environment that looks like a setting
#                 misspelt (the environment holds many: never refused)
# One rule over the tables, no list of known typos: a name's nearest
# setting or target is the one at the least edit distance (insertions,
# deletions, substitutions and swaps of two neighbours), measured on the
# names as a reader sees them: case, '_' and doubled letters left out
# (BOTS ~ BOOTS, DRY_RUN ~ DRYRUN, ACELL ~ ACCEL, boots ~ BOOTS).

# fold(NAME): the name as compared: upper case, no '_', no doubled letter.
function fold(s,    out, i, c, prev) {
	s = toupper(s)
	gsub(/_/, "", s)
	out = ""; prev = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c != prev) out = out c
		prev = c
	}
	return out
}

# dist(A, B): the optimal string alignment distance, at most cap + 1.
function dist(a, b, cap,    la, lb, i, j, d, cost, best, rowmin) {
	la = length(a); lb = length(b)
	if (la - lb > cap || lb - la > cap) return cap + 1
	for (i = 0; i <= la; i++) d[i, 0] = i
	for (j = 0; j <= lb; j++) d[0, j] = j
	for (i = 1; i <= la; i++) {
		rowmin = cap + 1
		for (j = 1; j <= lb; j++) {
			cost = substr(a, i, 1) != substr(b, j, 1)
			best = d[i - 1, j] + 1
			if (d[i, j - 1] + 1 < best) best = d[i, j - 1] + 1
			if (d[i - 1, j - 1] + cost < best) best = d[i - 1, j - 1] + cost
			if (i > 1 && j > 1 && substr(a, i, 1) == substr(b, j - 1, 1) && substr(a, i - 1, 1) == substr(b, j, 1) && d[i - 2, j - 2] + 1 < best)
				best = d[i - 2, j - 2] + 1
			d[i, j] = best
			if (best < rowmin) rowmin = best
		}
		if (rowmin > cap) return cap + 1
	}
	return d[la, lb]
}

# near(NAME, LIST, FOLDED): the nearest word of LIST (space-separated),
# compared folded (settings) or as written (targets); sets near_d.
function near(name, list, folded,    n, w, i, best, bd, d, a) {
	n = split(list, w, " ")
	best = ""; bd = 99
	a = folded ? fold(name) : name
	for (i = 1; i <= n; i++) {
		d = dist(a, folded ? fold(w[i]) : w[i], 8)
		# a tie goes to the one nearer as written
		if (d < bd || (d == bd && dist(name, w[i], 8) < dist(name, best, 8))) { bd = d; best = w[i] }
	}
	near_d = bd
	return best
}

# near_enough(NAME, CANDIDATE, D): near enough to ask "did you mean": the
# same folded, or one edit from a name of 3 letters or more, two from one
# of 6 or more.
function near_enough(name, cand, d,    l) {
	l = length(fold(cand))
	return d == 0 || (d == 1 && l >= 3) || (d == 2 && l >= 6)
}

# misspelt(NAME, SETTING): does an environment's NAME look like SETTING
# misspelt?  Stricter than near_enough, as the environment holds many
# names that are no typo: the same folded (a short setting: only its case
# differs), or one edit from a setting of 5 letters or more.
function misspelt(n, r,    f, d) {
	f = fold(r)
	if (length(f) < 4) return toupper(n) == r
	d = dist(fold(n), f, 1)
	return d == 0 || (d == 1 && length(f) >= 5)
}

# setting(NAME): the row NAME stands for ("" for none): itself, or a
# NAME_* row whose prefix it extends (APPEND_post_debug).
function setting(n,    p) {
	if (n in rule) return n
	for (p in prefix) if (index(n, p) == 1 && length(n) > length(p) && substr(n, length(p) + 1) ~ /^[a-z0-9_]+$/) return prefix[p]
	return ""
}

# reads(NAME): is the setting read by one of the goals?
function reads(n,    m, e, i, g, c) {
	if (open_goal) return 1
	m = split(readers[n], e, ",")
	for (i = 1; i <= m; i++) {
		g = e[i]; c = ""
		if (index(g, "?")) { c = substr(g, index(g, "?") + 1); g = substr(g, 1, index(g, "?") - 1) }
		if (g == "-") continue
		if (g != "*" && !(g in closure)) continue
		if (c != "" && ENVIRON[c] == "") continue
		return 1
	}
	return 0
}

function says(goal_list,    n, w, i, s) {
	n = split(goal_list, w, " ")
	s = ""
	for (i = 1; i <= n; i++) s = s (i > 1 ? (i == n ? " and " : ", ") : "") "make " w[i]
	return s
}

function readers_text(n,    s, m, e, i, g) {
	if (readers[n] == "-") return "no make goal (a script run by hand)"
	m = split(readers[n], e, ",")
	s = ""
	for (i = 1; i <= m; i++) {
		if (i > 5) return s " and " (m - 5) " more"
		g = e[i]
		if (index(g, "?")) g = substr(g, 1, index(g, "?") - 1) " (with " substr(g, index(g, "?") + 1) "=)"
		sub(/^\*/, "every goal", g)
		sub(/^instruments/, "every instrument", g)
		sub(/^booting-instruments/, "every instrument that boots", g)
		s = s (i > 1 ? ", " : "make ") g
	}
	return s
}

FNR == 1 { file++ }
/^#/ || $1 == "target" || $1 == "name" { next }
file == 1 { target[$1] = 1; runs[$1] = $3; targets = targets " " $1; next }
file == 2 {
	rule[$1] = $3; readers[$1] = $4; help[$1] = $5
	if ($1 ~ /_\*$/) prefix[substr($1, 1, length($1) - 1)] = $1
	else names = names " " $1
	next
}

END {
	ng = split(goals == "" ? "help" : goals, gl, " ")
	no = split(others, ol, " ")
	for (i = 1; i <= no; i++) other[ol[i]] = 1
	# The goals: each a target of the table (an instrument's included;
	# another makefile's reads anything); a file the Makefile makes (a
	# path) is make's own business.
	for (i = 1; i <= ng; i++) {
		g = gl[i]
		if (g in target) { queue[++nq] = g; continue }
		if (g in other) { open_goal = 1; continue }
		if (g ~ /\//) continue
		t = near(g, targets " " others, 0)
		printf "error\tmake %s: no such target; %s (make help lists them)\n", g,
			near_enough(g, t, near_d) || near_d <= 2 ? "did you mean make " t "?" : "the nearest is make " t
	}
	# ... and the goals they run first.
	for (q = 1; q <= nq; q++) {
		g = queue[q]
		if (g in closure) continue
		closure[g] = 1
		m = split(runs[g], rr, ",")
		for (i = 1; i <= m; i++) queue[++nq] = rr[i]
	}
	for (n in rule) if (reads(n)) {
		printf "read\t%s\n", n
		if (rule[n] ~ /^jobs?$/) jobs = 1
	}
	if (jobs) print "jobs\t1"

	# The command line's variables: each a setting the goals read.
	nc = split(cmdline, cl, " ")
	for (i = 1; i <= nc; i++) {
		n = cl[i]; given[n] = 1
		s = setting(n)
		v = n "=" ENVIRON[n]
		if (s == "") {
			t = near(n, names, 1)
			if (near_enough(n, t, near_d))
				printf "error\t%s: lockbench has no setting %s: did you mean %s=%s? (make help lists the settings)\n", v, n, t, ENVIRON[n]
			else
				printf "error\t%s: lockbench has no setting %s, and none near it: drop %s= (make help lists the settings)\n", v, n, n
			continue
		}
		if (rule[s] == "refused" || reads(s)) continue
		# Not read here: a setting these goals do read, if one is near.
		t = ""; bd = 99
		for (r in rule) if (r != s && rule[r] != "refused" && r !~ /_\*$/ && reads(r)) {
			d = dist(fold(n), fold(r), 8)
			if (d < bd) { bd = d; t = r }
		}
		hint = near_enough(n, t, bd) ? "did you mean " t "=" ENVIRON[n] "?" : "drop " n "="
		printf "error\t%s: %s %s not read %s: %s (%s is read by %s; docs/variables.md)\n", v, says(gl_text()), (ng > 1 ? "do" : "does"), n, hint, n, readers_text(s)
	}

	# The environment's: a name that is not a setting but folds to one,
	# or is one edit from a long one, is warned of (it is not read); by
	# the top level only, not again by each make a script starts.
	if (ENVIRON["MAKELEVEL"] + 0 > 0) exit
	for (n in ENVIRON) {
		if (n in given || setting(n) != "" || n !~ /^[A-Za-z_][A-Za-z0-9_]*$/) continue
		t = ""; bd = 99
		for (r in rule) {
			if (r ~ /_\*$/ || !misspelt(n, r)) continue
			d = dist(fold(n), fold(r), 1) + (toupper(n) != r && fold(n) == fold(r) ? 0.5 : 0)
			if (d < bd || (d == bd && dist(toupper(n), r, 8) < dist(toupper(n), t, 8))) { bd = d; t = r }
		}
		if (t != "")
			printf "warn\t%s=%s in the environment is not a setting, so nothing reads it: did you mean %s= (%s)?\n", n, ENVIRON[n], t, help[t]
	}
}

function gl_text(    i, s) {
	s = ""
	for (i = 1; i <= ng; i++) s = s (i > 1 ? " " : "") gl[i]
	return s
}
