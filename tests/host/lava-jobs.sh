#!/usr/bin/env bash
# make export's LAVA job definitions pass LAVA's own schema validator
# (lava_common.schemas.validate from Debian's lava-common, run by
# /usr/bin/python3), for the qemu device type (TCG and KVM) and the x86
# bare-metal template, and the validator refuses a broken job.  The
# variant is a fake one in a temporary build directory: the generator
# needs the bundle's files, not a real kernel.  An unbuilt variant is
# refused naming make kernel.
. "$(dirname "$0")/../lib.bash"
/usr/bin/python3 -c 'import lava_common.schemas' 2>/dev/null ||
	fail "Debian's lava-common is not installed (lava_common.schemas for /usr/bin/python3): run 'make deps'"
export LB_BUILD=$TMP/build
k=$LB_BUILD/kernel/pre
mkdir -p "$k/arch/x86/boot" "$LB_BUILD/module/pre" "$LB_BUILD/initramfs"
echo "not a kernel" >"$k/arch/x86/boot/bzImage"
echo "CONFIG_LOCK_PRE=y" >"$k/.config"
echo modules >"$k/lb-modules.cpio"
echo base >"$LB_BUILD/initramfs/base.cpio"
# Any ELF file with a GNU build-id note stands in for lockbench.ko.
cp "$(type -P true)" "$LB_BUILD/module/pre/lockbench.ko"
want_id=$(readelf -n "$LB_BUILD/module/pre/lockbench.ko" | sed -n 's/^[[:space:]]*Build ID: *//p')

expect_error "export of an unbuilt variant" "make kernel VARIANT=post" "$TOP/scripts/lab/export.sh" post
[ ! -e "$LB_BUILD/export/post" ] || fail "a refused export left build/export/post"

"$TOP/scripts/lab/export.sh" pre 2>"$TMP/err" || fail "export failed: $(cat "$TMP/err")"
b=$LB_BUILD/export/pre
for f in bzImage initramfs.cpio jobs cmdline.txt config provenance.json lava-qemu.yaml lava-x86.yaml; do
	[ -s "$b/$f" ] || fail "the bundle lacks $f"
done
(cd "$b" && sha256sum --quiet -c SHA256SUMS) || fail "SHA256SUMS does not match the bundle"
[ "$(jq -r .module_build_id "$b/provenance.json")" = "$want_id" ] || fail "module build-id is not readelf's $want_id"
# The initramfs: base, then the modules, then the jobs, as qemu-boot.sh.
head -c 5 "$b/initramfs.cpio" | grep -q base || fail "initramfs does not start with base.cpio"
grep -q -a 'lb/jobs' "$b/initramfs.cpio" || fail "initramfs holds no lb/jobs"
grep -q 'lb.out=console' "$b/cmdline.txt" && grep -q 'lb.host=auto' "$b/cmdline.txt" || fail "cmdline: $(cat "$b/cmdline.txt")"
grep -q "url: file://$b/bzImage" "$b/lava-qemu.yaml" || fail "image URL is not the bundle's: $(grep url: "$b/lava-qemu.yaml")"
echo "ok: bundle complete, module build-id $want_id"

ACCEL=kvm VCPUS=8 BUNDLE_URL=http://lab.example/lockbench/pre/ "$TOP/scripts/lab/lava-job.sh" qemu "$b" >"$TMP/kvm.yaml"
grep -q 'url: http://lab.example/lockbench/pre/bzImage' "$TMP/kvm.yaml" || fail "BUNDLE_URL not used: $(grep url: "$TMP/kvm.yaml")"
grep -q 'cpu: host' "$TMP/kvm.yaml" || fail "the KVM job does not use -cpu host"
/usr/bin/python3 "$TOP/scripts/lab/lava-validate.py" "$b/lava-qemu.yaml" "$b/lava-x86.yaml" "$TMP/kvm.yaml" ||
	fail "LAVA's validator refuses a generated job"
echo "ok: lava-qemu.yaml (tcg), the kvm variant and lava-x86.yaml pass lava_common.schemas.validate"

# The validator must be able to say no: an unknown boot method, an
# unknown key, a deploy without its kernel.
sed 's/method: qemu/method: no-such-method/' "$b/lava-qemu.yaml" >"$TMP/bad-method.yaml"
expect_error "unknown boot method" "bad-method.yaml: .*unknown action type" \
	/usr/bin/python3 "$TOP/scripts/lab/lava-validate.py" "$TMP/bad-method.yaml"
sed 's/^visibility: public/visibility: public\nvisibilty: public/' "$b/lava-qemu.yaml" >"$TMP/bad-key.yaml"
expect_error "unknown top-level key" "bad-key.yaml: .*visibilty" \
	/usr/bin/python3 "$TOP/scripts/lab/lava-validate.py" "$TMP/bad-key.yaml"
awk '/^    kernel:$/ { skip = 1; next } skip && /^    [a-z]/ { skip = 0 } !skip' "$b/lava-x86.yaml" >"$TMP/no-kernel.yaml"
expect_error "tftp deploy without a kernel" "no-kernel.yaml: .*kernel" \
	/usr/bin/python3 "$TOP/scripts/lab/lava-validate.py" "$TMP/no-kernel.yaml"
