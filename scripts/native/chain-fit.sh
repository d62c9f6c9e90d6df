#!/usr/bin/env bash
# chain-fit.sh CALIBRATION.csv: the chain calibration's fit, per variant
# and process.  Each row of the input is one chain length's median TSC
# cycles per acquire+release (spin_lock with STEPS dependent one-cycle
# adds on its path).  The least-squares line over the lengths gives the
# slope (TSC cycles a core cycle: the TSC/core clock ratio, measured) and
# the intercept (the lock path with no chain); resolved_step is the
# shortest chain whose batches' p25 lies above the no-chain p75.  A last
# row per variant, boot "all", holds the median slope and intercept over
# the processes and the largest resolved step (what every one resolved).
set -euo pipefail
f=${1:?usage: chain-fit.sh CALIBRATION.csv}
[ -f "$f" ] || { echo "chain-fit.sh: no file $f" >&2; exit 1; }
awk -F, "$(<"$(dirname "$0")/../median.awk")"'
	NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
	{
		k = $h["variant"] SUBSEP $h["boot"]
		if (!(k in nk)) order[++no] = k
		i = ++nk[k]; x[k, i] = $h["steps"] + 0; y[k, i] = $h["cyc_op"] + 0
		p25[k, i] = $h["cyc_p25"] + 0; p75[k, i] = $h["cyc_p75"] + 0
	}
	END {
		print "variant,boot,slope,intercept,resolved_step"
		for (o = 1; o <= no; o++) {
			k = order[o]; n = nk[k]; sx = sy = sxx = sxy = 0; base75 = ""
			for (i = 1; i <= n; i++) { sx += x[k, i]; sy += y[k, i]; sxx += x[k, i] ^ 2; sxy += x[k, i] * y[k, i]; if (x[k, i] == 0) base75 = p75[k, i] }
			d = n * sxx - sx * sx
			slope = d ? (n * sxy - sx * sy) / d : 0; icpt = (sy - slope * sx) / n
			res = "none"
			for (i = 1; i <= n; i++)
				if (base75 != "" && x[k, i] > 0 && p25[k, i] > base75 && (res == "none" || x[k, i] < res)) res = x[k, i]
			split(k, kv, SUBSEP); v = kv[1]
			printf "%s,%s,%.4f,%.3f,%s\n", v, kv[2], slope, icpt, res
			if (!(v in nv)) vorder[++nvo] = v
			j = ++nv[v]; sl[v, j] = slope; ic[v, j] = icpt
			if (res == "none") worst[v] = "none"
			else if (worst[v] != "none" && (worst[v] == "" || res > worst[v])) worst[v] = res
		}
		for (o = 1; o <= nvo; o++) {
			v = vorder[o]; n = nv[v]
			for (j = 1; j <= n; j++) { a[j] = sl[v, j]; b[j] = ic[v, j] }
			printf "%s,all,%.4f,%.3f,%s\n", v, median(a, n), median(b, n), worst[v]
		}
	}' "$f"
