#!/usr/bin/env bash
# lava-run.sh VARIANT: run an export bundle's LAVA qemu job on this
# machine with Debian's lava-run, the dispatcher a lab's worker runs, and
# import its log.  Without a LAVA server, the device configuration the
# server would send is rendered here from LAVA's own qemu device-type
# template (lava-device.py), which Debian ships in lava-server: that
# package is fetched with apt-get download and unpacked into build/lava/,
# never installed.  Writes OUT (default build/lava/run-VARIANT): device.yaml,
# lava.log (lava-run's log, the form make import reads) and lava-results
# (each LAVA test case's result), then imports lava.log as a run.
# Environment: BUNDLE (default build/export/VARIANT), OUT, LB_LAVA_CACHE
# (where lava-server is unpacked; default build/lava).
. "$(dirname "$0")/../lib.sh"

v=${1:?usage: lava-run.sh VARIANT}
variant_fragments "$v" >/dev/null
bundle=${BUNDLE:-$LB_BUILD/export/$v}
job=$bundle/lava-qemu.yaml
[ -f "$job" ] || die "no LAVA job at $job: run 'make export VARIANT=$v' first"
command -v lava-run >/dev/null || die "lava-run is not installed: run 'make deps-lava' (Debian's lava-dispatcher)"
out=${OUT:-$LB_BUILD/lava/run-$v}

# LAVA's device-type templates: an installed lava-server's, else the
# package's files unpacked once.
types=/usr/share/lava-server/device-types
if [ ! -f "$types/qemu.jinja2" ]; then
	cache=${LB_LAVA_CACHE:-$LB_BUILD/lava}
	pkg=$cache/lava-server
	types=$pkg/usr/share/lava-server/device-types
	if [ ! -f "$types/qemu.jinja2" ]; then
		mkdir -p "$pkg"
		(cd "$cache" && apt-get download lava-server >download.log 2>&1) ||
			die "apt-get download lava-server failed (see $cache/download.log): LAVA's qemu device-type template comes from that package"
		dpkg-deb -x "$cache"/lava-server_*.deb "$pkg"
		[ -f "$types/qemu.jinja2" ] || die "the lava-server package has no device-types/qemu.jinja2"
	fi
fi

rm -rf "$out"
mkdir -p "$out"
/usr/bin/python3 "$LB_TOP/scripts/lab/lava-device.py" "$types" "$job" >"$out/device.yaml" ||
	die "rendering LAVA's qemu device configuration failed"
note "lava-run: $v: $job on this machine's QEMU (log: ${out#"$LB_TOP"/}/lava.log)"
rc=0
lava-run --job-id "lockbench-$v" --output-dir "$out/work" --device "$out/device.yaml" "$job" 2>"$out/lava.log" >/dev/null || rc=$?
rm -rf "$out/work"
# LAVA's verdict per test case, from its own results entries.
/usr/bin/python3 "$LB_TOP/scripts/lab/lava-log-text.py" --results "$out/lava.log" >"$out/lava-results" ||
	die "lava-run's log $out/lava.log is not in LAVA's log form (lava-run exit $rc)"
grep -q '^lava job pass' "$out/lava-results" ||
	die "lava-run: the job did not pass (lava-run exit $rc): $(grep -v ' pass' "$out/lava-results" | head -n 5 | tr '\n' ';') full log: $out/lava.log"
say "lava-run: $v: LAVA job passed, $(grep -c '^lockbench .* pass' "$out/lava-results") test cases pass"
BUNDLE=$bundle bash "$LB_TOP/scripts/lab/import.sh" "$v" "$out/lava.log"
