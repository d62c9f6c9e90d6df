#!/usr/bin/env bash
# export.sh VARIANT: a self-contained bundle in build/export/VARIANT/ that a
# lab machine boots, through LAVA or by hand:
#   bzImage          the variant's kernel
#   initramfs.cpio   base (busybox, /init, lb-guest, perf) + the variant's
#                    modules + the job list, concatenated as qemu-boot.sh
#                    assembles each boot's archive
#   jobs             the job list in it, as the one job file expander
#                    puts it out (threads=SWEEP is expanded by the guest,
#                    to the lab machine's CPUs)
#   cmdline.txt      the kernel command line: no results disk (lb.out=console),
#                    so the runner frames results.csv on the console; the
#                    machine names itself (lb.host=auto)
#   config           the kernel's .config
#   provenance.json  tree, patch series hash, .config hash, module build-id
#                    (readelf -n), lockbench git revision
#   lava-qemu.yaml   LAVA job, device type qemu (ACCEL=tcg|kvm, default tcg)
#   lava-x86.yaml    LAVA job template for an x86 bare-metal device (tftp, iPXE)
#   SHA256SUMS       sha256sum of every file above
# Environment: JOBFILE, ACCEL, VCPUS, MEM, REPEAT (passes, default 3),
# BUNDLE_URL (where the lab fetches the bundle; default file://), CONSOLE
# (default ttyS0,115200).  make import reads the console log back.
. "$(dirname "$0")/../lib.sh"

v=${1:?usage: export.sh VARIANT}
variant_fragments "$v" >/dev/null
kernel=$(variant_path "$v" image)
kdir=$(variant_path "$v" kdir)
[ -f "$kernel" ] || die "variant $v is not built (no $kernel): run 'make kernel VARIANT=$v' (then make module and make initramfs VARIANTS=$v) before exporting it"
ko=$LB_BUILD/module/$v/lockbench.ko
[ -f "$ko" ] || die "no lockbench.ko for $v ($ko): run 'make module VARIANT=$v'"
mods=$(variant_path "$v" state)/lb-modules.cpio
[ -f "$mods" ] || die "no module archive for $v ($mods): run 'make initramfs VARIANTS=$v'"
base=$LB_BUILD/initramfs/base.cpio
[ -f "$base" ] || die "no guest initramfs at $base: run 'make initramfs'"
jobfile=${JOBFILE:-$LB_TOP/bench-user/jobs/default.jobs}
[ -f "$jobfile" ] || die "JOBFILE=$jobfile does not exist"
# The guest's list from the one expander: every job checked, comments and
# continuations resolved here; threads=SWEEP kept for the guest to expand
# to the lab machine's vCPUs (checked as 1 thread: that count is unknown).
joblist=$(expand_jobs "$jobfile" --sweep 1 --keep-sweep) || exit 1
# auto (make's default): the lab's machine is not known here, so the guest
# tells TCG, KVM and bare metal apart itself (CPUID) and records that.
accel=${ACCEL:-auto}
# settings-exempt: the accelerators an export takes, and why not icount
case $accel in auto | tcg | kvm) ;; *) die "ACCEL=$accel: an export runs on auto, tcg or kvm (icount needs this project's QEMU settings)" ;; esac
repeat=${REPEAT:-3}
case $repeat in '' | *[!0-9]* | 0) die "REPEAT=$repeat must be a positive integer" ;; esac
command -v readelf >/dev/null || die "readelf is missing: install binutils"
command -v jq >/dev/null || die "jq is not installed: run 'make deps'"

# LB_EXPORT_DIR: elsewhere than build/export (the boot test's own bundle).
exports=${LB_EXPORT_DIR:-$LB_BUILD/export}
out=$exports/$v
need_disk "$exports" 200
stage=$exports/.$v.$$
rm -rf "$stage"
mkdir -p "$stage/boot/lb"
trap 'rm -rf "$stage"' EXIT

