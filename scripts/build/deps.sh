#!/usr/bin/env bash
# make deps: install everything lockbench needs from Debian, once.
# Running it again with everything present changes nothing.
# deps.sh lava (make deps-lava): also LAVA's dispatcher, lava-run, which
# make lava-run and make check-long use (about 150 packages, so not in
# every make deps).
. "$(dirname "$0")/../lib.sh"

PKGS=(
	# kernel source and the guest
	linux-source-6.1 qemu-system-x86 busybox-static linux-perf
	# kernel build
	gcc make bc bison flex libelf-dev libssl-dev cpio dwarves kmod
	xz-utils ccache quilt patch
	# host tools, tests and graphs
	libgsl-dev libcmocka-dev gnuplot-nox netpbm strace file jq openssl
	# exact user-space path lengths (make native-pathlen: callgrind)
	valgrind
	# the report as one HTML page, and the browser that tests it (tests/host/browser.sh)
	cmark-gfm chromium
	# labs: LAVA job logs are YAML (import.sh reads them with Debian's python3)
	python3-yaml
	# LAVA's own job schema (lava_common.schemas), for /usr/bin/python3: tests/host/lava-jobs.sh, export.sh
	lava-common
)
case ${1:-} in
'') ;;
lava) PKGS+=(lava-dispatcher) ;;
*) die "usage: deps.sh [lava]" ;;
esac

# One dpkg-query for every package (each reads dpkg's whole database); a
# package it does not know is not printed.
declare -A installed=()
while read -r p status; do
	[ "$status" != "install ok installed" ] || installed[$p]=1
done < <(dpkg-query -W -f='${Package} ${Status}\n' "${PKGS[@]}" 2>/dev/null || true)
missing=()
for p in "${PKGS[@]}"; do
	[ -n "${installed[$p]:-}" ] || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
	note "deps: all ${#PKGS[@]} packages already installed"
	exit 0
fi

cmd="apt-get update && apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
	printf 'lockbench: deps: missing packages; as root run:\n  %s\n' "$cmd" >&2
	exit 1
fi

note "deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${missing[@]}"
