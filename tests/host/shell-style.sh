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
#     and the hand-rolled copies of mkdir -p, cat and dirname.
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

bad=$(scan "${LB_STYLE_ROOT:-$TOP}")
[ -z "$bad" ] || fail "the shell returns answers another way than printing them (scripts/lib.sh's header):
$bad"
echo "ok: no REPLY, stray nameref or removed helper under scripts/ and tests/"
