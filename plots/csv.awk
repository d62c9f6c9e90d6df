# Shared by the plots/*.awk reshapers: comma-separated input whose first
# line names the columns.  col["name"] is a column's number; v("name") its
# value in the current record.
BEGIN { FS = "," }
function header(   i) {
	for (i = 1; i <= NF; i++) { sub(/\r$/, "", $i); col[$i] = i }
}
function v(name) { return (name in col) ? $col[name] : "" }
function isnum(s) { return s ~ /^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/ }
# A confidence bound, or the estimate M when the bound is empty or not a number.
function bound(s, m) { return isnum(s) ? s : m }
# Keep the range of n and the thread counts flagged oversubscribed for the
# "#meta" line each reshaper writes first.
function seen(   t) {
	if (nmin == "" || v("n") + 0 < nmin + 0) nmin = v("n")
	if (nmax == "" || v("n") + 0 > nmax + 0) nmax = v("n")
	if (v("oversub") == 1) { t = v("threads"); if (!(t in ovs)) { ovs[t] = 1; ovlist = ovlist (ovlist == "" ? "" : ",") t } }
}
function meta() { printf "%s", metatext() }
function metatext() { return sprintf("#meta nmin=%s nmax=%s oversub=%s\n", nmin == "" ? 0 : nmin, nmax == "" ? 0 : nmax, ovlist) }
