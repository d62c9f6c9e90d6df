#!/usr/bin/env bash
# kernel-line.sh RUN: the kernel tree a run measured, in one short line for
# a graph's title block: "Debian linux-source-6.1 6.1.192-3 + patch/series
# at commit 0123456789ab" (or "sha256 2f8547da9c70149b", the series' own
# hash, where the commit was not recorded), from the first boot's
# provenance.json under RUN (RUN/boots/*/boot*/, or its native pass's,
# RUN/native/boots/..., or, for an instrument's pass such as RUN/icount,
# its run's: RUN/../boots/...), as results.sh's machine line names it.  A run
# whose provenance does not record the source (a native run, whose lock
# objects its kernels' trees built) says so rather than guess.
. "$(dirname "$0")/../lib.sh"

run=${1:?usage: kernel-line.sh RUN}
command -v jq >/dev/null || die "kernel-line: jq is not installed: run 'make deps'"
shopt -s nullglob
provs=("$run"/boots/*/boot*/provenance.json "$run"/native/boots/*/boot*/provenance.json "$run"/../boots/*/boot*/provenance.json)
shopt -u nullglob
line=""
for p in "${provs[@]}"; do
	# version, sha and commit (empty when not recorded), a line each
	mapfile -t f < <(jq -r '.linux_source_version // "", .patch_series_sha256 // "", .patch_series_commit // ""' "$p" 2>/dev/null)
	[ -n "${f[0]:-}" ] && [ "${f[0]}" != unknown ] || continue
	c=${f[2]:-}
	# A full hash cut to 12, as the report's machine line does; -dirty kept.
	[[ ! $c =~ ^[0-9a-f]{40} ]] || c=${c:0:12}${c:40}
	line="Debian linux-source-6.1 ${f[0]} + patch/series ${c:+at commit $c}${c:-${f[1]:+sha256 ${f[1]}}}"
	break
done
[ -n "$line" ] || line="Debian linux-source-6.1 + patch/series (version not recorded in this run)"
printf '%s\n' "$line"
