#!/usr/bin/env bash
# Bring your own kernel (scripts/build/byo.sh), without building one: tiny fake
# kernel trees that carry the markers byo.sh checks (Makefile with
# VERSION =, Kconfig, arch/x86/).  Bad input stops naming the fix; good
# input gives one git worktree per side and a variant each, found through
# variant_path; a re-run leaves a side where a bisect moved it.
# check: slow
. "$(dirname "$0")/../lib.bash"
export LB_BUILD=$TMP/build
# linux-source-6.1 must never be needed here: a missing one fails fast.
export LB_SRC_TARBALL=$TMP/no-linux-source.tar.xz
# As env "$@" byo.sh, with two execs fewer (env's and the #! line's).
byo() { (declare -x -- "$@" && exec bash "$TOP/scripts/build/byo.sh"); }
lb() { (. "$TOP/scripts/lib.sh" && "$@"); }
gitc() { git -c user.name=t -c user.email=t@example.org "$@"; }

# A fake kernel: v1 (base) on master, a branch "fix" with one locking
# change, and a branch "notkernel" (v1 without arch/) for the bare
# repository below: one git fast-import stream, then master checked out.
k=$TMP/linux
mkdir -p "$k"
git -C "$k" init -q -b master
spin='/* spinlock */
int spin;
'
git -C "$k" fast-import --quiet <<EOT
commit refs/heads/master
mark :1
committer t <t@example.org> 1700000000 +0000
data <<E
base
E
M 100644 inline Makefile
data <<E
VERSION = 6
PATCHLEVEL = 1
E
M 100644 inline Kconfig
data <<E
mainmenu "fake"
E
M 100644 inline arch/x86/Kconfig
data <<E
config X86
E
M 100644 inline kernel/locking/spinlock.c
data <<E
${spin}E
reset refs/tags/v1
from :1
commit refs/heads/fix
committer t <t@example.org> 1700000001 +0000
data <<E
locking: fix
E
from :1
M 100644 inline kernel/locking/spinlock.c
data <<E
${spin}/* fix */
E
commit refs/heads/notkernel
committer t <t@example.org> 1700000002 +0000
data <<E
no arch
E
from :1
D arch
EOT
git -C "$k" reset -q --hard
gitc -C "$k" format-patch -q -1 -o "$TMP/series" fix

# 1. Bad input, each naming the fix.
mkdir -p "$TMP/notkernel"
echo 'all:' >"$TMP/notkernel/Makefile"
expect_error "KSRC not a kernel tree" "KSRC=.*notkernel is not a Linux kernel source tree \(it lacks a top-level Makefile with VERSION =, Kconfig, arch/x86/\): point KSRC at" \
	byo KSRC="$TMP/notkernel"
expect_error "KSRC missing" "KSRC=$TMP/nosuch does not exist: point it at" byo KSRC="$TMP/nosuch"
expect_error "missing BASE ref" "BASE=v9 is not a commit in .*: check the spelling .* or fetch it first" \
	byo KSRC="$k" BASE=v9
expect_error "missing PATCHED ref" "PATCHED=nosuch is not a commit in" byo KSRC="$k" BASE=v1 PATCHED=nosuch
mkdir -p "$TMP/stale"
sed 's/^ int spin;$/ int spun;/' "$TMP/series/0001-locking-fix.patch" >"$TMP/stale/0001-stale.patch"
cp "$TMP/series/0001-locking-fix.patch" "$TMP/stale/0002-good.patch"
printf '0002-good.patch\n0001-stale.patch\n' >"$TMP/stale/series"
expect_error "patch that does not apply" "stale/0001-stale.patch does not apply with git am on top of v1 .*; rebase it onto that base" \
	byo KSRC="$k" BASE=v1 PATCHES="$TMP/stale"
[ ! -e "$LB_BUILD/user/stale/src" ] || fail "the half-patched worktree was left behind"
mkdir -p "$TMP/plain-diff"
git -C "$k" diff v1 fix >"$TMP/plain-diff/fix.patch"
expect_error "a plain diff" "plain-diff/fix.patch is not a mail-format patch, which git am needs: write it with git format-patch" \
	byo KSRC="$k" BASE=v1 PATCHES="$TMP/plain-diff"
expect_error "KERNEL without KBUILD" "KERNEL=.* needs KBUILD=, the directory that kernel was built in" \
	byo KERNEL="$TMP/bzImage"
