#!/usr/bin/env bash
# bundle.sh: make bundle.  One self-contained tarball that measures the
# variants' native lock code on any x86-64 Linux machine with a constant
# TSC: the static lb-native of each variant (built and checked against
# its vmlinux by build.sh), the job list, and a POSIX-sh runner
# (bundle-run.sh as run.sh, with host-cpu.sh, host-facts.sh and
# topology.sh).  The machine that runs it needs no compiler, no root and
# no checkout; make import BUNDLE_RESULTS=DIR takes its results back.
#
# VARIANTS=pre,post,...  JOBFILE=bench-user/jobs/native.jobs
# BUNDLE_OUT=build/bundle (where the tarball goes)
# Writes BUNDLE_OUT/lockbench-native-COMMIT.tar.gz and prints its size.
. "$(dirname "$0")/common.sh"

jobfile=${JOBFILE:-$LB_TOP/bench-user/jobs/native.jobs}
outdir=${BUNDLE_OUT:-$LB_BUILD/bundle}
[ -f "$jobfile" ] || die "no job list $jobfile"
parse_variant_list "${VARIANTS:-}"
variants=${PARSED_VARIANTS[*]}
for v in $variants; do native_need_kernel "$v"; done

head=$(git -C "$LB_TOP" rev-parse --short=12 HEAD 2>/dev/null) || head=unknown
dirty=false
[ "$head" = unknown ] || [ -z "$(git -C "$LB_TOP" status --porcelain --untracked-files=no 2>/dev/null)" ] || dirty=true
name=lockbench-native-$head
[ "$dirty" = false ] || name+=-dirty
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
b=$tmp/$name
mkdir -p "$b/disasm-check"
shas=""
for v in $variants; do
	"$LB_TOP/scripts/native/build.sh" "$v" || die "bundle: building $v failed (see above)"
	mkdir -p "$b/bin/$v"
	cp "$LB_NATIVE_OUT/$v/lb-native" "$b/bin/$v/lb-native"
	cp "$LB_NATIVE_OUT/$v/disasm-check.txt" "$b/disasm-check/$v.txt"
	shas+="$v:$(sha_of "$b/bin/$v/lb-native") "
done
# The job list as written; the runner expands threads=SWEEP on the
# machine it runs on.  Checked here first by the first variant's binary.
# (threads=SWEEP as 1 thread: the runner's machine decides the counts).
first=${variants%% *}
sed 's/threads=SWEEP/threads=1/' "$jobfile" >"$tmp/jobs.check"
"$b/bin/$first/lb-native" -n -v "$first" -b 0 -H bundle -j "$tmp/jobs.check" ||
	die "bundle: the job list $jobfile is refused (see above)"
grep -v -E '^[[:space:]]*(#|$)' "$jobfile" >"$b/jobs"
cp "$LB_TOP/scripts/native/bundle-run.sh" "$b/run.sh"
cp "$LB_TOP/scripts/host-cpu.sh" "$LB_TOP/scripts/native/host-facts.sh" "$LB_TOP/scripts/native/topology.sh" "$b/"
utc_now %Y-%m-%dT%H:%M:%SZ
{
	echo "bundle=$name"
	echo "commit=$head"
	echo "dirty=$dirty"
	echo "built_utc=$REPLY"
	echo "variants=$variants"
	echo "binary_sha256=${shas% }"
	echo "jobs_from=${jobfile#"$LB_TOP"/}"
} >"$b/bundle.info"
cat >"$b/README.txt" <<'EOF'
lockbench native bundle: each variant's kernel lock code, linked into a
static user program, timed with the TSC.  Needs Linux on x86-64 with a
constant TSC (constant_tsc in /proc/cpuinfo); no root, no compiler.

    sh run.sh -t 300            # at most 5 minutes; results in ./lockbench-results-TIME
    sh run.sh -p llc -t 120     # two threads sharing a last-level cache
    sh run.sh -h                # every option (see the top of run.sh)

Bring the results folder back and, in a lockbench checkout:
    make import BUNDLE_RESULTS=lockbench-results-TIME
EOF
mkdir -p "$outdir"
tar -C "$tmp" -czf "$outdir/$name.tar.gz.new" "$name"
mv "$outdir/$name.tar.gz.new" "$outdir/$name.tar.gz"
size=$(stat -c %s "$outdir/$name.tar.gz")
say "bundle: ${outdir#"$LB_TOP"/}/$name.tar.gz ($size bytes; variants $variants)"
