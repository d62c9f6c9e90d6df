#!/usr/bin/env bash
# ccache-choice.sh: CCACHE=auto compiles through ccache only where it can
# hit (a cache that holds objects) and keeps a build directory's compiler
# (a change of CC makes Kbuild recompile everything); yes and no force it;
# anything else is refused by name.
. "$(dirname "$0")/../lib.bash"
command -v ccache >/dev/null || skip "no ccache (make deps installs it)"
cc_of() { # DIR [VAR=VALUE...] -> the compiler lb_cc picks for DIR
	local dir=$1
	shift
	env "$@" bash -c '. "$1/scripts/lib.sh"; lb_cc "$2"; printf "%s\n" "$LB_CC"' _ "$TOP" "$dir"
}
export CCACHE_DIR=$TMP/cache
mkdir -p "$TMP/new" "$TMP/plain" "$TMP/cached"
echo gcc >"$TMP/plain/.lb-cc"
echo "ccache gcc" >"$TMP/cached/.lb-cc"
unset CCACHE
[ "$(cc_of "$TMP/new")" = gcc ] || fail "an empty cache was used for a new build directory"
[ "$(cc_of "$TMP/cached")" = "ccache gcc" ] || fail "a directory built with ccache lost it"
[ "$(cc_of "$TMP/new" CCACHE=yes)" = "ccache gcc" ] || fail "CCACHE=yes did not use ccache"
# One object in the cache: a new directory now uses it; one built plain stays plain.
printf 'int f(void) { return 1; }\n' >"$TMP/f.c"
CCACHE_BASEDIR=$TMP ccache gcc -c -o "$TMP/f.o" "$TMP/f.c"
[ "$(cc_of "$TMP/new")" = "ccache gcc" ] || fail "a cache that holds objects was not used for a new directory"
[ "$(cc_of "$TMP/plain")" = gcc ] || fail "a directory built with plain gcc was switched to ccache (Kbuild would recompile it all)"
[ "$(cc_of "$TMP/cached" CCACHE=no)" = gcc ] || fail "CCACHE=no still used ccache"
expect_error "CCACHE=maybe" "CCACHE=maybe: write auto .*yes or no" cc_of "$TMP/new" CCACHE=maybe
echo "ok: auto follows the directory, then the cache's contents; yes and no force it"
