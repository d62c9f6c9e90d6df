#!/usr/bin/env bash
# check-config.sh: an option Kconfig dropped is an error that names it; a
# later fragment overrides an earlier one, as in merge_config.sh.
. "$(dirname "$0")/../lib.bash"
printf 'CONFIG_PREEMPT=y\n# CONFIG_PREEMPT_NONE is not set\nCONFIG_SMP=y\n' >"$TMP/.config"
printf 'CONFIG_PREEMPT_NONE=y\nCONFIG_SMP=y\n' >"$TMP/base.config"
printf 'CONFIG_PREEMPT=y\n# CONFIG_PREEMPT_NONE is not set\n' >"$TMP/preempt.config"
"$TOP/scripts/build/check-config.sh" "$TMP/.config" "$TMP/base.config" "$TMP/preempt.config" ||
	fail "a later fragment's override was not honoured"
printf 'CONFIG_PARAVIRT=y\n' >"$TMP/pv.config"
if "$TOP/scripts/build/check-config.sh" "$TMP/.config" "$TMP/base.config" "$TMP/preempt.config" "$TMP/pv.config" 2>"$TMP/err"; then
	fail "a dropped CONFIG_PARAVIRT=y was accepted"
fi
grep -q "CONFIG_PARAVIRT=y (from $TMP/pv.config) was requested but the .config has n (dropped by Kconfig" "$TMP/err" ||
	fail "unclear message: $(cat "$TMP/err")"
# A known conflict is named with its reason and the fragment it came from.
printf 'CONFIG_X86_SPINLOCK_LEGACY_2613=y\n# CONFIG_DEBUG_SPINLOCK is not set\n' >"$TMP/pre.config"
printf 'CONFIG_DEBUG_SPINLOCK=y\n' >"$TMP/dbg.config"
if "$TOP/scripts/build/check-config.sh" "$TMP/pre.config" "$TMP/dbg.config" 2>"$TMP/err"; then
	fail "pre with DEBUG_SPINLOCK was accepted"
fi
grep -q "CONFIG_DEBUG_SPINLOCK=y (from $TMP/dbg.config) was requested but the .config has n (conflicts with CONFIG_X86_SPINLOCK_LEGACY_2613" "$TMP/err" ||
	fail "the pre/DEBUG_SPINLOCK conflict is not named: $(cat "$TMP/err")"
if "$TOP/scripts/build/check-config.sh" "$TMP/.config" "$TMP/base.config" 2>"$TMP/err"; then
	fail "CONFIG_PREEMPT_NONE=y was accepted though the .config has it off"
fi
echo "ok: overrides honoured, dropped options named with their fragment, the pre/DEBUG_SPINLOCK conflict explained"
