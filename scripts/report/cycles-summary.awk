# cycles-summary.awk: what the cycles model leaves unexplained, a bullet
# per native run with sub-bullets, from cycles-model.csv (cycles-model.sh
# puts scripts/median.awk's text before this program).  Every figure is a
# row or a difference of rows of that CSV; a statement is printed only
# where its rows show it:
#   - cells predicted, the median |residual %| with and without the
#     events' second atomic, the largest residual;
#   - a variant whose on-path slope is under half the run's median slope:
#     its own path hides the chain the calibration adds;
#   - cells predicted more than 20% above measured: their other
#     instructions did not run as a dependent chain (brief=1, the
#     article's list: only how many);
#   - a variant that runs more instructions than another of the same lock
#     layer, kind and atomics, yet measures fewer cycles: layout or noise;
#   - the bare byte-after-dword pair over the dword one: the stall a byte
#     release leaves for a dword atomic, on this host; where the run timed
#     no such pair, how far its cells of that shape sit above the dword one.
BEGIN { FS = "," }
NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
function g(col) { return $c[col] }
function abs(x) { return x < 0 ? -x : x }
{
	key = g("host") " " g("run")
	if (!(key in seen)) { seen[key] = 1; order[++nr] = key }
	row = ++nrow[key]
	V[key, row] = g("variant"); L[key, row] = g("layer"); K[key, row] = g("kind"); S[key, row] = g("shape")
	N[key, row] = g("insns"); A[key, row] = g("atomics"); M[key, row] = g("measured_cyc"); DW[key, row] = g("dword_pair_cyc")
	if (g("bare_cyc") != "") bp[key, g("pair")] = g("bare_cyc")
	if (g("dword_pair_cyc") != "") dw[key] = g("dword_pair_cyc")
	if (g("slope") != "" && !((key, g("variant")) in sl)) { sl[key, g("variant")] = g("slope"); sls[key, ++nsl[key]] = g("slope") + 0; slv[key, nsl[key]] = g("variant") }
	if (g("predicted_cyc") != "") {
		n[key]++; r[key, n[key]] = abs(g("residual_pct")); p[key, n[key]] = abs(g("path_residual_pct"))
		if (abs(g("residual_pct")) > bigv[key] || !(key in big)) { big[key] = g("variant") " " g("kind") " " sprintf("%+.1f%%", g("residual_pct")); bigv[key] = abs(g("residual_pct")) }
		if (g("residual_pct") < -20) {
			over[key] = over[key] (over[key] == "" ? "" : ", ") g("variant") " " g("kind") " " sprintf("%+.1f%%", g("residual_pct"))
			nover[key]++
		}
	} else { miss[key]++; why[key] = g("note") }
}
function med(a, key, k,   i, v) { for (i = 1; i <= k; i++) v[i] = a[key, i]; return median(v, k) }
END {
	for (i = 1; i <= nr; i++) {
		key = order[i]; split(key, hr, " ")
		if (!n[key]) { printf "- %s (run %s): no prediction for its %d cells (%s).\n", hr[1], hr[2], miss[key], why[key] }
		else {
			printf "- %s (run %s): %d cells predicted; median |residual| %.1f%% of measured, %.1f%% without the events' second atomic; the largest, %s.\n", hr[1], hr[2], n[key], med(r, key, n[key]), med(p, key, n[key]), big[key]
			for (j = 1; j <= nsl[key]; j++) s[j] = sls[key, j]
			ms = median(s, nsl[key])
			for (j = 1; j <= nsl[key]; j++) if (sls[key, j] < ms / 2)
				printf "  - %s's on-path slope, %s TSC cycles per step, is under half the run's median slope (%s): its own path hides the chain the calibration adds, so the slope prices its other instructions at that rate.\n", slv[key, j], sls[key, j], ms
			# (brief, the article's list: how many; the appendix names them)
			if (over[key] != "" && brief) printf "  - %d cells predicted more than 20%% above measured (the appendix names them): their other instructions ran partly in parallel.\n", nover[key]
			else if (over[key] != "") printf "  - Predicted more than 20%% above measured: %s. The slope prices every other instruction as a dependent step; these ran partly in parallel.\n", over[key]
		}
		# Layout: more instructions, same layer, kind and atomics, fewer cycles.
		lay = ""
		for (a = 1; a <= nrow[key]; a++) for (b = 1; b <= nrow[key]; b++) {
			if (K[key, a] != K[key, b] || L[key, a] != L[key, b] || S[key, a] != S[key, b] || A[key, a] != A[key, b] || N[key, a] == "" || N[key, b] == "") continue
			if (N[key, a] - N[key, b] >= 5 && M[key, a] < M[key, b])
				lay = lay (lay == "" ? "" : "; ") sprintf("%s %s runs %d more instructions than %s's and measures %.2f cycles less", V[key, a], K[key, a], N[key, a] - N[key, b], V[key, b], M[key, b] - M[key, a])
		}
		if (lay != "") printf "  - Fewer cycles with more instructions (icount) in the same lock layer: %s. Their extra instructions add work, so where code and data land (layout), or noise, is left to explain the lower figure.\n", lay
		if ((key, "lock_cmpxchgl+movb") in bp && (key in dw))
			printf "  - A byte release before a dword atomic (store forwarding): the bare byte-after-dword pair costs %.2f cycles, %+.2f over the dword-after-dword pair.\n", bp[key, "lock_cmpxchgl+movb"], bp[key, "lock_cmpxchgl+movb"] - dw[key]
		else {
			# Without its own pair, how far those cells sit above the dword
			# pair of the same processes.
			nb = 0
			for (a = 1; a <= nrow[key]; a++) if (S[key, a] == "byte_after_dword" && A[key, a] == 1 && DW[key, a] != "") {
				d = M[key, a] - DW[key, a]; nb++
				if (nb == 1 || d < dmin) dmin = d
				if (nb == 1 || d > dmax) dmax = d
				if (nb == 1 || DW[key, a] < wmin) wmin = DW[key, a]
				if (nb == 1 || DW[key, a] > wmax) wmax = DW[key, a]
			}
			printf "  - The store-forwarding stall of a byte release before a dword atomic: not timed in this run (no bare byte-after-dword pair)"
			if (nb) printf "; its %d byte-after-dword cells with one atomic measure %.2f to %.2f cycles above the dword-after-dword pair of their processes (%.2f to %.2f)", nb, dmin, dmax, wmin, wmax
			printf ".\n"
		}
	}
}
