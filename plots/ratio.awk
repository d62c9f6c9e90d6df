# Debug overhead: reads table.awk output (hot ns_op, all variants) and
# writes, per kind, mean(X-debug)/mean(X) with an approximate 95% interval
# (relative half-widths of the two CIs added in quadrature), for each X
# whose X-debug is present too.
function rel(m, l, h) { return m > 0 ? (h - l) / 2 / m : 0 }
/^#meta/ { print; next }
/^#nbase/ { print; next }
/^#variants/ {
	for (i = 2; i <= NF; i++) idx[$i] = i - 1
	for (i = 2; i <= NF; i++) if ($i !~ /-debug$/ && (($i "-debug") in idx)) { nx++; x[nx] = $i; pv = pv (pv == "" ? "" : " ") $i }
	printf "#variants %s\n", pv
	next
}
/^#/ { next }
{
	# The label is a quoted string that may hold a space and a dagger.
	q = index(substr($0, 2), "\""); lab = substr($0, 1, q + 1); n = split(substr($0, q + 2), f, " ")
	printf "%s", lab
	for (j = 1; j <= nx; j++) {
		a = 3 * (idx[x[j]] - 1); d = 3 * (idx[x[j] "-debug"] - 1)
		m = f[a + 1]; md = f[d + 1]
		if (m == "NaN" || md == "NaN" || m + 0 <= 0) { printf " NaN NaN NaN"; continue }
		r = md / m; e = sqrt(rel(m, f[a + 2], f[a + 3]) ^ 2 + rel(md, f[d + 2], f[d + 3]) ^ 2)
		printf " %.4f %.4f %.4f", r, r * (1 - e), r * (1 + e)
	}
	printf "\n"
}
