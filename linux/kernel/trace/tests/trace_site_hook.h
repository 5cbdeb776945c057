/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _TRACE_SITE_HOOK_H
#define _TRACE_SITE_HOOK_H

#include <linux/compiler.h>
/*
 * The hook of trace_site_kunit.c's sites. It is in an object of its own,
 * as <asm/trace_site.h> asks of every hook.
 */
extern unsigned int tst_calls;
extern unsigned long tst_ret;
extern long tst_arg;

void __no_caller_saved_registers tst_hook(void);
/* An asm routine: the TRACE_SITE_ARG() calling convention. */
void tst_arg_hook(void);

#endif
