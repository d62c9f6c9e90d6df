#!/usr/bin/env bash
# quick-summary.sh RUN [AGREE.md]: make quick's answer as plain text for
# a cover letter: per compared pair (the comparisons' aa, headline and
# pair roles whose two sides ran), the native cells as cover-letter.sh
# --tables prints them, then the exact user-space path length of every
# hot kind, base -> other;
# AGREE.md (pathlen-agree.sh's table) when icount's counts exist; and
# what quick does not measure.  Every figure is from the run's files.
. "$(dirname "$0")/../native/common.sh"

run=${1:?usage: quick-summary.sh RUN [AGREE.md]} agree=${2:-}
pl=$run/native/pathlen-user.csv
[ -f "$pl" ] || die "no $pl"
declare -A RI=()
readkv RI "$run/run.info"
ran=" ${RI[variants]} "
pairs=()
while IFS=$'\t' read -r role b o _; do
	case $role in aa | headline | pair) ;; *) continue ;; esac
	[[ $ran == *" $b "* && $ran == *" $o "* ]] && pairs+=("$b:$o")
done < <(comparison_lines)
[ ${#pairs[@]} -gt 0 ] || die "no compared pair among ${RI[variants]}"

echo "make quick (${RI[quick]}): ${RI[variants]}; ${RI[seconds_total]} s (trees and lock objects ${RI[seconds_build]} s, native ${RI[seconds_native]} s, path lengths ${RI[seconds_pathlen]} s)"
for p in "${pairs[@]}"; do
	echo
	echo "== $(comparison_label "$p")"
	PAIR=$p bash "$LB_TOP/scripts/report/cover-letter.sh" --tables "$run" | tail -n +2
	echo "Path length (user space, valgrind callgrind, exact instructions per op"
	echo "beyond the empty loop, host-independent):"
	awk -F, -v b="${p%%:*}" -v o="${p#*:}" '
		NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
		{
			v = $h["variant"]; kd = $h["kind"]
			n[v "," kd] = $h["instructions"]
			if (!(kd in seen)) { seen[kd] = 1; k[++nk] = kd }
		}
		END {
			for (i = 1; i <= nk; i++) {
				x = n[b "," k[i]]; y = n[o "," k[i]]
				if (x == "" || y == "") continue
				d = y - x
				printf "  %-18s %8g -> %-8g %s\n", k[i], x, y, d == 0 ? "same" : sprintf("%+g", d)
			}
		}' "$pl"
done
if [ -n "$agree" ] && [ -f "$agree" ]; then
	echo
	echo "User-space path lengths beside icount's guest counts (${ICOUNT_CSV:-results/pathlen/pathlen.csv}):"
	cat "$agree"
fi
cat <<'TXT'

What quick does not measure (make all does): the irq, irqsave and bh kinds
(ring 0), perf in the guest and the TCG timing check.  Its binary's lock
code is checked against the objects Kbuild built, with no vmlinux: what
only a booted kernel holds (boot-time alternatives, static keys, paravirt
patching) is neither in it nor checked.
TXT
