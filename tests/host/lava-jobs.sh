#!/usr/bin/env bash
# make export's LAVA job definitions pass LAVA's own schema validator
# (lava_common.schemas.validate from Debian's lava-common, run by
# /usr/bin/python3), for the qemu device type (TCG and KVM) and the x86
# bare-metal template, and the validator refuses a broken job.  The
# variant is a fake one in a temporary build directory: the generator
# needs the bundle's files, not a real kernel.  An unbuilt variant is
# refused naming make kernel; the guest's job list is the one expander's.
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
# The guest's job list comes from the one expander: no comment left,
# threads=SWEEP kept for the guest; a bad job refused by its line.
[ "$(<"$b/jobs")" = "$("$TOP/bench-user/lb-validate" --jobs "$TOP/bench-user/jobs/default.jobs" --sweep 1 --keep-sweep)" ] ||
	fail "the exported jobs are not the expander's: $(head -n 3 "$b/jobs")"
grep -q 'threads=SWEEP' "$b/jobs" || fail "the exported jobs lost threads=SWEEP"
printf 'kind=spin_lock mode=hot\nkind=spin_lock mode=hot batches=0\n' >"$TMP/bad.jobs"
expect_error "export of a bad job" "bad.jobs:2: .*batches=0: want an integer" env JOBFILE="$TMP/bad.jobs" "$TOP/scripts/lab/export.sh" pre
[ "$(jq -r .module_build_id "$b/provenance.json")" = "$want_id" ] || fail "module build-id is not readelf's $want_id"
# The initramfs: base, then the modules, then the jobs, as qemu-boot.sh.
IFS= read -r -N 5 first <"$b/initramfs.cpio" || true
[[ $first == base* ]] || fail "initramfs does not start with base.cpio"
grep -q -a 'lb/jobs' "$b/initramfs.cpio" || fail "initramfs holds no lb/jobs"
read -r cmdline <"$b/cmdline.txt"
[[ $cmdline == *lb.out=console* && $cmdline == *lb.host=auto* ]] || fail "cmdline: $cmdline"
grep -q "url: file://$b/bzImage" "$b/lava-qemu.yaml" || fail "image URL is not the bundle's: $(grep url: "$b/lava-qemu.yaml")"
echo "ok: bundle complete, module build-id $want_id"

ACCEL=kvm VCPUS=8 BUNDLE_URL=http://lab.example/lockbench/pre/ "$TOP/scripts/lab/lava-job.sh" qemu "$b" >"$TMP/kvm.yaml"
grep -q 'url: http://lab.example/lockbench/pre/bzImage' "$TMP/kvm.yaml" || fail "BUNDLE_URL not used: $(grep url: "$TMP/kvm.yaml")"
grep -q 'cpu: host' "$TMP/kvm.yaml" || fail "the KVM job does not use -cpu host"
# The validator must be able to say no: an unknown boot method, an
# unknown key, a deploy without its kernel.  One validator process for
# the good and the broken jobs (its start-up, LAVA's schemas, is most of
# this test's time): it prints "ok FILE" for each job it accepts and
# "FILE: reason" for each it refuses, and exits 1.
sed 's/method: qemu/method: no-such-method/' "$b/lava-qemu.yaml" >"$TMP/bad-method.yaml"
sed 's/^visibility: public/visibility: public\nvisibilty: public/' "$b/lava-qemu.yaml" >"$TMP/bad-key.yaml"
awk '/^    kernel:$/ { skip = 1; next } skip && /^    [a-z]/ { skip = 0 } !skip' "$b/lava-x86.yaml" >"$TMP/no-kernel.yaml"
rc=0
/usr/bin/python3 "$TOP/scripts/lab/lava-validate.py" "$b/lava-qemu.yaml" "$b/lava-x86.yaml" "$TMP/kvm.yaml" \
	"$TMP/bad-method.yaml" "$TMP/bad-key.yaml" "$TMP/no-kernel.yaml" >"$TMP/ok" 2>"$TMP/refused" || rc=$?
[ $rc -eq 1 ] || fail "the validator exited $rc on three good and three broken jobs, want 1: $(<"$TMP/refused")"
IFS= read -r -d '' ok <"$TMP/ok" || true
IFS= read -r -d '' refused <"$TMP/refused" || true
for f in "$b/lava-qemu.yaml" "$b/lava-x86.yaml" "$TMP/kvm.yaml"; do
	[[ $ok == *"ok $f"* ]] || fail "LAVA's validator refuses a generated job: ${f##*/}: $refused"
done
echo "ok: lava-qemu.yaml (tcg), the kvm variant and lava-x86.yaml pass lava_common.schemas.validate"
# Each broken job refused on a line of its own, with its reason.
refused() { # what FILE PATTERN: FILE not accepted, and a line of the refusals names it with PATTERN
	local line
	[[ $ok != *"/$2"* ]] || fail "$1: $2 was accepted: $ok"
	while IFS= read -r line; do
		[[ $line =~ $2:\ .*$3 ]] && { echo "ok: $1 -> $line"; return 0; }
	done <<<"$refused"
	fail "$1: no refusal of $2 matching /$3/: $refused"
}
refused "unknown boot method" bad-method.yaml "unknown action type"
refused "unknown top-level key" bad-key.yaml visibilty
refused "tftp deploy without a kernel" no-kernel.yaml kernel