expect_error "name of a built-in variant" "variant name 'stock' is already a built-in variant" \
	byo KSRC="$k" BASE_NAME=stock
expect_error "two sides one name" "both named 'a-b'" byo KSRC="$k" BASE=v1 PATCHED=fix BASE_NAME=a-b PATCHED_NAME=a-b
expect_error "unknown fragment" "FRAGMENTS names 'nosuch' but vm-configs/nosuch.config does not exist" \
	byo KSRC="$k" FRAGMENTS=nosuch
expect_error "bad KCONFIG word" "KCONFIG: 'LOCK_STAT=y' is not CONFIG_NAME=VALUE" \
	env KCONFIG="CONFIG_SMP=y LOCK_STAT=y" "$TOP/scripts/build/kernel.sh" pre
echo "ok: bad input"

# 2. BASE and PATCHED refs through make tree: two worktrees, two variants.
out=$(make -s -C "$TOP" tree KSRC="$k" BASE=v1 PATCHED=fix FRAGMENTS="lock-stock" 2>&1) || fail "make tree KSRC=: $out"
grep -q 'not needed by v1 fix' <<<"$out" || fail "make tree prepared linux-source-6.1 for user variants: $out"
for v in v1 fix; do
	[ "$(lb variant_path "$v" tree)" = "$LB_BUILD/user/$v/src" ] || fail "$v: tree is $(lb variant_path "$v" tree)"
	[ "$(lb variant_path "$v" kdir)" = "$LB_BUILD/user/$v/obj" ] || fail "$v: kdir is $(lb variant_path "$v" kdir)"
	[ "$(lb variant_fragments "$v")" = "$TOP/vm-configs/lock-stock.config" ] || fail "$v: fragments $(lb variant_fragments "$v")"
done
[ "$(git -C "$LB_BUILD/user/v1/src" rev-parse HEAD)" = "$(git -C "$k" rev-parse v1)" ] || fail "v1 is not at v1"
[ "$(git -C "$LB_BUILD/user/fix/src" rev-parse HEAD)" = "$(git -C "$k" rev-parse fix)" ] || fail "fix is not at fix"
[ "$(KSRC=$k BASE=v1 PATCHED=fix lb parse_variants "")" = "$(printf 'v1\nfix')" ] || fail "the default VARIANTS with KSRC= is not v1 fix"
[ "$(lb parse_variants "" | head -n 1)" = pre ] || fail "without KSRC= the default VARIANTS is no longer the matrix"
[ "$(lb variant_path pre kdir)" = "$LB_BUILD/kernel/pre" ] || fail "the default layout moved: $(lb variant_path pre kdir)"
[ "$(lb variant_path pre tree)" = "$LB_BUILD/kernel/linux-source-6.1" ] || fail "the default tree moved"
lb comparisons headline | grep -qx 'v1:fix' || fail "the two sides are not a headline comparison: $(lb comparison_lines)"
echo "ok: BASE/PATCHED worktrees, compared as the headline pair"

# A bisect moves a side; the same request again leaves it there.
git -C "$LB_BUILD/user/fix/src" checkout -q --detach v1
byo KSRC="$k" BASE=v1 PATCHED=fix FRAGMENTS=lock-stock >/dev/null 2>&1 || fail "re-run failed"
[ "$(git -C "$LB_BUILD/user/fix/src" rev-parse HEAD)" = "$(git -C "$k" rev-parse v1)" ] || fail "a re-run reset a moved side"
echo "ok: a re-run keeps a side a bisect moved"

# 3. PATCHES on top of BASE (git am), named after the directory.
byo KSRC="$k" BASE=v1 PATCHES="$TMP/series" >/dev/null 2>&1 || fail "PATCHES= failed"
[ "$(git -C "$LB_BUILD/user/series/src" log -1 --format=%s)" = "locking: fix" ] || fail "the patch was not applied with git am"
[ -z "$(lb variant_fragments series)" ] || fail "FRAGMENTS leaked into another request"
grep -q '^fix tree=' "$LB_BUILD/user/matrix" || fail "another request's variants were dropped from build/user/matrix"
echo "ok: PATCHES= with git am"

