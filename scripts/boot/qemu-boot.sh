#!/usr/bin/env bash
# qemu-boot.sh VARIANT OUTDIR: boot one variant once and bring back what the
# guest wrote.  Settings come from the environment:
#   MACHINE  what the guest runs on, a machine of scripts/boot/machines.tsv:
#            tcg, kvm:CPU or icount (what its records' accel column says),
#            or the timed instrument's ACCEL, auto or kvm, which accel.sh
#            resolves here (default auto)
#   VCPUS    guest vCPUs (default 2, or the machine's most; icount: 1)
#   MEM      guest MiB (default 1024)
#   TIMEOUT  seconds before the guest is killed (default 300)
#   JOBFILE  job file for the C runner, or SCRIPT: a shell script to run instead
#   REPEAT   passes over the job file (default 1)   PERF_JOB  job index to record
#   BOOT     boot index recorded in results (default 0)
#   APPEND   extra kernel args; APPEND_<variant, - as _> for one variant only
#   PMU      perf stat events per job: auto (the guest's default: cycles and
#            instructions when it has a hardware PMU), off, or EVENT,EVENT
#   PLUGIN   a TCG plugin and its arguments, QEMU's -plugin value (the
#            events instrument, scripts/events/run.sh); not under KVM
#   INITRD_EXTRA  a cpio archive appended to the initramfs (make events'
#            calibration program)
# OUTDIR gets console.log, qemu.cmdline, provenance.json, pinning.txt
# (KVM: each vCPU's thread and host CPU), guest/ (the
# guest's /lb-out), records.csv (the journal: every record finished, even
# when the guest died), faults.txt and status, one of the contract's boot
# statuses (lb-validate --describe boot_statuses): ok, boot-timeout, killed,
# qemu-error, fault, no-results or guest-error.  Exit status 0 only for ok.
. "$(dirname "$0")/../lib.sh"

v=${1:?usage: qemu-boot.sh VARIANT OUTDIR}
out=${2:?usage: qemu-boot.sh VARIANT OUTDIR}
variant_fragments "$v" >/dev/null
machine=${MACHINE:-auto}
case $machine in
auto | kvm) ;;
*) default_vcpus=$(machine_vcpus "$machine") || exit ;;
esac
VCPUS=${VCPUS:-${default_vcpus:-2}} MEM=${MEM:-1024} TIMEOUT=${TIMEOUT:-300}
# settings-exempt: the launcher's guard when a script calls it directly
for n in VCPUS MEM TIMEOUT; do
	case ${!n} in '' | *[!0-9]*) die "$n=${!n} is not a positive integer" ;; esac
	[ "${!n}" -gt 0 ] || die "$n must be greater than 0"
done
vcpus=$VCPUS mem=$MEM limit=$TIMEOUT
pmu_ok
[ "$vcpus" -le 64 ] || die "VCPUS=$vcpus exceeds the guest's NR_CPUS=64"
command -v qemu-system-x86_64 >/dev/null ||
	die "qemu-system-x86_64 not found: install qemu-system-x86 ('make deps')"

kernel=$(variant_path "$v" image)
[ -f "$kernel" ] || die "no kernel for $v at $kernel: run 'make kernel VARIANT=$v'"
base=$LB_BUILD/initramfs/base.cpio
[ -f "$base" ] || die "no guest initramfs at $base: run 'make initramfs'"
mods=$(variant_path "$v" state)/lb-modules.cpio
[ -z "${INITRD_EXTRA:-}" ] || [ -f "$INITRD_EXTRA" ] || die "INITRD_EXTRA=$INITRD_EXTRA does not exist"

case $machine in auto | kvm) machine=$(bash "$LB_TOP/scripts/boot/accel.sh" "$machine" "$kernel") ;; esac
machine_qemu_args qaccel "$machine"
machine_vcpus_ok "$machine" "$vcpus"
# A TCG plugin (PLUGIN=) needs TCG: refused before anything is written.
case ${PLUGIN:+$machine} in kvm:*) die "PLUGIN=${PLUGIN%%,*}: TCG plugins run under TCG only, and this boot is KVM ($machine): boot it on tcg or icount" ;; esac
# KVM: every vCPU thread on a host CPU of its own (kvm-pin.sh, after the
# start): debug-threads names the threads "CPU N/KVM", the pidfile finds QEMU.
pin=0
case $machine in kvm:*) pin=1 qaccel+=(-name "lockbench-$v,debug-threads=on" -pidfile "$out/qemu.pid") ;; esac

