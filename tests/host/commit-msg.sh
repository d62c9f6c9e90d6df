#!/usr/bin/env bash
# The commit-msg hook (scripts/git/commit-msg, docs/commits.md): a message
# written as the kernel writes them passes; each rule refuses its own bad
# message, by name.  `make hooks`'s installer makes git run it in a clone
# and in its worktrees; check-commits.sh (CI) judges the commits made on
# top of the hook and no others.
. "$(dirname "$0")/../lib.bash"
H=$TOP/scripts/git/commit-msg
msg() { printf '%b' "$1" >"$TMP/msg"; }

msg 'check-args: refuse an empty variant\n\nA list such as pre,,post ran as "pre post" and went on to build.\n\nSigned-off-by: A <a@b>\n'
"$H" "$TMP/msg" || fail "a good message was refused"
msg "Merge branch 'hooks'\n"
"$H" "$TMP/msg" || fail "git's merge message was refused"
msg '# a comment git drops\ntests/host, Makefile: run one test by name\n\nmake check ran every test.\n'
"$H" "$TMP/msg" || fail "a message with a comment line and two areas was refused"
echo "ok: good messages pass"

msg "check-args: $(printf 'x%.0s' {1..61})\n\nWhy.\n"
expect_error "73-character subject" "the subject is 73 characters, over 72" "$H" "$TMP/msg"
msg 'refuse an empty variant\n\nWhy.\n'
expect_error "no area" "lacks an 'area: ' prefix" "$H" "$TMP/msg"
msg 'check-args: added a check\n\nWhy.\n'
expect_error "past tense" "starts with 'added': write it in the imperative" "$H" "$TMP/msg"
msg 'check-args: refuse an empty variant.\n\nWhy.\n'
expect_error "final period" "ends with a period" "$H" "$TMP/msg"
msg 'check-args: refuse an empty variant\n'
expect_error "no body" "has no body" "$H" "$TMP/msg"
msg 'check-args: refuse an empty variant\n\nSigned-off-by: A <a@b>\n'
expect_error "trailers only" "has no body" "$H" "$TMP/msg"
msg 'check-args: refuse an empty variant\nWhy, on line 2.\n'
expect_error "no blank line" "leave line 2 blank" "$H" "$TMP/msg"
msg '\n# only comments\n'
expect_error "empty" "the message is empty" "$H" "$TMP/msg"

# Citations, as the kernel writes them: 12 hex digits and the subject,
# which may wrap; numbers, words, other hashes, code spans, paths and
# quoted output are no citations.
msg 'lib.sh: b\n\nSince 26de0ee090c7 ("bench-user: define a CSV header from the\ncontract'"'"'s columns once") it does.\n'
"$H" "$TMP/msg" || fail "a kernel-style citation, wrapped, was refused"
msg 'lib.sh: b\n\n0x7fffffff, 2095974 kHz, deadbeef, decade, sha256 2f8547da9c70149b, `0123456789ab`, a/8c21e1b0a1.\n    quoted 8c21e1b output\n'
"$H" "$TMP/msg" || fail "hex numbers, words, a sha256, code or quoted output were taken for citations"
msg 'lib.sh: b\n\nAs 26de0ee did.\n'
expect_error "a 7-character sha" "cites 26de0ee: cite a commit as the kernel does" "$H" "$TMP/msg"
"$H" --no-cite "$TMP/msg" || fail "--no-cite (a commit before the rule) still judged its citation"
msg 'lib.sh: b\n\nAs 26de0ee090c736ae57ca59e3a70f59f5e9047cc3 did.\n'
expect_error "a 40-character sha" "cites 26de0ee090c736ae57ca59e3a70f59f5e9047cc3: cite" "$H" "$TMP/msg"
msg 'lib.sh: b\n\nAs 26de0ee090c7 did.\n'
expect_error "a sha without its subject" "cites 26de0ee090c7 without its subject" "$H" "$TMP/msg"

