#!/usr/bin/env bash
# settings.sh help|markdown|choices NAME: the variables of
# schema/settings.tsv, as make help lists them (those a make goal reads),
# as docs/variables.md's table (every one, with the goals that read it;
# between its "settings" markers; tests/host/contract.sh checks the
# copy), or one setting's choices ("auto, kvm, tcg"), for a script's
# message.  The table is the only list: nothing else names them.  The
# accel rule is one: of auto and the timed instrument's accelerators
# (scripts/boot/machines.tsv), which name themselves.
set -eu
table=$(dirname "$0")/../../schema/settings.tsv
accels=$(awk -F '\t' '!/^#/ && $1 != "machine" && $2 == "yes" { printf ",%s", $1 }' "$(dirname "$0")/../boot/machines.tsv")
rows() {
	awk -F '\t' -v OFS='\t' -v accels="one:auto$accels" '!/^#/ && $1 != "name" { if ($3 == "accel") $3 = accels; print }' "$table"
}

case ${1:-} in
help)
	echo "Variables (docs/variables.md; every one is checked before any work):"
	rows | awk -F '\t' '$4 == "-" && $3 != "refused" { scripts++; next }
	{
		v = $1 "=" ($3 == "refused" ? "" : $2)
		sub(/_\*=$/, "_<variant>=", v)
		h = $5
		if ($3 ~ /^one:/) { c = substr($3, 5); gsub(/,/, "|", c); h = h " (" c ")" }
		if ($3 == "refused") h = "refused: " h
		if (length(v) > 21) printf "  %s\n  %-22s%s\n", v, "", h
		else printf "  %-22s%s\n", v, h
	}
	END { if (scripts) printf "and %d read by scripts run by hand (scripts/native/sweep.sh, ...): docs/variables.md\n", scripts }'
	;;
markdown)
	echo "| variable | default | accepts | read by | what it does |"
	echo "|---|---|---|---|---|"
	rows | awk -F '\t' '
	function accepts(r) {
		if (r ~ /^one:/) { sub(/^one:/, "", r); gsub(/,/, ", ", r); return r }
		if (r == "int") return "a positive integer"
		if (r ~ /^int:/) return "an integer, at least " substr(r, 5)
		if (r == "whole") return "0 or more"
		if (r == "bool") return "0 or 1"
		if (r == "variant") return "one variant"
		if (r == "variants") return "variants, each once"
		if (r == "file") return "an existing file"
		if (r == "jobs") return "a job list"
		if (r == "files") return "existing files"
		if (r == "dir") return "a directory"
		if (r == "exists") return "an existing path"
		if (r == "path") return "a path"
		if (r == "name") return "a folder name"
		if (r == "run") return "a run directory"
		if (r == "counts") return "all, or thread counts, each once"
		if (r == "pmu") return "auto, off or perf events"
		if (r == "job") return "a job line"
		if (r == "kconfig") return "CONFIG_X=v ..."
		if (r == "tests") return "globs of test names"
		if (r == "refused") return "refused by name"
		if (r == "special") return "see check-args.sh"
		return "text"
	}
	function readers(g, rule,    n, e, i, s, x) {
		if (g == "-") return rule == "refused" ? "none (refused)" : "no goal: a script"
		n = split(g, e, ",")
		s = ""
		for (i = 1; i <= n; i++) {
			x = e[i]
			if (index(x, "?")) x = substr(x, 1, index(x, "?") - 1) " (with " substr(x, index(x, "?") + 1) "=)"
			sub(/^\*/, "every goal", x)
			sub(/^instruments/, "every instrument", x)
			sub(/^booting-instruments/, "every instrument that boots", x)
			s = s (i > 1 ? ", " : "") x
		}
		return s
	}
	{ printf "| `%s` | %s | %s | %s | %s |\n", $1, ($2 == "" ? "" : "`" $2 "`"), accepts($3), readers($4, $3), $5 }'
	;;
choices)
	rows | awk -F '\t' -v n="${2:?usage: settings.sh choices NAME}" '$1 == n && $3 ~ /^one:/ {
		r = substr($3, 5); gsub(/,/, ", ", r); print r; found = 1 }
		END { exit !found }'
	;;
*)
	echo "usage: settings.sh help|markdown|choices NAME" >&2
	exit 2
	;;
esac
