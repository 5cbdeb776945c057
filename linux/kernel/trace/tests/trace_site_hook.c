// SPDX-License-Identifier: GPL-2.0
/* The hook of the trace-site KUnit suite (trace_site_kunit.c). */
#include <linux/compiler.h>
#include <linux/instruction_pointer.h>
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/unwind_hints.h>

#include "trace_site_hook.h"

unsigned int tst_calls;
unsigned long tst_ret;
long tst_arg;

/* Counts its calls and keeps its return address: the site's. */
void __no_caller_saved_registers tst_hook(void)
{
	tst_calls++;
	tst_ret = _RET_IP_;
}

/*
 * The hook of TRACE_SITE_ARG() sites: entered with the value on top of
 * the stack and the return address above it. Keeps both, counts the
 * call, and drops the value before returning, with every register but
 * the flags as it found them.
 */
asm(".pushsection .text\n"
	".globl tst_arg_hook\n"
	"tst_arg_hook:\n\t"
	UNWIND_HINT(UNWIND_HINT_TYPE_CALL, ORC_REG_SP, 16, 0)
	"pushq %rax\n\t"
	"movq 8(%rsp), %rax\n\t"
	"movq %rax, tst_arg(%rip)\n\t"
	"movq 16(%rsp), %rax\n\t"
	"movq %rax, tst_ret(%rip)\n\t"
	"incl tst_calls(%rip)\n\t"
	"popq %rax\n\t"
	"leaq 8(%rsp), %rsp\n\t"
	UNWIND_HINT_FUNC
	ASM_RET
	".popsection\n");
