/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_X86_TRACE_SITE_H
#define _ASM_X86_TRACE_SITE_H
/*
 * Hook sites that cost one five-byte nop while their static key is off.
 *
 * A static branch around a call compiles, at -Os, to the branch's nop
 * followed by a jump over the call, on the path that does not take it:
 * GCC keeps the call in line. A trace site is the nop alone. Its
 * __jump_table entry targets a stub out of line, in subsection 1 of the
 * current section (after the section's functions, in the same section, so
 * noinstr code stays in .noinstr.text). Turning the key on patches the nop
 * into a jump to the stub. The stub runs the site's test, which may jump
 * back to skip the hook, then pushes the address after the site and jumps
 * to the hook, which returns straight there. To the hook the site looks
 * like a call: _RET_IP_ is the address after it, and an unwind from the
 * hook goes through the site's function.
 *
 * For objtool: after the push, the stack is what a function sees on
 * entry, and an unwind hint says so, so that the jump to the hook is a
 * tail call with an unmodified frame and a skipped hook a plain return;
 * the ORC entries there find the return address on top of the stack, as
 * the unwinder needs. The push itself is hinted undefined: the stub is
 * outside every function, and objtool must be able to validate it from
 * the hints alone when it skips the site's function
 * (STACK_FRAME_NON_STANDARD). An unwind that starts on that one
 * instruction stops there.
 *
 * The asm is inline (asm_inline): GCC sizes an asm by its lines, and would count
 * the jump-table entry and the stub, which never run in line, against
 * inlining the site's function (local_irq_disable_exit_to_user() stopped
 * being inlined into the syscall exit path).
 *
 * The hook must preserve every register but the flags
 * (__no_caller_saved_registers, or asm): the site clobbers nothing else.
 * It must be in another object than its sites: objtool takes a stub's
 * jump to a function of its own object, from outside any function, for
 * a jump within one.
 */
#include <linux/linkage.h>
#include <linux/stringify.h>
#include <asm/asm.h>
#include <asm/nops.h>
#include <asm/orc_types.h>
#include <asm/processor-flags.h>
#include <asm/unwind_hints.h>

/* The site, its jump-table entry, and the stub's push: the part shared. */
#define __TRACE_SITE_HEAD						\
	"1: .byte " __stringify(BYTES_NOP5) "\n\t"			\
	".pushsection __jump_table, \"aw\"\n\t"			\
	_ASM_ALIGN "\n\t"						\
	".long 1b - .\n\t"						\
	".long 3f - .\n\t"						\
	_ASM_PTR " %c[tkey] - .\n\t"					\
	".popsection\n\t"						\
	".subsection 1\n"						\
	"3:\t" UNWIND_HINT_UNDEFINED					\
	"pushq $2f\n\t"						\
	UNWIND_HINT_FUNC

/**
 * TRACE_SITE_THEN() - a trace site followed by one instruction
 * @key:	the static key (struct static_key_false *): on calls the hook
 * @hook:	the hook's symbol
 * @insn:	the instruction, in the same asm statement
 *
 * One asm statement, which GCC sizes as one instruction: a site and a
 * separate "cli" were two, enough at -Os to stop small functions from
 * being inlined (local_irq_disable_exit_to_user() into the syscall exit
 * path). The hook returns to @insn.
 */
#define TRACE_SITE_THEN(key, hook, insn) ({				\
	asm_inline __volatile__(__TRACE_SITE_HEAD			\
		     "jmp " #hook "\n\t"				\
		     ".previous\n"					\
		     "2:\t" insn					\
		     : ASM_CALL_CONSTRAINT : [tkey] "i" (key) : "memory");	\
})

/**
 * TRACE_SITE() - a hook call patched in and out with a static key
 * @key:	the static key (struct static_key_false *): on calls the hook
 * @hook:	the hook's symbol
 */
#define TRACE_SITE(key, hook)	TRACE_SITE_THEN(key, hook, "")

/**
 * TRACE_SITE_IRQS_ON() - TRACE_SITE() when @flags have interrupts enabled
 * @key:	the static key
 * @hook:	the hook's symbol
 * @flags:	saved flags (unsigned long), as local_irq_save() gives them
 *
 * When they have not, the stub returns to the site at once.
 */
#define TRACE_SITE_IRQS_ON(key, hook, flags) ({			\
	asm_inline __volatile__(__TRACE_SITE_HEAD			\
		     "btl $" __stringify(X86_EFLAGS_IF_BIT) ", %k[tflags]\n\t" \
		     "jnc 4f\n\t"					\
		     "jmp " #hook "\n"					\
		     "4:\t" ASM_RET					\
		     ".previous\n"					\
		     "2:"						\
		     : ASM_CALL_CONSTRAINT				\
		     : [tkey] "i" (key), [tflags] "r" (flags)		\
		     : "memory", "cc");					\
})

/**
 * TRACE_SITE_ARG() - TRACE_SITE() passing the hook one value on the stack
 * @key:	the static key
 * @hook:	the hook's symbol: an asm routine, not a C function
 * @arg:	the value (long): an immediate or a register, left unchanged
 *
 * The stub pushes the return address, then @arg, and jumps to @hook. So
 * the hook starts with @arg on top of the stack and the return address
 * above it, where an unwinder looks for it (the hint after the second
 * push says so), and must drop @arg before it returns. Passing it in a
 * register would take that register from the site's function for good,
 * hook on or off.
 */
#define TRACE_SITE_ARG(key, hook, arg) ({				\
	long __ts_arg = (arg);						\
									\
	asm_inline __volatile__(__TRACE_SITE_HEAD			\
		     "pushq %q[targ]\n\t"				\
		     __TRACE_SITE_ARG_HINT				\
		     "jmp " #hook "\n\t"				\
		     ".previous\n"					\
		     "2:"						\
		     : ASM_CALL_CONSTRAINT				\
		     : [tkey] "i" (key), [targ] "re" (__ts_arg)		\
		     : "memory");					\
})

/* After the second push: the return address is one slot up. */
#define __TRACE_SITE_ARG_HINT						\
	UNWIND_HINT(UNWIND_HINT_TYPE_CALL, ORC_REG_SP, 16, 0)

#endif /* _ASM_X86_TRACE_SITE_H */
