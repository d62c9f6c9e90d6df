#!/usr/bin/env bash
# After make deps as root, everything else runs as an ordinary user: host
# steps run here as nobody (setpriv, on a copy of the tree that user may
# read) must work and refuse bad input as they do for root: make help, an
# argument refusal, a dry run and a host tool's build (bench-user).
. "$(dirname "$0")/../lib.bash"
if [ "$(id -u)" = 0 ]; then
	command -v setpriv >/dev/null || skip "no setpriv to run as an ordinary user"
	user=nobody
	uid=$(id -u "$user" 2>/dev/null) || skip "no user '$user' to run as"
	gid=$(id -g "$user")
	as_user() { setpriv --reuid="$uid" --regid="$gid" --clear-groups env HOME="$TMP/home" "$@"; }
else
	as_user() { "$@"; } # already an ordinary user
fi
# A copy the user owns, without build/, .git or the published results
# (none of these steps reads them).
chmod 755 "$TMP"
mkdir -p "$TMP/tree" "$TMP/home"
tar -C "$TOP" --exclude=./build --exclude=./.git --exclude=./results -cf - . | tar -C "$TMP/tree" -xf -
[ "$(id -u)" != 0 ] || chown -R "$uid:$gid" "$TMP/tree" "$TMP/home"
m() { as_user make -s -C "$TMP/tree" "$@"; }
me=$(as_user id -un)

out=$(m help 2>&1) || fail "make help as $me: $out"
grep -q '^  timed (run) ' <<<"$out" || fail "make help printed no target list: $out"
echo "ok: make help as $me"
expect_error "a refusal as $me" "BOOTS=abc is not a positive integer" m run BOOTS=abc
out=$(m DRYRUN=1 run VARIANTS=stock 2>&1) || fail "make DRYRUN=1 run as $me: $out"
grep -q 'run: variants stock' <<<"$out" || fail "no plan: $out"
[ ! -e "$TMP/tree/build" ] || fail "the dry run wrote build/"
echo "ok: make DRYRUN=1 run as $me"
m -C bench-user clean >/dev/null 2>&1 || true
out=$(m -C bench-user lb-validate 2>&1) || fail "building a host tool as $me: $out"
out=$(as_user "$TMP/tree/bench-user/lb-validate" "$TMP/tree/tests/unit/fixtures/post-tcg.csv" 2>&1) ||
	fail "lb-validate as $me: $out"
echo "ok: bench-user's lb-validate built and ran as $me"
