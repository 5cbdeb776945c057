/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86-64 function-tracing entry points.
 *
 * __fentry__ is what every traceable function calls on entry, as
 * compiled. Recorded call sites are turned into nops at boot, so only
 * unrecorded ones (init and exit code) ever reach it, and it does nothing.
 *
 * A site being traced calls one of four trampolines instead (or, for
 * fentry_pad_caller, jumps to the guard that calls it):
 *
 *   fentry_caller       saves what a call may clobber and the argument
 *                       registers, and calls the dispatch;
 *   fentry_regs_caller  saves every register and the flags, and returns
 *                       to wherever the callbacks left regs->ip, or
 *                       into the direct trampoline a callback left in
 *                       regs->orig_ax;
 *   fentry_guard_caller returns at once while fentry_gates is zero, and
 *                       is fentry_caller otherwise (for sites only gated
 *                       users trace, outside their gates);
 *   fentry_pad_caller   is fentry_caller for a guard written into the
 *                       padding before the site (ftrace.c), which the
 *                       site jumps to instead of calling
 *                       fentry_guard_caller.
 *
 * All build a struct pt_regs on the stack (the layout of struct
 * ftrace_regs on x86-64): all but fentry_regs_caller leave cs zero, which
 * tells ftrace_get_regs() that only the arguments, ip and sp are valid.
 *
 * Stack on entry, and the frame (offsets from %rsp after the frame is
 * made; FRAME_SIZE is sizeof(struct pt_regs)):
 *
 *   FRAME_SIZE + 16   the traced function's return address (parent ip)
 *   FRAME_SIZE + 8    return address into the traced function: site + 5
 *   FRAME_SIZE        padding: keeps the call below 16-byte aligned
 *   0 .. FRAME_SIZE   struct pt_regs
 *
 * The dispatch is a static call (fentry_call): the registration code
 * points it at the only user's callback, at the loop over all users, or
 * at a stub. Its arguments: ip of the call site, parent ip, NULL for the
 * ftrace_ops (a callback called directly does not use it), and the regs.
 */
#include <linux/export.h>
#include <linux/linkage.h>
#include <asm/nospec-branch.h>
#include <asm/ptrace-abi.h>
#include <asm/segment.h>
#include <asm/unwind_hints.h>

/*
 * objtool records the call to the static call's trampoline as a call
 * site of the static call (so that updates patch it to call the target
 * directly), which needs the static call's key to be a symbol here.
 */
	.pushsection .discard.fentry_call, "a"
	.quad	__SCK__fentry_call
	.popsection

#define FENTRY_FRAME	(FRAME_SIZE + 8)
#define FENTRY_RET	(FRAME_SIZE + 8)
#define FENTRY_PARENT	(FRAME_SIZE + 16)

	.code64
	.section .text, "ax"

SYM_FUNC_START(__fentry__)
	RET
SYM_FUNC_END(__fentry__)
EXPORT_SYMBOL(__fentry__)

/*
 * The kernel's linker script defines ftrace_ops_list_func as this symbol.
 * Our loop over the users is in C (fentry_ops.c); nothing calls this.
 */
SYM_FUNC_ALIAS(arch_ftrace_ops_list_func, __fentry__)

/* Save the argument and scratch registers into the frame at %rsp. */
.macro FENTRY_SAVE_ARGS
	movq	%rdi, RDI(%rsp)
	movq	%rsi, RSI(%rsp)
	movq	%rdx, RDX(%rsp)
	movq	%rcx, RCX(%rsp)
	movq	%r8, R8(%rsp)
	movq	%r9, R9(%rsp)
	movq	%r10, R10(%rsp)
	movq	%r11, R11(%rsp)
	movq	%rax, RAX(%rsp)
	movq	%rbp, RBP(%rsp)
.endm

.macro FENTRY_RESTORE_ARGS
	movq	RDI(%rsp), %rdi
	movq	RSI(%rsp), %rsi
	movq	RDX(%rsp), %rdx
	movq	RCX(%rsp), %rcx
	movq	R8(%rsp), %r8
	movq	R9(%rsp), %r9
	movq	R10(%rsp), %r10
	movq	R11(%rsp), %r11
	movq	RAX(%rsp), %rax
	movq	RBP(%rsp), %rbp
.endm

/* Every register fentry_regs_caller saved, and the flags. */
.macro FENTRY_RESTORE_REGS
	movq	RBX(%rsp), %rbx
	movq	R12(%rsp), %r12
	movq	R13(%rsp), %r13
	movq	R14(%rsp), %r14
	movq	R15(%rsp), %r15
	FENTRY_RESTORE_ARGS
	pushq	EFLAGS(%rsp)
	popfq
.endm

/* ip, sp and the dispatch's arguments; then the call. */
.macro FENTRY_CALL_DISPATCH
	movq	FENTRY_RET(%rsp), %rdi
	movq	%rdi, RIP(%rsp)
	subq	$5, %rdi
	leaq	FENTRY_PARENT(%rsp), %rsi
	movq	%rsi, RSP(%rsp)
	movq	(%rsi), %rsi
	xorl	%edx, %edx
	movq	%rsp, %rcx
	call	__SCT__fentry_call
.endm

