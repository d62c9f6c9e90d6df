#!/usr/bin/env bash
# check-config.sh CONFIG FRAGMENT...: every option a fragment sets (or sets
# "is not set") must hold in the final .config.  Kconfig drops options whose
# dependencies fail without a word; this makes that loud.
. "$(dirname "$0")/../lib.sh"

config=$1
shift
[ -f "$config" ] || die "check-config: $config does not exist"
# As in merge_config.sh, a later fragment overrides an earlier one.
declare -A want=() from=()
order=()
for frag in "$@"; do
	while IFS= read -r line; do
		case $line in
		CONFIG_*=*) sym=${line%%=*} val=${line#*=} ;;
		'# CONFIG_'*' is not set') sym=${line#\# } sym=${sym%% *} val=n ;;
		*) continue ;;
		esac
		[ -n "${want[$sym]+set}" ] || order+=("$sym")
		want[$sym]=$val from[$sym]=${frag#"$LB_TOP"/}
	done <"$frag"
done

# Why Kconfig refuses a known combination, in words.
conflict() { # sym
	case $1 in
	CONFIG_DEBUG_SPINLOCK | CONFIG_DEBUG_LOCK_ALLOC | CONFIG_PROVE_LOCKING | CONFIG_LOCK_STAT | CONFIG_LOCKDEP)
		grep -q '^CONFIG_X86_SPINLOCK_LEGACY_2613=y' "$config" || return 0
		echo "conflicts with CONFIG_X86_SPINLOCK_LEGACY_2613 (the 2.6.13 layer): 6.1's DEBUG_SPINLOCK, which lockdep selects, would run 6.1's debug code over the 2.6.13 locks; 2.6.13 debugging is CONFIG_DEBUG_SPINLOCK_MAGIC (vm-configs/debug-magic.config)"
		;;
	esac
}
# The .config read once (the last line for a symbol wins, as for Kconfig).
declare -A have=()
while IFS= read -r line; do
	case $line in CONFIG_*=*) have[${line%%=*}]=${line#*=} ;; esac
done <"$config"
bad=0
for sym in "${order[@]}"; do
	got=${have[$sym]:-n}
	if [ "$got" != "${want[$sym]}" ]; then
		why=$(conflict "$sym")
		printf 'lockbench: error: %s=%s (from %s) was requested but the .config has %s (%s)\n' \
			"$sym" "${want[$sym]}" "${from[$sym]}" "$got" "${why:-dropped by Kconfig: check its dependencies}" >&2
		bad=1
	fi
done
[ $bad -eq 0 ] || die "kernel config $config does not match its fragments: $*"
