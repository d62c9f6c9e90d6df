#!/usr/bin/env bash
# check-bisect.sh [VARIANT...]: prove the series bisectable.  For every
# prefix 1..N of patch/series, extract a fresh tree, apply just that prefix
# and build bzImage + modules of each default variant (vm-configs/matrix, or
# the ones named) whose Kconfig symbols exist at that point.  Prefix K
# lives in build/bisect/PK (its own tree and O= directories, laid out like
# build/kernel, so ccache hits across them), and a rerun with an unchanged
# series is incremental.  Writes build/bisect/report.txt: one line per
# prefix and variant.
. "$(dirname "$0")/../../scripts/lib.sh"

top=$LB_TOP
# Prefixes rebuild the same files many times: worth filling the cache.
export CCACHE=${CCACHE:-yes}
series=$top/patch/series
[ -f "$series" ] || die "no patch/series"
mapfile -t all < <(awk '!/^[[:space:]]*(#|$)/ { print $1 }' "$series")
[ ${#all[@]} -gt 0 ] || die "patch/series is empty"
# Same list syntax as VARIANTS elsewhere; dies on an unknown name.
vs=$(parse_variants "$*") || exit 1
mapfile -t variants <<<"$vs"

root=$LB_BUILD/bisect
need_disk "$LB_BUILD" 3000
mkdir -p "$root"
report=$root/report.txt
: >"$report"
fail=0

# The stock choice entry: before the patch that adds the choice, the tree
# can only build queued locks, so stock builds there without this symbol.
stock_choice=CONFIG_X86_SPINLOCK_QUEUED

# Symbols (=y) that a variant's fragments ask for but the tree's Kconfig
# files do not define.
undefined_symbols() { # tree variant
	local sym
	variant_fragments "$2" | xargs cat | sed -n 's/^\(CONFIG_[A-Z0-9_]*\)=y$/\1/p' | sort -u |
		while read -r sym; do
			grep -rqx --include='Kconfig*' "config ${sym#CONFIG_}" "$1" || echo "$sym"
		done
}

for k in $(seq 1 ${#all[@]}); do
	pk=$root/P$k
	pdir=$pk/series
	rm -rf "$pdir"
	mkdir -p "$pdir"
	printf '%s\n' "${all[@]:0:k}" >"$pdir/series"
	for p in "${all[@]:0:k}"; do cp "$top/patch/$p" "$pdir/"; done
	export LB_BUILD=$pk LB_PATCH_DIR=$pdir
	export LB_VMCONFIGS=$top/vm-configs
	"$top/scripts/build/tree.sh" || die "prefix $k (${all[k - 1]}) does not apply"
	tree=$pk/kernel/linux-source-6.1

	# A filtered copy of vm-configs for this prefix.
	vmc=$pk/vm-configs
	rm -rf "$vmc"
	cp -r "$top/vm-configs" "$vmc"
	for v in "${variants[@]}"; do
		mapfile -t missing < <(undefined_symbols "$tree" "$v")
		others=()
		for sym in "${missing[@]}"; do [ "$sym" = $stock_choice ] || others+=("$sym"); done
		if [ ${#others[@]} -gt 0 ]; then
			printf 'P%d %-12s n/a   %s not defined yet\n' "$k" "$v" "${others[*]}" | tee -a "$report"
			continue
		fi
		if [ ${#missing[@]} -gt 0 ]; then
			sed -i "/^$stock_choice=/d" "$vmc"/lock-stock.config
		fi
		start=$EPOCHSECONDS
		if LB_VMCONFIGS=$vmc "$top/scripts/build/kernel.sh" "$v" >"$pk/$v.log" 2>&1; then
			printf 'P%d %-12s ok    %4ss  %s\n' "$k" "$v" $(($EPOCHSECONDS - start)) "${all[k - 1]}" | tee -a "$report"
		else
			fail=1
			printf 'P%d %-12s FAIL  %4ss  %s (log: %s)\n' "$k" "$v" $(($EPOCHSECONDS - start)) "${all[k - 1]}" \
				"${pk#"$top"/}/$v.log" | tee -a "$report"
			tail -n 15 "$pk/$v.log" | sed 's/^/    | /'
		fi
	done
done

# Every default variant must build at the end of the series.
for v in "${variants[@]}"; do
	grep -q "^P${#all[@]} $v  *ok" "$report" || { echo "FAIL: $v does not build with the whole series"; fail=1; }
done
[ $fail -eq 0 ] && echo "check-bisect: every prefix builds every variant it defines (${report#"$top"/})"
[ $fail -eq 0 ]
