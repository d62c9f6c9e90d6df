#!/usr/bin/env bash
# Published results are read-only to every report target: make compare,
# plots, results and cover-letter given each published run (results/raw
# and every results/hosts/HOST/native/ID), and make compare and
# cover-letter BASE_RUN= given two runs of one host and two of two hosts
# (refused), leave results/ and RESULTS.md as they were: the same files,
# byte for byte, and git status as clean as before.  They work on copies
# in build/ (lib.sh's run_dir).  Each published run must compare and
# give a letter; a target that refuses a run (plots of a run without a
# timed pass, say) may, as long as it writes nothing there.
# check: slow
. "$(dirname "$0")/../lib.bash"
command -v jq >/dev/null || skip "jq is not installed"
command -v gnuplot >/dev/null || skip "gnuplot is not installed (make deps)"
[[ -x $TOP/bench-user/lb-validate && -x $TOP/bench-user/lb-stat ]] || missing "the tools are not built (make -C bench-user)"
# What is checked is where the targets write, not their CIs: few resamples.
export LB_BUILD=$TMP/build STAT_RESAMPLES=200
cd "$TOP"
runs=(results/raw)
for r in results/hosts/*/native/*/; do
	[ ! -f "$r/run.info" ] || runs+=("${r%/}")
done
[ ${#runs[@]} -ge 3 ] || fail "want results/raw and the host runs under results/hosts: found ${runs[*]}"
snap() { find results RESULTS.md -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum; }
status() { git status --porcelain --untracked-files=all -- results RESULTS.md 2>/dev/null || true; }
snap >"$TMP/files.before"
status >"$TMP/git.before"
left() { # WHAT: fail if results/ or RESULTS.md changed
	snap >"$TMP/files.after"
	cmp -s "$TMP/files.before" "$TMP/files.after" ||
		fail "$1 wrote into the published results: $(diff "$TMP/files.before" "$TMP/files.after" | head -n 12)"
	status | cmp -s "$TMP/git.before" - || fail "$1 changed git status: $(status | head -n 12)"
}
refused=()
# compare, plots and results in one make (plots and results need
# compare, which runs once so), -k: a refused plots or results leaves
# the others to run.
for r in "${runs[@]}"; do
	make -s -k compare plots results RUN="$r" >"$TMP/log" 2>&1 ||
		refused+=("$r: $(grep -m1 'error' "$TMP/log" || tail -n 1 "$TMP/log")")
	grep -q "compare: tables in " "$TMP/log" || fail "make compare RUN=$r failed: $(tail -n 20 "$TMP/log")"
	left "make compare plots results RUN=$r"
	make -s cover-letter RUN="$r" >"$TMP/log" 2>&1 || fail "make cover-letter RUN=$r failed: $(tail -n 20 "$TMP/log")"
	left "make cover-letter RUN=$r"
done
# Two runs of one host, and two of two hosts: the latter refused, with
# nothing left behind.
a=(results/hosts/*/native/*-sitting-1)
b=(results/hosts/*/native/*-sitting-2)
[ -f "${a[0]}/run.info" ] && [ -f "${b[0]}/run.info" ] || fail "no two sittings of one host under results/hosts"
for g in compare cover-letter; do
	make -s "$g" BASE_RUN="${a[0]}" RUN="${b[0]}" >"$TMP/log" 2>&1 ||
		fail "make $g BASE_RUN=${a[0]} RUN=${b[0]} failed: $(tail -n 20 "$TMP/log")"
	left "make $g BASE_RUN=${a[0]} RUN=${b[0]}"
done
hosts=(results/hosts/*/)
[ ${#hosts[@]} -ge 2 ] || fail "want two hosts under results/hosts"
x=$(ls -d "${hosts[0]}"native/*/ | head -n 1) y=$(ls -d "${hosts[1]}"native/*/ | head -n 1)
! make -s compare BASE_RUN="${x%/}" RUN="${y%/}" >"$TMP/log" 2>&1 || fail "two hosts' runs were compared: $(tail -n 5 "$TMP/log")"
grep -q 'do not mix' "$TMP/log" || fail "two hosts' runs not refused as such: $(tail -n 5 "$TMP/log")"
left "make compare BASE_RUN=${x%/} RUN=${y%/} (refused)"
# (and in RUN's copy, no empty compare-runs/BASE_ID/ either)
name=${y%/}
cr=$LB_BUILD/published/${name//\//+}
[ -d "$cr" ] || fail "make compare made no copy of $name at $cr"
[ ! -e "$cr/compare-runs" ] || fail "the refused comparison left $(find "$cr/compare-runs" | head -n 3)"
echo "ok: ${#runs[@]} published runs x compare, plots, results, cover-letter, and BASE_RUN= pairs: results/ and RESULTS.md untouched"
[ ${#refused[@]} -eq 0 ] || printf '  (plots or results refused, writing nothing there: %s)\n' "${refused[@]}"
