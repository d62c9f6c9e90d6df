#!/usr/bin/env bash
# kernels.sh VARIANT "LIST": build VARIANT's kernel with kernel.sh, first
# printing its place in LIST (the kernels this make builds: [k/N]) and an
# estimate of the time left from each remaining variant's last recorded
# build time.  The Makefile's kernel rule runs it, only for a kernel make
# found stale.
. "$(dirname "$0")/../lib.sh"
v=${1:?usage: kernels.sh VARIANT LIST}
read -r -a vs <<<"${2:-}"
# A variant never built here is guessed at 6 minutes (pre took 361 s on 2
# cores with plain gcc, as CCACHE=auto builds from an empty cache; lib.sh).
last() { cat "$(variant_path "$1" state)/.lb-build-seconds" 2>/dev/null || echo 360; }
for i in "${!vs[@]}"; do
	[ "${vs[i]}" = "$v" ] || continue
	left=0
	for w in "${vs[@]:i}"; do left=$((left + $(last "$w"))); done
	progress $((i + 1)) ${#vs[@]} "kernel $v" "$left"
done
exec bash "$LB_TOP/scripts/build/kernel.sh" "$v"
