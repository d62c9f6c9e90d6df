#!/usr/bin/env bash
# runs.sh RESULTS: every native run filed by host (RESULTS/hosts/HOST/
# native/RUN, host-publish.sh; sittings aside: sittings.sh has them), a
# tab-separated line each, by host id then filing time:
#   host_id name run_dir run_id filed_utc default hot commit binary
#   tsc_mhz decb_cyc decb_ns cmpxchg_cyc cmpxchg_ns
# name is host-name.sh's ("Zen 5 (Turin), 2-vCPU VM"); default is 1 where
# the run timed the default variants (vm-configs/matrix) and the default
# job list's hot jobs (bench-user/jobs/native.jobs, the jobs the hosts
# table draws), so that two hosts' columns hold the same measurements;
# hot is 1 where it has a hot kind besides the empty loop; binary is the
# bundle's one lb-native (bundle.info's sha256, the same for every
# variant), "per process" where make native linked one per process, or
# "unrecorded"; the bare pairs (physlimit.csv) are medians over the run's
# processes, TSC cycles and ns.  hosts-table.sh and hosts-graph.sh read
# it; a host's newest default run is its column there.
. "$(dirname "$0")/../../lib.sh"

results=${1:?usage: runs.sh RESULTS}
median_awk=$(<"$LB_TOP/scripts/median.awk")
validate=$LB_TOP/bench-user/lb-validate
[ -x "$validate" ] || die "$validate is not built: run 'make user'"
# The default variants, sorted, and the default job list's hot jobs.
want_vars=$(matrix_variants | sort | paste -sd' ')
want_hot=$("$validate" --jobs "$LB_TOP/bench-user/jobs/native.jobs" --sweep 1 | grep -F ' mode=hot' | sort) ||
	die "runs: bench-user/jobs/native.jobs has no hot job"
declare -A names=()
while IFS= read -r r; do
	h=${r%/native/*}
	declare -A HI=() PV=() RI=() BI=()
	readkv HI "$h/host.info"
	readkv PV "$r/provenance.txt"
	readkv RI "$r/run.info"
	[ -n "${names[$h]:-}" ] || names[$h]=$("$LB_TOP/scripts/report/host-name.sh" "$h/host.info")
	vars=$(tr ' ' '\n' <<<"${RI[variants]:-}" | grep . | sort | paste -sd' ')
	hot=$(grep -F ' mode=hot' "$r/jobs" 2>/dev/null | sort) || true
	default=0
	[ "$vars" != "$want_vars" ] || [ "$hot" != "$want_hot" ] || default=1
	binary=unrecorded
	if [ -f "$r/bundle.info" ]; then
		readkv BI "$r/bundle.info"
		# "pre:HASH post:HASH ...": one hash for all, or none shown.
		b=$(tr ' ' '\n' <<<"${BI[binary_sha256]:-}" | sed -n 's/^[^:]*://p' | sort -u)
		[ -z "$b" ] || [[ $b == *$'\n'* ]] || binary=$b
	elif [ -d "$r/boots" ]; then
		binary="per process"
	fi
	# The bare pairs' medians over the processes: "cycles ns" a pair.
	read -r dc dn cc cn < <(awk -F, "$median_awk"'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
		{ n[$h["pair"]]++; c[$h["pair"], n[$h["pair"]]] = $h["cyc_op"]; s[$h["pair"], n[$h["pair"]]] = $h["ns_op"] }
		function med(a, p, k,   i, v) {
			for (i = 1; i <= k; i++) v[i] = a[p, i] + 0
			return median(v, k)
		}
		END {
			# The one-process harness names the dword release: movl.
			d = "lock_decb+movb"; q = ("lock_cmpxchgl+movl" in n) ? "lock_cmpxchgl+movl" : "lock_cmpxchg+mov"
			print med(c, d, n[d]), med(s, d, n[d]), med(c, q, n[q]), med(s, q, n[q])
		}' "$r/physlimit.csv")
	hotk=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
		$h["mode"] == "hot" && $h["kind"] != "empty" && $h["metric"] == "cyc_op" { print 1; exit }' "$r/summary.csv")
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "${HI[host_id]}" "${names[$h]}" "$r" "${r##*/}" \
		"${PV[filed_utc]:-}" "$default" "${hotk:-0}" "${PV[commit]:-unknown}" "$binary" "${PV[tsc_mhz]:-}" "$dc" "$dn" "$cc" "$cn"
	unset HI PV RI BI
done < <(host_runs "$results") | sort -t $'\t' -k1,1 -k5,5
