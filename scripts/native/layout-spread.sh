#!/usr/bin/env bash
# layout-spread.sh BASE.csv COPY.csv: the A/A across two layouts.  BASE
# holds a variant's records and COPY the same variant's at a second layout
# in the same processes (run.sh's VARIANT~L2); the code is the same, so
# what differs between them per process is layout and the interleaving.
# Per cell (kind, mode, threads, read_pct, hold_ns, parallel_ns, pad) and
# its metric (cyc_op; contended: ops_per_s), over the processes: n, the
# median, mean, sd, min and max of the change COPY over BASE in %, the
# median |change| in % and in the metric's unit.  A cell whose base is 0
# (the empty kind) has no % change and is left out.
set -euo pipefail
base=${1:?usage: layout-spread.sh BASE.csv COPY.csv}
copy=${2:?usage: layout-spread.sh BASE.csv COPY.csv}
for f in "$base" "$copy"; do [ -f "$f" ] || { echo "layout-spread.sh: no file $f" >&2; exit 1; }; done
awk -F, "$(<"$(dirname "$0")/../median.awk")"'
	FNR == 1 { file++; next }
	FNR == 2 { for (i = 1; i <= NF; i++) h[$i] = i; next }
	/^#/ || $h["status"] != "ok" { next }
	{
		m = $h["mode"] == "contended" ? "ops_per_s" : "cyc_op"
		cell = $h["kind"] "," $h["mode"] "," $h["threads"] "," $h["read_pct"] "," $h["hold_ns"] "," $h["parallel_ns"] "," $h["pad"] "," m
		if (!(cell in seen)) { seen[cell] = 1; order[++nc] = cell }
		v[file, cell, $h["boot"]] = $h[m]
		if (file == 1) boots[cell] = boots[cell] " " $h["boot"]
	}
	END {
		print "kind,mode,threads,read_pct,hold_ns,parallel_ns,pad,metric,n,median_delta_pct,mean_delta_pct,sd_delta_pct,min_delta_pct,max_delta_pct,median_abs_delta_pct,median_abs_delta"
		for (c = 1; c <= nc; c++) {
			cell = order[c]; n = 0; s = 0; ss = 0
			k = split(boots[cell], bl, " ")
			for (i = 1; i <= k; i++) {
				b = bl[i]
				if (!((1, cell, b) in v) || !((2, cell, b) in v) || v[1, cell, b] + 0 == 0) continue
				d = 100 * (v[2, cell, b] - v[1, cell, b]) / v[1, cell, b]
				n++; dl[n] = d; ad[n] = d < 0 ? -d : d
				x = v[2, cell, b] - v[1, cell, b]; au[n] = x < 0 ? -x : x
				s += d; ss += d * d
				if (n == 1 || d < lo) lo = d
				if (n == 1 || d > hi) hi = d
			}
			if (!n) continue
			mean = s / n; sd = n > 1 ? sqrt((ss - n * mean * mean) / (n - 1)) : 0
			printf "%s,%d,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f\n", cell, n, median(dl, n), mean, sd, lo, hi, median(ad, n), median(au, n)
		}
	}' "$base" "$copy"
