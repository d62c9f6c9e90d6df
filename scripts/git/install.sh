#!/usr/bin/env bash
# install.sh [DIR]: make git run scripts/git's hooks in the clone at DIR
# (default: this one), as `make hooks` does.  core.hooksPath is set to the
# relative path scripts/git, which git reads from the top of the working
# tree it commits in: every worktree runs the hook of its own checkout,
# and one whose branch predates the hook runs none.
set -eu
dir=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
git -C "$dir" rev-parse --git-dir >/dev/null 2>&1 || {
	echo "lockbench: error: $dir is not a git clone: make hooks needs one" >&2
	exit 2
}
git -C "$dir" config core.hooksPath scripts/git
echo "lockbench: hooks: git now runs scripts/git/commit-msg on each commit (docs/commits.md)"
