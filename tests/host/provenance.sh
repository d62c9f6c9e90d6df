#!/usr/bin/env bash
# provenance.sh writes valid JSON whatever a value holds, and a published
# provenance names no machine's directories: the QEMU command line's paths
# inside the checkout and the build directory come out relative.  The
# kernel's compiler is recorded as its build's version banner names it.
. "$(dirname "$0")/../lib.bash"
command -v jq >/dev/null || skip "jq is not installed"
export LB_BUILD=$TMP/build
mkdir -p "$LB_BUILD"
cat >"$TMP/cmd" <<EOC
qemu-system-x86_64 -kernel $LB_BUILD/kernel/pre/bzImage -initrd $TOP/build/x.cpio -append "a=\"b\",c"
EOC
mkdir -p "$LB_BUILD/kernel/pre/include/generated"
cc_line='gcc (Debian 12.2.0-14+deb12u1) 12.2.0, GNU ld (GNU Binutils for Debian) 2.40'
printf '#define UTS_MACHINE\t\t"x86_64"\n#define LINUX_COMPILER\t\t"%s"\n' "$cc_line" >"$LB_BUILD/kernel/pre/include/generated/compile.h"
"$TOP/scripts/boot/provenance.sh" pre tcg 2 3 "$TMP/cmd" >"$TMP/p.json" 2>"$TMP/err" || fail "provenance.sh failed"
jq -e . "$TMP/p.json" >/dev/null || fail "not JSON: $(cat "$TMP/p.json")"
q=$(jq -r .qemu_cmdline "$TMP/p.json")
case $q in *"$TMP"* | *"$TOP"*) fail "the command line keeps an absolute path: $q" ;; esac
[[ $q == *"-kernel build/kernel/pre/bzImage -initrd build/x.cpio"* ]] || fail "paths not made relative: $q"
[[ $q == *'a=\"b\",c'* ]] || fail "quotes or commas lost: $q"
[ "$(jq -r .boot "$TMP/p.json")" = 3 ] && [ "$(jq -r .vcpus "$TMP/p.json")" = 2 ] || fail "boot or vcpus wrong"
echo "ok: provenance: valid JSON, relative paths: $q"
[ "$(jq -r .kernel_compiler "$TMP/p.json")" = "$cc_line" ] ||
	fail "kernel_compiler is not compile.h's LINUX_COMPILER: $(jq -r .kernel_compiler "$TMP/p.json")"
echo "ok: provenance: the kernel's compiler, $cc_line"
# The commit the patch series was at: the last that changed the patch
# folder, "-dirty" after it when the checkout's series differs from it;
# nothing outside git (the report then says unknown).
if command -v git >/dev/null; then
	p=$TMP/patch
	mkdir -p "$p"
	echo 0001-a.patch >"$p/series"
	: >"$p/0001-a.patch"
	git -C "$p" init -q
	git -C "$p" add .
	git -C "$p" -c user.name=t -c user.email=t@t commit -q -m 'patch: a'
	want=$(git -C "$p" rev-parse HEAD)
	series() { LB_PATCH_DIR=$p "$TOP/scripts/boot/provenance.sh" pre tcg 2 3 "$TMP/cmd" 2>/dev/null | jq -r .patch_series_commit; }
	got=$(series)
	[ "$got" = "$want" ] || fail "patch_series_commit is '$got', want the series' commit $want"
	echo "# changed" >>"$p/series"
	got=$(series)
	[ "$got" = "$want-dirty" ] || fail "patch_series_commit is '$got' for a changed series, want $want-dirty"
	rm -rf "$p/.git"
	got=$(series)
	[ -z "$got" ] || fail "patch_series_commit is '$got' outside git, want nothing"
	echo "ok: provenance: patch_series_commit $want, -dirty for a changed series, empty outside git"
fi