# 4. A tarball and a plain directory are imported into a git repository,
# even with Debian's .gitignore, which ignores everything at the top.
mkdir -p "$TMP/deb"
git -C "$k" archive --prefix=linux-source-6.1/ v1 | tar -x -C "$TMP/deb"
printf '/*\n!/debian/\n' >"$TMP/deb/linux-source-6.1/.gitignore"
tar -czf "$TMP/linux.tar.gz" -C "$TMP/deb" linux-source-6.1
byo KSRC="$TMP/linux.tar.gz" BASE_NAME=tgz >/dev/null 2>&1 || fail "a tarball KSRC failed"
[ -f "$LB_BUILD/user/tgz/src/kernel/locking/spinlock.c" ] || fail "the tarball's tree was not checked out"
git -C "$LB_BUILD/user/tgz/src" rev-parse HEAD >/dev/null || fail "the tarball's side is not a git tree"
byo KSRC="$TMP/deb/linux-source-6.1" BASE_NAME=dir >/dev/null 2>&1 || fail "a plain directory KSRC failed"
[ -f "$LB_BUILD/user/dir/src/Makefile" ] || fail "the plain directory's tree was not checked out"
echo 'bad' >"$TMP/notkernel/x" && tar -czf "$TMP/notkernel.tar.gz" -C "$TMP" notkernel
expect_error "tarball not a kernel tree" "KSRC=.*notkernel.tar.gz is not a Linux kernel source tree" \
	byo KSRC="$TMP/notkernel.tar.gz"
echo "ok: tarball and plain directory import"

# A bare repository (a mirror): each side's commit is checked instead.
git clone -q --bare "$k" "$TMP/linux.git"
byo KSRC="$TMP/linux.git" BASE=v1 BASE_NAME=bare >/dev/null 2>&1 || fail "a bare KSRC failed"
[ "$(git -C "$LB_BUILD/user/bare/src" rev-parse HEAD)" = "$(git -C "$k" rev-parse v1)" ] || fail "the bare repository's side is not at v1"
expect_error "a ref that is no kernel tree" "nokernel .* is not a Linux kernel tree \(it lacks arch/x86/\): name a commit of the kernel" \
	byo KSRC="$TMP/linux.git" BASE=notkernel BASE_NAME=nokernel
[ ! -e "$LB_BUILD/user/nokernel/src" ] || fail "the side that is no kernel tree was left behind"
echo "ok: bare repository"

# 5. A prebuilt kernel: a fake bzImage (the HdrS boot header at 0x202).
head -c 1024 /dev/zero >"$TMP/bzImage"
printf 'HdrS' | dd of="$TMP/bzImage" bs=1 seek=514 conv=notrunc 2>/dev/null
expect_error "KBUILD without Module.symvers" "KBUILD=.* has no .config" byo KERNEL="$TMP/bzImage" KBUILD="$TMP/kb"
mkdir -p "$TMP/kb/include/config" && touch "$TMP/kb/.config" "$TMP/kb/Module.symvers" "$TMP/kb/include/config/kernel.release"
expect_error "KERNEL not a bzImage" "is not an x86 bzImage" byo KERNEL="$k/Makefile" KBUILD="$TMP/kb"
out=$(make -s -C "$TOP" tree KERNEL="$TMP/bzImage" KBUILD="$TMP/kb" 2>&1) || fail "make tree KERNEL=: $out"
[ "$(lb variant_path prebuilt image)" = "$TMP/bzImage" ] || fail "prebuilt image: $(lb variant_path prebuilt image)"
[ "$(lb variant_path prebuilt kdir)" = "$TMP/kb" ] || fail "prebuilt kdir: $(lb variant_path prebuilt kdir)"
[ -z "$(lb variant_path prebuilt tree)" ] || fail "a prebuilt kernel has a tree"
[ "$(lb variant_path prebuilt state)" = "$LB_BUILD/user/prebuilt" ] || fail "prebuilt state is inside KBUILD"
expect_error "KCONFIG on a prebuilt kernel" "KCONFIG= cannot change the prebuilt kernel prebuilt" \
	env KCONFIG=CONFIG_SMP=y "$TOP/scripts/build/kernel.sh" prebuilt
byo KERNEL="$TMP/bzImage" KBUILD="$TMP/kb" VARIANT=mine >/dev/null 2>&1 || fail "VARIANT=mine failed"
[ "$(lb variant_path mine image)" = "$TMP/bzImage" ] || fail "VARIANT= did not name the prebuilt kernel"
echo "ok: prebuilt kernels"
