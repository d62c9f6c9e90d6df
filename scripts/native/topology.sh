#!/bin/sh
# topology.sh [-s SYSFS] facts | pair PLACEMENT: this host's CPU topology
# from /sys, and the pair of CPUs a placement names.  POSIX sh and awk:
# it runs in the native bundle too, on machines without bash.
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
case $what in
facts) ;;
pair)
	place=${2:-}
	case $place in
	any | smt | llc | cross-llc | cross-node) ;;
	*) echo "topology.sh: unknown placement '$place': want any, smt, llc, cross-llc or cross-node" >&2; exit 2 ;;
	esac ;;
*) echo "usage: topology.sh [-s SYSFS] facts | pair PLACEMENT" >&2; exit 2 ;;
esac
cpu=$sysfs/devices/system/cpu
[ -r "$cpu/online" ] || { echo "topology.sh: no $cpu/online: not a Linux /sys" >&2; exit 2; }

# The first line of a sysfs FILE into LINE, "?" when it is not there
# (read, not head: a process per file made a big machine's /sys slow).
# Where read gets nothing from a file that has a line (dash reads a byte
# at a time, which some /sys emulations, this project's VMs' among them,
# answer with nothing), head reads it.
line() {
	LINE='?'
	[ -r "$1" ] || return 0
	{ IFS= read -r LINE || [ -n "$LINE" ]; } <"$1" || LINE=$(head -n 1 "$1")
	[ -n "$LINE" ] || LINE='?'
}

# One line a node, "node N CPULIST", then one a CPU, "cpu N SIBLINGS LLC
# NODE"; "?" where /sys does not say.  The last-level cache is the
# highest-level data or unified cache the CPU lists.  A CPU's node is its
# cpuN/nodeM link, else the node whose cpulist holds it (awk, below).
list_cpus() {
	for nd in "$sysfs"/devices/system/node/node[0-9]*; do
		[ -r "$nd/cpulist" ] || continue
		line "$nd/cpulist"
		echo "node ${nd##*/node} $LINE"
	done
	for n in $(awk -f "$awkf" -v op=expand "$cpu/online"); do
		c=$cpu/cpu$n
		llc='?' best=0
		for ix in "$c"/cache/index*; do
			[ -r "$ix/level" ] || continue
			line "$ix/type"
			[ "$LINE" != Instruction ] || continue
			line "$ix/level"
			[ "$LINE" -gt "$best" ] 2>/dev/null || continue
			best=$LINE
			line "$ix/shared_cpu_list"
			llc=$LINE
		done
		node='?'
		for nd in "$c"/node[0-9]*; do [ -e "$nd" ] && node=${nd##*/node}; done
		line "$c/topology/thread_siblings_list"
		echo "cpu $n $LINE $llc $node"
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
op == "topo" && $1 == "cpu" { $1 = ""; $0 = substr($0, 2); if ($4 == "?" && ($1 in nodeof)) $4 = nodeof[$1] }
op == "topo" {
	c = $1; cpus[++nc] = c; smt[c] = $2; llc[c] = $3; node[c] = $4
	if ($2 != "?" && !($2 in seens)) { seens[$2] = 1; sg = sg (sg == "" ? "" : " ") $2 }
	if ($3 != "?" && !($3 in seenl)) { seenl[$3] = 1; ld = ld (ld == "" ? "" : " ") $3; nl++ }
	if ($4 != "?" && !($4 in seenn)) { seenn[$4] = 1; norder[++nn] = $4 }
	nodecpus[$4] = nodecpus[$4] (nodecpus[$4] == "" ? "" : ",") c
}
function sibling(a, b,   o, n, i) { n = expand(smt[a], o); for (i = 1; i <= n; i++) if (o[i] == b) return 1; return 0 }
# The first pair (a, b), a < b, that placement p takes; "" when none.
function find(p,   i, j, a, b, best) {
	best = ""
	for (i = 1; i <= nc; i++) for (j = i + 1; j <= nc; j++) {
		a = cpus[i]; b = cpus[j]
		if (p == "any") return a "," b
		if (p == "smt" && sibling(a, b)) return a "," b
		if (p == "llc" && llc[a] != "?" && llc[a] == llc[b] && !sibling(a, b)) return a "," b
		if (p == "cross-llc" && llc[a] != "?" && llc[b] != "?" && llc[a] != llc[b]) {
			if (node[a] == node[b]) return a "," b
			if (best == "") best = a "," b
		}
		if (p == "cross-node" && node[a] != "?" && node[b] != "?" && node[a] != node[b]) return a "," b
	}
	return best
}
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
		split("any smt llc cross-llc cross-node", pl, " ")
		s = ""
		for (i = 1; i <= 5; i++) if (find(pl[i]) != "") s = s (s == "" ? "" : ",") pl[i]
		printf "placements=%s\n", s == "" ? "none" : s
		exit
	}
	r = find(want)
	if (r == "") { printf "topology.sh: placement %s: this host has no such pair: %s\n", want, why(want) >"/dev/stderr"; exit 1 }
	print r
}
EOF
list_cpus >"$awkf.cpus" || exit 2
trap 'rm -f "$awkf" "$awkf.cpus"' EXIT
awk -f "$awkf" -v op=topo -v want="${place:-}" "$awkf.cpus"
