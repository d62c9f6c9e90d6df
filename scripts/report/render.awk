# render.awk: the one renderer of the report's tables and quoted figures.
# The C tools write CSV only (lb-stat's pairs.csv and summary.csv,
# lb-resolution's table); every Markdown row and every figure that
# interpretation.md quotes is drawn here, rounded once by fmt().
#
#   awk -f render.awk -v view=findings -v accel=tcg [-v skip_cold=1] pairs.csv
#   awk -f render.awk -v view=tables pairs.csv
#   awk -f render.awk -v view=headline -v pairs=" pre:post a:b " pairs.csv
#   awk -f render.awk -v view=calibration timed.txt
#   awk -f render.awk -v view=modes summary.csv
#   awk -f render.awk -v view=matrix -v mode=hot -v metric=cyc_op -v variants="pre post" summary.csv
#   awk -f render.awk -v view=instruments -v variants="pre post" pathlen.csv native/summary.csv summary.csv
#   awk -f render.awk -v view=physlimit physlimit.csv
#   awk -f render.awk -v view=sidebyside -v pairs=" pre:post a:b " -v taccel=TCG [pathlen.csv] [native/pairs.csv] [pairs.csv]
#   awk -f render.awk -v view=contended -v order="pre post" summary.csv baseline.csv
#   awk -f render.awk -v view=measured -v order="pre post" [-v pct=3] summary.csv
#   awk -f render.awk -v view=table [-v labels="a|b|c"] [-v align=lrr] [-v empty=–] any.csv   (every column, by fmt())
#   awk -f render.awk -v view=keyvalue name-value.csv   (two columns; its first row is the head)
#   awk -f render.awk -v view=disasm counts.csv listing.csv   (disasm-table.sh's CSVs)
#   awk -f render.awk -v view=pathlen -v variants="pre post" -v mix="rwlock_mix" [-v pairs="pre:post"] [-v diff_only=1] pathlen.csv
#   awk -f render.awk -v view=expand -v run=RUNDIR -v icount=ICOUNTDIR -v cal=CALDIR FILE.md
#   awk -f render.awk -v view=section -v facts=FACTS -v pieces=DIR section.md.in
#
# expand replaces each {{...}} in FILE.md with figures from the run (see
# macro() below) and exits 2 naming the first one it cannot resolve.
# section expands an instrument's report section (scripts/INSTRUMENT/
# section.md.in): a line @@NAME@@ becomes the file DIR/NAME (a table its
# section.sh drew), {{=KEY}} the value of KEY in FACTS (KEY=VALUE lines),
# and a line opened by {{if KEY}} or {{unless KEY}} is kept only where
# KEY's value is (or is not) empty; an unknown KEY exits 2.

# The rounding rule, by column: a figure looks the same wherever it is shown.
function fmt(col, v,   n) {
	# A check that failed reads in bold.
	if (col == "verdict" && (v == "off" || v == "missing"))
		return "**" v "**"
	if (v == "" || v ~ /^-?nan$/ || v ~ /^-?inf$/)
		return "n/a"
	if (v !~ /^[-+]?[0-9.]+(e[-+]?[0-9]+)?$/)
		return v
	if (col == "pct_change" || col == "change_pct")
		return sprintf("%+.1f%%", v)
	if (col == "pct_lo" || col == "pct_hi")
		return sprintf("%+.1f", v)
	if (col ~ /^p_/ || col == "p")
		return sprintf("%.2g", v)
	if (col == "mde_pct")
		return sprintf("%.1f%%", v)
	if (col == "floor_pct")
		return sprintf("±%.1f%%", v)
	# A change in its unit: two decimals, or three digits when large.
	# (n: v as a number; a quoted CSV field is a string, compared as one)
	if (col ~ /^delta/) {
		n = v + 0
		return sprintf((n < 0 ? -n : n) >= 1000 ? "%+.3g" : "%+.2f", n)
	}
	if (col == "mode_gap_ratio")
		return sprintf("%.1f", v)
	if (col == "change" || col ~ /_per_instruction$/)
		return sprintf("%+.3f", v)
	if (col == "instructions")
		return sprintf("%d", v + 0.5)
	# The events instrument: lines moved per cold op or contended handoff,
	# and per op of its calibration.
	if (col ~ /^(cold|contended)_/)
		return sprintf("%.2f", v)
	if (col ~ /_per_op$/)
		return sprintf("%.3f", v)
	if (col ~ /^(median|mean|ratio|ci_|sd)/)
		return sprintf("%.4g", v)
	return v
}

# A CSV line into A[1..n]: a field may be quoted ("..., ""..."" ..."),
# as a value with commas must be; returns n.
function csvsplit(s, A,   n, c, v, q) {
	n = 0
	while (1) {
		if (substr(s, 1, 1) == "\"") {
			v = ""; s = substr(s, 2)
			while ((q = index(s, "\"")) > 0) {
				v = v substr(s, 1, q - 1); s = substr(s, q + 1)
				if (substr(s, 1, 1) != "\"") break
				v = v "\""; s = substr(s, 2)
			}
			if (!q) { v = v s; s = "" }
			A[++n] = v
			if (s == "") return n
			s = substr(s, 2)
		} else {
			if (!(c = index(s, ","))) { A[++n] = s; return n }
			A[++n] = substr(s, 1, c - 1); s = substr(s, c + 1)
		}
	}
}

