#!/usr/bin/env bash
# make tree: extract Debian's linux-source-6.1 under build/kernel and apply
# patch/series with fuzz 0.  A no-op while the package and series are
# unchanged; any change re-extracts from scratch.
. "$(dirname "$0")/../lib.sh"

# Your own kernels (KSRC=, KERNEL=) are set up by byo.sh.  linux-source-6.1
# is then prepared only if a variant this make names is built from it.
[ -z "${KSRC:-}${KERNEL:-}" ] || bash "$LB_TOP/scripts/build/byo.sh"
wanted=${VARIANTS:-}
[ -n "${wanted//[, ]/}" ] || wanted=${VARIANT:-}
if names=$(parse_variants "$wanted" 2>/dev/null); then
	for v in $names; do [ "$(variant_path "$v" tree)" != "$LB_TREE" ] || names=""; done
	[ -z "$names" ] || { note "tree: linux-source-6.1 is not needed by $(echo $names)"; exit 0; }
fi

[ -f "$LB_SRC_TARBALL" ] ||
	die "$LB_SRC_TARBALL not found: the $LB_SRC_PKG package is missing; run 'make deps' (as root) to install it"
pkgver=$(dpkg-query -W -f='${Version}' "$LB_SRC_PKG" 2>/dev/null) || pkgver=unknown

patchdir=${LB_PATCH_DIR:-$LB_TOP/patch}
series=$patchdir/series
patches=()
if [ -f "$series" ]; then
	while read -r p _; do
		case $p in '' | '#'*) continue ;; esac
		[ -f "$patchdir/$p" ] || die "${series#"$LB_TOP"/} names $p, which does not exist in ${patchdir#"$LB_TOP"/}/"
		patches+=("$patchdir/$p")
	done <"$series"
fi
hashed=(/dev/null)
[ -f "$series" ] && hashed+=("$series" "${patches[@]}")
series_hash=$(sha_of "${hashed[@]}")
want="package=$LB_SRC_PKG $pkgver tarball=$(stat -c %s "$LB_SRC_TARBALL") series=$series_hash patches=${#patches[@]}"

stamp=$LB_STAMP
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -d "$LB_TREE" ]; then
	note "tree: up to date ($want)"
	exit 0
fi

need_disk "$LB_BUILD" 2500
note "tree: extracting $LB_SRC_TARBALL"
rm -rf "$LB_TREE" "$stamp"
mkdir -p "$LB_KBUILD"
tar -xf "$LB_SRC_TARBALL" -C "$LB_KBUILD" || { rm -rf "$LB_TREE"; die "extracting $LB_SRC_TARBALL failed (disk full? see above)"; }
[ -d "$LB_TREE" ] || die "$LB_SRC_TARBALL did not contain linux-source-6.1/"

for p in "${patches[@]}"; do
	name=${p#"$LB_TOP"/}
	if ! out=$(cd "$LB_TREE" && patch -p1 --fuzz=0 --forward --batch --no-backup-if-mismatch <"$p" 2>&1); then
		printf '%s\n' "$out" | grep -E 'FAILED|can.t find file|malformed|Reversed' >&2 || printf '%s\n' "$out" >&2
		rm -rf "$LB_TREE"
		die "$name does not apply to $LB_SRC_PKG $pkgver with fuzz 0 (failing hunks above); refresh that patch against the package"
	fi
	note "tree: applied $name"
done

printf '%s\n' "$want" >"$stamp"
note "tree: ready at ${LB_TREE#"$LB_TOP"/} ($want)"
