#!/usr/bin/env bash
# check-config.sh CONFIG FRAGMENT...: every option a fragment sets (or sets
# "is not set") must hold in the final .config.  Kconfig drops options whose
# dependencies fail without a word; this makes that loud.
. "$(dirname "$0")/lib.sh"

config=$1
shift
[ -f "$config" ] || die "check-config: $config does not exist"
bad=0
while IFS= read -r line; do
	case $line in
	CONFIG_*=*) sym=${line%%=*} want=${line#*=} ;;
	'# CONFIG_'*' is not set') sym=${line#\# } sym=${sym%% *} want=n ;;
	*) continue ;;
	esac
	got=$(grep -E "^$sym=" "$config" | tail -n 1 | cut -d= -f2-) || true
	[ -n "$got" ] || got=n
	if [ "$got" != "$want" ]; then
		printf 'lockbench: error: %s=%s was requested but the .config has %s (dropped by Kconfig: check its dependencies)\n' \
			"$sym" "$want" "$got" >&2
		bad=1
	fi
done < <(cat "$@")
[ $bad -eq 0 ] || die "kernel config $config does not match its fragments: $*"
