#!/usr/bin/env bash
# make -jN at the top, as kernel habit types it: the goals are stages
# that keep their order, so the Makefile runs its recipes one at a time
# whatever -j says (.NOTPARALLEL), while a sub-make it starts through
# $(MAKE) still takes the -jN.  Cheap goals only: the same DRYRUN=1 plan
# and the same refusals with -j4 as without, a refusal that starts no
# other recipe, stand-in stages (a makefile read before the Makefile, so
# that the settings check takes its targets as goals) that would overlap
# if make ran them side by side, and a script's own make running as under
# plain make (scripts/lib.sh).
. "$(dirname "$0")/../lib.bash"
export LB_BUILD=$TMP/build LB_SRC_TARBALL=$TMP/no-linux-source.tar.xz EVENTS=$TMP/events
unset VARIANT VARIANTS VCPUS ACCEL BOOTS REPEAT JOB RUN RUNS THREADS KSRC KERNEL KCONFIG JOBFILE NAME T J
# A make started by this test is the top one, as at a shell; make's
# messages quote names in ASCII.
unset MAKEFLAGS MFLAGS MAKELEVEL
export LC_ALL=C

# outcome ARGS...: make's output and exit status.
outcome() {
	local rc=0
	make -s -C "$TOP" "$@" 2>&1 || rc=$?
	echo "exit $rc"
}
# same ARGS...: make -j4 answers as make does.
same() {
	local one four
	one=$(outcome "$@")
	four=$(outcome -j4 "$@")
	[ "$four" = "$one" ] || fail "make -j4 $*: not as make $*: $(diff <(echo "$one") <(echo "$four") | tr '\n' ' ')"
}

# 1. The plans, a refusal among them (native with no kernel built), and
# the settings check's refusals: the same words and status.
for goals in all 'run plots results' native 'native RUNS=x' 'run BOOTS=x' 'check T=nope'; do
	read -r -a g <<<"$goals"
	case $goals in
	*=x | *=nope) ;;
	*) g=(DRYRUN=1 NAME=plan "${g[@]}") ;;
	esac
	same "${g[@]}"
	echo "ok: make -j4 ${g[*]} answers as without -j4"
done
[ ! -e "$LB_BUILD" ] || fail "the plans and refusals wrote $LB_BUILD: $(find "$LB_BUILD" | head)"

# 2. args-ok is each goal's first prerequisite: under -j4 it still runs
# alone, and its refusal stops make before another recipe starts (make
# --trace names each recipe as it starts it; native's next is user).
expect_error "make -j4 native RUNS=x" "RUNS=x is not a positive integer" make -C "$TOP" -j4 --trace native RUNS=x
[[ $EXPECT_OUT == *"'args-ok'"* ]] || fail "make --trace names no recipe: $EXPECT_OUT"
[[ $EXPECT_OUT != *"'user'"* ]] || fail "make -j4 native RUNS=x built user beside the settings check: $EXPECT_OUT"
echo "ok: make -j4 native RUNS=x: refused with nothing started beside the check"

# 3. Stand-in stages: b only after a has ended; a sub-make through
# $(MAKE) runs its two jobs side by side (x waits for y), as bench-user's
# does under make -jN.
cat >"$TMP/stages.mk" <<'MK'
stages: stage-a stage-b sub
stage-a:
	@echo "start a" >>"$(EVENTS)"; sleep 0.5; echo "end a" >>"$(EVENTS)"
stage-b:
	@echo "start b" >>"$(EVENTS)"; echo "end b" >>"$(EVENTS)"
sub:
	@$(MAKE) -s -f "$(EVENTS).mk" x y
MK
cat >"$EVENTS.mk" <<'MK'
x:
	@i=0; while [ ! -e "$(EVENTS).y" ] && [ $$i -lt 50 ]; do sleep 0.1; i=$$((i + 1)); done; \
	[ -e "$(EVENTS).y" ] || { echo "x: y never ran beside me"; exit 1; }; echo "sub: x met y" >>"$(EVENTS)"
y:
	@touch "$(EVENTS).y"
MK
out=$(make -s -C "$TOP" -f "$TMP/stages.mk" -f Makefile -j4 stages 2>&1) || fail "make -j4 stages: $out"
want=$'start a\nend a\nstart b\nend b\nsub: x met y'
[ "$(cat "$EVENTS")" = "$want" ] || fail "make -j4: the stages ran side by side: $(cat "$EVENTS" | tr '\n' ',')"
echo "ok: make -j4: stage b started after a ended, and the sub-make ran its jobs side by side"

# 4. A script's own make (here lib.sh's caller runs one) under make -j4:
# as under plain make, without the job server make closed on the way.
cat >>"$TMP/stages.mk" <<'MK'
script:
	@bash -c '. "$(CURDIR)/scripts/lib.sh"; echo "script: MAKEFLAGS=$$MAKEFLAGS" >>"$(EVENTS)"; make -s -f "$(EVENTS).mk" y'
MK
: >"$EVENTS"
out=$(make -s -C "$TOP" -f "$TMP/stages.mk" -f Makefile -j4 script NAME=kept 2>&1) || fail "make -j4 script: $out"
[ -z "$out" ] || fail "make -j4: a script's make said: $out"
seen=$(cat "$EVENTS")
[[ $seen == "script: MAKEFLAGS="*"NAME=kept"* && $seen != *-j* && $seen != *jobserver* ]] ||
	fail "make -j4: a script's MAKEFLAGS keep the -j or lose the settings: $seen"
echo "ok: make -j4: a script's make runs as under plain make, quietly, with make's settings (${seen#script: })"