# A clone with the hook installed, and a worktree of it.
command -v git >/dev/null || skip "git is not installed"
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@t
export GIT_CONFIG_NOSYSTEM=1 HOME=$TMP
r=$TMP/repo
git init -q "$r"
g() { git -C "$r" "$@"; }
echo a >"$r/a" && g add a && g commit -q -m 'old: a message from before the hook, not judged'
g checkout -q -b early && echo e >"$r/e" && g add e && g commit -q -m 'a parallel branch, forked before the hook' && g checkout -q -
mkdir -p "$r/scripts/git" && cp "$TOP"/scripts/git/{commit-msg,check-commits.sh,install.sh} "$r/scripts/git/"
# The hook as it was before the citation rule: no rule-start line.
grep -v 'rule-start: cite' "$TOP/scripts/git/commit-msg" >"$r/scripts/git/commit-msg"
g add scripts && g commit -q -F - <<<$'scripts/git: add the commit-msg hook\n\nSo that every commit reads as the kernel'"'"'s do.'
"$r/scripts/git/install.sh" "$r" >/dev/null || fail "install.sh failed"
[ "$(g config core.hooksPath)" = scripts/git ] || fail "install.sh did not set core.hooksPath"
echo b >"$r/b" && g add b
expect_error "git commit with a bad message" "lacks an 'area: ' prefix" g commit -q -m 'no area here'
g commit -q -m $'b: add b\n\nBecause b is needed.' || fail "git commit refused a good message"
g worktree add -q "$TMP/wt" -b wt
echo c >"$TMP/wt/c" && git -C "$TMP/wt" add c
expect_error "a bad message in a worktree" "has no body" git -C "$TMP/wt" commit -q -m 'c: add c'
echo "ok: make hooks' installer makes git refuse bad messages, in a worktree too"

# CI: the commits on top of the hook are judged, the parallel branch's
# old-style commit merged later is not; a bad one fails by name.
g merge -q --no-edit early
"$r/scripts/git/check-commits.sh" >"$TMP/cc.log" 2>&1 || fail "check-commits refused a clean history: $(cat "$TMP/cc.log")"
grep -q '^check-commits: 2 commits since .* checked, 0 refused$' "$TMP/cc.log" || fail "check-commits counted otherwise: $(cat "$TMP/cc.log")"
echo d >"$r/d" && g add d && g commit -q --no-verify -m 'added d'
expect_error "check-commits on a bad commit" "^check-commits: [0-9a-f]+ added d$" "$r/scripts/git/check-commits.sh"
echo "ok: check-commits judges every commit since the hook, and only those"

# The citation rule judges the commits from the one that added it on.
g reset -q --hard HEAD~1
echo c2 >"$r/c2" && g add c2 && g commit -q --no-verify -m $'c2: add c2\n\nAs '"$(g rev-parse --short=7 HEAD)"$' did.'
"$r/scripts/git/check-commits.sh" >"$TMP/cc.log" 2>&1 || fail "check-commits judged a citation made before the rule: $(cat "$TMP/cc.log")"
cp "$TOP/scripts/git/commit-msg" "$r/scripts/git/commit-msg"
g commit -q -a -F - <<<$'scripts/git: cite commits as the kernel does\n\nSo that a cited commit can be found.'
sha=$(g rev-parse --short=12 HEAD)
echo e >"$r/e2" && g add e2
expect_error "a citation with another commit's subject" "cites $sha \(\"a wrong subject\"\), whose subject is \"scripts/git: cite commits" \
	g commit -q -m $'e2: add e2\n\nAfter '"$sha"$' ("a wrong subject").'
g commit -q -m $'e2: add e2\n\nAfter '"$sha"$' ("scripts/git: cite commits as the kernel\ndoes").' || fail "a right citation, wrapped, was refused"
echo d >"$r/d2" && g add d2 && g commit -q --no-verify -m $'d2: add d2\n\nAs '"${sha:0:7}"$' did.'
expect_error "check-commits on a short citation after the rule" "^check-commits: 6 commits since .* checked, 1 refused$" "$r/scripts/git/check-commits.sh"
grep -q '^check-commits: [0-9a-f]* d2: add d2$' <<<"$EXPECT_OUT" && ! grep -q 'c2: add c2' <<<"$EXPECT_OUT" ||
	fail "check-commits did not refuse d2 alone: $EXPECT_OUT"
echo "ok: the citation rule judges the commits from its own on, and refuses a wrong subject"
