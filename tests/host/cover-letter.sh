#!/usr/bin/env bash
# make cover-letter's text (scripts/report/cover-letter.sh): at most 80
# columns, and every before, after, change and CI in its table is the
# pairs.csv row it names, rounded; the cells it lists as changed are
# exactly those lb-stat's verdict calls changed.  Also: two runs
# (BASE_RUN), a user's own pair (PAIR=, as KSRC= sides are named), and
# bad input refused by name.
. "$(dirname "$0")/../lib.bash"
export LB_BUILD=$TMP/build
run=$TMP/run
mkdir -p "$run/native"
r=$TOP/results
cp "$r/pairs.csv" "$r/run.info" "$r/host.txt" "$r/jobs" "$run/"
cp "$r/native/pairs.csv" "$r/native/run.info" "$r/native/host-facts.txt" "$r/native/jobs" "$run/native/"
cl=$TOP/scripts/report/cover-letter.sh
"$cl" "$run" >"$TMP/letter" || fail "cover-letter.sh failed on a copy of the published run"
width() { # FILE
	local wide
	wide=$(awk 'length($0) > 80 { print length($0) ": " $0; exit }' "$1")
	[ -z "$wide" ] || fail "a line of the cover letter is over 80 columns: $wide"
}
# The table's rows against pairs.csv: by instrument, kind, mode and pair,
# each printed figure must be that row's, rounded as the letter rounds.
# A pair with no changed cell must say so; MIN_ROWS (default 0) rows at
# least.
check() { # LETTER NATIVE_PAIRS TIMED_PAIRS [MIN_ROWS]
	awk -v np="$2" -v tp="$3" -v min="${4:-0}" '
	function num(v,   a) { a = v < 0 ? -v : v
		if (a >= 1e9) return sprintf("%.3gG", v / 1e9); if (a >= 1e6) return sprintf("%.3gM", v / 1e6)
		if (a >= 1e4) return sprintf("%.3gk", v / 1e3); return sprintf("%.4g", v) }
	function pc(fmt, v) { return v ~ /nan/ ? "n/a" : sprintf(fmt, v) }
	function load(file, inst,   l, n, h, c, i, m, want) {
		getline l < file; n = split(l, h, ","); for (i = 1; i <= n; i++) c[h[i]] = i
		while ((getline l < file) > 0) {
			split(l, f, ",")
			m = f[c["mode"]]
			want = m == "contended" ? "ops_per_s" : inst == "native" ? "cyc_op" : "ns_op"
			if (f[c["metric"]] != want || f[c["kind"]] == "empty") continue
			lab = f[c["kind"]]
			if (lab ~ /mix/) lab = lab ":" f[c["read_pct"]] "%r"
			if (m == "contended") lab = substr(lab "@" f[c["threads"]] "t,h" f[c["hold_ns"]] "p" f[c["parallel_ns"]], 1, 24)
			k = inst SUBSEP f[c["base"]] " -> " f[c["other"]] SUBSEP lab SUBSEP substr(m, 1, 4)
			ROW[k] = num(f[c["median_base"]]) " " num(f[c["median_other"]]) " " pc("%+.1f%%", f[c["pct_change"]]) \
				" [" pc("%+.1f", f[c["pct_lo"]]) ", " pc("%+.1f", f[c["pct_hi"]]) "]"
			if (f[c["verdict"]] ~ /^changed/) WANT[k] = 1
		}
	}
	BEGIN { load(np, "native"); load(tp, "TCG") }
	/ -> .*:$/ { pair = substr($0, 1, length($0) - 1); SHOWN[pair] = 1; next }
	/^  no cell changed\.$/ { NONE[pair] = 1; next }
	$NF == "native" || $NF == "TCG" {
		k = $NF SUBSEP pair SUBSEP $1 SUBSEP $2
		got = $3 " " $4 " " $6 " " $7 " " $8
		if (!(k in ROW)) { print "no pairs.csv row for: " $0; bad = 1; next }
		if (ROW[k] != got) { print "pairs.csv has " ROW[k] " for: " $0; bad = 1 }
		if (!(k in WANT)) { print "listed as changed, verdict is not: " $0; bad = 1 }
		SEEN[k] = 1; HASROW[pair] = 1; rows++
	}
	END {
		for (k in WANT) if (!(k in SEEN)) { split(k, p, SUBSEP); x = p[1] " " p[2] " " p[3] " " p[4]; if (p[2] in SHOWN) { print "changed but missing: " x; bad = 1 } }
		for (q in SHOWN) if (!(q in NONE) && !(q in HASROW)) { print "no table rows and no \"no cell changed\" for " q; bad = 1 }
		if (rows < min) { print rows + 0 " table rows, want at least " min; bad = 1 }
		exit bad
	}' "$1" || fail "the cover letter's table differs from pairs.csv (above)"
}
width "$TMP/letter"
check "$TMP/letter" "$run/native/pairs.csv" "$run/pairs.csv"
grep -q '^Machine: ' "$TMP/letter" || fail "the cover letter has no machine line"
grep -q ' x .* ops' "$TMP/letter" || fail "the cover letter has no loop parameters"
grep -q '^No change shown (' "$TMP/letter" || fail "the cover letter names no unchanged kind"
echo "ok: published run: $(grep -c -E '(native|TCG)$' "$TMP/letter") changed cells, each equal to pairs.csv, <= 80 columns"
plant_changed() { # FILE: base,fix spin_lock hot, whatever was published
	awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
		NR > 1 && $c["base"] == "base" && $c["other"] == "fix" && $c["kind"] == "spin_lock" && $c["mode"] == "hot" { $c["verdict"] = "changed" } { print }' "$1" >"$1.new"
	mv "$1.new" "$1"
}

