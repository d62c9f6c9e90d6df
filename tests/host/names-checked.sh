#!/usr/bin/env bash
# Every name a make is given is checked before any work (issue #47): a
# variable of make's command line that is no setting, or a setting none
# of the goals reads, is refused with the nearest setting named; an
# unknown target is refused with the nearest target; a variable of the
# environment that looks like a setting misspelt is warned of.  The
# cases are the issue's, each once for real and once under DRYRUN=1, on
# an empty build directory (nothing may be written there), and each
# refusal's time is printed: the target is 1 s, judged loosely (a loaded
# 2-core host takes longer), at 5 s.  The rule is the tables' (scripts/
# build/names.awk, schema/settings.tsv and targets.tsv), not a list of
# these names.
# check: slow
. "$(dirname "$0")/../lib.bash"
export LB_BUILD=$TMP/build LB_SRC_TARBALL=$TMP/no-linux-source.tar.xz
unset VARIANT VARIANTS BOOTS ACCEL DRYRUN PAIR RUN JOBFILE JOB
failed=() accepted=0 cases=0
# timed WHAT MAKE-ARGS...: runs make, leaves its output in OUT, its rc
# in RC and its time in MS; fails the case above 5 s or on a write.
timed() {
	local what=$1 t0=${EPOCHREALTIME/./}
	shift
	RC=0
	OUT=$(make -s -C "$TOP" "$@" 2>&1) || RC=$?
	MS=$(((${EPOCHREALTIME/./} - t0) / 1000))
	cases=$((cases + 1))
	[ "$MS" -le 5000 ] || failed+=("$what: took ${MS} ms")
	[ ! -e "$LB_BUILD" ] || { failed+=("$what: wrote $LB_BUILD") && rm -rf "$LB_BUILD"; }
}
# refused WHAT PATTERN MAKE-ARGS...: rc 2, PATTERN in the output, and
# not a word of make's own but its exit line; once as given, once dry.
refused() {
	local what=$1 pat=$2 dry
	shift 2
	for dry in "" DRYRUN=1; do
		timed "$what${dry:+ (dry)}" "$@" $dry
		if [ "$RC" -eq 0 ]; then
			accepted=$((accepted + 1)) && failed+=("$what${dry:+ (dry)}: accepted: $OUT")
		elif [ "$RC" -ne 2 ]; then
			failed+=("$what${dry:+ (dry)}: rc $RC, not 2")
		elif ! grep -q -E "$pat" <<<"$OUT"; then
			failed+=("$what${dry:+ (dry)}: no /$pat/ in: $OUT")
		elif grep -v -E '^lockbench: |^make: \*\*\* \[Makefile:[0-9]+: args-ok\] Error 2$' <<<"$OUT" | grep -q .; then
			failed+=("$what${dry:+ (dry)}: more than lockbench's words: $OUT")
		else
			echo "ok: make $* ${dry:+$dry }-> $(grep -m1 -E "$pat" <<<"$OUT") (${MS} ms)"
		fi
	done
}
# warned WHAT PATTERN ENV-ASSIGNMENT: the make goes on and says PATTERN
# once, for real (make help: a goal that starts no work) and under
# DRYRUN (make tree's plan, the shortest).
warned() {
	local what=$1 pat=$2 kv=$3 dry goal t0
	for dry in "" DRYRUN=1; do
		goal=help
		[ -z "$dry" ] || goal=tree
		cases=$((cases + 1))
		RC=0 t0=${EPOCHREALTIME/./}
		# shellcheck disable=SC2086 # DRYRUN=1, or no word
		OUT=$(env "$kv" make -s -C "$TOP" $dry "$goal" 2>&1) || RC=$?
		MS=$(((${EPOCHREALTIME/./} - t0) / 1000))
		if [ "$RC" -ne 0 ]; then
			failed+=("$what: the environment's $kv refused (rc $RC): $OUT")
		elif [ "$(grep -c -E "$pat" <<<"$OUT")" -ne 1 ]; then
			accepted=$((accepted + 1)) && failed+=("$what${dry:+ (dry)}: not warned once with /$pat/: $OUT")
		else
			echo "ok: $kv make $dry${dry:+ }$goal -> $(grep -m1 -E "$pat" <<<"$OUT") (${MS} ms)"
		fi
		rm -rf "$LB_BUILD"
	done
}

