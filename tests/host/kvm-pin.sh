#!/usr/bin/env bash
# ACCEL=kvm done properly, without KVM (guests on /dev/kvm hang here): the
# pinning plan gives each vCPU a host CPU of its own and refuses an
# oversubscribed guest; kvm-pin.sh pins the threads of a stand-in QEMU
# whose threads are named as debug-threads=on names them, and checks the
# affinity took; the QEMU command line qemu-boot.sh builds for kvm:host
# (a dry run) has -cpu host, the thread names and the pidfile, and a TCG
# one has none of them.  The probe itself, in each state /dev/kvm can be
# in, is tests/host/kvm-probe.sh's.
. "$(dirname "$0")/../lib.bash"
pin=$TOP/scripts/boot/kvm-pin.sh

[ "$("$pin" plan 2 4 | tr '\n' ' ')" = "0 1 1 2 " ] || fail "2 vCPUs on 4 CPUs: $("$pin" plan 2 4 | tr '\n' ' ')"
[ "$("$pin" plan 4 4 | tr '\n' ' ')" = "0 0 1 1 2 2 3 3 " ] || fail "4 vCPUs on 4 CPUs: $("$pin" plan 4 4 | tr '\n' ' ')"
expect_error "oversubscribed guest" "5 vCPUs cannot each have one of 4 host CPUs" "$pin" plan 5 4
expect_error "bad count" "'x' is not a positive CPU count" "$pin" plan x 4
echo "ok: plan: vCPU i on host CPU i+1 with a CPU to spare, i without"

# A stand-in QEMU: threads named "CPU N/KVM" (what debug-threads=on does)
# and a pidfile.  Debian's python3 names its threads through /proc.
n=$(nproc)
[ "$n" -ge 2 ] && n=2
fake_qemu() { # fake_qemu PIDFILE NAME-PREFIX
	/usr/bin/python3 -c '
import os, sys, threading, time
def vcpu(i):
    with open(f"/proc/self/task/{threading.get_native_id()}/comm", "w") as f:
        f.write(f"{sys.argv[2]}{i}/KVM")
    time.sleep(30)
for i in range(int(sys.argv[3])):
    threading.Thread(target=vcpu, args=(i,), daemon=True).start()
time.sleep(0.2)
open(sys.argv[1], "w").write(f"{os.getpid()}\n")
time.sleep(30)' "$1" "$2" "$n" &
	fake=$!
}
fake_qemu "$TMP/qemu.pid" "CPU "
"$pin" pin "$TMP/qemu.pid" "$n" "$TMP/pinning.txt" 2>"$TMP/err" || { kill "$fake"; fail "pinning failed: $(cat "$TMP/err")"; }
kill "$fake"
[ "$(wc -l <"$TMP/pinning.txt")" -eq "$n" ] || fail "pinning.txt: $(cat "$TMP/pinning.txt")"
while read -r _ vcpu _ tid _ cpu; do
	want=$("$pin" plan "$n" "$(nproc)" | awk -v i="$vcpu" '$1 == i { print $2 }')
	[ "$cpu" = "$want" ] || fail "vCPU $vcpu pinned to $cpu, the plan says $want"
done <"$TMP/pinning.txt"
echo "ok: $n stand-in vCPU threads pinned: $(tr '\n' ';' <"$TMP/pinning.txt")"
fake_qemu "$TMP/anon.pid" "worker "
LB_PIN_WAIT_S=1 expect_error "QEMU without thread names" "no thread 'CPU 0/KVM'.*debug-threads=on" \
	"$pin" pin "$TMP/anon.pid" "$n" "$TMP/anon.txt"
kill "$fake"

# The command line, from qemu-boot.sh itself (LB_QEMU_DRYRUN=1 stops
# before QEMU starts).  A fake kernel and initramfs are enough.
export LB_BUILD=$TMP/build
mkdir -p "$LB_BUILD/kernel/pre/arch/x86/boot" "$LB_BUILD/initramfs"
echo kernel >"$LB_BUILD/kernel/pre/arch/x86/boot/bzImage"
echo base >"$LB_BUILD/initramfs/base.cpio"
command -v qemu-system-x86_64 >/dev/null || fail "qemu-system-x86_64 is missing: run 'make deps'"
MACHINE=kvm:host VCPUS=$n LB_QEMU_DRYRUN=1 "$TOP/scripts/boot/qemu-boot.sh" pre "$TMP/kvm" 2>"$TMP/err" || fail "dry run failed: $(cat "$TMP/err")"
# qemu.cmdline is printf %q: read it back as the words QEMU gets.
eval "set -- $(cat "$TMP/kvm/qemu.cmdline")"
c="$*"
for want in "-accel kvm -cpu host" "-name lockbench-pre,debug-threads=on" "-pidfile $TMP/kvm/qemu.pid" "-smp $n"; do
	[[ $c == *"$want"* ]] || fail "the KVM command line lacks '$want': $c"
done
[ ! -e "$TMP/kvm/status" ] || fail "a dry run left a boot status"
MACHINE=tcg LB_QEMU_DRYRUN=1 "$TOP/scripts/boot/qemu-boot.sh" pre "$TMP/tcg" 2>"$TMP/err" || fail "TCG dry run failed: $(cat "$TMP/err")"
grep -q -e debug-threads -e pidfile "$TMP/tcg/qemu.cmdline" && fail "a TCG boot is set up for pinning: $(cat "$TMP/tcg/qemu.cmdline")"
echo "ok: kvm:host command line: -cpu host, named vCPU threads, pidfile; TCG's has none"
