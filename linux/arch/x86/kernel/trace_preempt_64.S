/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86-64 hooks of the preemption-count trace sites.
 *
 * Without CONFIG_DEBUG_PREEMPT, <linux/preempt.h> changes the count in
 * line and puts a trace site (<asm/trace_site.h>) beside the change:
 * after an addition, before a subtraction. While trace_preempt_key is on
 * (the preemptoff tracer listens), the site jumps here with the change
 * passed on the stack:
 *
 *   8(%rsp)   return address: just after the site
 *   0(%rsp)   the change (a long)
 *
 * The sites clobber no register but the flags, so everything a C call
 * may clobber is saved around trace_preempt_site_added() and
 * trace_preempt_site_subbing() (kernel/trace/trace_irqsoff.c), which
 * take the change and the site's address. The change is dropped before
 * returning. Nothing here runs while the key is off. Modules have sites
 * too, hence the exports.
 */
#include <linux/export.h>
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/nospec-branch.h>
#include <asm/unwind_hints.h>

#if !defined(CONFIG_DEBUG_PREEMPT) && defined(CONFIG_JUMP_LABEL)

/* Offset of the change once the nine registers are saved. */
#define SAVED		(9 * 8)

.macro TRACE_PREEMPT_HOOK name:req, fn:req
SYM_CODE_START(\name)
	UNWIND_HINT type=UNWIND_HINT_TYPE_CALL sp_reg=ORC_REG_SP sp_offset=16
	pushq	%rdi
	pushq	%rsi
	pushq	%rdx
	pushq	%rcx
	pushq	%rax
	pushq	%r8
	pushq	%r9
	pushq	%r10
	pushq	%r11
	movq	SAVED(%rsp), %rdi
	movq	SAVED + 8(%rsp), %rsi
	call	\fn
	popq	%r11
	popq	%r10
	popq	%r9
	popq	%r8
	popq	%rax
	popq	%rcx
	popq	%rdx
	popq	%rsi
	popq	%rdi
	leaq	8(%rsp), %rsp
	UNWIND_HINT_FUNC
	RET
SYM_CODE_END(\name)
_ASM_NOKPROBE(\name)
EXPORT_SYMBOL(\name)
.endm

TRACE_PREEMPT_HOOK trace_preempt_added, trace_preempt_site_added
TRACE_PREEMPT_HOOK trace_preempt_subbing, trace_preempt_site_subbing

#endif