cp "$kernel" "$stage/bzImage"
printf '%s\n' "$joblist" >"$stage/jobs"
printf '%s\n' "$joblist" >"$stage/boot/lb/jobs"
chmod 0644 "$stage/jobs" "$stage/boot/lb/jobs"
(cd "$stage/boot" && find . | LC_ALL=C sort | cpio -o -H newc --owner 0:0 --quiet) >"$stage/jobs.cpio"
cat "$base" "$mods" "$stage/jobs.cpio" >"$stage/initramfs.cpio"
rm -rf "${stage:?}/boot" "$stage/jobs.cpio"
cp "$kdir/.config" "$stage/config" 2>/dev/null || die "no .config in $kdir"
echo "console=${CONSOLE:-ttyS0,115200} loglevel=5 panic=-1 lb.variant=$v lb.accel=$accel lb.host=auto lb.host_cpus=auto lb.vcpus=auto lb.boot=1 lb.repeat=$repeat lb.perf=-1 lb.out=console" >"$stage/cmdline.txt"

ko_id=$(build_id "$ko")
head=$(git -C "$LB_TOP" rev-parse HEAD 2>/dev/null || echo none)
dirty=false
[ -n "$(git -C "$LB_TOP" status --porcelain --untracked-files=no 2>/dev/null)" ] && dirty=true
jq -n --arg variant "$v" --arg accel "$accel" \
	--arg linux_source "$(cat "$LB_STAMP" 2>/dev/null || echo unknown)" \
	--arg linux_source_version "$(dpkg-query -W -f='${Version}' "$LB_SRC_PKG" 2>/dev/null || echo unknown)" \
	--arg patch_series_sha256 "$(sed -n 's/.*series=\([^ ]*\).*/\1/p' "$LB_STAMP" 2>/dev/null)" \
	--arg patch_series_commit "$(series_commit)" \
	--arg config_sha256 "$(sha_of "$stage/config")" \
	--arg kernel_release "$(cat "$kdir/include/config/kernel.release" 2>/dev/null || echo unknown)" \
	--arg module_build_id "${ko_id:-none}" \
	--arg jobs_sha256 "$(sha_of "$stage/jobs")" \
	--arg cmdline "$(cat "$stage/cmdline.txt")" \
	--arg git_head "$head" --argjson git_dirty "$dirty" \
	--arg exported_utc "$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
	'{schema: "lockbench-export 1"} + $ARGS.named' >"$stage/provenance.json"

BUNDLE_URL=${BUNDLE_URL:-file://$out} ACCEL=$accel bash "$LB_TOP/scripts/lab/lava-job.sh" qemu "$stage" >"$stage/lava-qemu.yaml"
BUNDLE_URL=${BUNDLE_URL:-file://$out} bash "$LB_TOP/scripts/lab/lava-job.sh" x86 "$stage" >"$stage/lava-x86.yaml"
# One python start (LAVA's schemas take most of it): the validator itself
# says, by exit 3, that lava-common is not installed.
rc=0
err=$(/usr/bin/python3 "$LB_TOP/scripts/lab/lava-validate.py" "$stage/lava-qemu.yaml" "$stage/lava-x86.yaml" 2>&1 >/dev/null) || rc=$?
# Exit 3, or no python3 at all (126, 127): not validated, as before.
case $rc in
0) [ -z "$err" ] || printf '%s\n' "$err" >&2 ;;
3 | 126 | 127) note "export: lava-common is not installed: the LAVA jobs were not validated ('make deps')" ;;
*) printf '%s\n' "$err" >&2; die "export: LAVA's schema refuses the generated job (see above)" ;;
esac
(cd "$stage" && sha256sum bzImage initramfs.cpio jobs cmdline.txt config provenance.json lava-qemu.yaml lava-x86.yaml >SHA256SUMS)

rm -rf "$out"
mv "$stage" "$out"
note "export: $v -> ${out#"$LB_TOP"/} ($(du -m "$out/initramfs.cpio" | cut -f1) MiB initramfs, module build-id ${ko_id:-none}); submit lava-qemu.yaml or edit lava-x86.yaml for your lab"