refused "BOTS=5" "BOTS=5: lockbench has no setting BOTS: did you mean BOOTS=5\?" run BOTS=5
refused "ACELL=kvm" "ACELL=kvm: .*did you mean ACCEL=kvm\?" run ACELL=kvm
refused "boots=5" "boots=5: .*did you mean BOOTS=5\?" run boots=5
refused "DRY_RUN=1 on the command line" "DRY_RUN=1: .*did you mean DRYRUN=1\?" run DRY_RUN=1
refused "VARIANT=pre on make run" "VARIANT=pre: make run does not read VARIANT: did you mean VARIANTS=pre\?" run VARIANT=pre
refused "PAIRS= on make cover-letter" "PAIRS=: .*did you mean PAIR=\?" cover-letter RUN="$TOP/results/raw" PAIRS=
refused "PAIR on make compare" "PAIR=a:b: make compare does not read PAIR" compare RUN="$TOP/results/raw" PAIR=a:b
refused "an unknown target" "make cover-leter: no such target; did you mean make cover-letter\?" cover-leter
refused "an unknown target among known ones" "make kernal: no such target; did you mean make kernel\?" tree kernal
refused "a name far from any" "FROB=1: lockbench has no setting FROB, and none near it: drop FROB=" run FROB=1
warned "BOTS in the environment" "^lockbench: warning: BOTS=5 in the environment .*did you mean BOOTS=" BOTS=5
warned "DRY_RUN in the environment" "^lockbench: warning: DRY_RUN=1 in the environment .*did you mean DRYRUN=" DRY_RUN=1
warned "ACELL in the environment" "^lockbench: warning: ACELL=kvm .*did you mean ACCEL=" ACELL=kvm
warned "boots in the environment" "^lockbench: warning: boots=5 .*did you mean BOOTS=" boots=5

# The environment holds many names that are no typo: none is warned of.
common=(PATH HOME SHELL LANG TERM PWD OLDPWD USER LOGNAME EDITOR PAGER TMPDIR TZ LC_ALL SHLVL
	MAIL DISPLAY HOSTNAME CI GITHUB_ACTIONS GITHUB_SHA RUNNER_OS RUNNER_TEMP GITLAB_CI CI_JOB_ID
	BUILD_NUMBER JENKINS_URL WORKSPACE CC CFLAGS LDFLAGS ARCH CROSS_COMPILE KBUILD_OUTPUT JOBS
	CCACHE_DIR DEBIAN_FRONTEND http_proxy no_proxy SSH_AUTH_SOCK XDG_RUNTIME_DIR COLUMNS)
envs=()
for n in "${common[@]}"; do [ -n "${!n:-}" ] && envs+=("$n=${!n}") || envs+=("$n=x"); done
out=$(env "${envs[@]}" PATH="$PATH" LC_ALL=C make -s -C "$TOP" DRYRUN=1 tree 2>&1) || fail "make DRYRUN=1 tree with a common environment failed: $out"
! grep -q '^lockbench: warning:' <<<"$out" || fail "a common environment variable was taken for a misspelt setting: $(grep warning: <<<"$out")"
rm -rf "$LB_BUILD"
echo "ok: ${#common[@]} common environment variables (PATH, HOME, CI's, Kbuild's, ...) warn of nothing"

# A setting the goals do read, and APPEND_<variant>=, pass.
out=$(make -s -C "$TOP" DRYRUN=1 run BOOTS=5 APPEND_post_debug=x 2>&1) ||
	failed+=("make DRYRUN=1 run BOOTS=5 APPEND_post_debug=x refused: $out")
rm -rf "$LB_BUILD"

echo "$cases cases, $accepted of the issue's inputs accepted"
[ ${#failed[@]} -eq 0 ] || fail "${#failed[@]} cases failed: $(printf '%s; ' "${failed[@]}")"
