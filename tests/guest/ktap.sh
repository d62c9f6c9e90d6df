#!/bin/sh
# KTAP v1 for the guest scripts (busybox sh).  Source it, then:
#   ktap_begin [N]       version line, and the plan when N is known
#   ktap_pass DESC       ok K DESC
#   ktap_fail DESC       not ok K DESC
#   ktap_skip DESC WHY   ok K DESC # SKIP WHY
#   ktap_note TEXT       a diagnostic line
#   ktap_end             the plan if it was not known, kselftest's totals
#                        line and "N passed, M failed, K skipped"; returns
#                        non-zero when anything failed
# A plan that is only known at the end is printed there, as TAP allows.
ktap_n=0 ktap_pass_n=0 ktap_fail_n=0 ktap_skip_n=0 ktap_plan=
ktap_begin() {
	echo "KTAP version 1"
	ktap_plan=${1:-}
	[ -z "$ktap_plan" ] || echo "1..$ktap_plan"
}
ktap_pass() { ktap_n=$((ktap_n + 1)) ktap_pass_n=$((ktap_pass_n + 1)); echo "ok $ktap_n $*"; }
ktap_fail() { ktap_n=$((ktap_n + 1)) ktap_fail_n=$((ktap_fail_n + 1)); echo "not ok $ktap_n $*"; }
ktap_skip() {
	ktap_n=$((ktap_n + 1)) ktap_skip_n=$((ktap_skip_n + 1))
	echo "ok $ktap_n $1 # SKIP ${2:-}"
}
ktap_note() { echo "# $*"; }
ktap_end() {
	[ -n "$ktap_plan" ] || echo "1..$ktap_n"
	[ -z "$ktap_plan" ] || [ "$ktap_plan" -eq "$ktap_n" ] ||
		{ echo "# planned $ktap_plan tests, ran $ktap_n"; ktap_fail_n=$((ktap_fail_n + 1)); }
	echo "# Totals: pass:$ktap_pass_n fail:$ktap_fail_n xfail:0 xpass:0 skip:$ktap_skip_n error:0"
	echo "$ktap_pass_n passed, $ktap_fail_n failed, $ktap_skip_n skipped"
	[ "$ktap_fail_n" -eq 0 ]
}