# A user's own pair (KSRC= names its sides): PAIR=base:fix.
sed 's/^pre-debug,post-debug,/base,fix,/' "$run/pairs.csv" >"$TMP/p" && mv "$TMP/p" "$run/pairs.csv"
sed 's/^pre-debug,post-debug,/base,fix,/' "$run/native/pairs.csv" >"$TMP/p" && mv "$TMP/p" "$run/native/pairs.csv"
# A changed cell planted on each side, so the rows are checked whatever
# the published verdicts are.
plant_changed "$run/pairs.csv"
plant_changed "$run/native/pairs.csv"
PAIR=base:fix "$cl" "$run" >"$TMP/own" || fail "cover-letter.sh PAIR=base:fix failed"
grep -q '^base -> fix:$' "$TMP/own" || fail "PAIR=base:fix is not the letter's pair: $(head -n 20 "$TMP/own")"
width "$TMP/own"
check "$TMP/own" "$run/native/pairs.csv" "$run/pairs.csv" 2
echo "ok: PAIR=base:fix (a user's own sides), $(grep -c -E '(native|TCG)$' "$TMP/own") changed cells"

# Two runs: RUN/compare-runs/BASE_ID/pairs.csv, as compare-runs.sh writes it.
mkdir -p "$TMP/a" "$run/compare-runs/A"
echo run_id=A >"$TMP/a/run.info"
sed -e 's/^base,fix,/A@post-debug,B@post-debug,/' "$run/pairs.csv" >"$run/compare-runs/A/pairs.csv"
sed -i 's/^run_id=.*/run_id=B/' "$run/run.info"
"$cl" "$run" "$TMP/a" >"$TMP/two" || fail "cover-letter.sh RUN BASE_RUN failed"
grep -q '^A@post-debug -> B@post-debug:$' "$TMP/two" || fail "the two-run letter lacks its pair: $(head -n 20 "$TMP/two")"
width "$TMP/two"
check "$TMP/two" /dev/null "$run/compare-runs/A/pairs.csv"
echo "ok: BASE_RUN=A RUN=B"

expect_error "a PAIR without a colon" "PAIR=nope: want base:other" env PAIR=nope "$cl" "$run"
expect_error "two runs never compared" "make compare BASE_RUN=" "$cl" "$TMP/a" "$run"
expect_error "a directory that is no run" "no run.info" "$cl" "$TMP/none"