need_disk "$(dirname "$out")" 200
[ -e "$out/status" ] && die "$out already holds a boot; refusing to overwrite it"

# This boot's own archive: the job list or script.
stage=$out/boot.stage
mkdir -p "$stage/lb" "$out/guest" # and $out; guest/ for what the guest brings back
files=$'.\n./lb' # what find . lists there, in its order
if [ -n "${SCRIPT:-}" ]; then
	[ -f "$SCRIPT" ] || die "SCRIPT=$SCRIPT does not exist"
	install -m 0755 "$SCRIPT" "$stage/lb/script"
	files+=$'\n./lb/script'
elif [ -n "${JOBFILE:-}" ]; then
	[ -f "$JOBFILE" ] || die "JOBFILE=$JOBFILE does not exist"
	if [ "$(machine_vcpus "$machine")" = 1 ]; then
		# Refused here, before the boot, not by the module inside it: a
		# mode a one-vCPU machine cannot serve, named with the reason
		# (jobs.sh, which also gives an instruction count slope=1).
		# Written in place with mode 0644 (as install -m 0644 would).
		(umask 022 && exec bash "$LB_TOP/scripts/boot/jobs.sh" "$JOBFILE" 1 "$machine" user >"$stage/lb/jobs") || { rm -rf "$out"; exit 1; }
	else
		install -m 0644 "$JOBFILE" "$stage/lb/jobs"
	fi
	files+=$'\n./lb/jobs'
fi
# (cd "$stage" && find . | cpio ...), the same archive from one process.
cpio -D "$stage" -o -H newc --owner 0:0 --quiet <<<"$files" >"$out/boot.cpio"
initrd=$out/initrd.cpio
parts=("$base")
[ ! -f "$mods" ] || parts+=("$mods")
# shellcheck disable=SC2206 # INITRD_EXTRA is split as before
parts+=(${INITRD_EXTRA:-} "$out/boot.cpio")
cat "${parts[@]}" >"$initrd"

disk=$out/results.img
truncate -s "${LB_DISK_MIB:-128}M" "$disk"
# The journal: the runner appends each record here as its job ends, so a
# guest that dies keeps its finished jobs (records.csv below).
journal=$out/records.img
truncate -s 16M "$journal"

