#!/usr/bin/env bash
# check-config.sh: an option Kconfig dropped is an error that names it; a
# later fragment overrides an earlier one, as in merge_config.sh.
. "$(dirname "$0")/../lib.bash"
printf 'CONFIG_PREEMPT=y\n# CONFIG_PREEMPT_NONE is not set\nCONFIG_SMP=y\n' >"$TMP/.config"
printf 'CONFIG_PREEMPT_NONE=y\nCONFIG_SMP=y\n' >"$TMP/base.config"
printf 'CONFIG_PREEMPT=y\n# CONFIG_PREEMPT_NONE is not set\n' >"$TMP/preempt.config"
"$TOP/scripts/check-config.sh" "$TMP/.config" "$TMP/base.config" "$TMP/preempt.config" ||
	fail "a later fragment's override was not honoured"
printf 'CONFIG_PARAVIRT=y\n' >"$TMP/pv.config"
if "$TOP/scripts/check-config.sh" "$TMP/.config" "$TMP/base.config" "$TMP/preempt.config" "$TMP/pv.config" 2>"$TMP/err"; then
	fail "a dropped CONFIG_PARAVIRT=y was accepted"
fi
grep -q 'CONFIG_PARAVIRT=y was requested but the .config has n' "$TMP/err" || fail "unclear message: $(cat "$TMP/err")"
if "$TOP/scripts/check-config.sh" "$TMP/.config" "$TMP/base.config" 2>"$TMP/err"; then
	fail "CONFIG_PREEMPT_NONE=y was accepted though the .config has it off"
fi
echo "ok: overrides honoured, dropped options named"
