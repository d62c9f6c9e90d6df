#!/usr/bin/env bash
# scripts/native/topology.sh against fixture /sys trees
# (tests/fixtures/sysfs): SMT siblings (4 CPUs, 2 cores of 2 threads,
# numbered 0,2 and 1,3), two last-level caches (8 CPUs, 0-3 and 4-7), two
# NUMA nodes (4 CPUs, 0-1 and 2-3, an L3 each), and a VM without cache
# entries (this project's hosts).  Each placement gets the pair it names,
# or is refused by name with the reason and the placements the host has;
# cpus lists a placement's CPUs in the order threads take them (its pair
# first); run under dash, as the bundle's runner does where sh is dash.
# Its placement list is the contract's (lb-validate --describe placements).
. "$(dirname "$0")/../lib.bash"
fx=$TOP/tests/fixtures/sysfs
sh=sh
! command -v dash >/dev/null || sh=dash
topo() { "$sh" "$TOP/scripts/native/topology.sh" -s "$fx/$1" "${@:2}"; }
want_pair() { # fixture placement pair
	local got
	got=$(topo "$1" pair "$2") || fail "$1: placement $2 refused: $got"
	[ "$got" = "$3" ] || fail "$1: placement $2: want CPUs $3, got $got"
	echo "ok: $1: $2 -> $got"
}
want_cpus() { # fixture placement list
	local got
	got=$(topo "$1" cpus "$2") || fail "$1: placement $2's CPUs refused: $got"
	[ "$got" = "$3" ] || fail "$1: placement $2: want CPUs $3 in that order, got $got"
	echo "ok: $1: cpus $2 -> $got"
}
want_fact() { # fixture line: facts must print LINE
	local got
	got=$(topo "$1" facts) || fail "$1: facts failed"
	[[ $'\n'$got$'\n' == *$'\n'"$2"$'\n'* ]] || fail "$1: want '$2' in: $got"
}

V=$TOP/bench-user/lb-validate
[ -x "$V" ] || missing "$V is not built: run 'make -C bench-user'"
contract=$("$V" --describe placements | awk -F '\t' '$1 == "placements" { print $2 }' | paste -sd' ')
mine=$(sed -n 's/^placements="\(.*\)"$/\1/p' "$TOP/scripts/native/topology.sh")
[ "$mine" = "$contract" ] || fail "topology.sh's placements '$mine' are not the contract's '$contract'"

want_pair smt smt 0,2
want_pair smt llc 0,1
want_cpus smt smt 0,2,1,3
want_cpus smt llc 0,1
want_cpus smt any 0,1,2,3
want_fact smt "smt_groups=0,2 1,3"
want_fact smt "placements=any,smt,llc"
want_fact smt "cpu3 smt=1,3 llc=0-3 node=0"
expect_error "smt: cross-llc" "placement cross-llc: .*one last-level cache \(0-3\)" topo smt pair cross-llc
expect_error "smt: cross-node" "placement cross-node: .*one NUMA node" topo smt pair cross-node

want_pair llc2 llc 0,1
want_pair llc2 cross-llc 0,4
want_fact llc2 "llc_domains=0-3 4-7"
want_fact llc2 "placements=any,llc,cross-llc"
expect_error "llc2: smt" "placement smt: .*no CPU here has an SMT sibling.*; it has: any,llc,cross-llc$" topo llc2 pair smt
expect_error "llc2: cpus smt" "placement smt: .*no CPU here has an SMT sibling" topo llc2 cpus smt
want_cpus llc2 llc 0,1,2,3
want_cpus llc2 cross-llc 0,4,1,5,2,6,3,7

want_pair numa2 cross-node 0,2
want_pair numa2 cross-llc 0,2
want_pair numa2 llc 0,1
want_cpus numa2 cross-node 0,2,1,3
want_cpus numa2 cross-llc 0,2,1,3
want_cpus numa2 llc 0,1
want_fact numa2 "numa_nodes=0,1 2,3"
want_fact numa2 "placements=any,llc,cross-llc,cross-node"

want_pair vm2 any 0,1
want_fact vm2 "llc_domains=unknown"
expect_error "vm2: llc" "placement llc: .*last-level cache domains are unknown; it has: any$" topo vm2 pair llc
expect_error "vm2: cpus cross-node" "placement cross-node: .*one NUMA node; it has: any$" topo vm2 cpus cross-node
expect_error "unknown placement" "unknown placement 'near'" topo vm2 pair near
expect_error "not a /sys" "not a Linux /sys" "$sh" "$TOP/scripts/native/topology.sh" -s "$TMP" facts
