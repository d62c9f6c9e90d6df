#!/usr/bin/env bash
# audit-arch-locks.sh BUILD_DIR: the legacy unlocked values are 1 and
# RW_LOCK_BIAS, not 0, so a zero-filled lock starts out held.  The debug
# variants' magic checks catch zeroed raw_spinlock_t/rwlock_t at run time,
# but code that uses arch_spinlock_t/arch_rwlock_t directly has no magic.
# List every source compiled into BUILD_DIR that does, and pass only if each
# such lock is statically initialised to __ARCH_*_UNLOCKED or the file has
# been audited by hand (the list below says why it is safe).
. "$(dirname "$0")/../../scripts/lib.sh"

build=${1:?usage: audit-arch-locks.sh BUILD_DIR}
[ -f "$build/vmlinux" ] || die "no vmlinux in $build: build the variant first"
tree=$LB_TREE

# Audited by hand: file, then why its arch lock cannot start out zeroed.
declare -A audited=(
	[arch/x86/kernel/hpet.c]="union hpet_lock member; the one instance, 'hpet', has .lock = __ARCH_SPIN_LOCK_UNLOCKED"
)

bad=0 files=0
while read -r src; do
	files=$((files + 1))
	while IFS=: read -r line text; do
		case $text in
		*__ARCH_SPIN_LOCK_UNLOCKED* | *__ARCH_RW_LOCK_UNLOCKED*)
			echo "ok   $src:$line: initialised: $(echo "$text" | tr -s ' \t' ' ')" ;;
		*)
			if [ -n "${audited[$src]:-}" ]; then
				echo "ok   $src:$line: audited: ${audited[$src]}"
			else
				echo "BAD  $src:$line: not initialised to __ARCH_*_UNLOCKED, not audited: $(echo "$text" | tr -s ' \t' ' ')"
				bad=1
			fi
			;;
		esac
	done < <(grep -n -E '\barch_(spinlock|rwlock)_t\b' "$tree/$src" | grep -v -E '^[0-9]+:\s*(\*|/\*|//)')
done < <(cd "$build" && find . -name '*.o' ! -name '*.mod.o' ! -name '*.lto.o' | sed 's|^\./||; s|\.o$||' |
	while read -r o; do
		for ext in c S; do
			[ -f "$tree/$o.$ext" ] && grep -q -E '\barch_(spinlock|rwlock)_t\b' "$tree/$o.$ext" && echo "$o.$ext"
		done
	done | sort -u)
echo "audit-arch-locks: $files compiled source(s) use arch locks directly"
[ $bad -eq 0 ]
