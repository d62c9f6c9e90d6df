#!/usr/bin/env bash
# kernels.sh "LIST": build every variant of LIST (VARIANTS syntax; empty is
# the default matrix) with kernel.sh, printing [k/N] and an estimate of the
# time left from each variant's last recorded build time.
. "$(dirname "$0")/../lib.sh"
parse_variants "${1:-}" >/dev/null # dies on an unknown name, before any build
mapfile -t vs < <(parse_variants "${1:-}")
# A variant never built here is guessed at 6 minutes (pre took 361 s on 2
# cores with plain gcc, as CCACHE=auto builds from an empty cache; lib.sh).
last() { cat "$(variant_path "$1" state)/.lb-build-seconds" 2>/dev/null || echo 360; }
for i in "${!vs[@]}"; do
	left=0
	for v in "${vs[@]:i}"; do left=$((left + $(last "$v"))); done
	progress $((i + 1)) ${#vs[@]} "kernel ${vs[i]}" "$left"
	bash "$LB_TOP/scripts/build/kernel.sh" "${vs[i]}"
done
