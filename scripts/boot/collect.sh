#!/usr/bin/env bash
# collect.sh RUNDIR VARIANT BOOTDIR: add one boot's records to
# RUNDIR/VARIANT.csv, or record the boot's failure in RUNDIR/failures.csv.
# The failure names the job that was running (the runner logs "lockbench:
# job N start" to the console).  A boot that died (the boot statuses with
# keeps=1 in the contract: boot-timeout, killed, QEMU error, no results)
# still contributes the jobs it finished, from its journal (records.csv),
# and its failure line says how many; a boot that logged a fault
# contributes none: its numbers stay in its boot directory.
. "$(dirname "$0")/../lib.sh"
. "$LB_TOP/schema/contract.sh"

run=$1 v=$2 boot=$3
status=missing
[ ! -f "$boot/status" ] || [ ! -r "$boot/status" ] || status=$(<"$boot/status")
bname=$(basename "$boot")
fail() { # reason
	local job
	# The last "lockbench: job N start: JOB" as "N JOB" (commas as spaces,
	# no CR), in one awk.
	job=$(awk '{ if (match($0, /lockbench: job [0-9]* start: .*/)) m = substr($0, RSTART, RLENGTH) }
		END { sub(/^lockbench: job /, "", m); sub(/ start: /, ",", m); gsub(/,/, " ", m); gsub(/\r/, "", m); print m }' \
		"$boot/console.log" 2>/dev/null || true)
	[ -f "$run/failures.csv" ] || contract_header failures >"$run/failures.csv"
	printf '%s,%s,%s,%s,%s\n' "$v" "$bname" "$1" "${job:-none}" \
		"${boot#"$run"/}/console.log" >>"$run/failures.csv"
	{
		echo "== $v $bname: $1 (last job: ${job:-none})"
		tail -n 20 "$boot/console.log" 2>/dev/null
		cat "$boot/faults.txt" 2>/dev/null
	} >>"$run/failures.txt"
	note "collect: $v $bname failed: $1"
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
	[ "$(head -n 2 "$res")" = "$(head -n 2 "$dest")" ] || die "collect: $res has a different schema header than $dest"
	awk 'NR > 2 && !/^#/' "$res" >>"$dest" # tail -n +3 | grep -v '^#'

else
	cp "$res" "$dest"
fi

# perf stat's counts of each job (lb.pmu=, bench-user/guest/pmu.h) gather in
# RUN/pmu.csv beside the records they belong to.
pmu=$boot/guest/pmu.csv
if [ -f "$pmu" ]; then
	hdr=$(contract_header pmu)
	if [ "$(head -n 1 "$pmu")" != "$hdr" ]; then
		note "collect: $v $bname: pmu.csv's columns are not the contract's ($hdr); its counts stay in the boot"
	else
		[ -f "$run/pmu.csv" ] || printf '%s\n' "$hdr" >"$run/pmu.csv"
		tail -n +2 "$pmu" >>"$run/pmu.csv"
	fi
fi