# CSV header of the current file into H (name -> column).
function header(   i) {
	delete H
	for (i = 1; i <= NF; i++)
		H[$i] = i
}
function g(name) { return (name in H) ? $H[name] : "" }
function f(name) { return fmt(name, g(name)) }

# The change with its CI, as every view shows it.
function change(   s) {
	s = f("pct_change")
	return s == "n/a" ? s : s " [" f("pct_lo") ", " f("pct_hi") "]"
}

# The same change in the row's unit, with ns beside cycles.
function delta(   s) {
	s = f("delta")
	if (s == "n/a") return s
	s = s " [" f("delta_lo") ", " f("delta_hi") "] " g("unit")
	if (g("unit") == "cycles" && f("delta_ns") != "n/a") s = s " (" f("delta_ns") " ns)"
	return s
}

# The floor, and what set it where the quantum or the layout pair did.
function floor_s() {
	return f("floor_pct") (g("floor_by") ~ /^(quantum|layout)$/ ? " (" g("floor_by") ")" : "")
}

# A cell's shape beyond kind and mode, only where it tells rows apart.
function shape(   s) {
	s = ""
	if (g("mode") == "contended")
		s = g("threads") " threads, hold " g("hold_ns") " ns, parallel " g("parallel_ns") " ns"
	if (g("kind") == "rwlock_mix")
		s = s (s == "" ? "" : ", ") g("read_pct") "% reads"
	if (placed() != "")
		s = s (s == "" ? "" : ", ") "placement " placed()
	return s
}
# A cell's placement where it names one (not any, the default, nor a
# summary from before placements): a cell of its own beside the others.
function placed() { return g("placement") == "any" ? "" : g("placement") }

# The first metric of each pair and cell is its mode's headline metric.
function headline_metric(   k) {
	k = g("base") SUBSEP g("other") SUBSEP g("kind") SUBSEP g("mode") SUBSEP g("threads") SUBSEP \
		g("read_pct") SUBSEP g("hold_ns") SUBSEP g("parallel_ns")
	if (!(k in FIRST))
		FIRST[k] = g("metric")
	return FIRST[k] == g("metric")
}

function holm() {
	return f("p_holm") " (" g("family_size") ")"
}

function finding(   s) {
	s = shape()
	printf "- **%s → %s**, %s %s%s, %s: %s, %s (median %s → %s %s, %s, n = %s/%s boots; p = %s, Holm p = %s of %s, smallest reachable %s; noise floor %s)\n", \
		g("base"), g("other"), g("kind"), g("mode"), s == "" ? "" : " (" s ")", g("metric"), change(), delta(),
		f("median_base"), f("median_other"), g("unit"), accel, g("n_base"), g("n_other"),
		f("p_rank"), f("p_holm"), g("family_size"), f("p_holm_min"), floor_s()
}

function table_head(base, other) {
	printf "### %s → %s\n\n", base, other
	print "| kind | mode | shape | n boots | " base " | " other " | change [95% CI] | in the unit [95% CI] | p | Holm p (m) | smallest Holm p | MDE 80% | floor | verdict |"
	print "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
}

function table_row(   s) {
	s = shape()
	printf "| %s | %s | %s | %s/%s | %s %s | %s %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", g("kind"), g("mode"),
		s == "" ? "–" : s, g("n_base"), g("n_other"), f("median_base"), g("unit"), f("median_other"), g("unit"),
		change(), delta(), f("p_rank"), holm(), f("p_holm_min"), f("mde_pct"), floor_s(), g("verdict")
}

function headline_row() {
	if (!HEADED++) {
		print "| comparison | kind | n " (metric == "cyc_op" ? "processes" : "boots") " | base median (" g("unit") ", this host) | other median (" g("unit") ", this host) | change [95% CI] | in the unit [95% CI] | p | Holm p (m) | smallest Holm p | MDE | floor | verdict |"
		print "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
	}
	printf "| %s → %s | %s | %s/%s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", g("base"), g("other"), g("kind"),
		g("n_base"), g("n_other"), f("median_base"), f("median_other"), change(), delta(), f("p_rank"), holm(),
		f("p_holm_min"), f("mde_pct"), floor_s(), g("verdict")
}

function calibration_row() {
	printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", g("pad"), g("n"), f("median"), g("n_pad0"),
		f("median_pad0"), f("change"), fmt("change", $H[UNITCOL]), f("p_rank"), f("p_holm"), f("p_holm_min"), g("resolved")
}

# ---- expand: {{KIND ARGS...}} from the run's CSVs ----

# Rows of FILE into the array TAB: TAB[key] = whole line; the key is the
# named columns joined by spaces.  HDR[FILE, column] = index.
function load(file, keycols, tab,   line, n, i, c, k, kc, nk) {
	if ((getline line < file) <= 0)
		return 0
	n = split(line, c, ",")
	for (i = 1; i <= n; i++)
		HDR[file, c[i]] = i
	nk = split(keycols, kc, " ")
	while ((getline line < file) > 0) {
		split(line, c, ",")
		k = ""
		for (i = 1; i <= nk; i++)
			k = k (i > 1 ? " " : "") c[HDR[file, kc[i]]]
		if (!(k in tab))
			tab[k] = line
	}
	close(file)
	return 1
}

