#!/usr/bin/env bash
# One return convention in the shell (scripts/lib.sh's header, issue #36):
# a function that answers prints its answer and the caller writes
# var=$(fn ...); a function that fills an array takes the array's name
# first (readkv).  Refused under scripts/ and tests/ and in the Makefile:
#   - REPLY, the spare global an answer was handed back in;
#   - a nameref (local -n, declare -n) but an array's name taken as $1;
#   - local var=$(...) (and declare, export, readonly): the builtin's
#     status hides the substitution's, so set -e misses a die inside;
#   - by name, the helpers and out-variables that convention replaced,
#     and the hand-rolled copies of mkdir -p, cat and dirname;
#   - under scripts/, a function that assigns an UPPERCASE name it does
#     not declare (local, declare, export, readonly): an answer left in a
#     global.  A NAME=VALUE before a command is its environment, not an
#     assignment; LB_CC, lb_cc's answer, is the one lib.sh's header keeps.
#     (NAME=VALUE only: read NAME, printf -v NAME and the like are not
#     looked for.)
# LB_STYLE_ROOT scans another tree (the test's own check below).
. "$(dirname "$0")/../lib.bash"
self=tests/host/shell-style.sh
gone='mkdir_p|slurp|variant_name_of|fragments_(lock|debug)_of|run_name_of|dir_id_of|run_dir_of'
gone+='|variant_gp_(add|text)|matrix_names|variant_fragment_list|parse_variant_list|byo_names|variant_paths'
gone+='|native_(kdir|prefix|ref|hz|threads)_set|native_cpu_flags'
gone+='|RUN_NAME|VARIANT_(NAME|REST|TREE|KDIR|IMAGE|STATE)|FRAGMENT_LIST|PARSED_VARIANTS|MATRIX_(NAMES|FILES)'
gone+='|BYO_NAMES|GP_(DBG|FAMS)|NATIVE_(KDIR|PREFIX|REF|HZ|CPU_FLAGS)|THREAD_LIST|OBJECTS_NAMED'
gone+='|LACKS|HEAD_LINE|BUILD_ID|CONFIG_SUM|CLEAN|OVNOTE|SHAPE|RECS|CONTRACT_(KINDS|MODES)'

# scan ROOT: every offending line, as FILE:LINE: text.
scan() {
	(
		cd "$1" || exit 2
		files=()
		[ ! -f Makefile ] || files+=(Makefile)
		[ ! -d scripts ] || files+=(scripts)
		[ ! -d tests ] || files+=(tests)
		grep -rnE --exclude-dir=unit --exclude="${self##*/}" \
			-e '\bREPLY\b' -e "\\b($gone)\\b" -e '\$\{0%"\$\{0##\*/\}"\}' \
			-e '\b(local|declare|export|readonly)( +-[a-zA-Z]+)* +[A-Za-z_][A-Za-z0-9_]*="?\$\([^(]' "${files[@]}"
		grep -rnE --exclude-dir=unit --exclude="${self##*/}" \
			'\b(local|declare|typeset)( +-[a-zA-Z]+)* +-[a-zA-Z]*n' "${files[@]}" |
			grep -vE '\blocal -n [A-Za-z_][A-Za-z0-9_]*=\$1([^0-9]|$)'
	) || true
}

