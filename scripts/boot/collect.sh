#!/usr/bin/env bash
# collect.sh RUNDIR VARIANT BOOTDIR: add one boot's records to
# RUNDIR/VARIANT.csv, or record the boot's failure in RUNDIR/failures.csv.
# The failure names the job that was running (the runner logs "lockbench:
# job N start" to the console).  A boot that died (the boot statuses with
# keeps=1 in the contract: boot-timeout, killed, QEMU error, no results)
# still contributes the jobs it finished, from its journal (records.csv),
# and its failure line says how many; a boot that logged a fault
# contributes none: its numbers stay in its boot directory.
case $0 in */*) . "${0%/*}/../lib.sh" ;; *) . ../lib.sh ;; esac # dirname without a process
. "$LB_TOP/schema/contract.sh"

run=$1 v=$2 boot=$3
status=$(cat "$boot/status" 2>/dev/null || echo missing)
fail() { # reason
	local job
	job=$(grep -a -o 'lockbench: job [0-9]* start: .*' "$boot/console.log" 2>/dev/null | tail -n 1 |
		sed 's/lockbench: job \([0-9]*\) start: /\1,/' | tr ',' ' ' | tr -d '\r' || true)
	[ -f "$run/failures.csv" ] || contract_header failures >"$run/failures.csv"
	printf '%s,%s,%s,%s,%s\n' "$v" "$(basename "$boot")" "$1" "${job:-none}" \
		"${boot#"$run"/}/console.log" >>"$run/failures.csv"
	{
		echo "== $v $(basename "$boot"): $1 (last job: ${job:-none})"
		tail -n 20 "$boot/console.log" 2>/dev/null
		cat "$boot/faults.txt" 2>/dev/null
	} >>"$run/failures.txt"
	note "collect: $v $(basename "$boot") failed: $1"
}

res=$boot/guest/results.csv
if [ "$status" != ok ]; then
	kept=0
	case " $(contract_list boot_statuses keeps=1) " in *" $status "*)
		if [ -s "$boot/records.csv" ] && "$LB_TOP/bench-user/lb-validate" "$boot/records.csv" >"$boot/validate.txt" 2>&1; then
			kept=$(($(grep -c -v '^#' "$boot/records.csv") - 1))
		fi
		;;
	esac
	if [ "$kept" -gt 0 ]; then
		res=$boot/records.csv
		fail "$status (kept $kept finished records)"
	else
		fail "$status"
		exit 0
	fi
fi
[ -f "$res" ] || { fail no-results-file; exit 0; }
if ! "$LB_TOP/bench-user/lb-validate" "$res" >"$boot/validate.txt" 2>&1; then
	fail "invalid-results: $(head -n 1 "$boot/validate.txt" | tr ',' ';')"
	exit 0
fi
dest=$run/$v.csv
if [ -f "$dest" ]; then
	head -n 2 "$res" | cmp -s - <(head -n 2 "$dest") ||
		die "collect: $res has a different schema header than $dest"
	tail -n +3 "$res" | grep -v '^#' >>"$dest" || true
else
	cp "$res" "$dest"
fi

# perf stat's counts of each job (lb.pmu=, bench-user/guest/pmu.h) gather in
# RUN/pmu.csv beside the records they belong to.
pmu=$boot/guest/pmu.csv
if [ -f "$pmu" ]; then
	hdr=$(contract_header pmu)
	if [ "$(head -n 1 "$pmu")" != "$hdr" ]; then
		note "collect: $v $(basename "$boot"): pmu.csv's columns are not the contract's ($hdr); its counts stay in the boot"
	else
		[ -f "$run/pmu.csv" ] || printf '%s\n' "$hdr" >"$run/pmu.csv"
		tail -n +2 "$pmu" >>"$run/pmu.csv"
	fi
fi