host_facts
host_cpus=$LB_HOST_CPUS host_id=$LB_HOST_ID
append="console=ttyS0 loglevel=5 panic=-1 lb.variant=$v lb.accel=${machine%%:*} lb.host=$host_id"
append+=" lb.host_cpus=$host_cpus lb.vcpus=$vcpus lb.boot=${BOOT:-0} lb.repeat=${REPEAT:-1}"
per_variant=APPEND_${v//-/_}
append+=" lb.perf=${PERF_JOB:--1} lb.out=/dev/vda lb.records=/dev/vdb${PMU:+ lb.pmu=$PMU} ${APPEND:-} ${!per_variant:-}"

cmd=(qemu-system-x86_64 "${qaccel[@]}" -smp "$vcpus" -m "$mem" -nodefaults
	-display none -no-reboot -serial "file:$out/console.log"
	-drive "file=$disk,format=raw,if=virtio" -drive "file=$journal,format=raw,if=virtio"
	-kernel "$kernel" -initrd "$initrd" -append "$append")
[ -z "${PLUGIN:-}" ] || cmd+=(-plugin "$PLUGIN")
printf '%q ' "${cmd[@]}" >"$out/qemu.cmdline"
echo >>"$out/qemu.cmdline"
bash "$LB_TOP/scripts/boot/provenance.sh" "$v" "${machine%%:*}" "$vcpus" "${BOOT:-0}" "$out/qemu.cmdline" >"$out/provenance.json"
# LB_QEMU_DRYRUN=1: stop at the command line (tests/host/kvm-pin.sh).
if [ "${LB_QEMU_DRYRUN:-0}" = 1 ]; then
	rm -rf "$stage" "$initrd" "$out/boot.cpio" "$disk" "$journal" "$out/guest"
	exit 0
fi

# Seconds between two $EPOCHREALTIME stamps, written as the bc of two
# date +%s.%N stamps wrote it (9 decimals, no 0 before the point under a
# second).
wall_elapsed() { # start end
	local us=$((10#${2//[!0-9]/} - 10#${1//[!0-9]/})) sign=""
	[ $us -ne 0 ] || { echo 0 && return; }
	[ $us -ge 0 ] || { sign=- && us=$((-us)); }
	[ $((us / 1000000)) -eq 0 ] || sign+=$((us / 1000000))
	printf '%s.%06d000\n' "$sign" $((us % 1000000))
}
start=$EPOCHREALTIME
rc=0
if [ $pin = 1 ]; then
	sh -c '"$@" >"$0" 2>&1' "$out/qemu.stderr" timeout -k 5 "$limit" "${cmd[@]}" &
	qemu_bg=$!
	if ! bash "$LB_TOP/scripts/boot/kvm-pin.sh" pin "$out/qemu.pid" "$vcpus" "$out/pinning.txt" 2>"$out/pin.err"; then
		echo "unpinned: $(tail -n 1 "$out/pin.err")" >"$out/pinning.txt"
		note "boot $v: vCPUs not pinned: $(tail -n 1 "$out/pin.err")"
	fi
	wait "$qemu_bg" || rc=$?
else
	sh -c '"$@" >"$0" 2>&1' "$out/qemu.stderr" timeout -k 5 "$limit" "${cmd[@]}" || rc=$?
fi
end=$EPOCHREALTIME
wall=$(wall_elapsed "$start" "$end")
printf '%.2f\n' "$wall" >"$out/wall_s"

status=ok
# timeout(1) says 124 when the limit passed, 128+N when QEMU died of signal
# N (its own KILL 5 s after the limit, or anyone's kill before it).
if [ $rc -eq 124 ] || { [ $rc -gt 128 ] && [ "${wall%.*}" -ge "$limit" ]; }; then
	status=boot-timeout
elif [ $rc -gt 128 ]; then
	status=killed
	note "boot $v: QEMU was killed by signal $((rc - 128)) after ${wall%.*}s, before its ${limit}s limit"
elif [ $rc -ne 0 ]; then
	status=qemu-error
fi
# Every record the runner finished, whatever happened after (NULs are the
# journal's unused tail).
tr -d '\000' <"$journal" >"$out/records.csv"
# A record cut short by the end of the guest has no newline yet: drop it
# (sed -i '$d' when tail -c 1 is no newline, read in bash).
mapfile records <"$out/records.csv"
n=${#records[@]}
[ "$n" -eq 0 ] || [[ ${records[n - 1]} == *$'\n' ]] || printf '%s' "${records[@]:0:n-1}" >"$out/records.csv"
if [ $status != boot-timeout ] && [ $status != killed ] && ! tar -xf "$disk" -C "$out/guest" 2>"$out/tar.err"; then
	[ $status = ok ] && status=no-results
fi
# What only the boot needed, in one rm.
rm -rf "$stage" "$initrd" "$out/boot.cpio" "$journal" "$disk"
[ -f "$out/guest/runner.rc" ] || [ -f "$out/guest/script.rc" ] || [ $status != ok ] || status=no-results
if [ $status = ok ]; then
	rcs=""
	for f in "$out/guest/"{runner,script}.rc; do
		rcs+=$(cat "$f" 2>/dev/null) || true
	done
	rcs=${rcs//[$' \n']/} # cat ... | tr -d ' \n'
	[ "$rcs" = 0 ] || status=guest-error
fi
# A fault anywhere in the console or the guest's dmesg fails the boot.
if ! bash "$LB_TOP/scripts/boot/console-scan.sh" "$out/console.log" >"$out/faults.txt" ||
	{ [ -f "$out/guest/dmesg.txt" ] && ! bash "$LB_TOP/scripts/boot/console-scan.sh" "$out/guest/dmesg.txt" >>"$out/faults.txt"; }; then
	status=fault
fi
echo "$status" >"$out/status"
# The last "guest up after N", or nothing: a boot whose runner never
# started still reports its status and console below.
up=$(awk '{ s = $0; while (match(s, /guest up after [0-9.]*/)) { n++; u = substr(s, RSTART + 15, RLENGTH - 15); s = substr(s, RSTART + RLENGTH) } } END { if (n) print u }' "$out/console.log")
note "boot $v #${BOOT:-0}: $status in ${wall%.*}s wall (${machine%%:*}, $vcpus vCPUs${up:+, runner started ${up}s after kernel start})"
if [ $status != ok ]; then
	note "boot $v: last console lines (${out#"$LB_TOP"/}/console.log):"
	tail -n 15 "$out/console.log" | sed 's/^/    /' >&2
	[ -s "$out/faults.txt" ] && { note "boot $v: faults:"; head -n 10 "$out/faults.txt" | sed 's/^/    /' >&2; }
	exit 1
fi
exit 0
