#!/usr/bin/env bash
# make bisect's driver (scripts/boot/bisect.sh, bisect-step.sh) on a fake tree
# whose file "cost" stands for the cell's instruction count, read by a fake
# measurer instead of a kernel build and an icount boot: it must name the
# commit where the count first rises beyond THRESHOLD, skip a commit that
# cannot be measured, and refuse bad input naming the fix.
# check: slow
. "$(dirname "$0")/../lib.bash"
export LB_BUILD=$TMP/build LB_SRC_TARBALL=$TMP/no-linux-source.tar.xz
gitc() { git -c user.name=t -c user.email=t@example.org "$@"; }
k=$TMP/linux
mkdir -p "$k/arch/x86"
printf 'VERSION = 6\nPATCHLEVEL = 1\n' >"$k/Makefile"
echo 'mainmenu "fake"' >"$k/Kconfig"
echo 'config X86' >"$k/arch/x86/Kconfig"
git -C "$k" init -q
# c1..c8: 100 instructions, +2 at c3 (under 5%), c4 cannot be built, +10 at c7.
for i in 1 2 3 4 5 6 7 8; do
	case $i in 1 | 2) c=100 ;; 3 | 4 | 5 | 6) c=102 ;; *) c=112 ;; esac
	echo "$c" >"$k/cost"
	echo "$i" >"$k/n"
	if [ "$i" = 4 ]; then echo broken >"$k/broken"; else rm -f "$k/broken"; fi
	git -C "$k" add -A
	gitc -C "$k" commit -q -m "c$i"
	git -C "$k" tag "c$i"
done
cat >"$TMP/measure" <<'EOT'
#!/usr/bin/env bash
# A fake cell-count.sh: the variant's tree holds its count.
. "$TOP/scripts/lib.sh"
variant_paths "$1"
t=$VARIANT_TREE
[ ! -e "$t/broken" ] && [ "$(<"$t/n")" != "${FAKE_BROKEN:-}" ] || die "build failed"
printf '%s\n' "$(<"$t/cost")"
EOT
chmod +x "$TMP/measure"
export TOP LB_BISECT_MEASURE=$TMP/measure
# As env KSRC=... "$@" bisect.sh, with two execs fewer.
b() { (declare -x -- KSRC="$k" CELL='kind=spin_lock mode=hot' THRESHOLD=5% "$@" && exec bash "$TOP/scripts/boot/bisect.sh"); }

out=$(b GOOD=c1 BAD=c8 2>&1) || fail "bisect failed: $out"
want=$(git -C "$k" log -1 --format='%h c7' c7)
[ "$(tail -n 1 <<<"$out")" = "$want" ] || fail "bisect named '$(tail -n 1 <<<"$out")', not '$want': $out"
steps=$(cat "$LB_BUILD"/bisect-runs/*/steps.log)
grep -q "^good .* 100$" <<<"$steps" || fail "GOOD's count is not in steps.log: $steps"
[ -z "$(git -C "$LB_BUILD/user/bisect/src" bisect log 2>/dev/null)" ] || fail "the bisect was not reset"
echo "ok: first bad commit c7; c3's +2% is within the threshold"

expect_error "no GOOD" "make bisect needs GOOD=ref" b BAD=c8
expect_error "missing ref" "GOOD=nosuch is not a commit in" b GOOD=nosuch BAD=c8
expect_error "GOOD after BAD" "GOOD=c8 is not an ancestor of BAD=c1" b GOOD=c8 BAD=c1
expect_error "threshold without %" "THRESHOLD='5' is not a percentage: write e.g. THRESHOLD=5%" \
	env KSRC="$k" CELL='kind=spin_lock mode=hot' THRESHOLD=5 GOOD=c1 BAD=c8 "$TOP/scripts/boot/bisect.sh"
expect_error "not a hot cell" "is not a hot job: .* write mode=hot" \
	env KSRC="$k" CELL='kind=spin_lock mode=contended' THRESHOLD=5% GOOD=c1 BAD=c8 "$TOP/scripts/boot/bisect.sh"
expect_error "no regression" "BAD=c3 counts 102 against GOOD's 100 \(2.00%\), not more than THRESHOLD=5%: nothing to bisect" \
	b GOOD=c1 BAD=c3
# A skipped commit next to the change leaves two candidates: said, not guessed.
expect_error "ambiguous" "git bisect run did not name one first bad commit" b GOOD=c1 BAD=c8 FAKE_BROKEN=6