# globals ROOT: each assignment of an UPPERCASE global in a function of a
# shell script under ROOT/scripts, as FILE:LINE: NAME: text.  awk reads the
# functions (NAME() { at the start of a line, to the } under it, or on the
# one line) with quoted text, ${...} and comments left out.
globals_awk=$(cat <<'EOA'
function flush(   i) {
	for (i = 1; i <= nc; i++) if (!(cname[i] in loc) && !(cname[i] in allow)) print cwhere[i] ": " cname[i] ": " ctext[i]
	nc = 0; split("", loc)
}
BEGIN { split(allowed, a, " "); for (i in a) allow[a[i]] = 1 }
FNR == 1 { if (infn) flush(); infn = 0; cont = "" }
/^[ \t]*#/ { next }
{
	line = $0
	if (!infn && line ~ /^[ \t]*[A-Za-z_][A-Za-z0-9_]*\(\) *\{/) {
		infn = 1; ind = line; sub(/[^ \t].*/, "", ind)
		oneline = (line ~ /\}[ \t]*(#.*)?$/)
	}
	if (!infn) next
	# A line that ends in \ goes on in the next.
	s = cont line
	if (s ~ /\\$/) { cont = substr(s, 1, length(s) - 1) " "; next }
	cont = ""
	# Quoted text and comments assign nothing.
	gsub(/'[^']*'/, "''", s); gsub(/"[^"]*"/, "\"\"", s); sub(/[ \t]#.*/, "", s)
	gsub(/\$\{[^}]*\}/, "$x", s)
	n = split(s, st, /;|&&|\|\||\||[{}()]|`/)
	for (k = 1; k <= n; k++) {
		m = split(st[k], w, /[ \t]+/)
		j = 1; while (j <= m && (w[j] == "" || w[j] ~ /^(then|do|else|if|elif|while|until|!)$/)) j++
		if (w[j] ~ /^(local|declare|typeset|export|readonly)$/) {
			for (j++; j <= m; j++) { v = w[j]; sub(/[=[].*/, "", v); loc[v] = 1 }
			continue
		}
		# NAME=VALUE words before a command are its environment.
		first = j
		while (j <= m && w[j] ~ /^[A-Za-z_][A-Za-z0-9_]*(\[[^]]*\])?\+?=/) j++
		if (j <= m && w[j] != "") continue
		for (i = first; i < j; i++) {
			v = w[i]; sub(/[[+=].*/, "", v)
			if (v ~ /^[A-Z][A-Z0-9_]*$/) { cname[++nc] = v; cwhere[nc] = FILENAME ":" FNR; ctext[nc] = line }
		}
	}
	if (oneline || line ~ ("^" ind "\\}")) { infn = 0; flush() }
}
END { if (infn) flush() }
EOA
)
globals() {
	local files=()
	# The .sh files, and the scripts without the suffix that start #!...sh.
	[ ! -d "$1/scripts" ] || mapfile -t files < <(cd "$1" && find scripts -type f -name '*.sh' && grep -rlE '^#!.*\b(ba|da)?sh\b' --exclude='*.sh' scripts)
	[ ${#files[@]} -eq 0 ] || (cd "$1" && awk -v allowed=LB_CC "$globals_awk" "${files[@]}")
}

# The check can see each kind of offence: a tree with one of each.
t=$TMP/tree
mkdir -p "$t/scripts/boot" "$t/tests/host"
cat >"$t/scripts/boot/bad.sh" <<'EOT'
a() { REPLY=x; }
b() { local -n out=$2; out=1; }
c() { declare -n out=$1; }
mkdir_p "$d"
run_dir_of "$1" && run=$RUN_DIR
here=${0%"${0##*/}"}
local dir=$(run_dir "$1")
ok() { local -n arr=$1; arr=(); }
ok=$(run_dir "$1")
jq --slurpfile b f
local n=$((1 + 2))
EOT
got=$(scan "$t" | cut -d: -f2 | sort -n | tr '\n' ' ')
[ "$got" = "1 2 3 4 5 6 7 " ] || fail "the scan of a planted tree found lines '$got', not '1 2 3 4 5 6 7 '"
echo "ok: the scan finds REPLY, namerefs but on \$1, removed helpers, \${0%...} and local x=\$(...), and nothing else"

# The globals check: a tree with what it refuses (lines 1, 6, 11, 14, 15
# and 16) and what it lets by.
t=$TMP/tree2
mkdir -p "$t/scripts/native"
cat >"$t/scripts/native/globals.sh" <<'EOT'
a() { DRAW=1; }
b() {
	local X
	X=1
	LC_ALL=C sort f
	LB_OUT=$(echo "FOO=bar" 'BAR=1')
	export LB_E; LB_E=1 LB_CC=gcc
}
c() { declare -A M=(); M[a]=1; }
d() {
	NP=$((NP + 1)) &&
		TIMEOUT=${TIMEOUT:-1} \
		cmd
	T+=" x"
	ARR[k]=v
	if true; then OK=1; fi
}
TOP=1
EOT
got=$(globals "$t" | cut -d: -f2 | sort -n | tr '\n' ' ')
[ "$got" = "1 6 11 14 15 16 " ] || fail "the globals scan of a planted tree found lines '$got', not '1 6 11 14 15 16 '"
echo "ok: the globals scan finds a function's UPPERCASE globals, and not its locals, exports or a command's environment"

bad=$(scan "${LB_STYLE_ROOT:-$TOP}")
[ -z "$bad" ] || fail "the shell returns answers another way than printing them (scripts/lib.sh's header):
$bad"
echo "ok: no REPLY, stray nameref or removed helper under scripts/ and tests/"
bad=$(globals "${LB_STYLE_ROOT:-$TOP}")
[ -z "$bad" ] || fail "a function under scripts/ leaves an answer in an UPPERCASE global (scripts/lib.sh's header: print it, or fill an array named by \$1):
$bad"
echo "ok: no function under scripts/ assigns an UPPERCASE global"
