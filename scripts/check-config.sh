#!/usr/bin/env bash
# check-config.sh CONFIG FRAGMENT...: every option a fragment sets (or sets
# "is not set") must hold in the final .config.  Kconfig drops options whose
# dependencies fail without a word; this makes that loud.
. "$(dirname "$0")/lib.sh"

config=$1
shift
[ -f "$config" ] || die "check-config: $config does not exist"
# As in merge_config.sh, a later fragment overrides an earlier one.
declare -A want=()
order=()
while IFS= read -r line; do
	case $line in
	CONFIG_*=*) sym=${line%%=*} val=${line#*=} ;;
	'# CONFIG_'*' is not set') sym=${line#\# } sym=${sym%% *} val=n ;;
	*) continue ;;
	esac
	[ -n "${want[$sym]+set}" ] || order+=("$sym")
	want[$sym]=$val
done < <(cat "$@")
bad=0
for sym in "${order[@]}"; do
	got=$(grep -E "^$sym=" "$config" | tail -n 1 | cut -d= -f2-) || true
	[ -n "$got" ] || got=n
	if [ "$got" != "${want[$sym]}" ]; then
		printf 'lockbench: error: %s=%s was requested but the .config has %s (dropped by Kconfig: check its dependencies)\n' \
			"$sym" "${want[$sym]}" "$got" >&2
		bad=1
	fi
done
[ $bad -eq 0 ] || die "kernel config $config does not match its fragments: $*"
