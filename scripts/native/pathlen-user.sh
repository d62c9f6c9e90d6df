#!/usr/bin/env bash
# pathlen-user.sh: make native-pathlen.  Each of VARIANTS (default: the
# matrix) built as its own lb-native (build.sh: needs its kernel build),
# then its exact user-space path lengths (pathlen.sh, callgrind), written
# to build/native/pathlen.csv and set beside icount's guest counts from
# ICOUNT_CSV (default: the published results/pathlen/pathlen.csv).
. "$(dirname "$0")/common.sh"

list=$(run_variants)
mapfile -t variants <<<"$list"
icount=${ICOUNT_CSV:-$LB_TOP/results/pathlen/pathlen.csv}
for v in "${variants[@]}"; do
	bash "$LB_TOP/scripts/native/build.sh" "$v"
done
out=$LB_NATIVE_OUT/pathlen.csv
bash "$LB_TOP/scripts/native/pathlen.sh" "${variants[@]}" >"$out.tmp"
mv "$out.tmp" "$out"
note "native-pathlen: ${out#"$LB_TOP"/}"
bash "$LB_TOP/scripts/native/pathlen-agree.sh" "$out" "$icount"