function col(file, line, name,   c) {
	split(line, c, ",")
	return (file SUBSEP name) in HDR ? c[HDR[file, name]] : ""
}

# Cell defaults as the job list writes them; k=v words override.
function cellkey(w, n, from,   i, kv, cell) {
	cell["threads"] = 1; cell["read_pct"] = 100; cell["hold_ns"] = 0; cell["parallel_ns"] = 0
	for (i = from; i <= n; i++) {
		split(w[i], kv, "=")
		if (!(kv[1] in cell))
			return ""
		cell[kv[1]] = kv[2]
	}
	return cell["threads"] " " cell["read_pct"] " " cell["hold_ns"] " " cell["parallel_ns"]
}

function metric_of(mode) { return mode == "contended" ? "ops_per_s" : NATIVE ? "cyc_op" : "ns_op" }

# The same figures from the native run: swap its tables in, expand, swap back.
function native_macro(m,   r, k) {
	for (k in PAIRS) SP[k] = PAIRS[k]
	for (k in SUMMARY) SS[k] = SUMMARY[k]
	delete PAIRS; delete SUMMARY
	for (k in NPAIRS) PAIRS[k] = NPAIRS[k]
	for (k in NSUMMARY) SUMMARY[k] = NSUMMARY[k]
	NATIVE = 1; RUN0 = run; run = run "/native"
	r = macro(substr(m, 2))
	NATIVE = 0; run = RUN0
	delete PAIRS; delete SUMMARY
	for (k in SP) PAIRS[k] = SP[k]
	for (k in SS) SUMMARY[k] = SS[k]
	delete SP; delete SS
	return r
}

# {{change B:O KIND MODE [k=v]...}}: the change, its CI, Holm p and m.
# {{pct ...}}, {{holm ...}}, {{holm_min ...}}, {{p_rank ...}},
# {{median_base ...}}, {{median_other ...}}, {{verdict ...}}: one figure;
# {{delta ...}}: the change in its unit (and ns beside cycles).
# {{median VARIANT KIND MODE [k=v]...}}, {{modes ...}}, {{modegroups ...}}
# (the modes with their medians): from summary.csv.
# {{ev COLUMN VARIANT KIND}}: the events pass's count per hot op
# (icount, pad 0), e.g. atomics.
# {{floor MODE}}: the A/A noise floor.  {{instr VARIANT KIND}}: icount.
# {{cal PAD COLUMN}}: the timed calibration.  {{resolved}}: pads resolved.
# {{nchange ...}}, {{npct ...}}, {{nmedian ...}}, {{nfloor MODE}}, ...: the
# same from the native run (cycles).  {{phys PAIR}}: a bare pair's median
# cycles (lock_decb+movb, lock_cmpxchg+mov).
function macro(m,   w, n, bo, k, line, pf, sf, r, t, c, met) {
	n = split(m, w, " ")
	pf = run "/pairs.csv"; sf = run "/summary.csv"
	# n-prefixed names read the native run (native/, cycles).
	if (w[1] ~ /^n(change|pct|holm|median_base|median_other|p_rank|median|modes|modegroups|floor|delta|verdict)$/)
		return native_macro(m)
	if (w[1] == "phys" && n == 2) {
		if (!(w[2] in PHYS)) return ""
		return fmt("median", PHYS[w[2]])
	}
	if (w[1] ~ /^(change|pct|holm|holm_min|median_base|median_other|p_rank|delta|verdict)$/ && n >= 4) {
		split(w[2], bo, ":")
		k = cellkey(w, n, 5)
		if (k == "") return ""
		line = PAIRS[bo[1] " " bo[2] " " w[3] " " w[4] " " k " " metric_of(w[4])]
		if (line == "") return ""
		if (w[1] == "pct") return fmt("pct_change", col(pf, line, "pct_change"))
		if (w[1] == "holm") return fmt("p_holm", col(pf, line, "p_holm"))
		if (w[1] == "holm_min") return fmt("p_holm_min", col(pf, line, "p_holm_min"))
		if (w[1] == "p_rank") return fmt("p_rank", col(pf, line, "p_rank"))
		if (w[1] == "verdict") return col(pf, line, "verdict")
		if (w[1] == "delta") {
			r = fmt("delta", col(pf, line, "delta")) " " col(pf, line, "unit")
			if (col(pf, line, "unit") == "cycles" && col(pf, line, "delta_ns") !~ /nan/)
				r = r " (" fmt("delta_ns", col(pf, line, "delta_ns")) " ns)"
			return r
		}
		if (w[1] ~ /^median_/) return fmt(w[1], col(pf, line, w[1])) " " col(pf, line, "unit")
		r = fmt("pct_change", col(pf, line, "pct_change"))
		return r " [" fmt("pct_lo", col(pf, line, "pct_lo")) ", " fmt("pct_hi", col(pf, line, "pct_hi")) "], Holm p " \
			fmt("p_holm", col(pf, line, "p_holm")) " (m = " col(pf, line, "family_size") ")"
	}
	if (w[1] ~ /^(median|modes|modegroups)$/ && n >= 4) {
		k = cellkey(w, n, 5)
		if (k == "") return ""
		line = SUMMARY[w[2] " " w[3] " " w[4] " " k " " metric_of(w[4])]
		if (line == "") return ""
		if (w[1] == "modes") return col(sf, line, "mode_sizes")
		# The groups a cell's boots fall into, with their medians.
		if (w[1] == "modegroups") {
			if (col(sf, line, "modes") + 0 < 2)
				return "one mode of " col(sf, line, "n") " boots at " fmt("median", col(sf, line, "median")) " " col(sf, line, "unit")
			return "two modes, " col(sf, line, "mode_sizes") " boots at " fmt("median", col(sf, line, "mode_median_low")) \
				" and " fmt("median", col(sf, line, "mode_median_high")) " " col(sf, line, "unit")
		}
		return fmt("median", col(sf, line, "median")) " " col(sf, line, "unit")
	}
	# The A/A bound of a mode (a row the quantum set shows its own).
	if (w[1] == "floor" && n == 2) {
		for (t in PAIRS) {
			line = PAIRS[t]
			if (col(pf, line, "mode") == w[2] && col(pf, line, "metric") == metric_of(w[2]) && col(pf, line, "floor_pct") !~ /nan/ &&
			    col(pf, line, "floor_by") != "quantum")
				return fmt("floor_pct", col(pf, line, "floor_pct"))
		}
		return ""
	}
	if (w[1] == "instr" && n == 3) {
		line = PATHLEN[w[2] " " w[3] " 100 0"]
		return line == "" ? "" : fmt("instructions", col(icount "/pathlen.csv", line, "instructions"))
	}
	if (w[1] == "ev" && n == 4) {
		line = EVENTS[w[3] " icount hot " w[4] " 0"]
		if (line == "" || !((EVF SUBSEP w[2]) in HDR)) return ""
		return col(EVF, line, w[2]) + 0
	}
	if (w[1] == "ncal" && n == 3) {
		line = NCAL[w[2]]
		if (line == "" || !((NCALF SUBSEP w[3]) in HDR)) return ""
		return fmt(w[3], col(NCALF, line, w[3]))
	}
	if (w[1] == "nresolved" && n == 1) {
		c = 0; t = 0
		for (k in NCAL) { t++; c += col(NCALF, NCAL[k], "resolved") == "yes" }
		return t ? c " of " t : ""
	}
	if (w[1] == "cal" && n == 3) {
		line = CAL[w[2]]
		if (line == "" || !((CALF SUBSEP w[3]) in HDR)) return ""
		return fmt(w[3], col(CALF, line, w[3]))
	}
	if (w[1] == "resolved" && n == 1) {
		c = 0; t = 0
		for (k in CAL) { t++; c += col(CALF, CAL[k], "resolved") == "yes" }
		return c " of " t
	}
	return ""
}

