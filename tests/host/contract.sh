#!/usr/bin/env bash
# The contract (schema/lockbench_schema.h) is the only place that lists
# kinds and columns:
#   1. "lb-validate --describe" prints what the header defines: each table's
#      names as the C preprocessor expands the header's lists, the kinds
#      table row by row, and lb-stat's table headers are the contract's;
#   2. no code under scripts/ plots/ tests/ bench-user/ holds a list of
#      kind names (two side by side), or reads a column of one of our CSVs by position
#      ($N in an awk program with FS ",", cut -d, -fN); none under
#      scripts/ plots/ bench-user/ writes a table's CSV header by hand.
# A line that must name kinds for another reason says "contract-exempt:"
# and why.  LB_CONTRACT_ROOT scans another tree (the test's own check).
. "$(dirname "$0")/../lib.bash"
V=$TOP/bench-user/lb-validate
[ -x "$V" ] || missing "$V is not built: run 'make -C bench-user'"
H=$TOP/schema/lockbench_schema.h
root=${LB_CONTRACT_ROOT:-$TOP}

# names LIST: LIST's first members, one per line, as cpp expands them
# (boot statuses and verdicts are string literals already: they hold hyphens).
names() {
	local n='#n'
	case $1 in LB_BOOT_STATUSES | LB_VERDICTS | LB_PLACEMENTS) n=n ;; esac
	printf '#include "%s"\n#define N(n, ...) %s\n%s(N)\n' "$H" "$n" "$1" |
		gcc -E -P -x c - | grep -o '"[^"]*"' | tr -d '"'
}
# table SECTION: --describe's names of that table, one per line (every
# table read from one --describe, not one lb-validate and awk a table).
declare -A tables=()
while IFS=$'\t' read -r sec name _; do
	case $sec in '' | '#'*) ;; *) tables[$sec]+=$name$'\n' ;; esac
done < <("$V" --describe)
table() { printf '%s' "${tables[$1]:-}"; }
for pair in fields:LB_RECORD_FIELDS accels:LB_ACCELS instruments:LB_INSTRUMENTS kinds:LB_KINDS modes:LB_MODES placements:LB_PLACEMENTS \
	statuses:LB_STATUSES job_keys:LB_JOB_INT_KEYS pads:LB_PADS cell:LB_CELL_FIELDS \
	summary:LB_SUMMARY_COLUMNS pairs:LB_PAIRS_COLUMNS baseline:LB_BASELINE_COLUMNS \
	boot_statuses:LB_BOOT_STATUSES failures:LB_FAILURES_COLUMNS pmu:LB_PMU_COLUMNS \
	physlimit:LB_PHYSLIMIT_COLUMNS calibration:LB_CALIBRATION_COLUMNS sections:LB_SECTIONS_COLUMNS \
	layout:LB_LAYOUT_COLUMNS run_info:LB_RUN_INFO_KEYS verdicts:LB_VERDICTS slices:LB_SLICES_COLUMNS \
	states:LB_STATES_COLUMNS slice_states:LB_SLICE_STATES_COLUMNS state_causes:LB_STATE_CAUSES_COLUMNS; do
	sec=${pair%%:*} list=${pair#*:}
	want=$(names "$list")
	[ -n "$want" ] || fail "$list expands to nothing"
	[ "$(table "$sec")" = "$want" ] ||
		fail "--describe $sec differs from $list: $(diff <(table "$sec") <(echo "$want") | tr '\n' ' ')"
done
# The kinds table whole: every property column, as cpp reads the rows.
want=$(printf '#include "%s"\n#define K(k, rw, side, irq, base, hot, cont, test) kinds k rw side irq base hot cont test @\n LB_KINDS(K)\n' "$H" |
	gcc -E -P -x c - | tr '@' '\n' | awk '$1 == "kinds" { $1 = $1; print }' OFS='\t')
got=$("$V" --describe kinds | tail -n +2)
[ "$got" = "$want" ] || fail "--describe kinds rows differ from LB_KINDS: $(diff <(echo "$got") <(echo "$want") | tr '\n' ' ')"
grep -q '^#run_info	key	description$' < <("$V" --describe) || fail "--describe lacks the run_info header line"
expect_error "an unknown section" "no section 'nope'" "$V" --describe nope
echo "ok: --describe prints the header's lists"

# lb-stat writes the contract's headers.
F=$TOP/tests/unit/fixtures S=$TOP/bench-user/lb-stat
(cd "$TMP" && "$S" summary -o summary.csv "$F/pre.csv" "$F/post.csv" &&
	"$S" compare -o pairs.csv --pair pre:post "$F/pre.csv" "$F/post.csv" &&
	"$S" baseline -o baseline.csv --kind spin_lock --over empty "$F/pre.csv" "$F/post.csv") >"$TMP/stat.log" 2>&1 ||
	fail "lb-stat on the unit fixtures: $(cat "$TMP/stat.log")"
for t in summary pairs baseline; do
	[ "$(head -n 1 "$TMP/$t.csv")" = "$(table "$t" | paste -sd,)" ] ||
		fail "$t.csv's header is not the contract's: $(head -n 1 "$TMP/$t.csv")"
done
# The boot loop (boot/loop.sh) writes the contract's run.info keys and no others.
keys=$(awk '/run\.info" <<EOT$/ { doc = 1; next } doc && /^EOT$/ { doc = 0 }
	doc && /^[a-z_]+=/ { sub(/=.*/, ""); print }
	!doc && /^[ \t]*echo "[a-z_$]+=.*>>"\$run\/run\.info"/ { sub(/^[ \t]*echo "/, ""); sub(/=.*/, ""); sub(/_\$b$/, "_N"); print }' \
	"$TOP/scripts/boot/loop.sh" | sort -u)