SYM_FUNC_START(fentry_caller)
	subq	$FENTRY_FRAME, %rsp
	FENTRY_SAVE_ARGS
	movq	$0, CS(%rsp)
	FENTRY_CALL_DISPATCH
	FENTRY_RESTORE_ARGS
	addq	$FENTRY_FRAME, %rsp
	RET
SYM_FUNC_END(fentry_caller)
/*
 * Upstream's names of the two trampolines: the ORC unwinder names them
 * when it meets an allocated copy of one (ours are never copied).
 */
SYM_FUNC_ALIAS(ftrace_caller, fentry_caller)

SYM_FUNC_START(fentry_guard_caller)
	cmpl	$0, fentry_gates(%rip)
	jne	fentry_caller
	RET
SYM_FUNC_END(fentry_guard_caller)

#ifdef CONFIG_FUNCTION_GRAPH_PADDED_GUARD
/*
 * Called by the guard of ftrace.c's fentry_pad_stub(), in the padding
 * before a site, while fentry_gates is not zero. That call ends where
 * the site begins, so it returned to the site itself: move the return
 * address past the site, where a call from the site would have left
 * it, and go on as fentry_caller. Until then an unwinder looks the
 * return address up at the byte before it, in the padding, whose ORC
 * data objtool copies from the function's entry: true, since the stack
 * in the padding is the function's stack at entry.
 */
SYM_FUNC_START(fentry_pad_caller)
	addq	$5, (%rsp)
	jmp	fentry_caller
SYM_FUNC_END(fentry_pad_caller)
#endif

SYM_FUNC_START(fentry_regs_caller)
	/* lea leaves the flags alone: they are saved next. */
	leaq	-FENTRY_FRAME(%rsp), %rsp
	FENTRY_SAVE_ARGS
	pushfq
	popq	EFLAGS(%rsp)
	movq	%rbx, RBX(%rsp)
	movq	%r12, R12(%rsp)
	movq	%r13, R13(%rsp)
	movq	%r14, R14(%rsp)
	movq	%r15, R15(%rsp)
	movq	$__KERNEL_CS, CS(%rsp)
	movq	$__KERNEL_DS, SS(%rsp)
	movq	$0, ORIG_RAX(%rsp)
	FENTRY_CALL_DISPATCH
	/* A callback may have moved ip: return there. */
	movq	RIP(%rsp), %rax
	movq	%rax, FENTRY_RET(%rsp)
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
	/* A direct user (fentry_direct.c) left its trampoline in orig_ax. */
	movq	ORIG_RAX(%rsp), %rax
	testq	%rax, %rax
	jnz	.Lfentry_regs_direct
#endif
	FENTRY_RESTORE_REGS
	leaq	FENTRY_FRAME(%rsp), %rsp
	RET
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
.Lfentry_regs_direct:
	/*
	 * The padding slot below the return address takes the target:
	 * returning into it enters the trampoline with the stack as the
	 * site's own call to it would have left it.
	 */
	movq	%rax, FRAME_SIZE(%rsp)
	FENTRY_RESTORE_REGS
	leaq	FRAME_SIZE(%rsp), %rsp
	UNWIND_HINT_FUNC
	RET
#endif
SYM_FUNC_END(fentry_regs_caller)
SYM_FUNC_ALIAS(ftrace_regs_caller, fentry_regs_caller)

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
/* A direct target that does nothing, for users to start from (BPF). */
SYM_FUNC_START(ftrace_stub_direct_tramp)
	RET
SYM_FUNC_END(ftrace_stub_direct_tramp)
#endif
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * Where a function whose return fgraph hooked (kernel/trace/fgraph.c)
 * returns to. %rax and %rdx hold its return value; %rsp is just above the
 * slot that held its return address. fgraph_return() hands back the real
 * return address, which goes into a free slot and is returned through: a
 * plain return, no indirect jump.
 *
 * Every register a call may clobber is saved, not only the return value:
 * with FUNCTION_TRACER_IPA_RA the function's caller may keep values in
 * the ones the function itself leaves alone.
 *
 *   72(%rsp)        the real return address
 *   0 .. 72(%rsp)   %rax, %rdx, %rcx, %rsi, %rdi, %r8 .. %r11
 */
SYM_CODE_START(return_to_handler)
	UNWIND_HINT_UNDEFINED
	ANNOTATE_NOENDBR
	subq	$80, %rsp
	movq	%rax, 0(%rsp)
	movq	%rdx, 8(%rsp)
	movq	%rcx, 16(%rsp)
	movq	%rsi, 24(%rsp)
	movq	%rdi, 32(%rsp)
	movq	%r8, 40(%rsp)
	movq	%r9, 48(%rsp)
	movq	%r10, 56(%rsp)
	movq	%r11, 64(%rsp)
	movq	%rax, %rdi
	leaq	80(%rsp), %rsi
	call	fgraph_return
	movq	%rax, 72(%rsp)
	movq	0(%rsp), %rax
	movq	8(%rsp), %rdx
	movq	16(%rsp), %rcx
	movq	24(%rsp), %rsi
	movq	32(%rsp), %rdi
	movq	40(%rsp), %r8
	movq	48(%rsp), %r9
	movq	56(%rsp), %r10
	movq	64(%rsp), %r11
	addq	$72, %rsp
	RET
SYM_CODE_END(return_to_handler)
#endif
