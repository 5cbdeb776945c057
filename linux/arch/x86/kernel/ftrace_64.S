/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86-64 function-tracing entry points.
 *
 * __fentry__ is what every traceable function calls on entry, as
 * compiled. Recorded call sites are turned into nops at boot, so only
 * unrecorded ones (init and exit code) ever reach it, and it does nothing.
 */
#include <linux/export.h>
#include <linux/linkage.h>
#include <asm/nospec-branch.h>

	.code64
	.section .text, "ax"

SYM_FUNC_START(__fentry__)
	RET
SYM_FUNC_END(__fentry__)
EXPORT_SYMBOL(__fentry__)

/*
 * The kernel's linker script defines ftrace_ops_list_func as this symbol:
 * the function that would call every registered tracing user. Nothing
 * calls it while no user can register.
 */
SYM_FUNC_ALIAS(arch_ftrace_ops_list_func, __fentry__)
