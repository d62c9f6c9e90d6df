# lib.awk: what every view of the report's renderer shares (render.sh
# VIEW runs it before render/VIEW.awk).  The C tools write CSV only
# (lb-stat's pairs.csv and summary.csv, lb-resolution's table); every
# Markdown row and every figure that interpretation.md quotes is drawn by
# a view, rounded once by fmt().
BEGIN { FS = "," }

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

# A median with its CI, "m [lo, hi]" ("m [n/a]" without its bounds).
function ci(cn, m, lo, hi) {
	return lo ~ /nan/ ? fmt(cn, m) " [n/a]" : fmt(cn, m) " [" fmt(cn, lo) ", " fmt(cn, hi) "]"
}

# The median of arr[k, 1..n]; its smallest and largest into MIN and MAX.
function median_of(arr, k, n,   i, j, t, a) {
	for (i = 1; i <= n; i++) a[i] = arr[k, i]
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
	MIN = a[1]; MAX = a[n]
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
