#!/usr/bin/env bash
# host-file.sh RUN: file an events pass that is not the published run's
# (make events NAME=..., e.g. the PREEMPT comparison of issue #37) under
# its host, next to the host's native runs:
#   results/hosts/HOST_ID/events/RUN_ID/
#     run.info jobs.hot jobs.smp events.csv calibration.md
#     boots/VARIANT/{hot,smp}/events.tsv     the plugin's files: their
#                                             sums (stores, loads per op)
#                                             are not in events.csv
#     boots/VARIANT/{hot,smp}/provenance.json
#     break-lock.tsv   each variant's stores into break_lock, from the
#                      kernel the pass booted (scripts/events/break-lock.sh)
#     provenance.txt   where it came from, its commit, when filed
# The events are model quantities (a directory model under TCG); the host
# is named because TCG's interleaving, and so the handoffs, are its own.
#
# RUN is the pass's folder (build/runs/NAME/events).  The kernels must be
# the ones it booted: each variant's .config is checked against the
# config_sha256 its boots recorded before its vmlinux is disassembled.
# RESULTS= the results folder (default results/).
. "$(dirname "$0")/../lib.sh"

run=${1:?usage: host-file.sh RUN (an events pass: build/runs/NAME/events)}
results=${RESULTS:-$LB_TOP/results}
[ -f "$run/run.info" ] || die "host-file: $run has no run.info: not an events pass"
declare -A RI=()
readkv RI "$run/run.info"
[ "${RI[accel]:-}" = "icount tcg" ] || die "host-file: $run is an accel=${RI[accel]:-unknown} run, not an events pass (accel=icount tcg)"
[ -n "${RI[total_seconds]:-}" ] || die "host-file: $run/run.info has no total_seconds: the pass did not finish"
read -r -a variants <<<"${RI[variants]:-}"
[ ${#variants[@]} -gt 0 ] || die "host-file: $run/run.info names no variants"
command -v jq >/dev/null || die "jq is not installed: run 'make deps'"
for v in "${variants[@]}"; do
	for pass in hot smp; do
		for f in events.tsv provenance.json; do
			[ -f "$run/boots/$v/$pass/$f" ] || die "host-file: $run/boots/$v/$pass/$f is missing"
		done
	done
done
for f in events.csv jobs.hot jobs.smp; do
	[ -f "$run/$f" ] || die "host-file: $run/$f is missing"
done

# The host, from the boots' own provenance: one pass is one host.
mapfile -t ids < <(for v in "${variants[@]}"; do jq -r .host_id "$run/boots/$v/smp/provenance.json"; done | sort -u)
[ ${#ids[@]} = 1 ] || die "host-file: $run's boots name ${#ids[@]} hosts (${ids[*]}): one pass is one host"
id=${ids[0]}
run_id=${RI[run_id]:?host-file: $run/run.info has no run_id}
dest=$results/hosts/$id/events/$run_id
[ ! -e "$dest" ] || die "host-file: $dest already exists"

# Each variant's break_lock stores, from the kernel it booted, read
# before anything is written.
stores=""
for v in "${variants[@]}"; do
	kdir=$(variant_path "$v" kdir)
	[ -f "$kdir/vmlinux" ] || die "host-file: no $kdir/vmlinux: the kernel $v booted is gone; file the pass before rebuilding it"
	want=$(jq -r .config_sha256 "$run/boots/$v/smp/provenance.json")
	have=$(sha_of "$kdir/.config")
	[ "$want" = "$have" ] ||
		die "host-file: $v's kernel was reconfigured since the pass (.config $have, the boots recorded $want): its disassembly would not be the booted kernel's"
	stores+=$(bash "$LB_TOP/scripts/events/break-lock.sh" "$v" "$kdir/vmlinux")$'\n'
done

mkdir -p "$dest"
cp "$run/run.info" "$run/events.csv" "$run/jobs.hot" "$run/jobs.smp" "$dest/"
printf '%s' "$stores" >"$dest/break-lock.tsv"
[ ! -f "$run/calibration.md" ] || cp "$run/calibration.md" "$dest/"
for v in "${variants[@]}"; do
	for pass in hot smp; do
		mkdir -p "$dest/boots/$v/$pass"
		cp "$run/boots/$v/$pass/events.tsv" "$run/boots/$v/$pass/provenance.json" "$dest/boots/$v/$pass/"
	done
done
p=$run/boots/${variants[0]}/smp/provenance.json
if [ ! -f "$results/hosts/$id/host.info" ]; then
	jq -r --arg id "$id" '"host_id=\($id)\ncpu_vendor=\(.host_cpu_vendor)\ncpu_model=\(.host_cpu_model)\ncpu_family=\(.host_cpu_family)\ncpu_model_id=\(.host_cpu_model_id)\ncpu_stepping=\(.host_cpu_stepping)\nonline_cpus=\(.host_cpus)"' \
		"$p" >"$results/hosts/$id/host.info"
fi
{
	echo "run_id=$run_id"
	echo "host_id=$id"
	# No machine's directories: LB_BUILD as build, as provenance.sh writes it.
	src=$(readlink -f "$run")
	src=${src/#"$(readlink -f "$LB_BUILD")"/build}
	echo "source=${SOURCE:-${src#"$LB_TOP"/}}"
	echo "commit=$(jq -r '.git_head + (if .git_dirty then " (dirty)" else "" end)' "$p")"
	echo "qemu=$(jq -r .qemu_version "$p")"
	echo "filed_utc=$(utc_now %Y-%m-%dT%H:%M:%SZ)"
} >"$dest/provenance.txt"
note "host-file: ${dest#"$LB_TOP"/} (${#variants[@]} variants: ${variants[*]})"