[ "$keys" = "$(table run_info | sort)" ] ||
	fail "loop.sh's run.info keys differ from the contract's: $(diff <(echo "$keys") <(table run_info | sort) | tr '\n' ' ')"
echo "ok: lb-stat's tables and the boot loop's run.info follow the contract"

# 2. No kind list and no positional CSV read outside the contract.  Code
# only: comments and prose may name kinds.
kinds=$("$V" --describe kinds | awk -F '\t' '$1 == "kinds" { print $2 }' | paste -sd' ')
mapfile -t files < <(cd "$root" && git ls-files scripts plots tests bench-user |
	grep -E '\.(sh|bash|awk|gp|c|h|py)$|(^|/)Makefile$|(^|/)init$' | grep -v -E '^tests/(unit/)?fixtures/.*\.(csv|txt)$')
[ ${#files[@]} -gt 20 ] || fail "found only ${#files[@]} files to scan under $root"
hits=$(cd "$root" && awk -v kinds="$kinds" '
	BEGIN { n = split(kinds, k, " ") }
	FNR == 1 { incsv = 0 }
	/contract-exempt:/ { next }
	# Comments: shell, awk and gnuplot "#", C "//" and "*" lines.
	{ line = $0; sub(/^[ \t]*(#|\/\/|\/?\*).*/, "", line); if (FILENAME ~ /\.(sh|bash|awk|gp)$|init$/) sub(/[ \t]#[^"'\'']*$/, "", line) }
	# A list: two kind names with nothing but blanks, commas or quotes
	# between them.  Each whole-word name becomes a mark first.
	{
		m = line
		for (i = 1; i <= n; i++)
			while (index(m, k[i]) && match(m, "(^|[^A-Za-z0-9_\001])" k[i] "([^A-Za-z0-9_\001]|$)")) {
				s = RSTART + (substr(m, RSTART, 1) == substr(k[i], 1, 1) && RSTART == 1 ? 0 : 1)
				m = substr(m, 1, s - 1) "\001" substr(m, s + length(k[i]))
			}
		if (m ~ /\001[ \t,"'\'']*\001/) printf "%s:%d: a list of kind names: %s\n", FILENAME, FNR, $0
	}
	# Positional reads: an awk program with a comma FS, from its first
	# line to the line that closes its quote; plots/*.awk all read CSV.
	FILENAME ~ /^plots\/.*\.awk$/ && line ~ /\$[1-9]/ { printf "%s:%d: a column by position: %s\n", FILENAME, FNR, $0 }
	line ~ /cut -d *,? *-f *[0-9]|cut -d *'\'','\'' *-f *[0-9]/ { printf "%s:%d: cut by position: %s\n", FILENAME, FNR, $0 }
	# A regex that skips fields to reach one ("[^,]*,"), or that anchors a
	# row by its first columns ("^pre,post,").
	line ~ /(sed|grep)[^|]*(\[\^,\]\*,|'\''\^[a-z_-]+,[a-z_-]+,)/ { printf "%s:%d: a field by position in a regex: %s\n", FILENAME, FNR, $0 }
	FILENAME !~ /^plots\// && (incsv || line ~ /awk[^|'\'']* -F *('\'',?'\''|,)/) {
		body = line
		if (!incsv) sub(/^[^'\'']*awk[^'\'']*'\''/, "", body)
		incsv = index(body, "'\''") == 0
		if (!incsv) body = substr(body, 1, index(body, "'\''") - 1)
		if (body ~ /\$[1-9]/) printf "%s:%d: a column by position: %s\n", FILENAME, FNR, $0
	}' "${files[@]}")
[ -z "$hits" ] || fail "kind lists or positional column reads outside the contract (read them from 'lb-validate --describe' or by column name):
$hits"
echo "ok: ${#files[@]} files hold no kind list and no positional CSV read"
# Each CSV table's header (a table of columns, their names joined by
# commas) is built from its list: contract_header in shell, the list's
# names in C.  A copy by hand would outlive a column added to the list.
mapfile -t heads < <("$V" --describe | awk -F '\t' '$1 ~ /^#/ { s = $2 == "column" ? substr($1, 2) : ""; if (s != "") o[++n] = s; next }
	s != "" && $1 == s { h[s] = h[s] (h[s] == "" ? "" : ",") $2 }
	END { for (i = 1; i <= n; i++) print h[o[i]] }')
[ ${#heads[@]} -ge 10 ] || fail "--describe gives only ${#heads[@]} CSV headers"
mapfile -t src < <(printf '%s\n' "${files[@]}" | grep -v '^tests/')
hits=$(cd "$root" && awk -v heads="$(printf '%s\n' "${heads[@]}" | paste -sd';')" '
	BEGIN { n = split(heads, h, ";") }
	/contract-exempt:/ { next }
	{ for (i = 1; i <= n; i++) if (index($0, h[i])) printf "%s:%d: a header by hand (%s): %s\n", FILENAME, FNR, h[i], $0 }' "${src[@]}")
[ -z "$hits" ] || fail "CSV headers written by hand (take them from the contract: contract_header TABLE in shell, the LB_*_COLUMNS list in C):
$hits"
echo "ok: ${#src[@]} files under scripts/ plots/ bench-user/ write none of the contract's ${#heads[@]} CSV headers by hand"

# 3. The settings are one table, schema/settings.tsv: make help's list and
# docs/variables.md's table are generated from it, check-args checks each
# row by its rule, and no accelerator or variable list is written
# anywhere else.
ST=$TOP/schema/settings.tsv SS=$TOP/scripts/build/settings.sh
mapfile -t rows < <(awk -F '\t' '!/^#/ && $1 != "name"' "$ST")
[ ${#rows[@]} -gt 40 ] || fail "schema/settings.tsv has only ${#rows[@]} rows"
bad=$(awk -F '\t' '!/^#/ && $1 != "name" && (NF != 5 || $1 !~ /^[A-Z][A-Z0-9_]*(_\*)?$/ || $4 == "" || $5 == "") { print NR ": " $0 }' "$ST")
[ -z "$bad" ] || fail "schema/settings.tsv: rows without name, default, rule, goals and help: $bad"
names=$(printf '%s\n' "${rows[@]}" | cut -f 1)
# make help lists those a goal reads (and the refused), not a script's own.
helprows=$(printf '%s\n' "${rows[@]}" | awk -F '\t' '$4 != "-" || $3 == "refused" { sub(/_\*$/, "_<variant>", $1); print $1 }')
helpnames=$(env -u V make -s -C "$TOP" help | sed -n 's/^  \([A-Z][A-Za-z0-9_<>]*\)=.*/\1/p')
[ "$helpnames" = "$helprows" ] || fail "make help's variables differ from schema/settings.tsv: $(diff <(echo "$helpnames") <(echo "$helprows") | tr '\n' ' ')"
doc=$(sed -n '/^<!-- settings: /,/^<!-- \/settings -->/p' "$TOP/docs/variables.md" | sed '1d;$d')
[ "$doc" = "$("$SS" markdown)" ] ||
	fail "docs/variables.md's table is not schema/settings.tsv's: regenerate it with scripts/build/settings.sh markdown: $(diff <(echo "$doc") <("$SS" markdown) | head -n 6 | tr '\n' ' ')"
# Every rule is one check-args implements, and each generic rule refuses
# a bad value, naming its variable: every setting at once, as check-args
# lists every bad one.
CA=$TOP/scripts/build/check-args.sh
# The rules check-args.sh implements: its rule_NAME functions, read once.
declare -A implemented=()
while IFS= read -r l; do
	if [[ $l =~ ^rule_([a-z_]+)\(\)\ \{ ]]; then implemented[${BASH_REMATCH[1]}]=1; fi
done <"$CA"
envs=()
for r in "${rows[@]}"; do
	IFS=$'\t' read -r n _ rule readers _ <<<"${r//$'\t\t'/$'\t-\t'}"
	[ -n "${implemented[${rule%%:*}]:-}" ] || fail "$n's rule '$rule' is not one check-args.sh implements (rule_${rule%%:*})"
	# (a script's own setting is the script's to check, and a name_* row
	# stands for names a shell cannot set here)
	[ "$readers" != - ] && [[ $n != *_\* ]] || continue
	case $rule in int | int:* | whole | bool | one:* | variant | variants | file | jobs | dir | name | run | counts | pmu) envs+=("$n=bad,,value") ;; esac
done
# Every target as a goal: check-args checks the settings the goals read.
mapfile -t goals < <("$TOP/scripts/build/targets.sh" names)
out=$(env "${envs[@]}" "$CA" "${goals[@]}" 2>&1) && fail "check-args accepted a bad value of every setting"
mapfile -t errs <<<"$out"
# refused NAME: a line of check-args' answer refuses NAME by name (as
# grep -E on $out, one pattern a setting, in bash: no process each).
refused() {
	local l re="^lockbench: error: ($1[=:' ]|.*[^A-Z_]$1=)"
	for l in "${errs[@]}"; do [[ $l =~ $re ]] && return 0; done
	return 1
}
for e in "${envs[@]}"; do
	refused "${e%%=*}" || fail "check-args did not refuse $e by name: $out"
done
echo "ok: make help, docs/variables.md and check-args' ${#envs[@]} generic checks follow schema/settings.tsv's ${#rows[@]} rows"

# The accelerators a user names (ACCEL's choices) and those the records
# carry (LB_ACCELS) are not restated: no code line names them all; lbrec's
# message lists the contract's.
choices=$("$SS" choices ACCEL | tr -d ,)
records=$("$V" --describe accels | awk -F '\t' '$1 == "accels" { print $2 }' | paste -sd' ')
f=$TMP/accel.csv
awk -F, -v OFS=, '/^variant,/ { for (i = 1; i <= NF; i++) if ($i == "accel") c = i; print; next }
	/^#/ || !c { print; next } { $c = "xen"; print }' "$F/pre.csv" >"$f"
expect_error "lb-validate, an unknown accelerator" "unknown accelerator 'xen' \(known: $records\)" "$V" "$f"
mapfile -t code < <(cd "$root" && git ls-files scripts plots tests bench-user bench-module Makefile |
	grep -E '\.(sh|bash|awk|gp|c|h|py)$|(^|/)Makefile$|(^|/)init$')
hits=$(cd "$root" && awk -v sets="$choices;$records" -v names="$(printf '%s\n' "$names" | paste -sd' ')" '
	BEGIN {
		ns = split(sets, set, ";")
		n = split(names, k, " "); for (i = 1; i <= n; i++) isname[k[i]] = 1
	}
	FNR == 1 { prev = "" }
	/contract-exempt:|settings-exempt:/ || prev ~ /settings-exempt:/ { prev = $0; next }
	{ prev = $0; line = $0; sub(/^[ \t]*(#|\/\/|\/?\*).*/, "", line) }
	# Every accelerator of one set on one line.
	{
		for (s = 1; s <= ns; s++) {
			m = split(set[s], a, " ")
			for (j = 1; j <= m; j++) if (line !~ "(^|[^A-Za-z0-9_])" a[j] "([^A-Za-z0-9_]|$)") break
			if (j > m) printf "%s:%d: the accelerators (%s): %s\n", FILENAME, FNR, set[s], $0
		}
	}
	# Three settings side by side (blanks, commas, pipes, ":N" defaults),
	# but for a usage line, which names the arguments of a script.
	FILENAME ~ /^scripts\/|Makefile$/ && line !~ /usage:/ {
		m = split(line, w, /[ \t,|;"\047]+/); run = 0; best = 0
		for (i = 1; i <= m; i++) { x = w[i]; sub(/:[0-9]+$/, "", x); if (x in isname) { if (++run > best) best = run } else run = 0 }
		if (best >= 3) printf "%s:%d: a list of settings: %s\n", FILENAME, FNR, $0
	}' "${code[@]}")
[ -z "$hits" ] || fail "accelerator or setting lists outside schema/settings.tsv and the contract (ask scripts/build/settings.sh, or mark the line settings-exempt: and why):
$hits"
echo "ok: ${#code[@]} files restate no accelerator list and no list of settings"

# 4. An instrument is a row of the contract and a place of its own: its
# place holds section.sh, section.md.in and publish.list, and no code
# under scripts/, plots/ or bench-user/ lists instruments by name (two
# side by side: a loop, a case, an array), so adding one is a row and a
# folder.  (The Makefile's lists are of make targets, an instrument's
# among them.)
mapfile -t irows < <("$V" --describe instruments | awk -F '\t' '$1 == "instruments"')
[ ${#irows[@]} -ge 4 ] || fail "the contract lists ${#irows[@]} instruments"
inames=
for r in "${irows[@]}"; do
	IFS=$'\t' read -r _ name _ _ _ _ place _ <<<"$r"
	for f in section.sh section.md.in publish.list; do
		[ -f "$root/$place/$f" ] || fail "instrument $name: $place/$f is missing (docs/layout.md: an instrument's place)"
	done
	inames+=" $name"
done
mapfile -t code < <(cd "$root" && git ls-files scripts plots bench-user |
	grep -E '\.(sh|bash|awk|gp|c|h|py|list|in)$|(^|/)init$')
hits=$(cd "$root" && awk -v names="$inames" '
	BEGIN { n = split(names, k, " ") }
	/contract-exempt:/ { next }
	{ line = $0; sub(/^[ \t]*(#|\/\/|\/?\*).*/, "", line); if (FILENAME ~ /\.(sh|bash|awk|gp)$|init$/) sub(/[ \t]#[^"'\'']*$/, "", line) }
	{
		m = line
		for (i = 1; i <= n; i++)
			while (match(m, "(^|[^A-Za-z0-9_./\001-])" k[i] "([^A-Za-z0-9_./\001-]|$)")) {
				s = RSTART + (RSTART == 1 && substr(m, 1, length(k[i])) == k[i] ? 0 : 1)
				m = substr(m, 1, s - 1) "\001" substr(m, s + length(k[i]))
			}
		if (m ~ /\001[ \t,|"'\'']*\001/) printf "%s:%d: a list of instruments: %s\n", FILENAME, FNR, $0
	}' "${code[@]}")
[ -z "$hits" ] || fail "instrument lists outside the contract (loop over 'lb-validate --describe instruments', schema/contract.sh's contract_rows):
$hits"
echo "ok: ${#irows[@]} instruments, each a place with its section and publish list; ${#code[@]} files list none by hand"
