#!/usr/bin/env bash
# make bisect's driver (scripts/icount/bisect.sh, bisect-step.sh) on a fake tree
# whose file "cost" stands for the cell's instruction count, read by a fake
# measurer instead of a kernel build and an icount boot: it must name the
# commit where the count first rises beyond THRESHOLD, skip a commit that
# cannot be measured, and refuse bad input naming the fix.
# check: slow
. "$(dirname "$0")/../lib.bash"
export LB_BUILD=$TMP/build LB_SRC_TARBALL=$TMP/no-linux-source.tar.xz
k=$TMP/linux
mkdir -p "$k"
git -C "$k" init -q -b master
# c1..c8: 100 instructions, +2 at c3 (under 5%), c4 cannot be built, +10 at
# c7; written as one git fast-import stream (a commit and a tag each).
stream=""
for i in 1 2 3 4 5 6 7 8; do
	case $i in 1 | 2) c=100 ;; 3 | 4 | 5 | 6) c=102 ;; *) c=112 ;; esac
	stream+="commit refs/heads/master
mark :$i
committer t <t@example.org> $((1700000000 + i)) +0000
data <<E
c$i
E
"
	if [ "$i" = 1 ]; then
		stream+="M 100644 inline Makefile
data <<E
VERSION = 6
PATCHLEVEL = 1
E
M 100644 inline Kconfig
data <<E
mainmenu \"fake\"
E
M 100644 inline arch/x86/Kconfig
data <<E
config X86
E
"
	fi
	stream+="M 100644 inline cost
data <<E
$c
E
M 100644 inline n
data <<E
$i
E
"
	case $i in
	4) stream+="M 100644 inline broken
data <<E
broken
E
" ;;
	5) stream+="D broken
" ;;
	esac
	stream+="reset refs/tags/c$i
from :$i
"
done
# (<<< ends the stream with an empty line, which fast-import allows here.)
git -C "$k" fast-import --quiet <<<"$stream"
git -C "$k" reset -q --hard
cat >"$TMP/measure" <<'EOT'
#!/usr/bin/env bash
# A fake cell-count.sh: the variant's tree holds its count.
. "$TOP/scripts/lib.sh"
t=$(variant_path "$1" tree)
[ ! -e "$t/broken" ] && [ "$(<"$t/n")" != "${FAKE_BROKEN:-}" ] || die "build failed"
printf '%s\n' "$(<"$t/cost")"
EOT
chmod +x "$TMP/measure"
export TOP LB_BISECT_MEASURE=$TMP/measure
# As env KSRC=... "$@" bisect.sh, with two execs fewer.
b() { (declare -x -- KSRC="$k" CELL='kind=spin_lock mode=hot' THRESHOLD=5% "$@" && exec bash "$TOP/scripts/icount/bisect.sh"); }

out=$(b GOOD=c1 BAD=c8 2>&1) || fail "bisect failed: $out"
want=$(git -C "$k" log -1 --format='%h c7' c7)
[ "$(tail -n 1 <<<"$out")" = "$want" ] || fail "bisect named '$(tail -n 1 <<<"$out")', not '$want': $out"
steps=$(cat "$LB_BUILD"/bisect-runs/*/steps.log)
grep -q "^good .* 100$" <<<"$steps" || fail "GOOD's count is not in steps.log: $steps"
# git bisect log says the log of a bisect in progress: it must be gone.
log=$(git -C "$LB_BUILD/user/bisect/src" rev-parse --git-path BISECT_LOG)
[[ $log = /* ]] || log=$LB_BUILD/user/bisect/src/$log
[ ! -s "$log" ] || fail "the bisect was not reset"
echo "ok: first bad commit c7; c3's +2% is within the threshold"

expect_error "no GOOD" "make bisect needs GOOD=ref" b BAD=c8
# A bisect left in progress (an interrupted make bisect) is reset first.
git -C "$LB_BUILD/user/bisect/src" bisect start c8 c1 >/dev/null
expect_error "missing ref" "GOOD=nosuch is not a commit in" b GOOD=nosuch BAD=c8
[ ! -s "$log" ] || fail "a bisect left in progress was not reset"
expect_error "GOOD after BAD" "GOOD=c8 is not an ancestor of BAD=c1" b GOOD=c8 BAD=c1
expect_error "threshold without %" "THRESHOLD='5' is not a percentage: write e.g. THRESHOLD=5%" \
	env KSRC="$k" CELL='kind=spin_lock mode=hot' THRESHOLD=5 GOOD=c1 BAD=c8 "$TOP/scripts/icount/bisect.sh"
expect_error "not a hot cell" "is not a hot job: .* write mode=hot" \
	env KSRC="$k" CELL='kind=spin_lock mode=contended' THRESHOLD=5% GOOD=c1 BAD=c8 "$TOP/scripts/icount/bisect.sh"
expect_error "no regression" "BAD=c3 counts 102 against GOOD's 100 \(2.00%\), not more than THRESHOLD=5%: nothing to bisect" \
	b GOOD=c1 BAD=c3
# A skipped commit next to the change leaves two candidates: said, not guessed.
expect_error "ambiguous" "git bisect run did not name one first bad commit" b GOOD=c1 BAD=c8 FAKE_BROKEN=6
