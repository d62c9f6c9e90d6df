#!/usr/bin/env bash
# bundle.sh: make bundle.  One self-contained tarball that measures the
# variants' native lock code on any x86-64 Linux machine with a constant
# TSC: one static lb-native that holds every chosen variant, each one's
# symbols renamed VARIANT.SYMBOL (link.sh, as make native links it), its
# lock code checked against each variant's vmlinux; the job list as
# written (the binary expands it, threads=SWEEP included, on the machine
# that runs it: the one job file expander); and a POSIX-sh runner
# (bundle-run.sh as run.sh, with host-cpu.sh, host-facts.sh and
# topology.sh), and a LAVA test definition that runs it on a lab machine
# (lava-test.yaml, with lava.sh, which reports the results as test
# cases).  The machine that runs it needs no compiler, no root and no
# checkout; make import BUNDLE_RESULTS=DIR takes its results back.
#
# VARIANTS=pre,post,...  JOBFILE=bench-user/jobs/native.jobs
# BUNDLE_OUT=build/bundle (where the tarball goes)
# Writes BUNDLE_OUT/lockbench-native-COMMIT.tar.gz and prints its size.
. "$(dirname "$0")/../native/common.sh"

jobfile=${JOBFILE:-$LB_TOP/bench-user/jobs/native.jobs}
outdir=${BUNDLE_OUT:-$LB_BUILD/bundle}
[ -f "$jobfile" ] || die "no job list $jobfile"
# (threads=SWEEP as 1 thread: the runner's machine decides the counts)
expand_jobs "$jobfile" --sweep 1 >/dev/null || exit 1
variants=$(run_variants)
variants=${variants//$'\n'/ }
# shellcheck disable=SC2086 # the variants, one word each
hz=$(native_hz "bundle variants of one HZ" $variants)

head=$(git -C "$LB_TOP" rev-parse --short=12 HEAD 2>/dev/null) || head=unknown
dirty=false
[ "$head" = unknown ] || [ -z "$(git -C "$LB_TOP" status --porcelain --untracked-files=no 2>/dev/null)" ] || dirty=true
name=lockbench-native-$head
[ "$dirty" = false ] || name+=-dirty
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
b=$tmp/$name
mkdir -p "$b/disasm-check"
merged=()
for v in $variants; do
	LBN_ALONE=0 "$LB_TOP/scripts/native/build.sh" "$v" || die "bundle: building $v failed (see above)"
	merged+=("$v=$LB_NATIVE_OUT/$v/merged.o")
done
# The plain layout (seed 0: the order given, no padding), no A/A copy.
"$LB_TOP/scripts/native/link.sh" "$tmp/link" "$LB_NATIVE_OUT/harness" "$hz" 0 - "${merged[@]}" ||
	die "bundle: linking the variants into one lb-native failed (see above)"
mkdir -p "$b/bin"
cp "$tmp/link/lb-native" "$b/bin/lb-native"
# Each variant's lock code in the binary shipped is its vmlinux's.
for v in $variants; do
	mapfile -t objs < <(tail -n +2 "$LB_NATIVE_OUT/$v/objects.txt")
	"$LB_TOP/scripts/native/disasm-check.sh" -p "$(native_prefix "$v")" "$b/bin/lb-native" "$(native_kdir "$v")/vmlinux" "${objs[@]}" \
		>"$b/disasm-check/$v.txt" || {
		cat "$b/disasm-check/$v.txt" >&2
		die "bundle: $v's lock code in the binary is not the vmlinux's (see above)"
	}
done
sha=$(sha_of "$b/bin/lb-native")
shas=""
for v in $variants; do shas+="$v:$sha "; done
# The binary's own check of the job list, every variant's kinds and pads.
"$b/bin/lb-native" -n -b 0 -H bundle -j "$jobfile" -w 1 ||
	die "bundle: the job list $jobfile is refused (see above)"
cp "$jobfile" "$b/jobs"
cp "$LB_TOP/scripts/lab/bundle-run.sh" "$b/run.sh"
# LAVA: the test definition that runs the bundle on a lab machine, and
# the script that reports its results as test cases.
cp "$LB_TOP/scripts/lab/lava-native-test.yaml" "$b/lava-test.yaml"
cp "$LB_TOP/scripts/lab/bundle-lava.sh" "$b/lava.sh"
cp "$LB_TOP/scripts/host-cpu.sh" "$LB_TOP/scripts/native/host-facts.sh" "$LB_TOP/scripts/native/topology.sh" "$b/"
{
	echo "bundle=$name"
	echo "commit=$head"
	echo "dirty=$dirty"
	echo "built_utc=$(utc_now %Y-%m-%dT%H:%M:%SZ)"
	echo "variants=$variants"
	echo "binary_sha256=${shas% }"
	echo "jobs_from=${jobfile#"$LB_TOP"/}"
} >"$b/bundle.info"
cat >"$b/README.txt" <<'EOF'
lockbench native bundle: the variants' kernel lock code, linked into one
static user program (bin/lb-native), timed with the TSC.  Needs Linux on x86-64 with a
constant TSC (constant_tsc in /proc/cpuinfo); no root, no compiler.

    sh run.sh -t 300            # at most 5 minutes; results in ./lockbench-results-TIME
    sh run.sh -p llc -t 120     # two threads sharing a last-level cache
    sh run.sh -h                # every option (see the top of run.sh)

In a LAVA lab: lava-test.yaml is the test definition (BUNDLE_URL names
this tarball); lava.sh runs run.sh and reports each replicate and record.

Bring the results folder back and, in a lockbench checkout:
    make import BUNDLE_RESULTS=lockbench-results-TIME
EOF
mkdir -p "$outdir"
tar -C "$tmp" -czf "$outdir/$name.tar.gz.new" "$name"
mv "$outdir/$name.tar.gz.new" "$outdir/$name.tar.gz"
size=$(stat -c %s "$outdir/$name.tar.gz")
say "bundle: ${outdir#"$LB_TOP"/}/$name.tar.gz ($size bytes; variants $variants)"