function expand_line(s,   out, a, b, m, r) {
	out = ""
	while ((a = index(s, "{{")) > 0) {
		b = index(substr(s, a + 2), "}}")
		if (!b) break
		m = substr(s, a + 2, b - 1)
		r = macro(m)
		if (r == "") {
			printf "render: %s:%d: {{%s}} matches nothing in run %s\n", FILENAME, FNR, m, run > "/dev/stderr"
			BAD = 1
			r = "{{" m "}}"
		}
		out = out substr(s, 1, a - 1) r
		s = substr(s, a + b + 3)
	}
	return out s
}

BEGIN {
	FS = ","
	if (view == "expand") {
		load(run "/pairs.csv", "base other kind mode threads read_pct hold_ns parallel_ns metric", PAIRS)
		load(run "/summary.csv", "variant kind mode threads read_pct hold_ns parallel_ns metric", SUMMARY)
		load(run "/native/pairs.csv", "base other kind mode threads read_pct hold_ns parallel_ns metric", NPAIRS)
		load(run "/native/summary.csv", "variant kind mode threads read_pct hold_ns parallel_ns metric", NSUMMARY)
		# The bare pairs' median cycles over every native process.
		pl = run "/native/physlimit.csv"
		if ((getline pline < pl) > 0) {
			while ((getline pline < pl) > 0) {
				split(pline, pc, ",")
				PHV[pc[3], ++PHN[pc[3]]] = pc[4] + 0
			}
			close(pl)
			for (pk in PHN) PHYS[pk] = median_of(PHV, pk, PHN[pk])
		}
		if (icount != "")
			load(icount "/pathlen.csv", "variant kind read_pct pad", PATHLEN)
		EVF = run "/events/events.csv"
		load(EVF, "variant accel mode kind pad", EVENTS)
		if (cal != "") {
			# lb-resolution's table sits between its comment and verdict lines.
			CALF = cal "/timed.csv"
			load(CALF, "pad", CAL)
			NCALF = cal "/native.csv"
			load(NCALF, "pad", NCAL)
		}
	}
}

view == "expand" { print expand_line($0); next }

