# Where one design overtakes another in a contended-throughput panel:
# reads a ct-N.dat (series.awk: a block a variant, "# NAME" then lines of
# threads, median, CI low, CI high, oversubscribed) and prints, for each
# pair of variants and each step between two thread counts both have,
#   X Y "B overtakes A"
# when A's whole CI lies above B's at the first count and B's above A's
# at the next, so that the data show it and a tie of overlapping CIs does
# not; X and Y are where the medians' straight lines cross.
# (Its columns are series.awk's, by position: not a contract CSV.)
/^# / && !/^#(meta|cfg|dup|variants)/ { nv++; name[nv] = $2; next } # contract-exempt: series.awk's .dat
/^#/ || NF < 4 { next }
{ x = $1; med[nv, x] = $2; lo[nv, x] = $3; hi[nv, x] = $4 } # contract-exempt: series.awk's .dat
!(x in seen) { seen[x] = 1; xs[++nx] = x }
END {
	# The thread counts in order (a handful: insertion sort).
	for (i = 2; i <= nx; i++) for (j = i; j > 1 && xs[j - 1] + 0 > xs[j] + 0; j--) { t = xs[j]; xs[j] = xs[j - 1]; xs[j - 1] = t }
	for (a = 1; a <= nv; a++) for (b = 1; b <= nv; b++) {
		if (a == b) continue
		for (k = 1; k < nx; k++) {
			x0 = xs[k]; x1 = xs[k + 1]
			if (!((a SUBSEP x0) in med && (b SUBSEP x0) in med && (a SUBSEP x1) in med && (b SUBSEP x1) in med)) continue
			if (!(lo[a, x0] > hi[b, x0] && lo[b, x1] > hi[a, x1])) continue
			d0 = med[a, x0] - med[b, x0]; d1 = med[b, x1] - med[a, x1]
			f = d0 / (d0 + d1)
			printf "%g %g \"%s overtakes %s\"\n", x0 + f * (x1 - x0), med[a, x0] + f * (med[a, x1] - med[a, x0]), name[b], name[a]
		}
	}
}
