#!/usr/bin/env bash
# One measurement core: the per-batch statistics, the histogram and the
# contended loop's read-or-write PRNG are defined once, in
# bench-module/lockbench_summary.h, lockbench_hist.h and lockbench_prng.h,
# which the module and the native harness both compile.  A second
# definition of any of their functions on either side (the copies this
# replaced) would let the two drift apart unseen, so none may exist.
. "$(dirname "$0")/../lib.bash"
cd "$TOP"
core="bench-module/lockbench_summary.h bench-module/lockbench_hist.h bench-module/lockbench_prng.h"
for f in $core; do [ -f "$f" ] || fail "$f: the shared core is missing"; done
# The module and the native harness include the core, not copies.
grep -q '"lockbench_summary.h"' bench-module/lockbench.h ||
	fail "bench-module/lockbench.h does not include the shared lockbench_summary.h"
grep -q '"lockbench_summary.h"' bench-user/native/tsc.h ||
	fail "bench-user/native/tsc.h does not include the shared lockbench_summary.h"
for f in bench-module/lockbench_contended.c bench-user/native/contended.c; do
	grep -q '"lockbench_prng.h"' "$f" || fail "$f does not include the shared lockbench_prng.h"
done
# Each of the core's calculations, by what a copy would be called.
names='hist_index|hist_value|hist_pct|pct_sorted|sort_u64|cmp_u64|isqrt|unc_figures|cont_figures|mul_div|xorshift(32)?'
bad=""
for f in bench-module/*.[ch] bench-user/native/*.[ch] bench-user/native/kern/*.c; do
	case " $core " in *" $f "*) continue ;; esac
	# A definition: the name at a line's start after a return type, then
	# its parameter list opening on the same line.
	hits=$(grep -nE "^(static )?(inline )?[a-z0-9_ ]+[ *](lbn?_)?($names)\(" "$f") || continue
	bad+="$f: ${hits//$'\n'/; }"$'\n'
done
[ -z "$bad" ] || fail "copies of the shared measurement core (define them only in $core):"$'\n'"$bad"
echo "ok: the statistics, the histogram and the PRNG are defined once, in $core"
