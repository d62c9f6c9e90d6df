#!/usr/bin/env bash
# perf.sh VARIANT "JOB" [OUTDIR]: boot VARIANT, record JOB with perf
# record -g inside the guest (hardware cycles when the guest has a PMU, a
# software clock otherwise), bring perf.data back and summarise its top
# symbols with that variant's vmlinux.
. "$(dirname "$0")/../lib.sh"

v=${1:?usage: perf.sh VARIANT JOB [OUTDIR]} job=${2:?usage: perf.sh VARIANT JOB [OUTDIR]}
out=${3:-}
bash "$LB_TOP/scripts/build/need-built.sh" "$v"
if [ -n "$out" ]; then
	mkdir -p "$out"
else
	out=$LB_BUILD/perf/$(claim_dir "$LB_BUILD/perf" "$v-$(utc_now %Y%m%dT%H%M%SZ)")
fi
printf '%s\n' "$job" >"$out/perf.jobs"
JOBFILE=$out/perf.jobs PERF_JOB=0 REPEAT=1 TIMEOUT=${TIMEOUT:-300} \
	bash "$LB_TOP/scripts/boot/qemu-boot.sh" "$v" "$out/boot" || die "perf boot for $v failed: see ${out#"$LB_TOP"/}/boot"
data=$out/boot/guest/perf.data
[ -s "$data" ] || die "the guest wrote no perf.data (see ${out#"$LB_TOP"/}/boot/guest/runner.log)"
cp "$data" "$out/perf.data"
event=$(cat "$out/boot/guest/perf.event" 2>/dev/null || echo unknown)
# The guest symbolised it with its own kallsyms, module included; the host
# has only vmlinux, so its report is the fallback and names no module code.
report=$out/boot/guest/perf-report.txt
from="the guest (kernel: kallsyms; lockbench.ko: its ELF under /lib/modules)"
if [ ! -s "$report" ]; then
	note "perf $v: no report from the guest; the host's names no lockbench.ko function (see ${out#"$LB_TOP"/}/perf-report.log)"
	perf report -i "$out/perf.data" --vmlinux "$(variant_path "$v" kdir)/vmlinux" --stdio \
		--no-children -g none --sort dso,sym --percent-limit 0.5 >"$out/perf-report.txt" 2>"$out/perf-report.log" || true
	report=$out/perf-report.txt from="vmlinux only"
fi
[ -f "$out/boot/guest/perf.log" ] && cp "$out/boot/guest/perf.log" "$out/perf.log"
{
	echo "# perf top symbols: variant $v, event $event, symbols from $from, job: $job"
	grep -v '^$' "$report" | grep -v '^#' | head -n 25
} >"$out/perf-top.txt"
note "perf $v: ${out#"$LB_TOP"/}/perf.data, summary in perf-top.txt"
head -n 8 "$out/perf-top.txt" >&2
