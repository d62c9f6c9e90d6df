#!/usr/bin/env bash
# checkpatch --strict from the tree: 0 errors and 0 warnings on every patch
# and on the module (warnings kept in the series are listed, with reasons,
# in patch/README.md and allowed here by type).
. "$(dirname "$0")/lib.bash"
cp=$TOP/build/kernel/linux-source-6.1/scripts/checkpatch.pl
[ -x "$cp" ] || fail "no tree: run make tree"
allowed=$(sed -n 's/^<!-- checkpatch-allow: \(.*\) -->$/\1/p' "$TOP/patch/README.md" 2>/dev/null | tr '\n' ',' || true)
ignore=${allowed:+--ignore ${allowed%,}}
bad=0
for p in "$TOP"/patch/*.patch; do
	[ -f "$p" ] || continue
	# shellcheck disable=SC2086
	out=$(cd "$TOP/build/kernel/linux-source-6.1" && perl "$cp" --strict --no-tree --terse $ignore "$p" 2>&1) || true
	# --terse prints nothing at all for a clean patch.
	sum=$(grep -E '^total:' <<<"$out" || { [ -z "$out" ] && echo "total: 0 errors, 0 warnings"; } || echo "total: ? errors")
	echo "$(basename "$p"): $sum"
	grep -E -q 'total: 0 errors, 0 warnings' <<<"$sum" || { grep -E 'ERROR|WARNING' <<<"$out"; bad=1; }
done
# The module, every file, nothing waived: the schema's X-macro lists
# expand into declarations and table rows there, never into statements.
out=$(cd "$TOP/bench-module" && perl "$cp" --strict --no-tree --terse -f ./*.c ./*.h 2>&1) || true
if grep -E 'ERROR|WARNING' <<<"$out"; then bad=1; fi
echo "bench-module: $(grep -c -E 'CHECK' <<<"$out" || true) checks, $(grep -c -E 'ERROR|WARNING' <<<"$out" || true) errors/warnings (nothing waived)"
# The schema header is a set of X-macro lists ("#define LIST(X) X(a) X(b)"),
# which checkpatch always reads as unparenthesised complex values and as
# argument reuse, and the instruments' places (scripts/icount, ...), paths
# in macro arguments, as divisions wanting spaces; those three types are
# waived for that file alone.
out=$(cd "$TOP/schema" && perl "$cp" --strict --no-tree --terse --ignore COMPLEX_MACRO,MACRO_ARG_REUSE,SPACING -f lockbench_schema.h 2>&1) || true
[ -z "$out" ] || { echo "$out"; bad=1; }  # --terse prints nothing when clean
echo "schema/lockbench_schema.h (COMPLEX_MACRO, MACRO_ARG_REUSE, SPACING waived): ${out:-clean}"
[ $bad -eq 0 ] || fail "checkpatch found errors or warnings"
