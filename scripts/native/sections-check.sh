#!/usr/bin/env bash
# sections-check.sh SECTIONS.CSV [PCT]: do the contended sections last
# what the jobs asked, in every process?  Reads a native run's
# sections.csv (one row a process, variant and job: the asked hold_ns and
# parallel_ns, and the measured ones, timer reads out) and counts the
# rows whose measured section is off by more than PCT percent (default 3),
# hold and parallel apart, listing each one.  Exit 0 when none is, 1 when
# some are, 2 on bad input.
. "$(dirname "$0")/../lib.sh"

f=${1:?usage: sections-check.sh SECTIONS.CSV [PCT]}
pct=${2:-3}
[ -r "$f" ] || die "no sections file $f"
[[ $pct =~ ^[0-9]+(\.[0-9]+)?$ ]] || die "PCT=$pct: want a percentage, like 3"
awk -F, -v pct="$pct" '
NR == 1 {
	for (i = 1; i <= NF; i++) h[$i] = i
	if (!("hold_measured_ns" in h) || !("parallel_measured_ns" in h)) { print FILENAME ": not a sections.csv" > "/dev/stderr"; bad = 2; exit 2 }
	next
}
$h["mode"] != "contended" { next }
function off(asked, got) { return asked > 0 && (got < asked * (1 - pct / 100) || got > asked * (1 + pct / 100)) }
$h["hold_ns"] > 0 { hn++; if (off($h["hold_ns"], $h["hold_measured_ns"])) { ho++; print "off: hold " $h["hold_measured_ns"] " ns of " $h["hold_ns"] ": " $h["variant"] " " $h["kind"] " threads=" $h["threads"] " process " $h["boot"] } }
$h["parallel_ns"] > 0 { pn++; if (off($h["parallel_ns"], $h["parallel_measured_ns"])) { po++; print "off: parallel " $h["parallel_measured_ns"] " ns of " $h["parallel_ns"] ": " $h["variant"] " " $h["kind"] " threads=" $h["threads"] " process " $h["boot"] } }
END {
	if (bad) exit bad
	printf "sections: hold %d of %d and parallel %d of %d outside +-%s%% (contended, per process)\n", ho, hn, po, pn, pct
	exit ho + po > 0
}' "$f"
