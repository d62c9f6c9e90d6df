#!/usr/bin/env bash
# check-commits.sh [REV]: run the commit-msg hook's checker on every commit
# made on top of the hook, up to REV (default HEAD); CI runs it (.ci/run).
# "On top of" is git's --ancestry-path: the commits that descend from the
# one that added scripts/git/commit-msg, so older history, and branches
# forked before the hook and merged later, are not judged by a rule they
# did not have.  Merge commits are exempt (git writes their messages).
# A rule added to the hook later judges, the same way, only the commits
# from the one that added its "rule-start: NAME" line on: the citation
# rule (cite) leaves older bodies and their 7-character shas alone.
# Exit 0 if every message passes, 1 naming each one that does not, 3 if
# this is no git clone or the hook's commit is not in it (a shallow clone).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
rev=${1:-HEAD}
hook=scripts/git/commit-msg
cd "$top" || exit 3
git rev-parse --verify -q "$rev^{commit}" >/dev/null || {
	echo "check-commits: $rev is not a commit here (is this a git clone?)" >&2
	exit 3
}
intro=$(git log --diff-filter=A --format=%H "$rev" -- "$hook" | tail -n 1)
if [ -z "$intro" ]; then
	echo "check-commits: no commit in $rev's history adds $hook (a shallow clone?): fetch more history" >&2
	exit 3
fi
# The commits the citation rule judges: its commit and those on top.
declare -A cites=()
since=$(git log --reverse --format=%H -S'rule-start: cite' "$rev" -- "$hook" | head -n 1)
if [ -n "$since" ]; then
	for c in "$since" $(git rev-list --ancestry-path "$since..$rev"); do cites[$c]=1; done
fi
msg=$(mktemp)
trap 'rm -f "$msg"' EXIT
n=0 bad=0
for c in "$intro" $(git rev-list --reverse --no-merges --ancestry-path "$intro..$rev"); do
	n=$((n + 1))
	git log -1 --format=%B "$c" >"$msg"
	old=()
	[ -n "${cites[$c]:-}" ] || old=(--no-cite)
	if ! out=$("$top/$hook" "${old[@]}" "$msg" 2>&1); then
		bad=$((bad + 1))
		echo "check-commits: $(git log -1 --format='%h %s' "$c" | cut -c 1-80)"
		echo "$out" | grep -v 'see docs/commits.md' | sed 's/^/  /'
	fi
done
echo "check-commits: $n commits since $(git rev-parse --short "$intro") checked, $bad refused"
[ $bad -eq 0 ] || { echo "check-commits: reword them (git rebase -i, 'reword'); see docs/commits.md" && exit 1; }
