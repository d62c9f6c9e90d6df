#!/bin/sh
# topology.sh [-s SYSFS] facts | pair PLACEMENT | cpus PLACEMENT: this
# host's CPU topology from /sys, and the CPUs a placement names.  POSIX sh
# and awk: it runs in the native bundle too, on machines without bash.
#
#   facts            one line a CPU ("cpuN smt=LIST llc=LIST node=N") and
#                    the domains: smt_groups, llc_domains, numa_nodes (each
#                    a space-separated list of CPU lists, numa_nodes in
#                    node order), and placements,
#                    the placements this host has a pair for
#   pair PLACEMENT   "A,B": two online CPUs that are
#                      any        the first two online CPUs
#                      smt        SMT siblings (one core's threads)
#                      llc        two cores sharing the last-level cache
#                      cross-llc  in different last-level caches, one node
#                                 where the host allows
#                      cross-node in different NUMA nodes
#                    or exit 1 saying why this host has none.
#   cpus PLACEMENT   "A,B,...": the placement's CPUs in the order threads
#                    take them (lb-native -C), the first two its pair:
#                      any        every online CPU
#                      smt        whole cores of two or more threads,
#                                 a core's threads together
#                      llc        one thread a core, the cores of the
#                                 first last-level cache with two
#                      cross-llc  one thread a core, taken from the
#                                 caches in turn (those of one node
#                                 where a node has two)
#                      cross-node one thread a core, taken from the
#                                 nodes in turn
#                    so that N threads of a placement are its first N
#                    CPUs, and more threads than it lists are refused.
# SYSFS (default /sys) is where devices/system/{cpu,node} are read: the
# tests point it at fixture trees.  A file /sys lacks (a VM without cache
# entries, a kernel without NUMA) leaves its domain unknown, and the
# placements that need it are refused saying so.
sysfs=/sys
if [ "${1:-}" = -s ]; then
	sysfs=${2:?topology.sh: -s needs a directory}
	shift 2
fi
what=${1:-}
# contract-exempt: the bundle has no lb-validate; tests/host/topology.sh
# checks this list against lb-validate --describe placements.
placements="any smt llc cross-llc cross-node"
case $what in
facts) ;;
pair | cpus)
	place=${2:-}
	case " $placements " in
	*" $place "*) [ -n "$place" ] ;;
	*) false ;;
	esac || { echo "topology.sh: unknown placement '$place': want one of $placements" >&2; exit 2; } ;;
*) echo "usage: topology.sh [-s SYSFS] facts | pair PLACEMENT | cpus PLACEMENT" >&2; exit 2 ;;
esac
cpu=$sysfs/devices/system/cpu
[ -r "$cpu/online" ] || { echo "topology.sh: no $cpu/online: not a Linux /sys" >&2; exit 2; }

# line FILE: the first line of a sysfs FILE, printed; "?" when it is not
# there or empty.  read, not head: a process per file made a big
# machine's /sys slow, and so would $(line FILE) in dash, so the lines go
# straight into the listing awk reads.  Where read gets nothing from a
# file that has a line (dash reads a byte at a time, which some /sys
# emulations, this project's VMs' among them, answer with nothing), head
# reads it.
line() {
	l='?'
	if [ -r "$1" ]; then
		{ IFS= read -r l || [ -n "$l" ]; } <"$1" || l=$(head -n 1 "$1")
	fi
	printf '%s\n' "${l:-?}"
}

