/* Fixture for tests/harness/check-disasm.sh: the pre/post (debug off) sequences. */
	.text
	.globl _raw_spin_lock, _raw_spin_unlock_bh, _raw_spin_trylock
	.globl _raw_read_lock, _raw_write_lock, _raw_read_unlock_bh
	.globl _raw_write_unlock_bh, _raw_read_trylock, _raw_write_trylock
	.globl __read_lock_failed, __write_lock_failed
	/* LOCK_API_2005: every unlock out of line. */
	.globl _raw_spin_unlock, _raw_spin_unlock_irq, _raw_read_unlock
	.globl _raw_read_unlock_irq, _raw_write_unlock, _raw_write_unlock_irq
_raw_spin_lock:
#ifndef BROKEN
1:	lock decb (%rdi)
#else
1:	lock decl (%rdi)
#endif
	js 2f
	ret
2:	pause
	cmpb $0, (%rdi)
	jle 2b
	jmp 1b
_raw_spin_unlock:
_raw_spin_unlock_irq:
_raw_spin_unlock_bh:
	movb $1, (%rdi)
	ret
_raw_spin_trylock:
	xorl %eax, %eax
	xchgb %al, (%rdi)
	ret
_raw_read_lock:
	movq %rdi, %rax
	lock subl $1, (%rax)
	js 1f
	ret
1:	call __read_lock_failed
	ret
_raw_write_lock:
	movq %rdi, %rax
	lock subl $0x01000000, (%rax)
	jnz 1f
	ret
1:	call __write_lock_failed
	ret
_raw_read_unlock:
_raw_read_unlock_irq:
_raw_read_unlock_bh:
	lock incl (%rdi)
	ret
_raw_write_unlock:
_raw_write_unlock_irq:
_raw_write_unlock_bh:
	lock addl $0x01000000, (%rdi)
	ret
_raw_read_trylock:
	lock decl (%rdi)
	lock incl (%rdi)
	ret
_raw_write_trylock:
	lock subl $0x01000000, (%rdi)
	lock addl $0x01000000, (%rdi)
	ret
__write_lock_failed:
1:	lock addl $0x01000000, (%rax)
2:	pause
	cmpl $0x01000000, (%rax)
	jne 2b
	lock subl $0x01000000, (%rax)
	jnz 1b
	ret
__read_lock_failed:
1:	lock incl (%rax)
2:	pause
	cmpl $1, (%rax)
	js 2b
	lock decl (%rax)
	js 1b
	ret
