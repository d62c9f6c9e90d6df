#!/usr/bin/env bash
# pathlen.sh VARIANT...: the exact path length of every hot kind of the
# native job list, per variant, counted in user space by valgrind's
# callgrind in the variant's own lb-native (build/native/VARIANT, from
# scripts/native/build.sh): the same compiled lock code the native
# instrument times, with no guest and no boot.
#
# Each call of a kind's loop runs n ops, so its instructions are a + b*n:
# one run at n and one at 2n give b = (c(2n) - c(n)) / n per op, whatever
# the prologue and the harness around it.  The path length is b of the
# kind's loop minus b of the empty loop, which is what icount's path-length
# table counts in the guest.  Prints CSV: variant,kind,instructions.
# JOBFILE= another job list (its hot kinds); PATHLEN_OPS=n (default 1000).
. "$(dirname "$0")/common.sh"

[ $# -gt 0 ] || die "usage: pathlen.sh VARIANT..."
command -v valgrind >/dev/null || die "valgrind is not installed: run 'make deps'"
jobfile=${JOBFILE:-$LB_TOP/bench-user/jobs/native.jobs}
n=${PATHLEN_OPS:-1000}
case $n in '' | *[!0-9]* | 0) die "PATHLEN_OPS=$n must be a positive integer" ;; esac
# The hot jobs, as the icount pass reads the list (jobs.sh), and their kinds.
mapfile -t kinds < <(Q=1 bash "$LB_TOP/scripts/boot/jobs.sh" "$jobfile" 1 icount default |
	sed -n 's/.*\bkind=\([^ ]*\).*/\1/p' | sort -u)
[ ${#kinds[@]} -gt 0 ] || die "$jobfile has no hot jobs"
# The profiles stay here until the next run, for a look with
# callgrind_annotate.
tmp=$LB_NATIVE_OUT/pathlen
rm -rf "$tmp"
mkdir -p "$tmp"

# per_call VARIANT OPS -> "FUNCTION CALLS INCLUSIVE" lines of one
# callgrind run of every hot kind at OPS ops a call.
per_call() {
	local v=$1 ops=$2 bin=$LB_NATIVE_OUT/$1/lb-native jobs=() k
	[ -x "$bin" ] || die "no $bin: build it with scripts/native/build.sh $v"
	for k in "${kinds[@]}"; do jobs+=("kind=$k mode=hot batches=1 batch_ops=$ops"); done
	valgrind --tool=callgrind --callgrind-out-file="$tmp/$v.$ops.out" \
		"$bin" -b 1 -H pathlen -v "$v" -o "$tmp/$v.$ops.csv" -t 1 "${jobs[@]}" >"$tmp/$v.$ops.log" 2>&1 ||
		die "callgrind run of $v failed: $(tail -n 3 "$tmp/$v.$ops.log")"
	awk -f "$LB_TOP/scripts/native/callgrind-calls.awk" "$tmp/$v.$ops.out"
}

echo "variant,kind,instructions"
for v in "$@"; do
	per_call "$v" "$n" >"$tmp/$v.one"
	per_call "$v" $((2 * n)) >"$tmp/$v.two"
	awk -v p="$(native_prefix "$v")" -v v="$v" -v n="$n" -v list="${kinds[*]}" '
		FILENAME == ARGV[1] { one[$1] = $3 / $2; next }
		{ two[$1] = $3 / $2 }
		function per_op(k,   f) {
			f = p "lbn_loop_" k
			if (!(f in one) || !(f in two)) { printf "pathlen: %s never ran %s\n", v, f > "/dev/stderr"; exit 1 }
			return (two[f] - one[f]) / n
		}
		END {
			e = per_op("empty")
			split(list, ks, " ")
			for (i = 1; i in ks; i++)
				if (ks[i] != "empty")
					printf "%s,%s,%.3f\n", v, ks[i], per_op(ks[i]) - e
		}' "$tmp/$v.one" "$tmp/$v.two"
done
