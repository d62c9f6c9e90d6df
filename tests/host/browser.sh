#!/usr/bin/env bash
# The published report as a reader's browser shows it: the run's
# index.html (scripts/report/report-formats.sh: RESULTS.md and its
# appendix on one page), made from results/raw and opened in
# headless Debian chromium, which takes a screenshot (left in
# build/browser/, to look at) and runs browser-check.js: every image
# loads, every link within the page finds its heading, and no text
# overflows its box or runs past the page.
# check: slow
. "$(dirname "$0")/../lib.bash"
command -v chromium >/dev/null || skip "chromium is not installed (make deps installs Debian's chromium)"
command -v cmark-gfm >/dev/null || skip "cmark-gfm is not installed (make deps)"
command -v gnuplot >/dev/null || skip "gnuplot is not installed (make deps)"
# The published run's own page: its report made again from results/raw
# (as tests/host/raw-regen.sh does), the article and its appendix.  How
# the page lays out is the question here, not its CIs: fewer resamples
# (as comparisons.sh) halve make results' time; raw-regen.sh checks the
# report at the published resamples, byte for byte.
export LB_BUILD=$TMP/build STAT_RESAMPLES=400
make -s -C "$TOP" results RUN=results/raw >"$TMP/out" 2>&1 || fail "make results RUN=results/raw failed: $(tail -n 20 "$TMP/out")"
id=$(sed -n 's/^run_id=//p' "$TOP/results/raw/run.info")
run=$LB_BUILD/raw/$id
page=$run/report/index.html
# The check runs in a copy of the page, beside it (the images' paths are
# relative to it).
check=$run/report/check.html
awk -v js="$TOP/tests/host/browser-check.js" '/<\/body>/ { print "<script>"; while ((getline l < js) > 0) print l; print "</script>" } { print }' "$page" >"$check"
# A fresh profile; nothing fetched from the network, nothing synced.
browse() { # ARGS...
	timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
		--disable-component-update --disable-sync --no-first-run --user-data-dir="$TMP/profile" \
		--window-size=1280,2400 --virtual-time-budget=10000 "$@" 2>"$TMP/chromium.log"
}
shots=$TOP/build/browser
mkdir -p "$shots"
browse --screenshot="$shots/index.png" "file://$page" >/dev/null || fail "chromium could not take a screenshot: $(tail -n 5 "$TMP/chromium.log")"
[ -s "$shots/index.png" ] || fail "chromium wrote no screenshot"
browse --dump-dom "file://$check" >"$TMP/dom" || fail "chromium could not load the page: $(tail -n 5 "$TMP/chromium.log")"
got=$(sed -n 's/.*data-lb-check="\([^"]*\)".*/\1/p' "$TMP/dom" | head -n 1 |
	sed 's/&gt;/>/g; s/&lt;/</g; s/&quot;/"/g; s/&amp;/\&/g')
[ -n "$got" ] || fail "the check did not run in the page (no data-lb-check on its body)"
[ "$got" = ok ] || fail "in chromium: ${got// | /$'\n'  }"
n=$(grep -c '<img' "$page")
echo "ok: index.html in $(chromium --version 2>/dev/null | head -n 1): $n images load, no text overflows; screenshot ${shots#"$TOP"/}/index.png"
