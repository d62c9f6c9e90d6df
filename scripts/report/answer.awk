# answer.awk: a run's answer in plain words, from its own verdicts.
# Loaded after the renderer's lib.awk, whose fmt() rounds every figure
# here as in the tables:
#
#   awk -f render/lib.awk -f answer.awk -v pairs="pre:post a:b" \
#       -v aa=pre:post -v kind=spin_lock -v pathlen=pathlen.csv \
#       -v timed=pairs.csv -v taccel=tcg -v thost="..." \
#       -v native=native/pairs.csv -v nhost="..." -v labels="a:b=label|..."
#
# One bullet per pair: what runs (icount, exact) and what each timed
# instrument found.  The verb is read from the verdict column and
# nothing else: lb-stat decides what changed, this file only says it.

# The rows of a pairs.csv at KIND, mode hot, in METRIC, by "base:other".
function load_pairs(file, metric, tab,   line, n, c, h, i) {
	if (file == "" || (getline line < file) <= 0)
		return
	n = split(line, c, ",")
	for (i = 1; i <= n; i++) h[c[i]] = i
	while ((getline line < file) > 0) {
		split(line, c, ",")
		if (c[h["kind"]] != kind || c[h["mode"]] != "hot" || c[h["metric"]] != metric || c[h["threads"]] != 1)
			continue
		i = c[h["base"]] ":" c[h["other"]]
		tab[i, "b"] = c[h["median_base"]]; tab[i, "o"] = c[h["median_other"]]
		tab[i, "pct"] = c[h["pct_change"]]; tab[i, "lo"] = c[h["pct_lo"]]; tab[i, "hi"] = c[h["pct_hi"]]
		tab[i, "holm"] = c[h["p_holm"]]; tab[i, "floor"] = c[h["floor_pct"]]
		tab[i, "verdict"] = c[h["verdict"]]; tab[i, "unit"] = c[h["unit"]]
		# lb-stat's change in its unit, where its pairs.csv has one (and
		# in ns beside cycles); else the difference of the medians.
		tab[i, "d"] = ("delta" in h) && c[h["delta"]] !~ /nan/ ? c[h["delta"]] : c[h["median_other"]] - c[h["median_base"]]
		tab[i, "dns"] = ("delta_ns" in h) && c[h["delta_ns"]] !~ /nan/ && c[h["unit"]] == "cycles" ? c[h["delta_ns"]] : ""
		tab[i] = 1
	}
	close(file)
}

# The verb of a verdict, for an instrument that costs (native, kvm) or
# emulates (tcg).
function verb(v, pct, emulated) {
	if (v == "changed" || v == "changed-no-floor")
		return (pct + 0 > 0 ? (emulated ? "takes longer to emulate" : "costs more") : \
			(emulated ? "takes less time to emulate" : "costs less")) \
			(v == "changed-no-floor" ? " (this run has no A/A floor to check it against)" : "")
	if (v == "within-noise")
		return "cannot be told from noise (its CI reaches inside the A/A floor)"
	if (v == "not-significant")
		return "shows no significant difference"
	if (v == "a-a")
		return "is the A/A control (its spread is this run's noise)"
	return "cannot be compared (verdict `" v "`)"
}

# One timed instrument's clause for pair P.
function timed_clause(tab, p, inst, unit, host, emulated,   s, d) {
	if (!(p in tab))
		return ""
	s = inst " (" unit ", " host ") **" verb(tab[p, "verdict"], tab[p, "pct"], emulated) "**: " \
		fmt("median", tab[p, "b"]) " → " fmt("median", tab[p, "o"]) " " tab[p, "unit"] " per pair"
	d = sprintf("%+.3g", tab[p, "d"]) " " tab[p, "unit"] (tab[p, "dns"] == "" ? "" : sprintf(" = %+.3g ns", tab[p, "dns"]))
	if (tab[p, "pct"] !~ /nan/)
		s = s " (" d ", " fmt("pct_change", tab[p, "pct"]) \
			" [" fmt("pct_lo", tab[p, "lo"]) ", " fmt("pct_hi", tab[p, "hi"]) "], Holm p " fmt("p_holm", tab[p, "holm"]) ")"
	return s
}

BEGIN {
	load_pairs(native, "cyc_op", NAT)
	load_pairs(timed, "ns_op", TIM)
	if (pathlen != "" && (getline aline < pathlen) > 0) {
		n = split(aline, ac, ",")
		for (i = 1; i <= n; i++) aph[ac[i]] = i
		while ((getline aline < pathlen) > 0) {
			split(aline, ac, ",")
			if (ac[aph["kind"]] == kind && ac[aph["pad"]] == 0 && ac[aph["read_pct"]] == 100)
				INSTR[ac[aph["variant"]]] = fmt("instructions", ac[aph["instructions"]])
		}
		close(pathlen)
	}
	nl = split(labels, AL, "|")
	for (i = 1; i <= nl; i++) {
		j = index(AL[i], "=")
		LABEL[substr(AL[i], 1, j - 1)] = substr(AL[i], j + 1)
	}
	emu = taccel == "tcg"
	tinst = toupper(taccel)
	tunit = emu ? "emulated ns" : "ns"
	np = split(pairs, AP, " ")
	for (i = 1; i <= np; i++) {
		p = AP[i]
		split(p, abo, ":")
		s = "- **" ((p in LABEL) ? LABEL[p] : abo[1] " → " abo[2]) "**, " kind ":"
		if ((abo[1] in INSTR) && (abo[2] in INSTR))
			s = s (INSTR[abo[1]] == INSTR[abo[2]] ? " both run the same " INSTR[abo[1]] : " " INSTR[abo[1]] " → " INSTR[abo[2]]) \
				" guest instructions per pair (icount, exact, host-independent);"
		c1 = timed_clause(NAT, p, "native", "TSC cycles", nhost, 0)
		c2 = timed_clause(TIM, p, tinst, tunit, thost, emu)
		if (c1 == "" && c2 == "" && !((abo[1] in INSTR) && (abo[2] in INSTR)))
			s = s " not measured by any instrument of this run"
		if (c1 != "") s = s " " c1 (c2 == "" ? "" : ";")
		if (c2 != "") s = s " " c2
		sub(/;$/, "", s)
		print s "."
		# Any native % printed, changed or not, holds for this CPU only.
		if (c1 != "")
			RELATIVE = 1
		if (emu && (p in TIM) && TIM[p, "verdict"] ~ /^changed/)
			EMULATED = 1
	}
	if (RELATIVE)
		print "- A native % change is a property of this host's CPU; another CPU gives another %."
	if (EMULATED)
		print "- TCG times QEMU emulating the guest: a change there is emulation time, not a CPU's cost."
	exit
}
