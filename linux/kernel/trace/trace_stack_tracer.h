/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The stack tracer's internals that its KUnit suite
 * (tests/stack_tracer_kunit.c) reaches: static without KUnit.
 */
#ifndef _TRACE_STACK_TRACER_H
#define _TRACE_STACK_TRACER_H

#include <linux/types.h>

/* Frames kept of the deepest stack: its innermost ones. */
#define STK_FRAMES	128

/**
 * struct stk_frame - a frame of the deepest stack
 * @ip:		the return address that leads into the function
 * @depth:	bytes in use from the top of the stack down to where @ip is
 */
struct stk_frame {
	unsigned long ip;
	unsigned long depth;
};

#if IS_ENABLED(CONFIG_KUNIT)
unsigned int stk_place(const unsigned long *ips, unsigned int n,
		       const unsigned long *from, unsigned long top,
		       struct stk_frame *out);
int stk_copy(struct stk_frame *out, unsigned long *max);
int stk_enable(int on);
#endif

#endif /* _TRACE_STACK_TRACER_H */