# One line a node, "node N CPULIST", then for each CPU a line for each of
# its caches' type, level and sharers ("ctype N TYPE", "clevel N LEVEL",
# "cshared N CPULIST") and one for the CPU, "cpu N NODE SIBLINGS"; "?"
# where /sys does not say.  The CPU's node is its cpuN/nodeM link, else
# the node whose cpulist holds it, and its last-level cache the
# highest-level data or unified cache it lists (awk, below).
list_cpus() {
	for nd in "$sysfs"/devices/system/node/node[0-9]*; do
		[ -r "$nd/cpulist" ] || continue
		printf 'node %s ' "${nd##*/node}"
		line "$nd/cpulist"
	done
	for n in $(awk -f "$awkf" -v op=expand "$cpu/online"); do
		c=$cpu/cpu$n
		for ix in "$c"/cache/index*; do
			[ -r "$ix/level" ] || continue
			printf 'ctype %s ' "$n"
			line "$ix/type"
			printf 'clevel %s ' "$n"
			line "$ix/level"
			printf 'cshared %s ' "$n"
			line "$ix/shared_cpu_list"
		done
		node='?'
		for nd in "$c"/node[0-9]*; do [ -e "$nd" ] && node=${nd##*/node}; done
		printf 'cpu %s %s ' "$n" "$node"
		line "$c/topology/thread_siblings_list"
	done
}

awkf=$(mktemp) || exit 2
trap 'rm -f "$awkf"' EXIT
cat >"$awkf" <<'EOF'
# expand("0-2,5") -> "0 1 2 5" in out[1..n]; returns n
function expand(l, out,   p, np, i, r, a, n) {
	n = 0
	if (l == "?" || l == "") return 0
	np = split(l, p, ",")
	for (i = 1; i <= np; i++) {
		if (split(p[i], r, "-") == 2) { for (a = r[1] + 0; a <= r[2] + 0; a++) out[++n] = a }
		else out[++n] = p[i] + 0
	}
	return n
}
op == "expand" { n = expand($1, o); s = ""; for (i = 1; i <= n; i++) s = s (i > 1 ? " " : "") o[i]; print s; exit }
# a node's CPUs, for the CPUs without a cpuN/nodeM link
op == "topo" && $1 == "node" { n = expand($3, o); for (i = 1; i <= n; i++) nodeof[o[i]] = $2; next }
# A CPU's last-level cache: the sharers of the first cache of the highest
# level (a whole number above 0) that is not an instruction cache.
op == "topo" && $1 == "ctype" { ctype = substr($0, length($1 $2) + 3); next }
op == "topo" && $1 == "clevel" { clevel = substr($0, length($1 $2) + 3); next }
op == "topo" && $1 == "cshared" {
	if (ctype != "Instruction" && clevel ~ /^[0-9]+$/ && clevel + 0 > best[$2] + 0) { best[$2] = clevel; llcof[$2] = $3 }
	next
}
# "cpu N NODE SIBLINGS" as "N SIBLINGS LLC NODE".
op == "topo" && $1 == "cpu" { $0 = $2 " " $4 " " ($2 in llcof ? llcof[$2] : "?") " " $3; if ($4 == "?" && ($1 in nodeof)) $4 = nodeof[$1] }
op == "topo" {
	c = $1; cpus[++nc] = c; online[c] = 1; smt[c] = $2; llc[c] = $3; node[c] = $4
	if ($2 != "?" && !($2 in seens)) { seens[$2] = 1; sg = sg (sg == "" ? "" : " ") $2 }
	if ($3 != "?" && !($3 in seenl)) { seenl[$3] = 1; ld = ld (ld == "" ? "" : " ") $3; nl++ }
	if ($4 != "?" && !($4 in seenn)) { seenn[$4] = 1; norder[++nn] = $4 }
	nodecpus[$4] = nodecpus[$4] (nodecpus[$4] == "" ? "" : ",") c
}
# A CPU's core: its sibling list (itself where /sys does not say).
function core(c) { return smt[c] == "?" ? c : smt[c] }
# The first online thread of each core, in CPU order, into firsts[1..n].
function core_firsts(   i, c, n, seenc) {
	n = 0
	for (i = 1; i <= nc; i++) { c = cpus[i]; if (!(core(c) in seenc)) { seenc[core(c)] = 1; firsts[++n] = c } }
	return n
}
# KEYS[1..nk] groups of CPUs (G[k, 1..gn[k]]), taken in turn: a
# comma-separated list.
function in_turn(nk, keys,   out, k, i, more) {
	out = ""
	for (i = 1; ; i++) {
		more = 0
		for (k = 1; k <= nk; k++) if (i <= gn[keys[k]]) { out = out (out == "" ? "" : ",") G[keys[k], i]; more = 1 }
		if (!more) return out
	}
}
# Placement p's CPUs in the order threads take them; "" when it has no
# two.
function list(p,   i, c, n, out, o, m, nk, keys, d, seen2, nodes, nn2, k) {
	out = ""
	if (p == "any") { for (i = 1; i <= nc; i++) out = out (i > 1 ? "," : "") cpus[i]; return nc >= 2 ? out : "" }
	if (p == "smt") {
		for (i = 1; i <= nc; i++) {
			c = cpus[i]
			if (smt[c] == "?" || (smt[c] in seen2)) continue
			seen2[smt[c]] = 1
			m = expand(smt[c], o); n = 0
			for (k = 1; k <= m; k++) if (o[k] in online) n++
			if (n < 2) continue
			for (k = 1; k <= m; k++) if (o[k] in online) out = out (out == "" ? "" : ",") o[k]
		}
		return out
	}
	n = core_firsts()
	split("", gn); split("", G)
	if (p == "llc") {
		for (i = 1; i <= n; i++) { c = firsts[i]; if (llc[c] != "?") G[llc[c], ++gn[llc[c]]] = c }
		for (i = 1; i <= n; i++) { c = firsts[i]; if (llc[c] != "?" && gn[llc[c]] >= 2) { d = llc[c]; break } }
		if (d == "") return ""
		for (k = 1; k <= gn[d]; k++) out = out (k > 1 ? "," : "") G[d, k]
		return out
	}
	if (p == "cross-llc") {
		# The caches of the first node with two, else every cache.
		for (i = 1; i <= n; i++) {
			c = firsts[i]
			if (llc[c] == "?") return ""
			if (!((node[c], llc[c]) in seen2)) { seen2[node[c], llc[c]] = 1; nodes[node[c]]++ }
		}
		for (i = 1; i <= n && d == ""; i++) if (nodes[node[firsts[i]]] >= 2) d = node[firsts[i]]
		nk = 0
		for (i = 1; i <= n; i++) {
			c = firsts[i]
			if (d != "" && node[c] != d) continue
			if (!(llc[c] in gn)) keys[++nk] = llc[c]
			G[llc[c], ++gn[llc[c]]] = c
		}
		return nk >= 2 ? in_turn(nk, keys) : ""
	}
	if (p == "cross-node") {
		nk = 0
		for (i = 1; i <= n; i++) {
			c = firsts[i]
			if (node[c] == "?") return ""
			if (!(node[c] in gn)) keys[++nk] = node[c]
			G[node[c], ++gn[node[c]]] = c
		}
		return nk >= 2 ? in_turn(nk, keys) : ""
	}
}
# The first two of placement p's CPUs; "" when none.
function find(p,   l, a) { l = list(p); if (split(l, a, ",") < 2) return ""; return a[1] "," a[2] }
# Why placement p has no pair here.
function why(p,   unknown) {
	if (nc < 2) return "this host has " nc " online CPU"
	if (p == "smt") return "no CPU here has an SMT sibling (thread_siblings_list names each CPU alone)"
	for (i = 1; i <= nc; i++) if (llc[cpus[i]] == "?") unknown = 1
	if ((p == "llc" || p == "cross-llc") && unknown) return "/sys lists no cache for some CPUs (no cpu*/cache/index*), so the last-level cache domains are unknown"
	if (p == "llc") return "no two cores share a last-level cache (" ld ")"
	if (p == "cross-llc") return "all online CPUs share one last-level cache (" ld ")"
	if (p == "cross-node") return nn < 1 ? "/sys lists no NUMA nodes" : "all online CPUs are in one NUMA node"
}
END {
	if (op != "topo") exit
	if (want == "") {
		for (i = 1; i <= nc; i++) { c = cpus[i]; printf "cpu%s smt=%s llc=%s node=%s\n", c, smt[c], llc[c], node[c] }
		for (i = 1; i <= nn; i++) nd = nd (nd == "" ? "" : " ") nodecpus[norder[i]]
		printf "smt_groups=%s\nllc_domains=%s\nnuma_nodes=%s\n", sg, ld == "" ? "unknown" : ld, nd == "" ? "unknown" : nd
		np = split(placements, pl, " ")
		s = ""
		for (i = 1; i <= np; i++) if (find(pl[i]) != "") s = s (s == "" ? "" : ",") pl[i]
		printf "placements=%s\n", s == "" ? "none" : s
		exit
	}
	r = find(want)
	if (r == "") {
		np = split(placements, pl, " ")
		s = ""
		for (i = 1; i <= np; i++) if (find(pl[i]) != "") s = s (s == "" ? "" : ",") pl[i]
		printf "topology.sh: placement %s: this host has no such pair: %s; it has: %s\n", want, why(want), s == "" ? "none" : s >"/dev/stderr"
		exit 1
	}
	print op2 == "cpus" ? list(want) : r
}
EOF
list_cpus >"$awkf.cpus" || exit 2
trap 'rm -f "$awkf" "$awkf.cpus"' EXIT
awk -f "$awkf" -v op=topo -v op2="$what" -v want="${place:-}" -v placements="$placements" "$awkf.cpus"