# ---- section: an instrument's template, its facts and its tables ----
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
FNR == 1 && view == "section" {
	while ((getline l < facts) > 0)
		FACT[substr(l, 1, index(l, "=") - 1)] = substr(l, index(l, "=") + 1)
	close(facts)
}
view == "section" && /^@@[A-Z_]+@@$/ {
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
view == "section" {
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
FNR == 1 && view == "table" {
	header()
	for (i = 1; i <= NF; i++) NAME[i] = $i
	NCOL = NF
	# A column is numeric (right-aligned) when its first value is; the
	# value split as a CSV field, since a quoted one may hold commas.
	getline
	csvsplit($0, V)
	for (i = 1; i <= NCOL; i++) NUMERIC[i] = V[i] ~ /^[-+]?[0-9.]+(e[-+]?[0-9]+)?$|^nan$/
}
FNR == 1 && view != "calibration" && view != "table" { header(); next }

view == "findings" {
	# Every row passes headline_metric(), so the first metric of each cell
	# is known whether or not it changed.
	hm = headline_metric()
	if (g("verdict") != "changed" || !hm) next
	if (skip_cold && g("mode") == "cold") { cold++; next }
	finding(); found++
	next
}

view == "tables" {
	if (!headline_metric()) next
	if (g("base") != TB || g("other") != TO) {
		if (TB != "") print ""
		TB = g("base"); TO = g("other")
		table_head(TB, TO)
	}
	table_row()
	next
}

view == "headline" {
	if (g("mode") == "hot" && g("metric") == (metric == "" ? "ns_op" : metric) && index(pairs, " " g("base") ":" g("other") " "))
		headline_row()
	next
}

# Cells whose boot medians fall into more than one mode, headline metrics.
view == "modes" {
	if (g("modes") + 0 < 2 || g("metric") != (g("mode") == "contended" ? "ops_per_s" : "ns_op")) next
	if (!rows++) {
		print "| variant | kind | mode | shape | n boots | boots per mode, low to high | low mode's median | high mode's median | means apart, in within-mode SDs | median of all | 95% CI |"
		print "|---|---|---|---|---:|---|---:|---:|---:|---:|---:|"
	}
	printf "| %s | %s | %s | %s | %s | %s | %s %s | %s %s | %s | %s %s | [%s, %s] |\n", g("variant"), g("kind"), g("mode"),
		shape() == "" ? "–" : shape(), g("n"), g("mode_sizes"), fmt("median", g("mode_median_low")), g("unit"),
		fmt("median", g("mode_median_high")), g("unit"), f("mode_gap_ratio"), f("median"), g("unit"), f("ci_lo"), f("ci_hi")
	next
}

# Path lengths: kind x variant, then other − base per pair, whole
# instructions as integers and averages (the mix kinds) to 3 decimals.
function count(v, sign,   a, s) {
	a = v < 0 ? -v : v
	s = v < 0 ? "−" : sign && v > 0 ? "+" : ""
	return s (a == int(a) ? sprintf("%d", a) : sprintf("%.3f", a))
}
view == "pathlen" {
	k = g("kind") SUBSEP g("read_pct") SUBSEP g("pad")
	if (!(k in LABEL)) {
		ROWS[++NROWS] = k
		LABEL[k] = g("kind") (index(" " mix " ", " " g("kind") " ") ? " (" g("read_pct") "% read)" : "") \
			(g("pad") + 0 ? " pad=" g("pad") : "")
	}
	N[k, g("variant")] = g("instructions") + 0
	HAVE[g("variant")] = 1
	next
}

# Any CSV as a table: every column, each cell by fmt() of its column's
# name; LABELS ("a|b|...") titles the columns, else their names do.
# ALIGN ("lrr...", l or r a column) sets the alignment the first row
# would guess; EMPTY is what an empty cell shows.
view == "table" {
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

# A name,value CSV (the provenance) as a two-column table headed by its
# first row; the values are text, shown as they are.
view == "keyvalue" {
	csvsplit($0, F)
	print "| " F[1] " | " F[2] " |"
	if (!rows++) print "|---|---|"
	next
}

# The disassembly (disasm-table.sh): counts.csv (variant,path,
# instructions,calls; no instructions where the kernel inlines the path)
# as path x variant, variants and paths in the order they come; then
# listing.csv (variant,path,line,insn; no line where inlined) as each
# listed path's code side by side, one <pre> cell a variant.
function html(s) {
	gsub(/&/, "\\&amp;", s); gsub(/</, "\\&lt;", s); gsub(/>/, "\\&gt;", s); gsub(/\|/, "\\\\|", s)
	return s
}
view == "disasm" && ("insn" in H) {
	csvsplit($0, F)
	k = F[H["path"]]
	if (!(k in DLP)) { DLP[k] = 1; DLPATHS[++NDLP] = k }
	DL[k, F[H["variant"]]] = DL[k, F[H["variant"]]] (F[H["line"]] == "" ? "(inline)" : html(F[H["insn"]])) "<br>"
	next
}
view == "disasm" {
	if (!(g("variant") in DVS)) { DVS[g("variant")] = 1; DV[++NDV] = g("variant") }
	if (!(g("path") in DPS)) { DPS[g("path")] = 1; DP[++NDP] = g("path") }
	DN[g("path"), g("variant")] = g("instructions") == "" ? "inline" : \
		g("instructions") (g("calls") == "" ? "" : " (→ " g("calls") ")")
	next
}

# Contended spin_lock against the no-lock baseline: per shape, variant (in
# ORDER) and threads, throughput of both and their ratio, and fairness.
function ci(cn, m, lo, hi) {
	return lo ~ /nan/ ? fmt(cn, m) " [n/a]" : fmt(cn, m) " [" fmt(cn, lo) ", " fmt(cn, hi) "]"
}
function ckey() { return g("hold_ns") " / " g("parallel_ns") (placed() == "" ? "" : ", " placed()) SUBSEP g("variant") SUBSEP g("threads") }
view == "contended" && FILENAME ~ /summary.csv$/ {
	if (g("mode") != "contended" || (g("kind") != "empty" && g("kind") != "spin_lock")) next
	if (g("metric") == "ops_per_s" || g("metric") == "fair_ratio")
		CV[ckey(), g("kind"), g("metric")] = ci("median", g("median"), g("ci_lo"), g("ci_hi"))
	next
}
view == "contended" {
	if (g("kind") != "spin_lock" || g("mode") != "contended") next
	k = ckey(); CKEYS[++NCK] = k; CN[k] = g("n")
	CR[k] = g("ratio") ~ /nan/ ? "n/a" : ci("ratio", g("ratio"), g("ratio_lo"), g("ratio_hi"))
	next
}

# What the contended cells measured besides their throughput (summary.csv's
# LB_SUMMARY_CONTENDED rows): per kind, shape (and placement, where a
# cell names one), variant (in ORDER) and threads, Jain's index, the hand-off, the overhead, the all-running
# share, and the sections as measured against those asked, each within
# PCT percent (default 3) or off.
view == "measured" {
	if (g("mode") != "contended" || g("metric") !~ /^(jain|handoff_ns|lock_ovh_ns|all_run_pct|hold_meas_ns|par_meas_ns)$/) next
	k = g("kind") (g("read_pct") != "" && g("kind") ~ /mix/ ? " " g("read_pct") "% read" : "") SUBSEP g("hold_ns") SUBSEP g("parallel_ns") SUBSEP g("variant") SUBSEP g("threads") SUBSEP placed()
	if (!(k in MN)) { MKEYS[++NMK2] = k; MN[k] = g("n") }
	if (!(g("kind") in MKRANK)) MKRANK[g("kind")] = ++NMKIND
	MKR[k] = MKRANK[g("kind")]
	MV2[k, g("metric")] = g("metric") == "jain" ? ci("median", g("median"), g("ci_lo"), g("ci_hi")) : fmt("median", g("median"))
	MM[k, g("metric")] = g("median")
	next
}

# One summary.csv as kind x variant: "median [lo, hi]" of METRIC in MODE.
view == "matrix" {
	if (g("mode") != mode || g("metric") != metric) next
	r = g("kind") (placed() == "" ? "" : " (" placed() ")")
	if (!(r in MROW)) { MROW[r] = 1; MKINDS[++NMK] = r }
	MV[r, g("variant")] = ci("median", g("median"), g("ci_lo"), g("ci_hi"))
	MUNIT = g("unit")
	next
}

# The instruments side by side, per hot kind and variant: icount's
# instructions, native cycles and ns, TCG ns (each with its CI).  The rows
# are the kinds the native instrument ran.
view == "instruments" {
	if (FILENAME ~ /pathlen.csv$/) {
		if (g("pad") + 0 == 0) IC[g("kind"), g("variant")] = fmt("instructions", g("instructions"))
		next
	}
	if (g("mode") != "hot" || g("kind") == "empty") next
	if (FILENAME ~ /native\/summary.csv$/) {
		if (!(g("kind") in IROW)) { IROW[g("kind")] = 1; IKINDS[++NIK] = g("kind") }
		if (g("metric") == "cyc_op") NC[g("kind"), g("variant")] = ci("median", g("median"), g("ci_lo"), g("ci_hi"))
		if (g("metric") == "ns_op") NN[g("kind"), g("variant")] = fmt("median", g("median"))
		next
	}
	if (g("metric") == "ns_op") TN[g("kind"), g("variant")] = ci("median", g("median"), g("ci_lo"), g("ci_hi"))
	next
}

# The headline pairs with the instruments side by side, per hot kind:
# icount's instructions base → other, native cycles and TCG ns base →
# other with the change, its CI and lb-stat's verdict.  The rows are the
# kinds of the native run (else of the timed one).
view == "sidebyside" {
	if (FILENAME ~ /pathlen.csv$/) {
		if (g("pad") + 0 == 0 && g("read_pct") + 0 == 100) SI_[g("kind"), g("variant")] = fmt("instructions", g("instructions"))
		next
	}
	if (g("mode") != "hot" || g("kind") == "empty" || g("threads") != 1) next
	if (!index(pairs, " " g("base") ":" g("other") " ")) next
	nat = FILENAME ~ /native\/pairs.csv$/
	if (g("metric") != (nat ? "cyc_op" : "ns_op")) next
	if (nat || !HAVE_NATIVE) {
		if (nat) HAVE_NATIVE = 1
		if (!(g("kind") in SROW)) { SROW[g("kind")] = 1; SKINDS[++NSK] = g("kind") }
	}
	k = g("base") ":" g("other") SUBSEP g("kind") SUBSEP nat
	SM[k] = f("median_base") " → " f("median_other")
	SC[k] = change() ", " g("verdict")
	next
}

# The bare atomics each native process timed on its own CPU: per pair, the
# median over processes, with the smallest and largest.
view == "physlimit" {
	PK = g("pair")
	if (!(PK in PN)) PORDER[++NPP] = PK
	PV[PK, ++PN[PK]] = g("cyc_op") + 0
	PS[PK, PN[PK]] = g("ns_op") + 0
	next
}

view == "calibration" {
	if ($0 ~ /^pad,/) { header(); for (c in H) if (c ~ /_per_instruction$/) UNITCOL = c; intable = 1; next }
	if (!intable || $0 !~ /^[0-9]/) next
	if (!rows++) {
		print "| pad N (instructions) | n boots | median | n boots at pad=0 | median at pad=0 | change | per added instruction | p | Holm p | smallest Holm p | resolved |"
		print "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
	}
	calibration_row()
	next
}

function pathlen_table(   nv, vs, np, ps, bo, i, j, r, k, line, b, o) {
	nv = diff_only ? 0 : split(variants, vs, " ")
	np = split(pairs, ps, " ")
	for (j = 1; j <= np; j++) {
		split(ps[j], bo, ":")
		if (!(bo[1] in HAVE) || !(bo[2] in HAVE)) {
			printf "render: pair %s: variant %s has no path lengths\n", ps[j], (bo[1] in HAVE) ? bo[2] : bo[1] > "/dev/stderr"
			BAD = 1
			return
		}
		PB[j] = bo[1]; PO[j] = bo[2]
	}
	line = "| kind |"
	for (i = 1; i <= nv; i++) line = line " " vs[i] " |"
	for (j = 1; j <= np; j++) line = line " " PO[j] " − " PB[j] " |"
	print line
	line = "|---|"
	for (i = 1; i <= nv + np; i++) line = line "---:|"
	print line
	for (r = 1; r <= NROWS; r++) {
		k = ROWS[r]
		line = "| " LABEL[k] " |"
		for (i = 1; i <= nv; i++)
			line = line " " (((k, vs[i]) in N) ? count(N[k, vs[i]], 0) : "–") " |"
		for (j = 1; j <= np; j++) {
			b = (k, PB[j]) in N; o = (k, PO[j]) in N
			line = line " " (b && o ? count(N[k, PO[j]] - N[k, PB[j]], 1) : "–") " |"
		}
		print line
	}
}

function contended_table(   nv, vs, i, a, b, p, s, t, k, fr) {
	print "| hold / parallel (ns) | variant | threads | n boots | baseline ops/s [95% CI] | spin_lock ops/s [95% CI] | spin_lock / baseline [95% CI] | fair_ratio [95% CI] |"
	print "|---|---|---:|---:|---:|---:|---:|---:|"
	nv = split(order, vs, " ")
	for (i = 1; i <= nv; i++) RANK[vs[i]] = i
	# shape, then variant in run order, then threads
	for (a = 1; a <= NCK; a++) { split(CKEYS[a], p, SUBSEP); s[a] = sprintf("%s\t%03d\t%06d", p[1], RANK[p[2]], p[3]) }
	for (a = 2; a <= NCK; a++)
		for (b = a; b > 1 && s[b - 1] > s[b]; b--) {
			t = s[b]; s[b] = s[b - 1]; s[b - 1] = t; t = CKEYS[b]; CKEYS[b] = CKEYS[b - 1]; CKEYS[b - 1] = t
		}
	for (a = 1; a <= NCK; a++) {
		k = CKEYS[a]; split(k, p, SUBSEP)
		fr = (k, "spin_lock", "fair_ratio") in CV ? CV[k, "spin_lock", "fair_ratio"] : "n/a (1 thread)"
		printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", p[1], p[2], p[3], CN[k],
			((k, "empty", "ops_per_s") in CV ? CV[k, "empty", "ops_per_s"] : "n/a"), CV[k, "spin_lock", "ops_per_s"], CR[k], fr
	}
}

# A measured section against the one asked: "99.87 (-0.1%)", or the
# value alone when none was asked; OFF set when beyond PCT percent.
function section_cell(k, m, asked,   v) {
	if (!((k, m) in MM)) return "–"
	v = MM[k, m]
	if (asked + 0 <= 0) return fmt("median", v) " (none asked)"
	if (v < asked * (1 - PCT / 100) || v > asked * (1 + PCT / 100)) OFF = 1
	return fmt("median", v) " (" fmt("pct_change", (v / asked - 1) * 100) ")"
}
function measured_table(   nv, vs, i, a, b, p, s, t, k, hc, pc) {
	PCT = pct == "" ? 3 : pct
	print "| kind | hold / parallel asked (ns) | variant | threads | n | Jain's index [95% CI] | hand-off (ns) | overhead (ns) | all running (%) | hold measured (ns) | parallel measured (ns) | within " PCT "% |"
	print "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"
	nv = split(order, vs, " ")
	for (i = 1; i <= nv; i++) RANK[vs[i]] = i
	# kind (as first seen), shape, placement, variant in run order, threads
	for (a = 1; a <= NMK2; a++) {
		split(MKEYS[a], p, SUBSEP)
		s[a] = sprintf("%03d\t%s\t%08d\t%08d\t%s\t%03d\t%06d", MKR[MKEYS[a]], p[1], p[2], p[3], p[6], RANK[p[4]], p[5])
	}
	for (a = 2; a <= NMK2; a++)
		for (b = a; b > 1 && s[b - 1] > s[b]; b--) {
			t = s[b]; s[b] = s[b - 1]; s[b - 1] = t; t = MKEYS[b]; MKEYS[b] = MKEYS[b - 1]; MKEYS[b - 1] = t
		}
	for (a = 1; a <= NMK2; a++) {
		k = MKEYS[a]; split(k, p, SUBSEP)
		OFF = 0
		hc = section_cell(k, "hold_meas_ns", p[2]); pc = section_cell(k, "par_meas_ns", p[3])
		printf "| %s | %s / %s%s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", p[1], p[2], p[3], p[6] == "" ? "" : ", " p[6], p[4], p[5], MN[k],
			((k, "jain") in MV2) ? MV2[k, "jain"] : "– (1 thread)", ((k, "handoff_ns") in MV2) ? MV2[k, "handoff_ns"] : "–",
			((k, "lock_ovh_ns") in MV2) ? MV2[k, "lock_ovh_ns"] : "–", ((k, "all_run_pct") in MV2) ? MV2[k, "all_run_pct"] : "–",
			hc, pc, fmt("verdict", OFF ? "off" : "ok")
	}
	if (!NMK2) print "| (no contended cell with these columns) | | | | | | | | | | | |"
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

function median_of(arr, k, n,   i, j, t, a) {
	for (i = 1; i <= n; i++) a[i] = arr[k, i]
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
	MIN = a[1]; MAX = a[n]
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}

END {
	if (view == "matrix") {
		nv = split(variants, vs, " ")
		line = "| kind |"; rule = "|---|"
		for (i = 1; i <= nv; i++) { line = line " " vs[i] " (" MUNIT ") |"; rule = rule "---:|" }
		print line; print rule
		for (r = 1; r <= NMK; r++) {
			line = "| " MKINDS[r] " |"
			for (i = 1; i <= nv; i++) line = line " " (((MKINDS[r], vs[i]) in MV) ? MV[MKINDS[r], vs[i]] : "–") " |"
			print line
		}
	}
	if (view == "instruments") {
		nv = split(variants, vs, " ")
		print "| kind | variant | icount: instructions | native: cycles [95% CI] | native: ns | TCG: ns [95% CI] |"
		print "|---|---|---:|---:|---:|---:|"
		for (r = 1; r <= NIK; r++)
			for (i = 1; i <= nv; i++) {
				k = IKINDS[r] SUBSEP vs[i]
				if (!(k in NC)) continue
				printf "| %s | %s | %s | %s | %s | %s |\n", IKINDS[r], vs[i], (k in IC) ? IC[k] : "–", NC[k],
					(k in NN) ? NN[k] : "–", (k in TN) ? TN[k] : "–"
			}
	}
	if (view == "sidebyside") {
		print "| pair | kind | icount: instructions | native: TSC cycles | native: change [95% CI], verdict | " taccel ": ns | " taccel ": change [95% CI], verdict |"
		print "|---|---|---:|---:|---:|---:|---:|"
		np = split(pairs, ps, " ")
		for (j = 1; j <= np; j++) {
			split(ps[j], bo, ":")
			for (r = 1; r <= NSK; r++) {
				kd = SKINDS[r]; k1 = ps[j] SUBSEP kd SUBSEP 1; k0 = ps[j] SUBSEP kd SUBSEP 0
				if (!(k1 in SM) && !(k0 in SM)) continue
				ic = ((kd, bo[1]) in SI_) && ((kd, bo[2]) in SI_) ? SI_[kd, bo[1]] " → " SI_[kd, bo[2]] : "–"
				printf "| %s → %s | %s | %s | %s | %s | %s | %s |\n", bo[1], bo[2], kd, ic, (k1 in SM) ? SM[k1] : "–",
					(k1 in SC) ? SC[k1] : "–", (k0 in SM) ? SM[k0] : "–", (k0 in SC) ? SC[k0] : "–"
			}
		}
	}
	if (view == "physlimit") {
		print "| bare pair | processes | cycles, median [min, max] | ns, median |"
		print "|---|---:|---:|---:|"
		for (r = 1; r <= NPP; r++) {
			m = median_of(PV, PORDER[r], PN[PORDER[r]])
			lo = MIN; hi = MAX
			printf "| `%s` | %d | %s [%s, %s] | %s |\n", PORDER[r], PN[PORDER[r]], fmt("median", m), fmt("median", lo),
				fmt("median", hi), fmt("median", median_of(PS, PORDER[r], PN[PORDER[r]]))
		}
	}
	if (view == "contended")
		contended_table()
	if (view == "measured")
		measured_table()
	if (view == "disasm")
		disasm_tables()
	if (view == "pathlen")
		pathlen_table()
	if (view == "findings") {
		if (!found)
			printf "- No change with its whole CI beyond the noise floor and Holm-adjusted p < %s.\n", alpha == "" ? 0.05 : alpha
		if (skip_cold)
			printf "\nCold cells are left out under %s, which has no cache model; their rows are in the comparison tables below (%d cold cells were changed).\n", toupper(accel), cold
	}
	if (view == "tables" && TB != "")
		print ""
	if (view == "table" && !rows)
		print "(no rows)"
	if (view == "modes" && !rows)
		print "No cell's boot medians fall into more than one mode."
	if (BAD)
		exit 2
}
