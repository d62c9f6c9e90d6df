# expand: each {{...}} of a Markdown file (report/interpretation.md)
# replaced by a figure of the run, drawn and rounded as the tables draw
# it; the first reference that matches nothing is named, and the view
# exits 2.
#   render.sh expand -v run=RUNDIR [-v icount=ICOUNTDIR] [-v cal=CALDIR] FILE.md
#
# A reference is a macro and its words.  The timed run's (RUN's
# pairs.csv and summary.csv, the calibration's CALDIR/timed.csv):
#   {{change B:O KIND MODE [k=v]...}}  the change, its CI, Holm p and m;
#   {{pct ...}}, {{holm ...}}, {{holm_min ...}}, {{p_rank ...}},
#   {{median_base ...}}, {{median_other ...}}, {{verdict ...}}: one figure;
#   {{delta ...}}  the change in its unit (and ns beside cycles);
#   {{median VARIANT KIND MODE [k=v]...}}, {{modes ...}}, {{modegroups ...}}
#       (the modes with their medians): from summary.csv;
#   {{floor MODE [KIND]}}  KIND's A/A noise floor (spin_lock's);
#   {{cal PAD COLUMN}}  the calibration; {{resolved}}  the pads resolved.
# After "native", the same from the native run (RUN/native/, cycles;
# CALDIR/native.csv): {{native change B:O KIND MODE}}, {{native pct ...}},
# {{native holm ...}}, {{native median_base ...}}, {{native median_other ...}},
# {{native p_rank ...}}, {{native median ...}}, {{native modes ...}},
# {{native modegroups ...}}, {{native floor MODE}}, {{native delta ...}},
# {{native verdict ...}}, {{native cal PAD COLUMN}}, {{native resolved}},
# and {{native phys PAIR}}: a bare pair's median cycles over the
# processes (lock_decb+movb, lock_cmpxchgl+movb, ...).  The other
# instruments' own:
#   {{icount VARIANT KIND}}  icount's instructions per pair (ICOUNTDIR);
#   {{events COLUMN VARIANT KIND}}  the events pass's count per hot op
#       (icount, pad 0), e.g. atomics.

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
	r = macro(substr(m, 8))
	NATIVE = 0; run = RUN0
	delete PAIRS; delete SUMMARY
	for (k in SP) PAIRS[k] = SP[k]
	for (k in SS) SUMMARY[k] = SS[k]
	delete SP; delete SS
	return r
}

# The reference M (see the top).
function macro(m,   w, n, bo, k, line, pf, sf, r, t, c, met) {
	n = split(m, w, " ")
	pf = run "/pairs.csv"; sf = run "/summary.csv"
	# After "native": the native run's (native/, cycles), its tables
	# swapped in for the timed run's; its bare pairs and its calibration
	# are its own.
	if (w[1] == "native" && !NATIVE) {
		if (w[2] ~ /^(change|pct|holm|median_base|median_other|p_rank|median|modes|modegroups|floor|delta|verdict)$/)
			return native_macro(m)
		if (w[2] == "phys" && n == 3) {
			if (!(w[3] in PHYS)) return ""
			return fmt("median", PHYS[w[3]])
		}
		if (w[2] == "cal" && n == 4) {
			line = NCAL[w[3]]
			if (line == "" || !((NCALF SUBSEP w[4]) in HDR)) return ""
			return fmt(w[4], col(NCALF, line, w[4]))
		}
		if (w[2] == "resolved" && n == 2) {
			c = 0; t = 0
			for (k in NCAL) { t++; c += col(NCALF, NCAL[k], "resolved") == "yes" }
			return t ? c " of " t : ""
		}
		return ""
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
	# The A/A bound of a mode's kind, spin_lock unless named: each kind
	# has its own (a row the quantum set shows its own).
	if (w[1] == "floor" && (n == 2 || n == 3)) {
		for (t in PAIRS) {
			line = PAIRS[t]
			if (col(pf, line, "mode") == w[2] && col(pf, line, "metric") == metric_of(w[2]) && col(pf, line, "floor_pct") !~ /nan/ &&
			    col(pf, line, "kind") == (n == 3 ? w[3] : "spin_lock") && col(pf, line, "floor_by") != "quantum")
				return fmt("floor_pct", col(pf, line, "floor_pct"))
		}
		return ""
	}
	if (w[1] == "icount" && n == 3) {
		line = PATHLEN[w[2] " " w[3] " 100 0"]
		return line == "" ? "" : fmt("instructions", col(icount "/pathlen.csv", line, "instructions"))
	}
	if (w[1] == "events" && n == 4) {
		line = EVENTS[w[3] " icount hot " w[4] " 0"]
		if (line == "" || !((EVF SUBSEP w[2]) in HDR)) return ""
		return col(EVF, line, w[2]) + 0
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

{ print expand_line($0) }

END {
	if (BAD)
		exit 2
}
